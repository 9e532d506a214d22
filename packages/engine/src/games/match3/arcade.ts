/**
 * Arcade mode (docs/games/match3.md "Arcade mode"): the classic rules played in real time on an
 * endless seeded stream of bricks. A move is the classic frame's L, R or D on its own, a tick is
 * the frame's automatic drop (lock, matches and the next spawn included): both run the classic
 * code (`applyMoves`, `runFrame`), so the two modes cannot drift apart. This file adds only what
 * Arcade has on top: the stream, the score with its combo, the levels and the fall interval.
 */
import { type ApplyResult, type BaseCommand, fail } from "../../core/game.js";
import { addCapped } from "../../core/read.js";
import { cloneRng, pick, type RngState, seedRng } from "../../core/rng.js";
import type { TickPolicy } from "../../core/runner.js";
import { isBrickText } from "./bricks.js";
import {
  ARCADE_PREVIEW,
  BRICK_SETS,
  CELL_POINTS,
  CELLS_PER_LEVEL,
  COMBO_POINTS,
  FALL_SPEEDUP,
  FIRST_FALL_MS,
  MAX_COMBO,
  MAX_LEVEL,
  MIN_FALL_MS,
} from "./constants.js";
import { emptyBoard, fits } from "./field.js";
import { applyMoves, runFrame, spawnNext } from "./moves.js";
import type {
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

/** The level after `cells` removed from a start at `start`: one more per CELLS_PER_LEVEL cells. */
export function levelFor(start: number, cells: number): number {
  return Math.min(MAX_LEVEL, start + Math.floor(cells / CELLS_PER_LEVEL));
}

/**
 * Points for a lock that removed `cells` cells as lock number `combo` of an unbroken combo (1 for
 * the first), at `level`: CELL_POINTS a cell plus COMBO_POINTS per earlier lock of the combo.
 */
export function lockPoints(cells: number, combo: number, level: number): number {
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
 * One tick: the classic frame's automatic drop (a fall, or lock, matches and the next spawn). On a
 * lock Arcade adds its score, combo and level, and tops the preview up from the stream; `scored`
 * and `level_up` come just before the spawn (or the end) they lead to.
 */
export function arcadeTick(state: Match3State): ApplyResult<Match3State, Match3Event> {
  if (state.active === null) return fail("GAME_OVER", "the game is over; start a new one");
  const config = state.config as ArcadeConfig;
  const { state: after, events } = runFrame(state, []);
  if (!events.some((e) => e.type === "locked")) return { ok: true, state: after, events };
  const removed = events.reduce((n, e) => n + (e.type === "removed" ? e.cells.length : 0), 0);
  const combo = removed > 0 ? Math.min(MAX_COMBO, (state.combo ?? 0) + 1) : 0;
  const level = state.level ?? config.level;
  const points = lockPoints(removed, combo, level);
  const cells = addCapped(state.cells ?? 0, removed);
  const nextLevel = levelFor(config.level, cells);
  const added: Match3Event[] = [];
  if (points > 0) added.push({ type: "scored", points, cells: removed, combo });
  if (nextLevel > level) added.push({ type: "level_up", level: nextLevel });
  events.splice(events.length - 1, 0, ...added);
  let rng = after.rng;
  let queue = after.queue;
  if (after.active !== null) {
    // The spawn took the first brick of the preview: draw one more at its end.
    rng = cloneRng(state.rng);
    queue = [...queue];
    while (queue.length < ARCADE_PREVIEW) queue.push(drawBrick(rng, config.bricks));
  }
  return {
    ok: true,
    state: {
      ...after,
      score: addCapped(state.score, points),
      rng,
      queue,
      level: nextLevel,
      cells,
      combo,
    },
    events,
  };
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
