/**
 * Every rule of Match-3 Falling Bricks as pure functions over plain JSON state.
 * Spec sections are cited where a rule lives; clarifications.md "Match-3" settles the rest.
 */
import { fail, ok, type Result } from "../../core/game.js";
import {
  type ActiveBrick,
  type ActiveCell,
  type Brick,
  type BrickSymbol,
  type BrickText,
  type GameOverReason,
  type InitLine,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  SYMBOLS,
} from "./types.js";

/** The init prompt of spec 3.1, verbatim. */
export const INIT_PROMPT = "Please enter field size (width and height) and up to 5 bricks set:";
/** The command prompt of spec 6, verbatim. */
export const FRAME_PROMPT =
  "Enter up to 2 commands to process before moving to the next frame (valid commands are L,R,D)";
/** The end prompt of spec 12, verbatim. */
export const END_PROMPT = "Enter S to start over or Q to quit";
export const GOODBYE = "Thank you for playing Match-3!";
export const EXAMPLE_INPUT = "5 8 H^^* V*@^";

export const MAX_BRICKS = 5;
/**
 * The spec sets no upper bound on the field; one is needed so a typo such as `5 80000000` is a
 * clear error instead of a process running out of memory. 100 x 100 is far beyond any playable field.
 */
export const MAX_SIDE = 100;

const BRICK_PATTERN = /^[HV][\^*@~]{3}$/;
const DECIMAL = /^[0-9]+$/;

export function isBrickSymbol(ch: string): ch is BrickSymbol {
  return (SYMBOLS as readonly string[]).includes(ch);
}

export function isBrickText(text: unknown): text is BrickText {
  return typeof text === "string" && BRICK_PATTERN.test(text);
}

export function parseBrick(text: BrickText): Brick {
  return {
    orientation: text[0] === "V" ? "V" : "H",
    symbols: [text[1], text[2], text[3]] as [BrickSymbol, BrickSymbol, BrickSymbol],
  };
}

function quote(token: string): string {
  return JSON.stringify(token.length > 20 ? `${token.slice(0, 17)}...` : token);
}

function parseSide(token: string | undefined, name: "width" | "height"): Result<number> {
  if (token === undefined) {
    return fail("BAD_CONFIG", `the ${name} is missing: expected <width> <height> <brick1> ... <brick5>`);
  }
  if (!DECIMAL.test(token) || Number(token) <= 0) {
    return fail("BAD_CONFIG", `the ${name} ${quote(token)} is not a whole number greater than 0`);
  }
  const value = Number(token);
  if (value > MAX_SIDE) return fail("BAD_CONFIG", `the ${name} ${token} is too large (at most ${MAX_SIDE})`);
  return ok(value);
}

/**
 * Parses the init line of spec 3.1: `<width> <height> <brick1> ... <brick5>`, split on runs of
 * blanks. One bad token rejects the whole line; the message names the token and what is wrong.
 */
export function parseInitLine(line: string): Result<InitLine> {
  const tokens = line
    .trim()
    .split(/\s+/)
    .filter((t) => t !== "");
  if (tokens.length === 0) {
    return fail(
      "BAD_CONFIG",
      "the line is empty: expected <width> <height> and up to 5 bricks, e.g. 5 8 H^^* V*@^",
    );
  }
  const width = parseSide(tokens[0], "width");
  if (!width.ok) return width;
  const height = parseSide(tokens[1], "height");
  if (!height.ok) return height;
  const bricks = tokens.slice(2);
  if (bricks.length > MAX_BRICKS) {
    return fail("BAD_CONFIG", `${bricks.length} bricks given: at most ${MAX_BRICKS} are allowed`);
  }
  for (let i = 0; i < bricks.length; i++) {
    const brick = bricks[i] as string;
    if (!isBrickText(brick)) {
      return fail(
        "BAD_CONFIG",
        `brick ${i + 1} ${quote(brick)} is not valid: a brick is H or V followed by exactly 3 of ^ * @ ~ (e.g. H^^*)`,
      );
    }
  }
  return ok({ width: width.value, height: height.value, bricks });
}

// ---------------------------------------------------------------------------------------------
// Field helpers: the board is an array of row strings, `.` for empty.

export function emptyBoard(width: number, height: number): string[] {
  const row = ".".repeat(width);
  return Array.from({ length: height }, () => row);
}

export function boardWidth(board: readonly string[]): number {
  return board[0]?.length ?? 0;
}

function isFree(board: readonly string[], row: number, col: number): boolean {
  const line = board[row];
  return line !== undefined && col >= 0 && col < line.length && line[col] === ".";
}

function fits(board: readonly string[], cells: readonly ActiveCell[], dRow: number, dCol: number): boolean {
  return cells.every(([r, c]) => isFree(board, r + dRow, c + dCol));
}

