/**
 * Block Puzzle: the game-over check ("can any tray block go anywhere?") that runs after every
 * placement, on the blocked 20 x 20 boards that end games. Ours tests fits on row bitmasks (core/grid.ts); the
 * baseline is the straightforward version a first implementation would write: for every block and
 * every board position, look up each of its cells in the board's strings.
 */
import { boardFromText } from "../src/core/grid.js";
import { nextInt, seedRng } from "../src/core/rng.js";
import { apply, canAnyFit, legal, newGame } from "../src/games/puzzle/rules.js";
import type { PuzzleState, TrayBlock } from "../src/games/puzzle/types.js";
import { type Benchmark, opsPerSecond, rate } from "./harness.js";

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

export const benchmarks: Benchmark[] = [
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
