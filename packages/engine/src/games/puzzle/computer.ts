/**
 * Block Puzzle's computer player (docs/games/puzzle.md "Computer player"): the first placement of
 * the best whole-tray sequence (search.ts), with a reason a player reads.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { boardFromText } from "../../core/grid.js";
import { searchTray, type TrayPlan } from "./search.js";
import type { PuzzleCommand, PuzzleState } from "./types.js";

function lines(n: number): string {
  return n === 1 ? "1 line" : `${n} lines`;
}

/**
 * Short words for why the plan's first placement is played (at most 200 characters); where it goes
 * is the command's, so each front end says it its own way (the terminal's rows start at 0, the web's
 * spoken ones at 1).
 */
export function reasonOf(plan: TrayPlan): string {
  const [first] = plan.moves;
  if (!first) return "";
  if (plan.moves.length < plan.blocks) {
    return `only ${plan.moves.length} of the ${plan.blocks} blocks fit in any order`;
  }
  if (first.lines > 0) return `clears ${lines(first.lines)} for ${first.points} points`;
  const later = plan.moves.slice(1).reduce((n, m) => n + m.lines, 0);
  if (later > 0) {
    const rest = plan.moves.length === 2 ? "the next block" : "the blocks after it";
    return `sets up ${lines(later)} for ${rest}`;
  }
  return plan.moves.length === 1
    ? "keeps the board most open for the next tray"
    : `leaves room for all ${plan.moves.length} blocks and keeps the board open`;
}

export function hint(state: PuzzleState): Result<Hint<PuzzleCommand>> {
  if (state.over) return fail("GAME_OVER", "the game is over: start a new one");
  const plan = searchTray(boardFromText(state.board), state.config.cols, state.tray);
  const first = plan?.moves[0];
  if (!plan || !first) return fail("ILLEGAL_MOVE", "no block in the tray fits anywhere");
  return ok({
    commands: [{ cmd: "place", piece: first.piece, row: first.row, col: first.col }],
    reason: reasonOf(plan),
  });
}
