/**
 * The play page: one game on the shell's runner (every frame and restart goes through the engine's
 * protocol), the frame's commands gathered on the pad or the keys (keyboard.ts `classicPageKeys`
 * through the shell's `useGameKeys`), the save written after every change, and the events turned
 * into words, tones and flashes by effects.ts, the flash timed on the shell's effects timeline.
 */
import {
  type ActiveBrick,
  applyMoves,
  COMMANDS_PER_FRAME,
  type Match3Command,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  match3Game,
  parseFrameCommands,
} from "@blockarcade/engine/games/match3";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { useTimed, useTimeline } from "../../shell/effects-timeline";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import { RankedLine } from "../../shell/ranked-line";
import type { GameStart } from "../../shell/ranked-session";
import type { Settings } from "../../shell/settings";
import { playTones } from "../../shell/sound";
import { useLatestState } from "../../shell/use-latest";
import { useRankedRunner } from "../../shell/use-ranked";
import { ControlsView } from "./controls-view";
import { buzzFor, flashMs, hintOutcome, hintWords, narrate, removedCells, soundFor } from "./effects";
import { EndView } from "./end-view";
import { FieldView } from "./field-view";
import { classicPageKeys } from "./keyboard";
import { t } from "./messages";
import { StatsView } from "./stats-view";
import { bestOf, countingFrames, type SavedGame, savedGame } from "./storage";

export interface PlayProps {
  /** The game the shell opened: a ranked server session, or a local game and why (shell/ranked-session.ts). */
  start: GameStart<Match3State>;
  /** Its frame and pending commands: a new game's (frame 1) or a restored save's. */
  saved: SavedGame;
  /** Restart: the same line again, as a new game (ranked unless a seed was chosen). */
  onRestart: (line: string) => void;
  /** One tap from a chosen-seed game to a ranked one. */
  onMakeRanked: (line: string) => void;
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
  outcome: string;
}

export function Play({ start, saved, settings, announce, onStartOver, onQuit, ...props }: PlayProps) {
  // Handlers read the latest frame from `ui`, not from their render's closure: two keys pressed
  // faster than a render (D then Enter) must both count.
  const [shownUi, setUi, ui] = useLatestState<FrameUi>({ frame: saved.frame, pending: saved.pending });
  const timeline = useTimeline();
  const [removed, showRemoved] = useTimed<ReadonlySet<string>>(timeline, new Set());

  // The most cells removed on this field size, read before this game records its own: "New best!"
  // compares with it.
  const [previousBest] = useState(() => {
    const { table, key } = bestOf(saved.state);
    return table.best(key);
  });
  const [best, setBest] = useState(previousBest);

  const { state, runner, status } = useRankedRunner(match3Game, start, {
    save: (s) => savedGame.save({ state: s, ...ui.current }),
    onEvents: (s, events: Match3Event[]) => {
      announce(narrate(events));
      const tones = soundFor(events);
      if (tones.length > 0) playTones(tones);
      const pattern = buzzFor(events);
      if (pattern !== null) buzz(BUZZ[pattern]);
      const gone = removedCells(events);
      showRemoved(gone, gone.size > 0 ? flashMs(settings.reducedMotion) : null);
      if (s.over) {
        const { table, key } = bestOf(s);
        setBest(table.record(key, s.score).best);
      }
    },
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
    const outcome = hintOutcome(current, asked.hint.commands as Match3Command[]);
    setHint({
      state: current,
      moves,
      brick: applyMoves(current.board, current.active, moves),
      outcome,
    });
    announce(hintWords(moves, outcome));
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

  const line = () => (runner.state.config.mode === "arcade" ? "" : runner.state.config.input);
  const restart = () => {
    takeOver();
    props.onRestart(line());
  };

  const startOver = () => {
    takeOver();
    onStartOver(line());
  };

  useGameKeys(
    classicPageKeys({
      over: () => runner.state.over,
      add: addCommand,
      advance: () => runFrame(ui.current.pending),
      hint: showHint,
      watch: () => watch.toggle(),
      startOver,
      quit: onQuit,
    }),
  );

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
        <button type="button" class="button match3-quit" onClick={onQuit} aria-label={t("quitMatch3")}>
          {t("quit")}
        </button>
      </div>
      <RankedLine status={status} onMakeRanked={() => props.onMakeRanked(line())} />
      <div class="match3-stage">
        <section
          class="match3-well is-classic"
          ref={well}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tall field scrolls here, and the keyboard must reach it to scroll it (axe scrollable-region-focusable).
          tabIndex={0}
          aria-label={t("fieldLabel")}
          style={{ "--cols": String(state.board[0]?.length ?? 1), "--rows": String(state.board.length) }}
        >
          <FieldView board={state.board} active={shown} removed={removed} hint={hinted?.brick ?? null} />
        </section>
        {state.over ? (
          <EndView state={state} previousBest={previousBest} onStartOver={startOver} onQuit={onQuit}>
            <RankedLine status={status} />
          </EndView>
        ) : (
          <ControlsView
            pending={shownUi.pending}
            onCommand={addCommand}
            onAdvance={() => runFrame(ui.current.pending)}
            onClear={() => setPending([])}
            onRestart={restart}
            onNewField={startOver}
            hint={hinted && { moves: hinted.moves, outcome: hinted.outcome }}
          >
            <ComputerControls
              game="match3"
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
