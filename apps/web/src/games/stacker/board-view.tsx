/**
 * The board: a canvas that fills the space it is given (whole device pixels per cell, at most 2 per
 * CSS pixel), redrawn when the position or the flash changes. The canvas carries the shown position
 * as JSON in `data-state` for browser tests and tools (the picture itself is opaque), the hint's
 * target among it.
 */
import type { Cell, StackerState } from "@blockarcade/engine/games/stacker";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { useColourBlind, useTheme } from "../../shell/look";
import { t } from "./messages";
import { drawBoard } from "./render";

export interface BoardViewProps {
  state: StackerState;
  /** Rows just cleared, flashed for a moment. */
  flash: readonly number[];
  /** The computer player's target for the piece, when a hint or Watch shows one. */
  hint?: readonly Cell[];
  onPointerDown?: (event: PointerEvent) => void;
  onPointerMove?: (event: PointerEvent) => void;
  onPointerUp?: (event: PointerEvent) => void;
  onPointerCancel?: (event: PointerEvent) => void;
}

export function BoardView(props: BoardViewProps) {
  const { state, flash, hint } = props;
  const size = state.config.size;
  const wrapRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [cellPx, setCellPx] = useState(0);
  const colourBlind = useColourBlind("stacker");
  const theme = useTheme();

  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const board = boardRef.current;
    if (!wrap || !board) return;
    const fit = () => {
      // Past 2 device pixels per CSS pixel a phone only spends fill rate on detail nobody sees.
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      const css = Math.max(4, Math.floor(Math.min(wrap.clientWidth, wrap.clientHeight) / size));
      board.style.width = `${css * size}px`;
      board.style.height = `${css * size}px`;
      setCellPx(Math.max(1, Math.round(css * dpr)));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [size]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || cellPx === 0) return;
    if (canvas.width !== cellPx * size) {
      canvas.width = cellPx * size;
      canvas.height = cellPx * size;
    }
    const ctx = canvas.getContext("2d");
    if (ctx) drawBoard(ctx, state, cellPx, { flash, hint, colourBlind, theme });
    canvas.dataset.state = JSON.stringify({
      board: state.board,
      active: state.active,
      next: state.next,
      hold: state.hold,
      score: state.score,
      lines: state.lines,
      level: state.level,
      over: state.over,
      hint: hint ?? null,
    });
    canvas.dataset.colourBlind = String(colourBlind);
  }, [state, flash, hint, cellPx, size, colourBlind, theme]);

  return (
    <div
      class="stacker-board-wrap"
      ref={wrapRef}
      onPointerDown={props.onPointerDown}
      onPointerMove={props.onPointerMove}
      onPointerUp={props.onPointerUp}
      onPointerCancel={props.onPointerCancel}
    >
      <div class="stacker-board" ref={boardRef}>
        <canvas
          ref={canvasRef}
          class="stacker-canvas"
          data-testid="stacker-board"
          role="img"
          aria-label={t("board", { size })}
        />
      </div>
    </div>
  );
}
