/**
 * The replay viewer (/replay/<id> for a server replay, /replay#<packed> for a game packed in the
 * link): the engine replays the moves (shell/replay-steps.ts) and the game's own board view draws
 * each position (games/<id>/replay-view.tsx). Play and pause, step, speed, a scrubber, keys (Space,
 * Left and Right, Home and End), the score over the game, the coach's reason for the next move,
 * Share, and "Play from here" (an unranked practice game at the position shown). The clock is the
 * page's timeline (shell/effects-timeline.ts): no page timer of its own.
 */
import { canonicalJson, GAME_INFO, type Hint } from "@blockarcade/engine/core";
import { useEffect, useMemo, useState } from "preact/hooks";
import { navigate } from "../app/router";
import { useTimed, useTimeline } from "../shell/effects-timeline";
import { useGameKeys } from "../shell/game-keys";
import { markPractice } from "../shell/practice";
import type { ReplayAdapter } from "../shell/replay-adapter";
import type { PackedGame } from "../shell/replay-pack";
import { type ReplaySteps, replaySteps, scoresOf } from "../shell/replay-steps";
import { loadAdapter } from "./adapters";
import { ScoreChart } from "./score-chart";

/** Milliseconds per move at 1x. */
export const STEP_MS = 800;
export const SPEEDS = [0.5, 1, 2, 4] as const;

/** Who played the game and where it comes from, as the page heads it. */
export interface ReplayMeta {
  /** "Alice · daily 2026-11-27", or "Your game on this device". */
  by: string;
  date?: string;
  /** The link that opens this replay on any device. */
  link: string;
}

type Loaded =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; adapter: ReplayAdapter; replay: ReplaySteps };

export function ReplayViewer(props: { packed: PackedGame; meta: ReplayMeta }) {
  const { packed, meta } = props;
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    setLoaded({ kind: "loading" });
    loadAdapter(packed.game).then(
      (adapter) => {
        if (!live) return;
        const steps = replaySteps(adapter.game, packed.seed, packed.config, packed.commands);
        setLoaded(
          steps.ok
            ? { kind: "ready", adapter, replay: steps.value }
            : { kind: "error", message: steps.message },
        );
      },
      () =>
        live &&
        setLoaded({
          kind: "error",
          message: "The game could not be loaded. Check your connection and reload the page.",
        }),
    );
    return () => {
      live = false;
    };
  }, [packed]);

  const title = `Replay: ${GAME_INFO[packed.game].title}`;
  useEffect(() => {
    document.title = `${title} - Block Arcade`;
  }, [title]);
  if (loaded.kind === "loading") return <main class="loading" aria-busy="true" />;
  if (loaded.kind === "error") return <ReplayError title={title} message={loaded.message} />;
  return <Viewer title={title} packed={packed} meta={meta} adapter={loaded.adapter} replay={loaded.replay} />;
}

export function ReplayError(props: { title: string; message: string; code?: string }) {
  return (
    <main class="replay-page" data-testid="replay-error" data-code={props.code ?? ""}>
      <h1>{props.title}</h1>
      <p class="replay-error" role="alert">
        {props.message}
      </p>
      <p class="replay-actions">
        <a class="button" href="/replays">
          Your replays
        </a>
        <a class="button" href="/">
          Back to the arcade
        </a>
      </p>
    </main>
  );
}

