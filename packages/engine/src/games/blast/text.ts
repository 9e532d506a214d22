/**
 * The text form of a Block Blast position: what the terminal shows, what golden replays pin and
 * what a bug report quotes (docs/games/blast.md "Text form").
 */
import { GRID_SIZE } from "./constants.js";
import type { BlastState, TraySlot } from "./types.js";

/** The tray side by side, each piece under its number, `.` cells shown as blanks. */
export function trayToText(tray: readonly TraySlot[]): string[] {
  const columns = tray.map((slot, i) => {
    const body = slot === null ? ["(placed)"] : slot.shape.map((row) => row.replaceAll(".", " "));
    return [`[${i}]`, ...body];
  });
  const height = Math.max(...columns.map((c) => c.length));
  const widths = columns.map((c) => Math.max(...c.map((l) => l.length)));
  const lines: string[] = [];
  for (let r = 0; r < height; r++) {
    const parts = columns.map((c, i) => (c[r] ?? "").padEnd(widths[i] as number));
    lines.push(parts.join("   ").trimEnd());
  }
  return lines;
}

/** The whole position: score, streak, counters, the numbered board and the tray. */
export function toText(state: BlastState): string {
  const header = `score ${state.score}  streak ${state.streak}  moves since clear ${state.movesSinceLastClear}  revives ${state.revivesLeft}${state.over ? "  GAME OVER" : ""}`;
  const cols = Array.from({ length: GRID_SIZE }, (_, c) => String(c)).join("");
  const board = state.board.map((line, r) => `${r} ${line}`);
  return [header, `  ${cols}`, ...board, "", ...trayToText(state.tray)].join("\n");
}
