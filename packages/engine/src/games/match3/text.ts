/**
 * Text forms of a Match-3 position: the picture-like field the terminal shows and tests pin (one
 * line per row, one character per cell, `.` for an empty cell: docs/games/match3.md "Display"), and
 * `toText`, the whole position with the queue and the score.
 */
import { boardWidth } from "./field.js";
import type { GameOverReason, Match3State } from "./types.js";

export interface FieldTextOptions {
  /** Wraps each active cell in these strings (e.g. ANSI inverse video on a terminal). */
  highlight?: { before: string; after: string };
}

/** Marks the rows holding the active brick, after the row's cells. */
export const ACTIVE_ROW_MARK = "  <";
/** In the line under the field: `=` under the active brick's columns, `-` elsewhere. */
export const ACTIVE_COLUMN_MARK = "=";
export const OTHER_COLUMN_MARK = "-";

/**
 * The field with the active brick drawn over the stationary cells. The active cells keep their
 * symbols; they stand out by a `<` after their rows and `=` under their columns in a ruler line,
 * which together pin down a straight brick, plus an optional highlight for terminals with colour.
 */
export function fieldText(
  state: Pick<Match3State, "board" | "active">,
  options: FieldTextOptions = {},
): string[] {
  const width = boardWidth(state.board);
  const activeAt = new Map<number, string>();
  const activeRows = new Set<number>();
  const activeCols = new Set<number>();
  for (const [r, c, s] of state.active?.cells ?? []) {
    activeAt.set(r * width + c, s);
    activeRows.add(r);
    activeCols.add(c);
  }
  const { before = "", after = "" } = options.highlight ?? {};
  const lines = state.board.map((row, r) => {
    if (!activeRows.has(r)) return row;
    let line = "";
    for (let c = 0; c < width; c++) {
      const symbol = activeAt.get(r * width + c);
      line += symbol === undefined ? row[c] : `${before}${symbol}${after}`;
    }
    return line + ACTIVE_ROW_MARK;
  });
  let ruler = "";
  for (let c = 0; c < width; c++) ruler += activeCols.has(c) ? ACTIVE_COLUMN_MARK : OTHER_COLUMN_MARK;
  lines.push(ruler);
  return lines;
}

/** Why a game ended, in the words the terminal and the browser use. */
export function endReasonText(reason: GameOverReason | undefined, next: string | undefined): string {
  if (reason === "topped-out") return "the floor rose under a full column";
  return reason === "spawn-blocked" ? `the next brick ${next ?? ""} has no room to spawn` : "no bricks left";
}

/**
 * Arcade's counters in one line: the level, the cells removed and the combo
 * (docs/games/match3.md "Arcade mode").
 */
export function arcadeStatusText(state: Match3State): string {
  return `level: ${state.level ?? 1}  cells removed: ${state.cells ?? 0}  combo: ${state.combo ?? 0}  bricks: ${state.placed ?? 0}`;
}

/** The whole position: the field with its active brick, the bricks still queued, the score. */
export function toText(state: Match3State): string {
  const lines = fieldText(state);
  if (state.config.mode === "arcade") {
    // Arcade's queue is the preview of an endless stream; the level and counters follow the score.
    lines.push(`next: ${state.queue.join(" ")}`, `score: ${state.score}`, arcadeStatusText(state));
    if (state.over) lines.push(`over: ${endReasonText(state.reason, state.queue[0])}`);
    return lines.join("\n");
  }
  lines.push(`queue: ${state.queue.length === 0 ? "(empty)" : state.queue.join(" ")}`);
  lines.push(`score: ${state.score}`);
  if (state.over) lines.push(`over: ${endReasonText(state.reason, state.queue[0])}`);
  return lines.join("\n");
}
