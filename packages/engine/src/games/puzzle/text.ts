/**
 * A picture-like text form of a Block Puzzle position (the definition's `toText`): what the terminal
 * shows, what golden replays pin. The score line, the board with column and row numbers, then the
 * tray's blocks side by side in their colour letters.
 */
import { BLOCK_COLOURS, COLOUR_LETTERS, PLAIN_FILLED } from "./constants.js";
import type { PuzzleState, TrayBlock } from "./types.js";

/** The board's letter for a block's colour. */
export function letterOf(block: TrayBlock): string {
  return COLOUR_LETTERS[BLOCK_COLOURS.indexOf(block.colour)] ?? PLAIN_FILLED;
}

/** The board, one line per row, with column numbers (last digit) on top and row numbers on the left. */
export function boardToPicture(board: readonly string[]): string[] {
  const cols = board[0]?.length ?? 0;
  const header = `    ${Array.from({ length: cols }, (_, c) => String(c % 10)).join(" ")}`;
  return [header, ...board.map((line, r) => `${String(r).padStart(2)}  ${[...line].join(" ")}`)];
}

/** The tray's blocks side by side under their numbers (1-3); a placed block shows as "-". */
export function trayToPicture(tray: readonly (TrayBlock | null)[]): string[] {
  const columns = tray.map((block, i) => {
    const lines = block === null ? ["-"] : block.shape.map((row) => row.replaceAll("#", letterOf(block)));
    return [`[${i + 1}]`, ...lines];
  });
  const height = Math.max(...columns.map((c) => c.length));
  const widths = columns.map((c) => Math.max(...c.map((l) => l.length)));
  const out: string[] = [];
  for (let r = 0; r < height; r++) {
    out.push(
      columns
        .map((c, i) => (c[r] ?? "").padEnd(widths[i] ?? 0))
        .join("   ")
        .trimEnd(),
    );
  }
  return out;
}

/** The whole position as text: score, round and lines, the board, the tray. */
export function toText(state: PuzzleState): string {
  const status = state.over ? "  GAME OVER" : "";
  return [
    `Score ${state.score}   Round ${state.round}   Lines ${state.lines}${status}`,
    ...boardToPicture(state.board),
    "",
    ...trayToPicture(state.tray),
  ].join("\n");
}
