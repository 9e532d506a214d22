/**
 * Block Puzzle. The computer player: whole-tray searches per second on boards from real play, and its
 * strength (placements and score over seeded games, BENCH_GAMES of them per size, each stopped at
 * BENCH_CAP placements; a few by default to stay near 30 s, 200 for the docs' table). Then the game-over check ("can any tray block go anywhere?") that runs after every
 * placement, on the blocked 20 x 20 boards that end games. Ours tests fits on row bitmasks (core/grid.ts); the
 * baseline is the straightforward version a first implementation would write: for every block and
 * every board position, look up each of its cells in the board's strings. `puzzle.ai.worst`: the
 * search's CPU time on the worst positions found (puzzle-worst.ts), which the work limit bounds.
 */
import { boardFromText } from "../src/core/grid.js";
import { nextInt, seedRng } from "../src/core/rng.js";
import { DEFAULT_WEIGHTS, type Weights } from "../src/games/puzzle/evaluate.js";
import { apply, canAnyFit, legal, newGame } from "../src/games/puzzle/rules.js";
import { searchTray } from "../src/games/puzzle/search.js";
import type { PuzzleConfig, PuzzleState, TrayBlock } from "../src/games/puzzle/types.js";
import { WORST_POSITIONS } from "../src/games/puzzle/worst-positions.js";
import { type Benchmark, type Figure, opsPerSecond, rate, worstPositionsCpu } from "./harness.js";
import { loadPosition } from "./puzzle-worst.js";

