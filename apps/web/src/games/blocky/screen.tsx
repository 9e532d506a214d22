/**
 * Blocky in the browser: setup, goals, play and game over. Every change of the game goes through
 * the engine's protocol (handleCommand), so the browser plays exactly the rules the CLI and the
 * service play; this file only decides when to send which command and how to show the result.
 */
import { handleCommand, isPlainObject } from "@blockarcade/engine";
import {
  type Action,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
  COLOUR_NAMES,
  type Player,
} from "@blockarcade/engine/games/blocky";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { restoreSavedGame } from "../../shell/saved-game";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import { playTones } from "../../shell/sound";
import { readJson, removeKey, writeJson } from "../../shell/storage";
import type { GameScreenProps } from "../../shell/types";
import { Board, describeBlock, FILL } from "./board";
import {
  ACTION_KEYS,
  ACTION_LABELS,
  type Cursor,
  type Direction,
  doingText,
  doneText,
  goalSentence,
  goalShort,
  moveCursor,
  selectedPath,
} from "./selection";
import { DEFAULT_SETUP, Setup, type SetupChoice, toConfig } from "./setup";
import "./blocky.css";

const SAVE_KEY = "blockarcade-blocky-game";

type Phase = "setup" | "goals" | "play";

interface Pending {
  next: BlockyState;
  events: BlockyEvent[];
  path: number[];
}

interface Message {
  text: string;
  tone: "info" | "error";
}

/** A saved game, checked by the engine's own `load` (a corrupt or foreign value reads as none). */
function readSaved(): BlockyState | null {
  const saved = restoreSavedGame(blockyGame, readJson(SAVE_KEY, isPlainObject));
  return saved && !saved.over ? saved : null;
}

function kindText(p: Player): string {
  return p.kind === "human"
    ? "human"
    : p.kind === "random"
      ? "random computer"
      : `smart computer, ${p.difficulty ?? 1}`;
}

const isComputer = (p: Player | undefined) => p !== undefined && p.kind !== "human";

const KEY_ACTIONS: Record<string, Action> = {
  d: "rotate_cw",
  a: "rotate_ccw",
  q: "swap_h",
  e: "swap_v",
  " ": "smash",
  r: "paint",
  c: "combine",
};

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

const TOOLBAR: { action: Action; icon: string; short: string }[] = [
  { action: "rotate_cw", icon: "↻", short: "Rot. CW" },
  { action: "rotate_ccw", icon: "↺", short: "Rot. CCW" },
  { action: "swap_h", icon: "⇆", short: "Swap H" },
  { action: "swap_v", icon: "⇅", short: "Swap V" },
  { action: "smash", icon: "✸", short: "Smash" },
  { action: "paint", icon: "●", short: "Paint" },
  { action: "combine", icon: "▣", short: "Combine" },
  { action: "pass", icon: "»", short: "Pass" },
];

