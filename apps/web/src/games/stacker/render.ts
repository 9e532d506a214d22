/**
 * Canvas drawing of the board: locked cells by their piece's colour, the ghost as an outline, the
 * falling piece on top. Drawn only when something changed, so a phone keeps 60 fps easily.
 */
import {
  type Cell,
  ghostCells,
  type PieceType,
  type StackerState,
  spawnCells,
} from "@blockarcade/engine/games/stacker";

export const PIECE_COLOURS: Record<PieceType, string> = {
  I: "#31c7ef",
  O: "#f7d308",
  T: "#ad4d9c",
  S: "#42b642",
  Z: "#ef2029",
  J: "#5a65ad",
  L: "#ef7921",
};
const GARBAGE = "#8899aa";
const BACKGROUND = "#0f1b30";
const GRID = "#1e2d4a";

function colourOf(ch: string): string {
  return PIECE_COLOURS[ch.toUpperCase() as PieceType] ?? GARBAGE;
}

function block(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, colour: string): void {
  const inset = size >= 12 ? 1 : 0;
  ctx.fillStyle = colour;
  ctx.fillRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset);
  if (size >= 10) {
    // A lighter top-left edge gives the blocks some depth without images.
    const edge = Math.max(2, Math.floor(size / 7));
    ctx.fillStyle = "rgba(255,255,255,0.28)";
    ctx.fillRect(x + inset, y + inset, size - 2 * inset, edge);
    ctx.fillRect(x + inset, y + inset, edge, size - 2 * inset);
    ctx.fillStyle = "rgba(0,0,0,0.22)";
    ctx.fillRect(x + inset, y + size - inset - edge, size - 2 * inset, edge);
  }
}

export interface DrawOptions {
  /** Rows that have just been cleared, flashed for a moment (rows of the board before the clear). */
  flash?: readonly number[];
  /** The computer player's target for the piece: drawn white and dashed, unlike the ghost. */
  hint?: readonly Cell[];
}

const HINT_FILL = "rgba(255,255,255,0.22)";
const HINT_LINE = "#ffffff";

/** Draws the whole board into a canvas of size x size cells of `cell` device pixels. */
export function drawBoard(
  ctx: CanvasRenderingContext2D,
  state: StackerState,
  cell: number,
  options: DrawOptions = {},
): void {
  const size = state.config.size;
  const px = size * cell;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, px, px);
  ctx.fillStyle = GRID;
  for (let i = 1; i < size; i++) {
    ctx.fillRect(i * cell, 0, 1, px);
    ctx.fillRect(0, i * cell, px, 1);
  }
  for (let r = 0; r < size; r++) {
    const row = state.board[r] as string;
    for (let c = 0; c < size; c++) {
      const ch = row[c] as string;
      if (ch !== ".") block(ctx, c * cell, r * cell, cell, colourOf(ch));
    }
  }
  const active = state.active;
  if (active) {
    const colour = PIECE_COLOURS[active.type];
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1, Math.floor(cell / 10));
    ctx.globalAlpha = 0.55;
    const lw = ctx.lineWidth;
    for (const [r, c] of ghostCells(state)) {
      ctx.strokeRect(c * cell + lw / 2 + 1, r * cell + lw / 2 + 1, cell - lw - 2, cell - lw - 2);
    }
    ctx.globalAlpha = 1;
    if (options.hint && options.hint.length > 0) {
      // A white, dashed target over the ghost: the ghost is where the piece falls now, this is where
      // the computer would put it.
      const lw = Math.max(2, Math.floor(cell / 8));
      ctx.fillStyle = HINT_FILL;
      ctx.strokeStyle = HINT_LINE;
      ctx.lineWidth = lw;
      ctx.setLineDash([Math.max(2, Math.floor(cell / 5)), Math.max(2, Math.floor(cell / 8))]);
      for (const [r, c] of options.hint) {
        ctx.fillRect(c * cell + 1, r * cell + 1, cell - 2, cell - 2);
        ctx.strokeRect(c * cell + lw / 2 + 1, r * cell + lw / 2 + 1, cell - lw - 2, cell - lw - 2);
      }
      ctx.setLineDash([]);
    }
    for (const [r, c] of active.cells) block(ctx, c * cell, r * cell, cell, colour);
  }
  if (options.flash && options.flash.length > 0) {
    ctx.fillStyle = "rgba(255,255,255,0.35)";
    for (const r of options.flash) ctx.fillRect(0, r * cell, px, cell);
  }
}

/** A piece in its spawn orientation, centred in a small canvas (next and hold boxes). */
export function drawMini(
  ctx: CanvasRenderingContext2D,
  type: PieceType | null,
  width: number,
  height: number,
  dim = false,
): void {
  ctx.clearRect(0, 0, width, height);
  if (!type) return;
  const cells = spawnCells(type, 4);
  const cols = cells.map(([, c]) => c);
  const rows = cells.map(([r]) => r);
  const w = Math.max(...cols) - Math.min(...cols) + 1;
  const h = Math.max(...rows) - Math.min(...rows) + 1;
  const cell = Math.floor(Math.min(width / 4.5, height / 2.5));
  const x0 = (width - w * cell) / 2 - Math.min(...cols) * cell;
  const y0 = (height - h * cell) / 2 - Math.min(...rows) * cell;
  ctx.globalAlpha = dim ? 0.35 : 1;
  for (const [r, c] of cells) block(ctx, x0 + c * cell, y0 + r * cell, cell, PIECE_COLOURS[type]);
  ctx.globalAlpha = 1;
}
