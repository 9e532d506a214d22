/**
 * The play page: one game on the shell's runner (every frame and restart goes through the engine's
 * protocol), the frame's commands gathered on the pad or the keys, the save written after every
 * change, and the events turned into words, tones and flashes by effects.ts.
 */
import type { Runner } from "@blockarcade/engine/core";
import {
  type ActiveBrick,
  applyMoves,
  COMMANDS_PER_FRAME,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  match3Game,
  parseFrameCommands,
} from "@blockarcade/engine/games/match3";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, HINT_KEY, useWatch, WATCH_KEY } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { PostScore } from "../../shell/post-score";
import { nextSeed } from "../../shell/ranked-seed";
import { useRunner } from "../../shell/runner";
import type { Settings } from "../../shell/settings";
import { playTones } from "../../shell/sound";
import { ControlsView } from "./controls-view";
import { buzzFor, flashMs, gameOverWords, hintWords, narrate, removedCells, soundFor } from "./effects";
import { EndView } from "./end-view";
import { FieldView } from "./field-view";
import { endKeyToChoice, keyToIntent } from "./keyboard";
import { StatsView } from "./stats-view";
import { bestOf, journal, type SavedGame, savedGame } from "./storage";

export interface PlayProps {
  /** The game to play: a new one (frame 1) or a restored save. */
  start: SavedGame;
  /** The page's `?seed=`, for Restart; without one a restart takes a new (server) seed. */
  seed: number | undefined;
  settings: Settings;
  announce: (message: string) => void;
  /** S: back to the setup page with this game's line. */
  onStartOver: (line: string) => void;
  /** Q. */
  onQuit: () => void;
}

/** What the screen adds to the engine state: the frame number and this frame's commands so far. */
interface FrameUi {
  frame: number;
  pending: MoveCommand[];
}

/** A hint on show: for this state only, drawn as an outline where its commands put the brick. */
interface ShownHint {
  state: Match3State;
  moves: MoveCommand[];
  brick: ActiveBrick;
  reason: string;
}

/**
 * The runner as the watcher sees it: a frame it plays moves the frame counter on, as the player's
 * own frames do, before the state is saved.
 */
function countingFrames(runner: Runner<Match3State>, beforeFrame: () => void): Runner<Match3State> {
  return {
    get state() {
      return runner.state;
    },
    get paused() {
      return runner.paused;
    },
    dispatch(command) {
      const isFrame = (command as { cmd?: unknown } | null)?.cmd === "frame";
      if (isFrame && !runner.state.over) beforeFrame();
      return runner.dispatch(command);
    },
    setPaused: (paused) => runner.setPaused(paused),
    dispose: () => runner.dispose(),
  };
}