/** A game played by the computer player to its end (or `cap` placements); the positions where a tray began. */
export function playGame(
  config: PuzzleConfig,
  seed: number,
  weights: Readonly<Weights> = DEFAULT_WEIGHTS,
  cap = Number.POSITIVE_INFINITY,
): { placements: number; score: number; capped: boolean; trays: PuzzleState[] } {
  let state = newGame(config, seed);
  let placements = 0;
  const trays: PuzzleState[] = [];
  while (!state.over && placements < cap) {
    if (state.tray.every((b) => b !== null)) trays.push(state);
    const plan = searchTray(boardFromText(state.board), config.cols, state.tray, weights);
    const move = plan?.moves[0];
    if (!move) throw new Error("the search found nothing in a running game");
    const r = apply(state, { cmd: "place", piece: move.piece, row: move.row, col: move.col });
    if (!r.ok) throw new Error(`the search's move was refused: ${r.error.message}`);
    state = r.state;
    placements++;
  }
  return { placements, score: state.score, capped: !state.over, trays };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Games per size: a quick look by default (a 10 x 10 game lasts about a thousand placements). */
function gamesFor(rows: number): number {
  const fallback = rows <= 8 ? 6 : 2;
  return Math.max(1, Number(process.env.BENCH_GAMES ?? fallback) || fallback);
}
/** Placements after which a game is stopped (counted in the `capped` figure). */
const CAP = Math.max(1, Number(process.env.BENCH_CAP ?? 3000) || 3000);

/** Strength over seeded games 1..GAMES, and search speed on the trays those games met. */
function computerPlayer(rows: number, cols: number): Figure[] {
  const name = `puzzle.ai.${rows}x${cols}`;
  const GAMES = gamesFor(rows);
  const games = Array.from({ length: GAMES }, (_, i) =>
    playGame({ rows, cols }, i + 1, DEFAULT_WEIGHTS, CAP),
  );
  const placements = games.map((g) => g.placements);
  const scores = games.map((g) => g.score);
  // Every 7th tray of the first games: real boards, from empty to nearly blocked.
  const trays = games.flatMap((g) => g.trays.filter((_, i) => i % 7 === 0)).slice(0, 300);
  const held = trays.map((s) => ({ masks: boardFromText(s.board), tray: s.tray }));
  let exact = 0;
  for (const p of held) if (searchTray(p.masks, cols, p.tray)?.exact) exact++;
  const searches = opsPerSecond(() => {
    for (const p of held) searchTray(p.masks, cols, p.tray);
    return held.length;
  }, 2000);
  const plain = (suffix: string, value: number, unit: string): Figure => ({
    name: `${name}.${suffix}`,
    value: Math.round(value * 10) / 10,
    unit,
  });
  return [
    plain("searches", searches, "whole-tray searches/s"),
    plain(
      "searches.exact",
      (100 * exact) / Math.max(1, held.length),
      "% of those trays searched exhaustively",
    ),
    plain("placements.mean", mean(placements), `placements (mean of ${GAMES} games)`),
    plain("placements.median", median(placements), `placements (median of ${GAMES} games)`),
    plain("score.mean", mean(scores), `points (mean of ${GAMES} games)`),
    plain("score.median", median(scores), `points (median of ${GAMES} games)`),
    plain("capped", games.filter((g) => g.capped).length, `games stopped at ${CAP} placements`),
  ];
}

function naiveCanAnyFit(board: readonly string[], tray: readonly (TrayBlock | null)[]): boolean {
  const rows = board.length;
  const cols = board[0]?.length ?? 0;
  for (const block of tray) {
    if (block === null) continue;
    const h = block.shape.length;
    const w = block.shape[0]?.length ?? 0;
    for (let r = 0; r + h <= rows; r++) {
      for (let c = 0; c + w <= cols; c++) {
        let fits = true;
        for (let i = 0; i < h && fits; i++) {
          for (let j = 0; j < w; j++) {
            if (block.shape[i]?.[j] === "#" && board[r + i]?.[c + j] !== ".") {
              fits = false;
              break;
            }
          }
        }
        if (fits) return true;
      }
    }
  }
  return false;
}

/**
 * The final positions of seeded random games on 20 x 20, with the tray that ended them: the check
 * must try every block at every position and find nothing, which is the case that costs.
 */
function positions(count: number): { board: string[]; tray: (TrayBlock | null)[] }[] {
  const rng = seedRng(2024);
  const out: { board: string[]; tray: (TrayBlock | null)[] }[] = [];
  for (let g = 0; out.length < count; g++) {
    let state: PuzzleState = newGame({ rows: 20, cols: 20 }, g);
    while (!state.over) {
      const moves = legal(state);
      const r = apply(state, moves[nextInt(rng, moves.length)] ?? { cmd: "place", piece: 0, row: 0, col: 0 });
      if (!r.ok) break;
      state = r.state;
    }
    out.push({ board: state.board, tray: state.tray });
  }
  return out;
}

/**
 * The cost of one hint where the search is largest: every tray of a 20 x 20 game the computer plays
 * (300 placements), each search timed on its own, in wall time and in this process's CPU time (on a
 * busy shared machine the CPU time is what the search itself costs).
 */
function hintTimes(): Figure[] {
  const { trays } = playGame({ rows: 20, cols: 20 }, 1, DEFAULT_WEIGHTS, 300);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const s of trays) {
    const masks = boardFromText(s.board);
    const start = performance.now();
    const used = process.cpuUsage();
    searchTray(masks, 20, s.tray);
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const at = (xs: number[], q: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
  };
  const unit = `ms per three-block search (${trays.length} trays)`;
  return [
    { name: "puzzle.ai.20x20.hint.median", value: at(wall, 0.5), unit },
    { name: "puzzle.ai.20x20.hint.max", value: at(wall, 1), unit },
    { name: "puzzle.ai.20x20.hint.cpu.median", value: at(cpu, 0.5), unit: `CPU ${unit}` },
    { name: "puzzle.ai.20x20.hint.cpu.p95", value: at(cpu, 0.95), unit: `CPU ${unit}` },
    { name: "puzzle.ai.20x20.hint.cpu.max", value: at(cpu, 1), unit: `CPU ${unit}` },
  ];
}

/** CPU milliseconds of one search on the worst positions found (worst-positions.ts). */
function worstSearches(): Figure[] {
  const runs = WORST_POSITIONS.map((position) => {
    const state = loadPosition(position);
    const masks = boardFromText(state.board);
    return () => {
      searchTray(masks, state.config.cols, state.tray);
    };
  });
  return worstPositionsCpu("puzzle.ai.worst", "search", runs);
}

export const benchmarks: Benchmark[] = [
  { name: "puzzle.ai.worst", run: worstSearches },
  { name: "puzzle.ai.20x20", run: hintTimes },
  { name: "puzzle.ai.8x8", run: () => computerPlayer(8, 8) },
  { name: "puzzle.ai.10x10", run: () => computerPlayer(10, 10) },
  {
    name: "puzzle",
    run() {
      const cases = positions(60);
      let agree = 0;
      for (const p of cases)
        if (canAnyFit(boardFromText(p.board), 20, p.tray) === naiveCanAnyFit(p.board, p.tray)) agree++;
      if (agree !== cases.length) throw new Error("the bitmask and naive checks disagree");
      const ours = opsPerSecond(() => {
        let n = 0;
        for (const p of cases) if (canAnyFit(boardFromText(p.board), 20, p.tray)) n++;
        return n >= 0 ? cases.length : 0;
      });
      const naive = opsPerSecond(() => {
        let n = 0;
        for (const p of cases) if (naiveCanAnyFit(p.board, p.tray)) n++;
        return n >= 0 ? cases.length : 0;
      });
      // What `place` does: its row masks already follow the board, so no text is read.
      const held = cases.map((p) => ({ masks: boardFromText(p.board), tray: p.tray }));
      const fromMasks = opsPerSecond(() => {
        let n = 0;
        for (const p of held) if (canAnyFit(p.masks, 20, p.tray)) n++;
        return n >= 0 ? held.length : 0;
      });
      return [
        rate("puzzle.gameOverChecks.20x20.blocked", ours, "checks/s", "naive string-grid scan", naive),
        rate(
          "puzzle.gameOverChecks.20x20.blocked.heldMasks",
          fromMasks,
          "checks/s",
          "naive string-grid scan",
          naive,
        ),
      ];
    },
  },
];
