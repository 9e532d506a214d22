/**
 * The Blocky game page: goals, then play until the game-over dialog. The engine is reached only
 * through the shell's runner (`useRunner`): human moves, computer moves (`ai`) and "Play again"
 * (`new`) are dispatched commands; effects.ts says what each accepted command's events look and
 * sound like. A computer's move is applied at once (and saved), but shown in two beats: first its
 * chosen block marked on the board as it was, then the new board. Hint (H) outlines the expert's
 * move for the human to move and says why; Watch (V) lets the computer play the human seats too, at
 * the chosen pace, in the same two beats, until the player makes a move of their own.
 */
import { GAME_INFO } from "@blockarcade/engine/core";
import {
  type Action,
  type BlockyCommand,
  type BlockyConfig,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
  type Player,
  regionOf,
} from "@blockarcade/engine/games/blocky";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { askHint, WATCH_SPEEDS, type WatchSpeed } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { NewBest } from "../../shell/new-best";
import { PostScore } from "../../shell/post-score";
import { useRunner } from "../../shell/runner";
import { playTones } from "../../shell/sound";
import { Board, describeBlock } from "./board-view";
import { ControlsView } from "./controls-view";
import {
  computerNarration,
  computerTiming,
  effectsOf,
  type HintView,
  hintView,
  nextLog,
  refusalEffects,
} from "./effects";
import { GoalsView } from "./goals-view";
import { keyToIntent, moveCursor } from "./keyboard";
import { OverView } from "./over-view";
import { PlayersView, StatusLine } from "./players-view";
import {
  type Cursor,
  firstLevel,
  type LevelZoom,
  maxZoom,
  selectedPath,
  stepLevelZoom,
  stepZoom,
  viewOf,
} from "./pointer";
import { bestScores, bestVariant, isRankedSeating, journal, RANKED_SEATS, savedGame } from "./storage";

/** How a game page starts: a saved game to resume, or a new game from the setup page. */
export type GameStart = { resume: BlockyState } | { config: BlockyConfig; seed: number };

interface Pending {
  /** The board as it was, shown while the computer's chosen block is marked. */
  before: BlockyState;
  after: BlockyState;
  events: BlockyEvent[];
  path: number[];
}

interface Message {
  text: string;
  tone: "info" | "error";
}

const isComputer = (p: Player | undefined) => p !== undefined && p.kind !== "human";

/** The first state of a game page; a config the setup page made is always valid. */
function firstState(start: GameStart): BlockyState {
  if ("resume" in start) return start.resume;
  const parsed = blockyGame.parseConfig(start.config);
  return blockyGame.newGame(parsed.ok ? parsed.value : blockyGame.defaultConfig, start.seed);
}

