/**
 * A second, deliberately literal implementation of the rules (docs/games/match3.md): a 2-D grid
 * copied every frame, the brick as a position and orientation, a whole-field scan after every lock.
 * It shares nothing with rules.ts except the init-line parser, so tests use it as an oracle (same
 * games, same fields) and the benchmark uses it as the baseline.
 */
import { parseInitLine } from "./init-line.js";

export interface NaiveGame {
  grid: string[][];
  width: number;
  height: number;
  queue: string[];
  /** Brick position: top-left cell, orientation and symbols; null once over. */
  brick: { row: number; col: number; vertical: boolean; symbols: string[] } | null;
  removed: number;
  reason: "no-bricks" | "spawn-blocked" | null;
}

type NaiveBrick = NonNullable<NaiveGame["brick"]>;

function cellsOf(brick: NonNullable<NaiveGame["brick"]>): [number, number, string][] {
  return brick.symbols.map((s, i) =>
    brick.vertical ? [brick.row + i, brick.col, s] : [brick.row, brick.col + i, s],
  );
}

function canBe(game: NaiveGame, brick: NonNullable<NaiveGame["brick"]>): boolean {
  return cellsOf(brick).every(
    ([r, c]) => r >= 0 && r < game.height && c >= 0 && c < game.width && game.grid[r]?.[c] === ".",
  );
}

function spawn(game: NaiveGame): void {
  const text = game.queue[0];
  if (text === undefined) {
    game.brick = null;
    game.reason = "no-bricks";
    return;
  }
  const vertical = text[0] === "V";
  const centre = Math.floor((game.width - 1) / 2);
  const brick = { row: 0, col: vertical ? centre : centre - 1, vertical, symbols: [...text.slice(1)] };
  if (!canBe(game, brick)) {
    game.brick = null;
    game.reason = "spawn-blocked";
    return;
  }
  game.queue.shift();
  game.brick = brick;
}

export function naiveStart(input: string): NaiveGame {
  const line = parseInitLine(input);
  if (!line.ok) throw new Error(line.error.message);
  const { width, height, bricks } = line.value;
  const game: NaiveGame = {
    grid: Array.from({ length: height }, () => Array.from({ length: width }, () => ".")),
    width,
    height,
    queue: [...bricks],
    brick: null,
    removed: 0,
    reason: null,
  };
  spawn(game);
  return game;
}

/** One frame; returns a new game (the grid is copied, as a naive immutable update would). */
export function naiveFrame(previous: NaiveGame, text: string): NaiveGame {
  const game: NaiveGame = {
    ...previous,
    grid: previous.grid.map((row) => row.slice()),
    queue: previous.queue.slice(),
    brick: previous.brick && { ...previous.brick },
  };
  if (game.brick === null) return game;
  let brick: NaiveBrick = game.brick;
  let used = 0;
  for (const ch of text) {
    if (used === 2) break;
    if (ch !== "L" && ch !== "R" && ch !== "D") continue;
    used++;
    if (ch === "D") {
      while (canBe(game, { ...brick, row: brick.row + 1 })) brick = { ...brick, row: brick.row + 1 };
    } else {
      const moved: NaiveBrick = { ...brick, col: brick.col + (ch === "L" ? -1 : 1) };
      if (canBe(game, moved)) brick = moved;
    }
  }
  const lower: NaiveBrick = { ...brick, row: brick.row + 1 };
  if (canBe(game, lower)) {
    game.brick = lower;
    return game;
  }
  for (const [r, c, s] of cellsOf(brick)) (game.grid[r] as string[])[c] = s;
  const doomed: [number, number][] = [];
  for (let r = 0; r < game.height; r++) {
    for (let c = 0; c < game.width; c++) {
      const s = game.grid[r]?.[c];
      if (s === undefined || s === ".") continue;
      const same = (dr: number, dc: number): number => {
        let n = 0;
        while (game.grid[r + dr * (n + 1)]?.[c + dc * (n + 1)] === s) n++;
        return n;
      };
      const across = same(0, -1) + same(0, 1) + 1;
      const down = same(-1, 0) + same(1, 0) + 1;
      if (across >= 3 || down >= 3) doomed.push([r, c]);
    }
  }
  for (const [r, c] of doomed) (game.grid[r] as string[])[c] = ".";
  game.removed += doomed.length;
  spawn(game);
  return game;
}

/** The naive game's field with its brick drawn in, as row strings. */
export function naiveField(game: NaiveGame): string[] {
  const grid = game.grid.map((row) => row.slice());
  if (game.brick) for (const [r, c, s] of cellsOf(game.brick)) (grid[r] as string[])[c] = s;
  return grid.map((row) => row.join(""));
}
