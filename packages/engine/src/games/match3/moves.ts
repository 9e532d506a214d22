/**
 * The brick's moves and one frame, as functions of the field: the moves L, R, D, the automatic
 * drop, lock, match removal and the next spawn (docs/games/match3.md "A frame"). The classic game
 * (rules.ts) and Arcade mode (arcade.ts) both play through these, so neither imports the other's
 * rules back (no import loop).
 */
import { addCapped } from "../../core/read.js";
import { spawnCells } from "./bricks.js";
import { COMMANDS_PER_FRAME, EMPTY_CELL } from "./constants.js";
import { boardWidth, findMatchesThrough, fits, setCells, shifted } from "./field.js";
import type {
  ActiveBrick,
  ActiveCell,
  BrickSymbol,
  BrickText,
  GameOverReason,
  Match3Event,
  Match3State,
  MoveCommand,
} from "./types.js";

const MOVES: readonly MoveCommand[] = ["L", "R", "D"];

/** Every distinct frame command of 0 to 2 moves: what a bot or a test may send. */
export const FRAME_COMMANDS: readonly string[] = [
  "",
  ...MOVES,
  ...MOVES.flatMap((a) => MOVES.map((b) => a + b)),
];

/**
 * Spawns the next queued brick, or ends the game: no bricks left, or a spawn cell that is occupied
 * or outside the field (docs/games/match3.md "Spawn"). A brick whose spawn failed stays queued.
 */
export function spawnNext(
  board: readonly string[],
  queue: readonly BrickText[],
  events: Match3Event[],
): { active: ActiveBrick | null; queue: BrickText[]; reason?: GameOverReason } {
  const next = queue[0];
  if (next === undefined) {
    events.push({ type: "game_over", reason: "no-bricks" });
    return { active: null, queue: [], reason: "no-bricks" };
  }
  const cells = spawnCells(next, boardWidth(board));
  if (!fits(board, cells, 0, 0)) {
    events.push({ type: "game_over", reason: "spawn-blocked" });
    return { active: null, queue: queue.slice(), reason: "spawn-blocked" };
  }
  events.push({ type: "spawned", brick: next, cells: cells.map((c) => [...c] as ActiveCell) });
  return { active: { cells }, queue: queue.slice(1) };
}

/**
 * Reads a frame's command text as the terminal line is read: character by character, every
 * character other than L, R, D is ignored, and only the first two valid ones count.
 */
export function parseFrameCommands(text: string): MoveCommand[] {
  const out: MoveCommand[] = [];
  for (const ch of text) {
    if (ch === "L" || ch === "R" || ch === "D") {
      out.push(ch);
      if (out.length === COMMANDS_PER_FRAME) break;
    }
  }
  return out;
}

function moveBy(command: MoveCommand): [number, number] {
  switch (command) {
    case "L":
      return [0, -1];
    case "R":
      return [0, 1];
    case "D":
      return [1, 0];
    default: {
      const never: never = command;
      throw new Error(`unknown move ${String(never)}`);
    }
  }
}

/**
 * The moves L, R, D applied to the active brick, each ignored when it cannot move it. The browser
 * uses it to show where the commands chosen so far put the brick.
 */
export function applyMoves(
  board: readonly string[],
  start: ActiveBrick,
  commands: readonly MoveCommand[],
  events: Match3Event[] = [],
): ActiveBrick {
  let active = start;
  for (const command of commands) {
    const [dr, dc] = moveBy(command);
    if (!fits(board, active.cells, dr, dc)) {
      events.push({ type: "blocked", command });
      continue;
    }
    if (command === "D") {
      let rows = 1;
      while (fits(board, active.cells, rows + 1, 0)) rows++;
      active = shifted(active, rows, 0);
      events.push({ type: "moved", command, rows });
    } else {
      active = shifted(active, dr, dc);
      events.push({ type: "moved", command });
    }
  }
  return active;
}

/**
 * One whole frame after the display and prompt: the commands, the automatic drop, and when that
 * drop cannot move the brick, lock, match removal and the next spawn, all in this frame. `D` drops
 * without locking: only a failed automatic drop locks (docs/games/match3.md "A frame").
 */
export function runFrame(
  state: Match3State,
  commands: readonly MoveCommand[],
): { state: Match3State; events: Match3Event[] } {
  const events: Match3Event[] = [];
  const board = state.board;
  if (state.active === null) return { state, events };
  const active = applyMoves(board, state.active, commands, events);
  if (fits(board, active.cells, 1, 0)) {
    events.push({ type: "fell" });
    return { state: { ...state, active: shifted(active, 1, 0) }, events };
  }
  // The brick cannot fall, so it becomes part of the field.
  const locked = active.cells.map((c) => [...c] as ActiveCell);
  const next = board.slice();
  setCells(next, locked);
  events.push({ type: "locked", cells: locked });
  const matched = findMatchesThrough(next, locked);
  let score = state.score;
  if (matched.size > 0) {
    const width = boardWidth(next);
    const removed: ActiveCell[] = [...matched]
      .sort((a, b) => a - b)
      .map((key) => {
        const r = Math.floor(key / width);
        const c = key % width;
        return [r, c, (next[r] as string)[c] as BrickSymbol];
      });
    // No gravity: removed cells become empty where they are, nothing else moves.
    setCells(
      next,
      removed.map(([r, c]) => [r, c, EMPTY_CELL]),
    );
    score = addCapped(score, removed.length);
    events.push({ type: "removed", cells: removed });
  }
  const spawned = spawnNext(next, state.queue, events);
  const { reason: _dropped, ...rest } = state;
  const after: Match3State = {
    ...rest,
    board: next,
    score,
    active: spawned.active,
    queue: spawned.queue,
    over: spawned.active === null,
  };
  if (spawned.reason !== undefined) after.reason = spawned.reason;
  return { state: after, events };
}