function shifted(active: ActiveBrick, dRow: number, dCol: number): ActiveBrick {
  const [a, b, c] = active.cells;
  return {
    cells: [
      [a[0] + dRow, a[1] + dCol, a[2]],
      [b[0] + dRow, b[1] + dCol, b[2]],
      [c[0] + dRow, c[1] + dCol, c[2]],
    ],
  };
}

/** Spawn cells (spec 4, clarification: centre column floor((W - 1) / 2), even widths lean left). */
export function spawnCells(brick: BrickText, width: number): [ActiveCell, ActiveCell, ActiveCell] {
  const { orientation, symbols } = parseBrick(brick);
  const centre = Math.floor((width - 1) / 2);
  const [a, b, c] = symbols;
  return orientation === "H"
    ? [
        [0, centre - 1, a],
        [0, centre, b],
        [0, centre + 1, c],
      ]
    : [
        [0, centre, a],
        [1, centre, b],
        [2, centre, c],
      ];
}

/**
 * Spawns the next queued brick (spec 11), or ends the game: no bricks left, or a spawn cell that is
 * occupied or outside the field (spec 4.3). A brick whose spawn failed stays in the queue.
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
 * Reads a frame's command text as the terminal line is read (clarification): character by
 * character, every character other than L, R, D is ignored, and only the first two valid ones count.
 */
export function parseFrameCommands(text: string): MoveCommand[] {
  const out: MoveCommand[] = [];
  for (const ch of text) {
    if (ch === "L" || ch === "R" || ch === "D") {
      out.push(ch);
      if (out.length === 2) break;
    }
  }
  return out;
}

/**
 * Every horizontal and vertical run of 3 or more equal symbols on the field (spec 9), as a set of
 * `row * width + col` keys. Scans the whole field: the spec's rule read literally.
 */
export function findMatches(board: readonly string[]): Set<number> {
  const width = boardWidth(board);
  const matched = new Set<number>();
  for (let r = 0; r < board.length; r++) markRuns(board, r, 0, 0, 1, width, matched);
  for (let c = 0; c < width; c++) markRuns(board, 0, c, 1, 0, width, matched);
  return matched;
}

/** Marks the runs of 3+ along the line from (r, c) in direction (dr, dc). */
function markRuns(
  board: readonly string[],
  r0: number,
  c0: number,
  dr: number,
  dc: number,
  width: number,
  matched: Set<number>,
): void {
  const at = (k: number): string => board[r0 + dr * k]?.[c0 + dc * k] ?? ".";
  const length = dr === 0 ? width : board.length;
  let start = 0;
  for (let k = 1; k <= length; k++) {
    const startSymbol = at(start);
    if (k < length && at(k) === startSymbol) continue;
    if (startSymbol !== "." && k - start >= 3) {
      for (let j = start; j < k; j++) matched.add((r0 + dr * j) * width + (c0 + dc * j));
    }
    start = k;
  }
}

/**
 * The runs created by a lock. A stationary field never holds a run (every lock removes its runs and
 * `load` refuses a field with one), so every new run passes through a locked cell: scanning the
 * rows and columns of the locked brick finds exactly what a whole-field scan would find.
 */
function findMatchesThrough(board: readonly string[], locked: readonly ActiveCell[]): Set<number> {
  const width = boardWidth(board);
  const matched = new Set<number>();
  const rows = new Set(locked.map(([r]) => r));
  const cols = new Set(locked.map(([, c]) => c));
  for (const r of rows) markRuns(board, r, 0, 0, 1, width, matched);
  for (const c of cols) markRuns(board, 0, c, 1, 0, width, matched);
  return matched;
}

function setCells(board: string[], cells: readonly (readonly [number, number, string])[]): void {
  const byRow = new Map<number, [number, string][]>();
  for (const [r, c, ch] of cells) {
    const list = byRow.get(r) ?? [];
    list.push([c, ch]);
    byRow.set(r, list);
  }
  for (const [r, list] of byRow) {
    const chars = (board[r] as string).split("");
    for (const [c, ch] of list) chars[c] = ch;
    board[r] = chars.join("");
  }
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
 * Step 3 of a frame alone: the moves L, R, D applied to the active brick, each ignored when it
 * cannot move it. The browser uses it to show where the commands chosen so far put the brick.
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
 * One whole frame of spec 5 (after the display and prompt): the commands, the automatic drop, and
 * when that drop cannot move the brick, lock, match removal and the next spawn, all in this frame.
 * `D` drops without locking (clarification): only a failed automatic drop locks.
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
  // Spec 7 and 8: the brick cannot fall, so it becomes part of the field.
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
    // Spec 10: cells become empty where they are; no gravity, so nothing else moves.
    setCells(
      next,
      removed.map(([r, c]) => [r, c, "."]),
    );
    score += removed.length;
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

/** The field as the player sees it: stationary cells with the active brick drawn over them. */
export function boardWithActive(state: Pick<Match3State, "board" | "active">): string[] {
  const rows = state.board.slice();
  if (state.active !== null) setCells(rows, state.active.cells);
  return rows;
}
