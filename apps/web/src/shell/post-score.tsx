/**
 * The "post your score" part of a game-over dialog: a name (remembered on this device), Post, and then
 * the rank the server answered, or why the game cannot be posted (unranked, offline, or refused with
 * the server's own message). The game's journal (shell/journal.ts) supplies what the server replays.
 */
import type { BaseState } from "@blockarcade/engine/core";
import { useState } from "preact/hooks";
import type { Journal } from "./journal";
import { postScore } from "./leaderboard";
import { createStore } from "./storage";

export const NAME_KEY = "blockarcade-player-name";
export const MAX_NAME_LENGTH = 24;
const nameStore = createStore(
  NAME_KEY,
  (v): v is string => typeof v === "string" && v.length <= MAX_NAME_LENGTH,
);

type Phase =
  | { kind: "ready" }
  | { kind: "posting" }
  | { kind: "posted"; rank: number }
  | { kind: "failed"; message: string; refused: boolean; retry: boolean };

export interface PostScoreProps {
  journal: Journal;
  state: BaseState;
  /** The game's button class, so the form matches its dialog. */
  buttonClass?: string;
  /** Why this game cannot be posted, when the game knows better than the journal (Blocky's seats). */
  blocked?: string;
}

export function PostScore({ journal, state, buttonClass = "button", blocked }: PostScoreProps) {
  const [name, setName] = useState(() => nameStore.read() ?? "");
  const already = journal.read()?.posted;
  const [phase, setPhase] = useState<Phase>(already ? { kind: "posted", rank: already } : { kind: "ready" });
  const check = journal.entry(state, name.trim() || "Anonymous");
  const why = blocked ?? (check.ok ? undefined : check.why);

  if (why && phase.kind !== "posted") {
    return (
      <p class="post-score post-score-note" data-testid="post-score-unranked">
        Not ranked: {why}
      </p>
    );
  }

  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = name.trim();
    const entry = journal.entry(state, trimmed || "Anonymous");
    if (!entry.ok || phase.kind === "posting") return;
    nameStore.write(trimmed.slice(0, MAX_NAME_LENGTH));
    setPhase({ kind: "posting" });
    const reply = await postScore(entry.body);
    if (reply.ok) {
      journal.markPosted(reply.value.rank);
      setPhase({ kind: "posted", rank: reply.value.rank });
    } else {
      // Offline may pass, and a refused name can be changed; any other refusal would come again.
      const retry = reply.kind === "offline" || reply.code === "BAD_NAME";
      setPhase({ kind: "failed", message: reply.message, refused: reply.kind === "refused", retry });
    }
  };

  if (phase.kind === "posted") {
    return (
      <p class="post-score post-score-done" data-testid="post-score-rank" role="status">
        Posted: <strong>#{phase.rank}</strong> on the global leaderboard.
      </p>
    );
  }
  const final = phase.kind === "failed" && !phase.retry;
  return (
    <form class="post-score" onSubmit={submit} data-testid="post-score">
      <label>
        <span>Your name</span>
        <input
          type="text"
          value={name}
          maxLength={MAX_NAME_LENGTH}
          placeholder="Anonymous"
          autoComplete="nickname"
          disabled={phase.kind === "posting" || final}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          // The game's own keys (S, Q, arrows...) are not for this field.
          onKeyDown={(e) => e.stopPropagation()}
        />
      </label>
      <button type="submit" class={buttonClass} disabled={phase.kind === "posting" || final}>
        {phase.kind === "posting"
          ? "Posting…"
          : phase.kind === "failed" && phase.retry
            ? "Try again"
            : "Post score"}
      </button>
      {phase.kind === "failed" && (
        <p class="post-score-error" role="alert" data-testid="post-score-error">
          {phase.refused ? `Refused: ${phase.message}` : phase.message}
        </p>
      )}
    </form>
  );
}