export function Play({
  start,
  nextSeed,
  reducedMotion,
  onSetup,
}: {
  start: GameStart;
  /** The seed of the next "Play again". */
  nextSeed: () => number;
  reducedMotion: boolean;
  onSetup: () => void;
}) {
  const [phase, setPhase] = useState<"goals" | "play">("resume" in start ? "play" : "goals");
  const [{ level, zoom }, setLevelZoom] = useState<LevelZoom>(() => ({
    level: firstLevel("resume" in start ? start.resume.maxDepth : start.config.maxDepth),
    zoom: 0,
  }));
  // Player 1's final score against the best before it, for "New best!" (read before recording).
  const [record, setRecord] = useState<{ score: number; previous: number } | null>(null);
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: 0 });
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [flash, setFlash] = useState<number[] | null>(null);
  const [log, setLog] = useState<string[]>([]);
  // The hint for one position: shown only while that position is on the board.
  const [hint, setHint] = useState<{ for: BlockyState; view: HintView } | null>(null);
  const [watching, setWatching] = useState(false);
  const [speed, setSpeed] = useState<WatchSpeed>("normal");
  // True while a computer's move is dispatched: its effects wait for the second beat.
  const computerMoving = useRef(false);
  const timing = computerTiming(reducedMotion);

  const showEffects = (state: BlockyState, events: readonly BlockyEvent[]) => {
    const fx = effectsOf(state, events);
    if (fx.message) setMessage({ text: fx.message, tone: "info" });
    if (fx.log.length > 0) setLog((l) => nextLog(l, fx.log));
    setFlash(fx.flash);
    playTones(fx.tones);
    if (fx.buzz) buzz(BUZZ[fx.buzz]);
  };

  // A finished game with a human in seat 1 is measured against that configuration's best.
  const recordBest = (s: BlockyState) => {
    const variant = bestVariant(s);
    const score = s.players[0]?.score;
    if (variant === null || score === undefined) return;
    const previous = bestScores.best(variant);
    bestScores.record(variant, score);
    setRecord({ score, previous });
  };

  const { state, runner } = useRunner(blockyGame, () => firstState(start), {
    save: (s) => (s.over ? savedGame.clear() : savedGame.save(s)),
    onEvents: (s, events) => {
      if (events.some((e) => (e as { type: string }).type === "new_game")) {
        setPhase("goals");
        setLevelZoom({ level: firstLevel(s.maxDepth), zoom: 0 });
        setRecord(null);
        setCursor({ row: 0, col: 0 });
        setMessage(null);
        setLog([]);
        setFlash(null);
        setPending(null);
        setHint(null);
        setWatching(false);
        return;
      }
      if (events.some((e) => e.type === "game_over")) recordBest(s);
      if (!computerMoving.current) showEffects(s, events);
    },
    journal,
  });

  // A new game is saved from its first position on, so a reload can resume it.
  useEffect(() => {
    if (!("resume" in start)) savedGame.save(runner.state);
  }, [runner]);

  const shown = pending ? pending.before : state;
  const humanTurn =
    phase === "play" && !shown.over && pending === null && !isComputer(shown.players[shown.current]);

  // A move of the player's own takes over from the computer.
  const takeOver = () => setWatching(false);

  const act = (action: Action) => {
    takeOver();
    if (!humanTurn) return;
    const path = action === "pass" ? [] : selectedPath(state.tree, cursor, level, state.maxDepth);
    const reply = runner.dispatch({ cmd: "move", action, path });
    if (!reply.ok) {
      const refused = refusalEffects(action, reply.error.message);
      setMessage({ text: refused.message, tone: "error" });
      playTones(refused.tones);
      buzz(refused.buzz);
    }
  };

  // Pointer moves report the same cell many times: keep the same object so nothing re-renders.
  const pointAt = (cell: Cursor) => setCursor((c) => (c.row === cell.row && c.col === cell.col ? c : cell));
  const pick = (cell: Cursor) => {
    takeOver();
    pointAt(cell);
  };
  const changeLevel = (step: -1 | 1) => {
    takeOver();
    setLevelZoom((at) => stepLevelZoom(at, step, state.maxDepth));
  };
  const changeZoom = (step: -1 | 1) => {
    takeOver();
    setLevelZoom((at) => stepZoom(at, step, state.maxDepth));
  };

  const showHint = () => {
    if (!humanTurn) {
      setMessage({ text: "A hint is for your own move: wait for the computer.", tone: "info" });
      return;
    }
    const asked = askHint(runner);
    if ("error" in asked) {
      setMessage({ text: `No hint: ${asked.error}.`, tone: "error" });
      return;
    }
    const view = hintView(state, asked.hint as { commands: BlockyCommand[]; reason: string });
    if (!view) return;
    setHint({ for: state, view });
    setMessage({ text: view.text, tone: "info" });
    // Select the hinted block at its level, so the named action's key or button plays it.
    if (view.path) {
      const { row, col } = regionOf(view.path, state.maxDepth);
      const hinted = view.path.length;
      setLevelZoom((at) => ({ level: hinted, zoom: Math.min(at.zoom, hinted) }));
      setCursor({ row, col });
    }
  };

  const toggleWatch = () => setWatching((w) => !w);

  // Watching ends with the game.
  useEffect(() => {
    if (state.over && watching) setWatching(false);
  }, [state.over, watching]);

  // Computer players, and human seats while watching: think briefly, then move; the move is shown
  // in two beats (see above). A watched human seat moves at the chosen pace.
  useEffect(() => {
    if (phase !== "play" || state.over || pending) return;
    const computer = isComputer(state.players[state.current]);
    if (!computer && !watching) return;
    const timer = window.setTimeout(
      () => {
        const before = runner.state;
        computerMoving.current = true;
        const reply = runner.dispatch({ cmd: "ai" });
        computerMoving.current = false;
        if (!reply.ok) {
          setMessage({ text: reply.error.message, tone: "error" });
          return;
        }
        const events = reply.events as BlockyEvent[];
        const narration = computerNarration(before, events);
        if (narration) setMessage({ text: narration.text, tone: "info" });
        setPending({ before, after: runner.state, events, path: narration?.path ?? [] });
      },
      computer ? timing.think : WATCH_SPEEDS[speed],
    );
    return () => window.clearTimeout(timer);
  }, [phase, state, pending, timing.think, watching, speed]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => {
      setPending(null);
      showEffects(pending.after, pending.events);
    }, timing.show);
    return () => window.clearTimeout(timer);
  }, [pending, timing.show]);

  // The "just changed" outline fades after a moment.
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), timing.flash);
    return () => window.clearTimeout(timer);
  }, [flash, timing.flash]);

  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    if (phase !== "play") return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const intent = keyToIntent({
        key: e.key,
        shiftKey: e.shiftKey,
        modified: e.ctrlKey || e.metaKey || e.altKey,
        tag: target?.tagName,
        inDialog: target?.closest("dialog, [role=dialog]") != null,
      });
      if (!intent) return;
      e.preventDefault();
      switch (intent.type) {
        case "act":
          act(intent.action);
          break;
        case "move":
          takeOver();
          if (humanTurn) setCursor((c) => moveCursor(state.tree, c, level, state.maxDepth, intent.direction));
          break;
        case "hint":
          if (!state.over) showHint();
          break;
        case "watch":
          if (!state.over) toggleWatch();
          break;
        case "level":
          changeLevel(intent.step);
          break;
        case "zoom":
          changeZoom(intent.step);
          break;
        default: {
          const never: never = intent;
          return never;
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (phase === "goals") return <GoalsView game={state} onStart={() => setPhase("play")} />;

  const current = shown.players[shown.current] as Player;
  const shownHint = hint && hint.for === shown && humanTurn ? hint.view : null;
  const selected = humanTurn ? selectedPath(shown.tree, cursor, level, shown.maxDepth) : null;
  const side = 2 ** shown.maxDepth;
  const zoomLimit = maxZoom(shown.maxDepth);
  const view = viewOf(cursor, zoom, shown.maxDepth);
  const zoomed = view.size < side;
  const boardLabel = `Blocky board, ${side} by ${side} cells${
    zoomed
      ? `, zoomed in on rows ${view.row + 1}-${view.row + view.size}, columns ${view.col + 1}-${view.col + view.size}`
      : ""
  }. ${
    selected
      ? `Selected: ${describeBlock(shown.tree, selected, shown.maxDepth)}.`
      : shown.over
        ? "The game is over."
        : "Waiting for a computer player."
  } Arrow keys move the selection, W and S change the level.`;

  return (
    <main class="blocky-play">
      <h1 class="blocky-visually-hidden">{GAME_INFO.blocky.title}</h1>
      <div class="blocky-top">
        <StatusLine game={shown} />
        <nav class="blocky-nav" aria-label="Leave the game">
          <button type="button" class="button blocky-small" onClick={onSetup}>
            Setup
          </button>
          <a class="button blocky-small" href="/">
            Arcade
          </a>
        </nav>
      </div>
      <div class="blocky-layout">
        <div class="blocky-board-wrap">
          <div class="blocky-board-box">
            <Board
              tree={shown.tree}
              maxDepth={shown.maxDepth}
              selected={selected}
              marked={pending ? pending.path : flash}
              markKind={pending ? "pending" : "done"}
              label={boardLabel}
              hinted={shownHint?.path ? { path: shownHint.path, action: shownHint.action } : null}
              interactive={humanTurn}
              onHover={pointAt}
              onPick={pick}
              onWheelLevel={changeLevel}
              view={view}
            />
            {zoomed && (
              <span class="blocky-zoom-badge" aria-hidden="true">
                Zoom x{side / view.size}
              </span>
            )}
          </div>
        </div>
        <div class="blocky-side">
          <p
            class={`blocky-message${message?.tone === "error" ? " is-error" : ""}`}
            role="status"
            aria-live="polite"
          >
            {message?.text ?? (humanTurn ? "Your move: pick a block, then an action." : "")}
          </p>
          <PlayersView game={shown} />
          {shown.over ? (
            <OverView
              game={shown}
              onAgain={() => runner.dispatch({ cmd: "new", seed: nextSeed() })}
              onSetup={onSetup}
              newBest={record && <NewBest score={record.score} previous={record.previous} />}
            >
              <PostScore
                journal={journal}
                state={state}
                blocked={isRankedSeating(state) ? undefined : RANKED_SEATS}
              />
            </OverView>
          ) : (
            <ControlsView
              level={level}
              maxDepth={shown.maxDepth}
              enabled={humanTurn}
              paint={current.goal.colour}
              onLevel={changeLevel}
              onAct={act}
              zoom={{ zoom: Math.min(zoom, zoomLimit), maxZoom: zoomLimit, onZoom: changeZoom }}
            />
          )}
          <ComputerControls
            class="blocky-computer"
            onHint={showHint}
            watching={watching}
            onWatch={toggleWatch}
            speed={speed}
            onSpeed={setSpeed}
            disabled={shown.over}
          />
          {log.length > 0 && (
            <ul class="blocky-log" aria-label="Recent moves, latest first">
              {log.map((line, i) => (
                <li key={`${log.length - i}`}>{line}</li>
              ))}
            </ul>
          )}
          {!shown.over && (
            <p class="blocky-help">
              Keys: W/S level, +/- zoom, arrows move, D/A rotate, Q/E swap, Space smash, R paint, C combine, P
              pass, H hint, V watch. Tab moves between the board and the buttons.
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