export default function BlockyScreen({ search, settings, exit }: GameScreenProps) {
  const urlSeed = seedFromSearch(search);
  const [phase, setPhase] = useState<Phase>("setup");
  const [setup, setSetup] = useState<SetupChoice>(DEFAULT_SETUP);
  const [game, setGame] = useState<BlockyState | null>(null);
  const [saved, setSaved] = useState<BlockyState | null>(readSaved);
  const [level, setLevel] = useState(1);
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: 0 });
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [flash, setFlash] = useState<number[] | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const gamesStarted = useRef(0);
  const reduced = settings.reducedMotion;

  const start = (choice: SetupChoice) => {
    const parsed = blockyGame.parseConfig(toConfig(choice));
    if (!parsed.ok) {
      setMessage({ text: parsed.error.message, tone: "error" });
      return;
    }
    // ?seed=N makes the first game (and so every later one) replayable for tests.
    const seed = urlSeed === undefined ? randomSeed() : (urlSeed + gamesStarted.current) >>> 0;
    gamesStarted.current++;
    const state = blockyGame.newGame(parsed.value, seed);
    setSetup(choice);
    setGame(state);
    setLevel(Math.min(1, state.maxDepth));
    setCursor({ row: 0, col: 0 });
    setPending(null);
    setFlash(null);
    setMessage(null);
    setLog([]);
    writeJson(SAVE_KEY, state);
    setSaved(state);
    setPhase("goals");
  };

  const commit = (next: BlockyState, events: BlockyEvent[]) => {
    setGame(next);
    if (next.over) {
      removeKey(SAVE_KEY);
      setSaved(null);
    } else {
      writeJson(SAVE_KEY, next);
      setSaved(next);
    }
    for (const event of events) {
      if (event.type === "moved") {
        const mover = next.players[event.player] as Player;
        const line = `Player ${event.player + 1} ${doneText(event.action, mover.goal.colour)}.`;
        setMessage({ text: line, tone: "info" });
        setLog((l) => [line, ...l].slice(0, 4));
        setFlash(event.action === "pass" ? null : event.path);
        playTones([{ freq: event.action === "pass" ? 330 : 520, duration: 0.08, type: "triangle" }]);
      } else if (event.type === "game_over") {
        playTones([
          { freq: 523, duration: 0.14 },
          { freq: 659, duration: 0.14, delay: 0.12 },
          { freq: 784, duration: 0.22, delay: 0.24 },
        ]);
      }
    }
  };

  const humanTurn =
    phase === "play" && game !== null && !game.over && !pending && !isComputer(game.players[game.current]);

  const act = (action: Action) => {
    if (!game || !humanTurn) return;
    const path = action === "pass" ? [] : selectedPath(game.tree, cursor, level, game.maxDepth);
    const step = handleCommand(blockyGame, game, { cmd: "move", action, path });
    if (!step.reply.ok) {
      setMessage({
        text: `Can't ${ACTION_LABELS[action].toLowerCase()}: ${step.reply.error.message}. Nothing was spent; it is still your move.`,
        tone: "error",
      });
      playTones([{ freq: 160, duration: 0.12, type: "square", gain: 0.06 }]);
      return;
    }
    commit(step.state as BlockyState, step.reply.events as BlockyEvent[]);
  };

  // Pointer moves report the same cell many times: keep the same object so nothing re-renders.
  const pointAt = (cell: Cursor) => setCursor((c) => (c.row === cell.row && c.col === cell.col ? c : cell));

  const changeLevel = (step: -1 | 1) => {
    if (!game) return;
    setLevel((l) => Math.min(game.maxDepth, Math.max(0, l + step)));
  };

  // Computer players: think briefly, show what they are doing on the old board, then apply it.
  useEffect(() => {
    if (phase !== "play" || !game || game.over || pending || !isComputer(game.players[game.current])) return;
    const timer = window.setTimeout(
      () => {
        const step = handleCommand(blockyGame, game, { cmd: "ai" });
        if (!step.reply.ok) {
          setMessage({ text: step.reply.error.message, tone: "error" });
          return;
        }
        const events = step.reply.events as BlockyEvent[];
        const moved = events.find((e) => e.type === "moved");
        if (moved?.type !== "moved") return;
        const player = game.players[moved.player] as Player;
        setMessage({
          text: `Player ${moved.player + 1} is ${doingText(moved.action, player.goal.colour)}`,
          tone: "info",
        });
        setPending({ next: step.state as BlockyState, events, path: moved.path });
      },
      reduced ? 150 : 350,
    );
    return () => window.clearTimeout(timer);
  }, [phase, game, pending, reduced]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(
      () => {
        setPending(null);
        commit(pending.next, pending.events);
      },
      reduced ? 450 : 750,
    );
    return () => window.clearTimeout(timer);
  }, [pending, reduced]);

  // The "just changed" outline fades after a moment.
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), 900);
    return () => window.clearTimeout(timer);
  }, [flash]);

  // The original's keys; arrows move the selection. Tab passes only while the board has focus,
  // so Tab still moves between controls everywhere else.
  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    if (phase !== "play") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !game) return;
      const target = e.target as HTMLElement | null;
      const tag = target?.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      // The arcade's settings dialog (or any dialog) keeps its keys.
      if (target?.closest("dialog")) return;
      if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) return;
      const onBoard = target?.classList.contains("blocky-board") ?? false;
      if (e.key === "Tab") {
        if (!onBoard || e.shiftKey || !humanTurn) return;
        e.preventDefault();
        act("pass");
        return;
      }
      const direction = ARROWS[e.key];
      if (direction) {
        e.preventDefault();
        if (humanTurn) setCursor((c) => moveCursor(game.tree, c, level, game.maxDepth, direction));
        return;
      }
      const key = e.key.toLowerCase();
      if (key === "w" || key === "s") {
        e.preventDefault();
        changeLevel(key === "w" ? -1 : 1);
        return;
      }
      const action = KEY_ACTIONS[key];
      if (action) {
        e.preventDefault();
        act(action);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (phase === "setup" || !game) {
    return (
      <Setup
        initial={setup}
        onStart={start}
        onExit={exit}
        onResume={
          saved
            ? () => {
                setGame(saved);
                // "Play again" then replays the resumed game's setup.
                setSetup({
                  maxDepth: saved.maxDepth,
                  turns: saved.turns,
                  players: saved.players.map((p) => ({ kind: p.kind, difficulty: p.difficulty ?? 5 })),
                });
                setLevel(Math.min(1, saved.maxDepth));
                setPhase("play");
              }
            : null
        }
      />
    );
  }

  const current = game.players[game.current] as Player;
  const selected = humanTurn ? selectedPath(game.tree, cursor, level, game.maxDepth) : null;
  const boardLabel = `Blocky board, ${2 ** game.maxDepth} by ${2 ** game.maxDepth} cells. ${
    selected
      ? `Selected: ${describeBlock(game.tree, selected, game.maxDepth)}.`
      : game.over
        ? "The game is over."
        : "Waiting for a computer player."
  } Arrow keys move the selection, W and S change the level.`;

  const board = (
    <div class="blocky-board-wrap">
      <Board
        tree={game.tree}
        maxDepth={game.maxDepth}
        selected={phase === "play" ? selected : null}
        marked={pending ? pending.path : flash}
        markKind={pending ? "pending" : "done"}
        label={boardLabel}
        interactive={humanTurn}
        onHover={pointAt}
        onPick={pointAt}
        onWheelLevel={changeLevel}
      />
    </div>
  );

  const playerList = (
    <ol class="blocky-players" aria-label="Players">
      {game.players.map((p, i) => (
        <li
          key={i}
          class={!game.over && i === game.current ? "is-current" : ""}
          aria-current={!game.over && i === game.current ? "true" : undefined}
        >
          <span class="blocky-swatch" style={{ background: FILL[p.goal.colour] }} aria-hidden="true" />
          <span class="blocky-player-name">
            Player {i + 1} <small>({kindText(p)})</small>
          </span>
          <span class="blocky-player-goal">{goalShort(p.goal)}</span>
          <span class="blocky-player-score">
            {p.score} <small>points</small>
          </span>
        </li>
      ))}
    </ol>
  );

  if (phase === "goals") {
    return (
      <main class="blocky-goals">
        <h1>Your goals</h1>
        <p class="blocky-lede">
          Score = goal points - penalties (smash 3, paint 1, combine 1). {game.turns} turns; every player
          moves once a turn.
        </p>
        <ul class="blocky-goal-cards">
          {game.players.map((p, i) => (
            <li key={i} class="blocky-goal-card" style={{ borderColor: FILL[p.goal.colour] }}>
              <span
                class="blocky-swatch big"
                style={{ background: FILL[p.goal.colour] }}
                aria-hidden="true"
              />
              <div>
                <strong>
                  Player {i + 1} ({kindText(p)})
                </strong>
                <p>{goalSentence(p.goal)}</p>
              </div>
            </li>
          ))}
        </ul>
        <button type="button" class="button primary" onClick={() => setPhase("play")}>
          Start playing
        </button>
      </main>
    );
  }

  const status = game.over
    ? "Game over"
    : `Turn ${game.turn + 1} of ${game.turns} · Player ${game.current + 1} (${kindText(current)}) · Score ${current.score} · Goal: ${goalShort(current.goal)}`;

  return (
    <main class="blocky-play">
      <p class="blocky-status" aria-live="polite">
        {!game.over && (
          <span class="blocky-swatch" style={{ background: FILL[current.goal.colour] }} aria-hidden="true" />
        )}
        {status}
      </p>
      <div class="blocky-layout">
        {board}
        <div class="blocky-side">
          {game.over ? (
            <GameOver
              game={game}
              onAgain={() => start(setup)}
              onSetup={() => {
                setPhase("setup");
                setGame(null);
              }}
            />
          ) : (
            <>
              <fieldset class="blocky-levels">
                <legend class="blocky-visually-hidden">Level</legend>
                <button
                  type="button"
                  class="button blocky-tool"
                  aria-label="Level up (W): select bigger blocks"
                  disabled={!humanTurn || level === 0}
                  onClick={() => changeLevel(-1)}
                >
                  ▲ <span>Bigger</span>
                </button>
                <span class="blocky-level-text">
                  Level {level} of {game.maxDepth}
                </span>
                <button
                  type="button"
                  class="button blocky-tool"
                  aria-label="Level down (S): select smaller blocks"
                  disabled={!humanTurn || level === game.maxDepth}
                  onClick={() => changeLevel(1)}
                >
                  ▼ <span>Smaller</span>
                </button>
              </fieldset>
              <div class="blocky-toolbar" role="toolbar" aria-label="Actions">
                {TOOLBAR.map(({ action, icon, short }) => (
                  <button
                    key={action}
                    type="button"
                    class={`button blocky-tool${action === "paint" ? " is-paint" : ""}`}
                    aria-label={`${ACTION_LABELS[action]} (${ACTION_KEYS[action]})${
                      action === "paint" ? `: paint the cell ${COLOUR_NAMES[current.goal.colour]}` : ""
                    }`}
                    title={`${ACTION_LABELS[action]} (${ACTION_KEYS[action]})`}
                    disabled={!humanTurn}
                    onClick={() => act(action)}
                  >
                    <span
                      class="blocky-icon"
                      aria-hidden="true"
                      style={action === "paint" ? { color: FILL[current.goal.colour] } : undefined}
                    >
                      {icon}
                    </span>
                    <span class="blocky-tool-text">
                      {short} <kbd>{ACTION_KEYS[action] === "Space" ? "␣" : ACTION_KEYS[action]}</kbd>
                    </span>
                  </button>
                ))}
              </div>
            </>
          )}
          <p
            class={`blocky-message${message?.tone === "error" ? " is-error" : ""}`}
            role="status"
            aria-live="polite"
          >
            {message?.text ?? (humanTurn ? "Your move: pick a block, then an action." : "")}
          </p>
          {playerList}
          {log.length > 0 && (
            <ul class="blocky-log" aria-label="Recent moves, latest first">
              {log.map((line, i) => (
                <li key={`${log.length - i}`}>{line}</li>
              ))}
            </ul>
          )}
          {!game.over && (
            <p class="blocky-help">
              Keys: W/S level, arrows move, D/A rotate, Q/E swap, Space smash, R paint, C combine, Tab pass
              (on the board).
            </p>
          )}
        </div>
      </div>
    </main>
  );
}

