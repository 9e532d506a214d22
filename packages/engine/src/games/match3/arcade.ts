/**
 * Arcade mode (docs/games/match3.md "Arcade mode"): a falling-block match game in real time on an
 * endless seeded stream of bricks. A move is the classic frame's L, R or D on its own and a tick
 * the frame's automatic drop, on the classic code (`applyMoves`, `runFrame`); a lock is Arcade's
 * own: gravity and chains (gravity.ts), the score with its chain and combo, and the stages that
 * speed the fall and raise a floor of stone so every game ends.
 */
import { type ApplyResult, type BaseCommand, fail } from "../../core/game.js";
import { addCapped } from "../../core/read.js";
import { cloneRng, pick, type RngState, seedRng } from "../../core/rng.js";
import type { TickPolicy } from "../../core/runner.js";
import { isBrickText } from "./bricks.js";
import {
  ARCADE_PREVIEW,
  BRICK_SETS,
  BRICKS_PER_LEVEL,
  CELL_POINTS,
  COMBO_POINTS,
  FALL_SPEEDUP,
  FIRST_FALL_MS,
  MAX_COMBO,
  MAX_LEVEL,
  MIN_FALL_MS,
} from "./constants.js";
import { emptyBoard, fits, setCells } from "./field.js";
import { raiseFloor, resolveChains, stoneRows } from "./gravity.js";
import { applyMoves, runFrame, spawnNext } from "./moves.js";
import type {
  ActiveCell,
  ArcadeConfig,
  ArcadeMoveCommand,
  BrickSetName,
  BrickText,
  Match3Command,
  Match3Config,
  Match3Event,
  Match3State,
  MoveCommand,
} from "./types.js";

export function isArcadeConfig(config: Match3Config): config is ArcadeConfig {
  return config.mode === "arcade";
}

export function isArcade(state: Pick<Match3State, "config">): boolean {
  return isArcadeConfig(state.config);
}

/**
 * Milliseconds between two ticks at a level: 800 at level 1, 15% less per level, never under 100.
 * A pure number for the front ends' clocks: the engine owns no clock.
 */
export function arcadeFallInterval(level: number): number {
  const l = Math.min(Math.max(1, Math.floor(level)), MAX_LEVEL);
  return Math.max(MIN_FALL_MS, Math.round(FIRST_FALL_MS * FALL_SPEEDUP ** (l - 1)));
}

/** The stage after `placed` bricks locked: one more per BRICKS_PER_LEVEL (from 0). */
export function stageFor(placed: number): number {
  return Math.floor(placed / BRICKS_PER_LEVEL);
}

/** The level after `placed` bricks locked from a start at `start`: one more a stage, at most MAX_LEVEL. */
export function levelFor(start: number, placed: number): number {
  return Math.min(MAX_LEVEL, start + stageFor(placed));
}

/**
 * Points for a lock whose chain removed `links[k]` cells at link k + 1, as lock number `combo` of
 * an unbroken combo (1 for the first), at `level`: CELL_POINTS a cell times its link, plus
 * COMBO_POINTS per earlier lock of the combo. A number alone is a chain of one link.
 */
export function lockPoints(links: number | readonly number[], combo: number, level: number): number {
  const counts = typeof links === "number" ? [links] : links;
  const cells = counts.reduce((a, n, k) => a + n * (k + 1), 0);
  if (cells === 0) return 0;
  return level * (CELL_POINTS * cells + COMBO_POINTS * Math.max(0, combo - 1));
}

/** Whether a brick could come from a set: its orientation and its three symbols are the set's. */
export function isBrickOfSet(text: unknown, set: BrickSetName): text is BrickText {
  if (!isBrickText(text)) return false;
  const { orientations, symbols } = BRICK_SETS[set];
  return (
    (orientations as readonly string[]).includes(text[0] as string) &&
    [...text.slice(1)].every((s) => (symbols as readonly string[]).includes(s))
  );
}

/** One brick of the stream: an orientation of the set, then symbols A, B, C, each drawn uniformly. */
export function drawBrick(rng: RngState, set: BrickSetName): BrickText {
  const { orientations, symbols } = BRICK_SETS[set];
  return pick(rng, orientations) + pick(rng, symbols) + pick(rng, symbols) + pick(rng, symbols);
}

/** A new Arcade game: the empty field, the first brick of the stream falling, ARCADE_PREVIEW after it. */
export function newArcadeGame(config: ArcadeConfig, seed: number): Match3State {
  const rng = seedRng(seed);
  const stream = Array.from({ length: ARCADE_PREVIEW + 1 }, () => drawBrick(rng, config.bricks));
  const board = emptyBoard(config.width, config.height);
  const spawned = spawnNext(board, stream, []);
  const state: Match3State = {
    game: "match3",
    seed,
    score: 0,
    over: spawned.active === null,
    board,
    rng,
    config: { ...config },
    active: spawned.active,
    queue: spawned.queue,
    level: config.level,
    cells: 0,
    combo: 0,
    placed: 0,
  };
  if (spawned.reason !== undefined) state.reason = spawned.reason;
  return state;
}

function direction(move: MoveCommand): string {
  return move === "L" ? "left" : move === "R" ? "right" : "down";
}