function Viewer(props: {
  title: string;
  packed: PackedGame;
  meta: ReplayMeta;
  adapter: ReplayAdapter;
  replay: ReplaySteps;
}) {
  const { adapter, replay, meta } = props;
  const steps = replay.steps;
  const last = steps.length - 1;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [coachOn, setCoachOn] = useState(false);
  const timeline = useTimeline();
  const [notice, showNotice] = useTimed(timeline, "");
  const scores = useMemo(() => scoresOf(steps), [steps]);
  const step = steps[at] ?? steps[0];
  const state = step?.state;

  // Playing: the next move after a pause that the speed sets; the last move ends it.
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    return timeline.after(STEP_MS / speed, () => setAt((i) => Math.min(last, i + 1)));
  }, [playing, at, speed, last]);

  const go = (index: number) => setAt(Math.max(0, Math.min(last, index)));
  const toggle = () => {
    if (playing) return setPlaying(false);
    // Play at the end starts over.
    if (at >= last) setAt(0);
    setPlaying(true);
  };
  const stepBy = (delta: number) => {
    setPlaying(false);
    go(at + delta);
  };

  useGameKeys({
    down: (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target as HTMLElement | null;
      const tag = el?.tagName;
      // A focused control keeps its own keys: the scrubber and the speed their arrows, Home and End
      // (the scrubber says where it went), a button or the Coach box its Space.
      const range = tag === "INPUT" && (el as HTMLInputElement).type === "range";
      if (range || tag === "SELECT" || tag === "TEXTAREA") return;
      if ((tag === "BUTTON" || tag === "INPUT") && (e.key === " " || e.key === "Enter")) return;
      const actions: Record<string, () => void> = {
        " ": toggle,
        ArrowLeft: () => stepBy(-1),
        ArrowRight: () => stepBy(1),
        Home: () => {
          setPlaying(false);
          go(0);
        },
        End: () => {
          setPlaying(false);
          go(last);
        },
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    },
  });

  // The coach: the computer player's move from the position shown (before the clock's ticks of the
  // next move), and whether the game's next move was the same.
  const coach = useMemo((): { hint?: Hint; text: string } | undefined => {
    if (!coachOn || !state) return undefined;
    // The computer player takes a moment per position: it is asked while the replay stands still.
    if (playing) return { text: "listening; pause to hear the coach on a move." };
    const next = steps[at + 1];
    const from = next?.before ?? state;
    if (from.over) return { text: "The game is over: no move to play." };
    const asked = adapter.game.hint(from);
    if (!asked.ok) return { text: `No move: ${asked.error.message}.` };
    const hint = asked.value as Hint;
    const same = next?.move && canonicalJson(hint.commands[0]) === canonicalJson(next.move);
    const played = next?.move
      ? same
        ? " The game played that move."
        : " The game played another move."
      : "";
    return {
      hint: from === state ? hint : undefined,
      text: `The computer would play: ${hint.reason}.${played}`,
    };
  }, [coachOn, at, state, playing]);

  const share = async () => {
    const link = meta.link;
    const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
    if (typeof nav.share === "function") {
      try {
        await nav.share({ title: props.title, url: link });
        return;
      } catch (error) {
        // The player closed the share sheet: nothing to say.
        if ((error as { name?: string }).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      showNotice("Link copied", 4000);
    } catch {
      showNotice(`Copy this link: ${link}`, null);
    }
  };

  const practice = () => {
    if (!state || state.over) return;
    setPlaying(false);
    const page = adapter.practice(state, at);
    markPractice(state);
    navigate(page);
  };

  if (!state) return <ReplayError title={props.title} message="This replay has no position to show." />;
  const Board = adapter.Board;
  const moveText =
    at === 0 ? "Start" : step?.move ? `Move ${at} of ${last}` : `Move ${at} of ${last} (the clock)`;
  return (
    <main
      class="replay-page"
      data-testid="replay-viewer"
      data-game={props.packed.game}
      data-step={at}
      data-steps={last}
      data-score={state.score}
      data-over={String(state.over)}
    >
      <h1>{props.title}</h1>
      <p class="replay-meta" data-testid="replay-meta">
        {meta.by}
        {meta.date ? ` · ${formatDate(meta.date)}` : ""} · {scores[last] ?? 0} points
      </p>
      {replay.refused > 0 && (
        <p class="replay-error" role="status">
          {replay.refused} of this link's moves were refused by the rules and are left out.
        </p>
      )}
      <div class="replay-board" data-testid="replay-board" data-board={state.board.join("/")}>
        <Board state={state} hint={coach?.hint} />
      </div>
      <p class="replay-where" aria-live="polite" data-testid="replay-where">
        {moveText} · Score <strong data-testid="replay-score">{state.score}</strong>
        {state.over && at === last ? " · Game over" : ""}
      </p>
      <fieldset class="replay-controls">
        <legend class="visually-hidden">Replay controls</legend>
        <button
          type="button"
          class="button replay-icon"
          aria-label="First position"
          onClick={() => stepBy(-at)}
        >
          <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
        </button>
        <button type="button" class="button replay-icon" aria-label="Step back" onClick={() => stepBy(-1)}>
          <Icon d="M17 5v14L6 12z" />
        </button>
        <button
          type="button"
          class="button primary replay-play"
          aria-label={playing ? "Pause" : "Play"}
          onClick={toggle}
          data-testid="replay-play"
        >
          {playing ? "❚❚ Pause" : "▶ Play"}
        </button>
        <button type="button" class="button replay-icon" aria-label="Step forward" onClick={() => stepBy(1)}>
          <Icon d="M7 5v14l11-7z" />
        </button>
        <button
          type="button"
          class="button replay-icon"
          aria-label="Last position"
          onClick={() => stepBy(last - at)}
        >
          <Icon d="M16 5h2v14h-2zM4 5v14l11-7z" />
        </button>
        <label class="replay-speed">
          Speed{" "}
          <select
            value={String(speed)}
            onChange={(e) => setSpeed(Number((e.target as HTMLSelectElement).value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {s}x
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <input
        class="replay-scrubber"
        type="range"
        min={0}
        max={last}
        step={1}
        value={at}
        aria-label="Move"
        aria-valuetext={moveText}
        data-testid="replay-scrubber"
        onInput={(e) => {
          setPlaying(false);
          go(Number((e.target as HTMLInputElement).value));
        }}
      />
      <ScoreChart scores={scores} at={at} onSeek={(i) => stepBy(i - at)} />
      <label class="replay-coach-toggle">
        <input
          type="checkbox"
          checked={coachOn}
          onChange={(e) => setCoachOn((e.target as HTMLInputElement).checked)}
        />{" "}
        Coach
      </label>
      {coach && (
        <p class="replay-coach" data-testid="replay-coach" aria-live="polite">
          Coach: {coach.text}
        </p>
      )}
      <div class="replay-actions">
        <button type="button" class="button" onClick={share} data-testid="replay-share">
          Share
        </button>
        <button
          type="button"
          class="button"
          onClick={practice}
          disabled={state.over}
          data-testid="replay-practice"
          title="An unranked practice game from the position shown"
        >
          Play from here (practice)
        </button>
        <a class="button" href="/replays">
          Your replays
        </a>
      </div>
      <p class="replay-notice" role="status" data-testid="replay-notice">
        {notice}
      </p>
      <p class="replay-keys">
        Keys: Space plays or pauses, Left and Right step, Home and End go to the start and end.
      </p>
    </main>
  );
}

function Icon(props: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d={props.d} />
    </svg>
  );
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
