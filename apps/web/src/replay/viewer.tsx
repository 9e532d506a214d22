/**
 * The replay viewer (/replay/<id> for a server replay, /replay#<packed> for a game packed in the
 * link): the engine replays the moves (shell/replay-steps.ts) and the game's own board view draws
 * each position (games/<id>/replay-view.tsx). Play and pause, step, speed, a scrubber, keys (Space,
 * Left and Right, Home and End), the score over the game, the coach's reason for the next move,
 * Share, and "Play from here" (an unranked practice game at the position shown). The clock is the
 * page's timeline (shell/effects-timeline.ts): no page timer of its own.
 */
import { canonicalJson, type Hint } from "@blockarcade/engine/core";
import { useEffect, useMemo, useState } from "preact/hooks";
import { gameName } from "../app/messages";
import { navigate } from "../app/router";
import { useTimed, useTimeline } from "../shell/effects-timeline";
import { useGameKeys } from "../shell/game-keys";
import { formatDate as formatDateFor } from "../shell/i18n";
import { t as playT } from "../shell/play-messages";
import { markPractice } from "../shell/practice";
import type { ReplayAdapter } from "../shell/replay-adapter";
import type { PackedGame } from "../shell/replay-pack";
import { type ReplaySteps, replaySteps, scoresOf } from "../shell/replay-steps";
import { rich } from "../shell/rich";
import { loadAdapter } from "./adapters";
import { t } from "./messages";
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
          message: t("gameFailed"),
        }),
    );
    return () => {
      live = false;
    };
  }, [packed]);

  const title = t("replayOf", { game: gameName(packed.game) });
  useEffect(() => {
    document.title = t("docTitle", { title });
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
          {t("yourReplays")}
        </a>
        <a class="button" href="/">
          {t("backToArcade")}
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
    if (playing) return { text: t("listening") };
    const next = steps[at + 1];
    const from = next?.before ?? state;
    if (from.over) return { text: t("overNoMove") };
    const asked = adapter.game.hint(from);
    if (!asked.ok) return { text: playT("noHint") };
    const hint = asked.value as Hint;
    const same = next?.move && canonicalJson(hint.commands[0]) === canonicalJson(next.move);
    const played = next?.move ? (same ? t("samePlayed") : t("otherPlayed")) : "";
    return {
      hint: from === state ? hint : undefined,
      text: t("wouldPlay", { outcome: adapter.outcome(from, hint), played }),
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
      showNotice(t("linkCopied"), 4000);
    } catch {
      showNotice(t("copyLink", { link }), null);
    }
  };

  const practice = () => {
    if (!state || state.over) return;
    setPlaying(false);
    const page = adapter.practice(state, at);
    markPractice(state);
    navigate(page);
  };

  if (!state) return <ReplayError title={props.title} message={t("noPosition")} />;
  const Board = adapter.Board;
  const moveText = at === 0 ? t("start") : t(step?.move ? "moveOf" : "moveOfClock", { at, last });
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
        {t("meta", {
          by: meta.by,
          date: meta.date ? ` · ${formatDate(meta.date)}` : "",
          score: scores[last] ?? 0,
        })}
      </p>
      {replay.refused > 0 && (
        <p class="replay-error" role="status">
          {t("refused", { n: replay.refused })}
        </p>
      )}
      <div class="replay-board" data-testid="replay-board" data-board={state.board.join("/")}>
        <Board state={state} hint={coach?.hint} />
      </div>
      <p class="replay-where" aria-live="polite" data-testid="replay-where">
        {rich(t("where", { move: moveText }), {
          score: <strong data-testid="replay-score">{state.score}</strong>,
        })}
        {state.over && at === last ? t("gameOver") : ""}
      </p>
      <fieldset class="replay-controls">
        <legend class="visually-hidden">{t("controls")}</legend>
        <button type="button" class="button replay-icon" aria-label={t("first")} onClick={() => stepBy(-at)}>
          <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
        </button>
        <button type="button" class="button replay-icon" aria-label={t("back")} onClick={() => stepBy(-1)}>
          <Icon d="M17 5v14L6 12z" />
        </button>
        <button
          type="button"
          class="button primary replay-play"
          aria-label={playing ? t("pause") : t("play")}
          onClick={toggle}
          data-testid="replay-play"
        >
          {playing ? t("pauseButton") : t("playButton")}
        </button>
        <button type="button" class="button replay-icon" aria-label={t("forward")} onClick={() => stepBy(1)}>
          <Icon d="M7 5v14l11-7z" />
        </button>
        <button
          type="button"
          class="button replay-icon"
          aria-label={t("last")}
          onClick={() => stepBy(last - at)}
        >
          <Icon d="M16 5h2v14h-2zM4 5v14l11-7z" />
        </button>
        <label class="replay-speed">
          {t("speed")}{" "}
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
        aria-label={t("move")}
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
        {t("coach")}
      </label>
      {coach && (
        <p class="replay-coach" data-testid="replay-coach" aria-live="polite">
          {t("coachLine", { text: coach.text })}
        </p>
      )}
      <div class="replay-actions">
        <button type="button" class="button" onClick={share} data-testid="replay-share">
          {t("share")}
        </button>
        <button
          type="button"
          class="button"
          onClick={practice}
          disabled={state.over}
          data-testid="replay-practice"
          title={t("practiceTitle")}
        >
          {t("practice")}
        </button>
        <a class="button" href="/replays">
          {t("yourReplays")}
        </a>
      </div>
      <p class="replay-notice" role="status" data-testid="replay-notice">
        {notice}
      </p>
      <p class="replay-keys">{t("keys")}</p>
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
  return formatDateFor(iso, { dateStyle: "medium", timeStyle: "short" }) || iso;
}