/** One move, played as a classic frame plays it; a move that cannot move the brick is refused. */
export function arcadeMove(state: Match3State, move: MoveCommand): ApplyResult<Match3State, Match3Event> {
  if (state.active === null) return fail("GAME_OVER", "the game is over; start a new one");
  const events: Match3Event[] = [];
  const active = applyMoves(state.board, state.active, [move], events);
  if (events[0]?.type !== "moved") {
    return fail(
      "ILLEGAL_MOVE",
      `the brick cannot move ${direction(move)}: the wall or a brick is in the way`,
    );
  }
  return { ok: true, state: { ...state, active }, events };
}

/**
 * One tick: the classic frame's automatic drop while the brick can fall. When it cannot, Arcade's
 * lock: the brick joins the field, gravity and chains (`resolveChains`), the score, combo and
 * stage; every BRICKS_PER_LEVEL bricks the floor rises; then the next spawn, and the preview is
 * topped up from the stream. Events come in the order things happen, for the front ends' effects.
 */
export function arcadeTick(state: Match3State): ApplyResult<Match3State, Match3Event> {
  const active = state.active;
  if (active === null) return fail("GAME_OVER", "the game is over; start a new one");
  if (fits(state.board, active.cells, 1, 0)) return { ok: true, ...runFrame(state, []) };
  const config = state.config as ArcadeConfig;
  const events: Match3Event[] = [];
  const board = state.board.slice();
  const locked = active.cells.map((c) => [...c] as ActiveCell);
  setCells(board, locked);
  events.push({ type: "locked", cells: locked });
  const { dropped, links } = resolveChains(board);
  if (dropped.length > 0) events.push({ type: "dropped", cells: dropped, chain: 0 });
  links.forEach((link, k) => {
    events.push({ type: "removed", cells: link.removed, chain: k + 1 });
    if (link.dropped.length > 0) events.push({ type: "dropped", cells: link.dropped, chain: k + 1 });
  });
  const counts = links.map((link) => link.removed.length);
  const removed = counts.reduce((a, n) => a + n, 0);
  const combo = removed > 0 ? Math.min(MAX_COMBO, (state.combo ?? 0) + 1) : 0;
  const level = state.level ?? config.level;
  const points = lockPoints(counts, combo, level);
  const placed = addCapped(state.placed ?? 0, 1);
  const nextLevel = levelFor(config.level, placed);
  if (points > 0) events.push({ type: "scored", points, cells: removed, combo, chain: links.length });
  if (nextLevel > level) events.push({ type: "level_up", level: nextLevel });
  let toppedOut = false;
  if (stageFor(placed) > stageFor(placed - 1)) {
    if (raiseFloor(board)) events.push({ type: "risen", stones: stoneRows(board) });
    else toppedOut = true;
  }
  const { reason: _old, ...rest } = state;
  const after: Match3State = {
    ...rest,
    board,
    score: addCapped(state.score, points),
    level: nextLevel,
    cells: addCapped(state.cells ?? 0, removed),
    combo,
    placed,
  };
  if (toppedOut) {
    events.push({ type: "game_over", reason: "topped-out" });
    return { ok: true, state: { ...after, active: null, over: true, reason: "topped-out" }, events };
  }
  const spawned = spawnNext(board, state.queue, events);
  after.active = spawned.active;
  after.over = spawned.active === null;
  after.queue = spawned.queue;
  if (spawned.reason !== undefined) after.reason = spawned.reason;
  if (spawned.active !== null) {
    // The spawn took the first brick of the preview: draw one more at its end.
    after.rng = cloneRng(state.rng);
    while (after.queue.length < ARCADE_PREVIEW) after.queue.push(drawBrick(after.rng, config.bricks));
  }
  return { ok: true, state: after, events };
}

const MOVES: readonly MoveCommand[] = ["L", "R", "D"];

/** The tick, and each move that would move the brick. */
export function arcadeLegal(state: Match3State): Match3Command[] {
  const active = state.active;
  if (state.over || active === null) return [];
  const moves: ArcadeMoveCommand[] = MOVES.filter((move) => {
    const [dr, dc] = move === "L" ? [0, -1] : move === "R" ? [0, 1] : [1, 0];
    return fits(state.board, active.cells, dr, dc);
  }).map((move) => ({ cmd: "move", move }));
  return [{ cmd: "tick" }, ...moves];
}

/** Events after which a new brick (or a new position altogether) is in play. */
const FRESH = new Set<string>(["spawned", "locked", "game_over", "new_game", "loaded"]);

/**
 * When the runner should send the next tick (the core runner's TickPolicy): one fall interval of
 * the level after the last tick or the last new brick. A move keeps the time the tick was due, so
 * moving the brick never holds it in the air. Each runner gets its own policy (it remembers that
 * time); the time is passed in, the policy reads no clock.
 */
export function createArcadeTicks(): TickPolicy<Match3State, Match3Event> {
  let dueAt = 0;
  return {
    delayAfter(state, events, command: BaseCommand | undefined, now) {
      if (state.over || state.active === null) return null;
      const interval = arcadeFallInterval(state.level ?? 1);
      const restart =
        command === undefined ||
        command.cmd === "tick" ||
        events.some((e) => FRESH.has((e as { type: string }).type));
      if (restart) dueAt = now + interval;
      return Math.max(0, dueAt - now);
    },
  };
}