function GameOver({
  game,
  onAgain,
  onSetup,
}: {
  game: BlockyState;
  onAgain: () => void;
  onSetup: () => void;
}) {
  const winner = game.winner ?? 0;
  const tied = game.players.some((p, i) => i !== winner && p.score === game.players[winner]?.score);
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <section class="blocky-over" aria-labelledby="blocky-over-title">
      <h2 id="blocky-over-title">Game over</h2>
      <p class="blocky-winner">
        Player {winner + 1} wins with {game.players[winner]?.score} points!
        {tied && " (A tie goes to the lower player number.)"}
      </p>
      <table class="blocky-scores">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Goal</th>
            <th scope="col">Penalty</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {game.players.map((p, i) => (
            <tr key={i} class={i === winner ? "is-winner" : ""}>
              <th scope="row">
                {i + 1} <small>({goalShort(p.goal)})</small>
              </th>
              <td>{p.score + p.penalty}</td>
              <td>{p.penalty === 0 ? "0" : `-${p.penalty}`}</td>
              <td>{p.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="blocky-over-actions">
        <button ref={again} type="button" class="button primary" onClick={onAgain}>
          Play again
        </button>
        <button type="button" class="button" onClick={onSetup}>
          New setup
        </button>
      </div>
    </section>
  );
}