export function Play({ start, seed, settings, announce, onStartOver, onQuit }: PlayProps) {
  // Handlers read the latest frame from this ref, not from their render's closure: two keys pressed
  // faster than a render (D then Enter) must both count.
  const ui = useRef<FrameUi>({ frame: start.frame, pending: start.pending });
  const [shownUi, setShownUi] = useState<FrameUi>(ui.current);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const setUi = (next: FrameUi) => {
    ui.current = next;
    setShownUi(next);
  };

  // The most cells removed on this field size, read before this game records its own: "New best!"
  // compares with it.
  const [previousBest, setPreviousBest] = useState(() => {
    const { table, key } = bestOf(start.state);
    return table.best(key);
  });
  const [best, setBest] = useState(previousBest);

  const { state, runner } = useRunner(match3Game, () => start.state, {
    save: (s) => savedGame.save({ state: s, ...ui.current }),
    onEvents: (s, events: Match3Event[]) => {
      announce(narrate(events));
      const tones = soundFor(events);
      if (tones.length > 0) playTones(tones);
      const pattern = buzzFor(events);
      if (pattern !== null) buzz(BUZZ[pattern]);
      setRemoved(removedCells(events));
      if (s.over) {
        const { table, key } = bestOf(s);
        setBest(table.record(key, s.score).best);
      }
    },
    journal,
  });

  const nextFrame = () => setUi({ frame: ui.current.frame + 1, pending: [] });
  const watchedRunner = useMemo(() => countingFrames(runner, nextFrame), [runner]);
  const watch = useWatch(watchedRunner);
  const [hint, setHint] = useState<ShownHint | null>(null);

  // Any move of the player's own takes over from the computer.
  const takeOver = () => {
    if (watch.watching) watch.stop();
  };

  const runFrame = (commands: readonly MoveCommand[]) => {
    takeOver();
    if (runner.state.over) return;
    nextFrame();
    runner.dispatch({ cmd: "frame", commands: commands.join("") });
  };

  const showHint = () => {
    const current = runner.state;
    if (current.over || current.active === null || watch.watching) return;
    const asked = askHint(runner);
    if ("error" in asked) {
      announce(asked.error);
      return;
    }
    const text = (asked.hint.commands[0] as { commands?: string } | undefined)?.commands ?? "";
    const moves = parseFrameCommands(text);
    setHint({
      state: current,
      moves,
      brick: applyMoves(current.board, current.active, moves),
      reason: asked.hint.reason,
    });
    announce(hintWords(moves, asked.hint.reason));
  };

  const setPending = (pending: MoveCommand[]) => {
    setUi({ ...ui.current, pending });
    savedGame.save({ state: runner.state, ...ui.current });
  };

  const addCommand = (command: MoveCommand) => {
    takeOver();
    if (runner.state.over) return;
    const pending = [...ui.current.pending, command];
    if (pending.length >= COMMANDS_PER_FRAME) runFrame(pending);
    else setPending(pending);
  };

  const restart = () => {
    takeOver();
    setPreviousBest(best);
    setUi({ frame: 1, pending: [] });
    runner.dispatch({ cmd: "new", seed: seed ?? nextSeed("match3"), config: runner.state.config });
    const { over, reason } = runner.state;
    announce(over ? gameOverWords(reason ?? "no-bricks") : "Game started.");
  };

  const startOver = () => {
    takeOver();
    const { config } = runner.state;
    onStartOver(config.mode === "arcade" ? "" : config.input);
  };

  useEffect(() => {
    if (removed.size === 0) return;
    const t = window.setTimeout(() => setRemoved(new Set()), flashMs(settings.reducedMotion));
    return () => window.clearTimeout(t);
  }, [removed, settings.reducedMotion]);

  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
      if (runner.state.over) {
        const choice = endKeyToChoice(event.key);
        if (choice === null) return;
        event.preventDefault();
        if (choice === "S") startOver();
        else onQuit();
        return;
      }
      // Enter on a focused button presses that button; only elsewhere does it end the frame.
      if (event.key === "Enter" && target?.tagName === "BUTTON") return;
      if (target?.tagName === "SELECT") return;
      const key = event.key.toLowerCase();
      if (key === HINT_KEY) {
        event.preventDefault();
        showHint();
        return;
      }
      if (key === WATCH_KEY) {
        event.preventDefault();
        watch.toggle();
        return;
      }
      const intent = keyToIntent(event.key);
      if (!intent) return;
      event.preventDefault();
      if (intent.type === "advance") runFrame(ui.current.pending);
      else addCommand(intent.command);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // The brick is shown where the commands chosen so far put it (the engine's own moves); the frame
  // then runs them for real.
  const shown = state.active ? applyMoves(state.board, state.active, shownUi.pending) : null;
  // A hint belongs to the position it was asked in: a frame played or a command chosen hides it.
  const hinted = hint !== null && hint.state === state && shownUi.pending.length === 0 ? hint : null;
  const well = useRef<HTMLElement>(null);
  // A tall field scrolls in its own well on a phone: keep the falling brick in view.
  useEffect(() => {
    const el = well.current?.querySelector(".match3-cell.is-active");
    el?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  });
  return (
    <section class="match3-play">
      <div class="match3-classic-bar">
        <StatsView state={state} frame={shownUi.frame} best={Math.max(best, state.over ? state.score : 0)} />
        <button type="button" class="button match3-quit" onClick={onQuit} aria-label="Quit Match-3">
          Quit
        </button>
      </div>
      <div class="match3-stage">
        <section
          class="match3-well is-classic"
          ref={well}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tall field scrolls here, and the keyboard must reach it to scroll it (axe scrollable-region-focusable).
          tabIndex={0}
          aria-label="Field"
          style={{ "--cols": String(state.board[0]?.length ?? 1), "--rows": String(state.board.length) }}
        >
          <FieldView board={state.board} active={shown} removed={removed} hint={hinted?.brick ?? null} />
        </section>
        {state.over ? (
          <EndView state={state} previousBest={previousBest} onStartOver={startOver} onQuit={onQuit}>
            <PostScore journal={journal} state={state} />
          </EndView>
        ) : (
          <ControlsView
            pending={shownUi.pending}
            onCommand={addCommand}
            onAdvance={() => runFrame(ui.current.pending)}
            onClear={() => setPending([])}
            onRestart={restart}
            onNewField={startOver}
            hint={hinted && { moves: hinted.moves, reason: hinted.reason }}
          >
            <ComputerControls
              class="match3-computer"
              onHint={showHint}
              watching={watch.watching}
              onWatch={watch.toggle}
              speed={watch.speed}
              onSpeed={watch.setSpeed}
            />
          </ControlsView>
        )}
      </div>
    </section>
  );
}
