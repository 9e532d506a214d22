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

import { inkOn } from "../../shell/ink";
import { CUE, pieceColours } from "./colours";

const GARBAGE = "#8899aa";
/** The well and its grid lines in the dark and light themes (shell/look.ts). */
const WELL = { dark: ["#0f1b30", "#1e2d4a"], light: ["#dfe5ee", "#c3ccd9"] } as const;

/** A cell's fill, and in colour-blind mode its piece's letter (garbage has none). */
interface Paint {
  colour: string;
  cue?: string;
}

function paintOf(ch: string, colourBlind: boolean): Paint {
  const type = ch.toUpperCase() as PieceType;
  const colour = pieceColours(colourBlind)[type];
  if (!colour) return { colour: GARBAGE };
  return colourBlind ? { colour, cue: CUE[type] } : { colour };
}

function block(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, paint: Paint): void {
  const colour = paint.colour;
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
  if (paint.cue && size >= 10) {
    ctx.fillStyle = inkOn(colour);
    ctx.font = `800 ${Math.round(size * 0.6)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(paint.cue, x + size / 2, y + size / 2 + 1);
  }
}

export interface DrawOptions {
  /** Rows that have just been cleared, flashed for a moment (rows of the board before the clear). */
  flash?: readonly number[];
  /** The computer player's target for the piece: drawn white and dashed, unlike the ghost. */
  hint?: readonly Cell[];
  /** The colour-blind palette, with each piece's letter in its cells. */
  colourBlind?: boolean;
  theme?: "light" | "dark";
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
  const cb = options.colourBlind === true;
  const px = size * cell;
  const [well, grid] = WELL[options.theme ?? "dark"];
  ctx.fillStyle = well;
  ctx.fillRect(0, 0, px, px);
  ctx.fillStyle = grid;
  for (let i = 1; i < size; i++) {
    ctx.fillRect(i * cell, 0, 1, px);
    ctx.fillRect(0, i * cell, px, 1);
  }
  for (let r = 0; r < size; r++) {
    const row = state.board[r] as string;
    for (let c = 0; c < size; c++) {
      const ch = row[c] as string;
      if (ch !== ".") block(ctx, c * cell, r * cell, cell, paintOf(ch, cb));
    }
  }
  const active = state.active;
  if (active) {
    const paint = paintOf(active.type, cb);
    const colour = paint.colour;
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
      ctx.strokeStyle = options.theme === "light" ? "#1f2430" : HINT_LINE;
      ctx.lineWidth = lw;
      ctx.setLineDash([Math.max(2, Math.floor(cell / 5)), Math.max(2, Math.floor(cell / 8))]);
      for (const [r, c] of options.hint) {
        ctx.fillRect(c * cell + 1, r * cell + 1, cell - 2, cell - 2);
        ctx.strokeRect(c * cell + lw / 2 + 1, r * cell + lw / 2 + 1, cell - lw - 2, cell - lw - 2);
      }
      ctx.setLineDash([]);
    }
    for (const [r, c] of active.cells) block(ctx, c * cell, r * cell, cell, paint);
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
  colourBlind = false,
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
  for (const [r, c] of cells) block(ctx, x0 + c * cell, y0 + r * cell, cell, paintOf(type, colourBlind));
  ctx.globalAlpha = 1;
}
