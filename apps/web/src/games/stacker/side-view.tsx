/** The hold box and the next pieces beside the board: small canvases, one piece each. */
import type { PieceType } from "@blockarcade/engine/games/stacker";
import { useLayoutEffect, useRef } from "preact/hooks";
import { drawMini } from "./render";

function MiniPiece(props: { type: PieceType | null; dim?: boolean; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const draw = () => {
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.round(canvas.clientWidth * dpr);
      canvas.height = Math.round(canvas.clientHeight * dpr);
      const ctx = canvas.getContext("2d");
      if (ctx) drawMini(ctx, props.type, canvas.width, canvas.height, props.dim);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [props.type, props.dim]);
  return <canvas ref={ref} class="stacker-mini" data-testid={props.testId} data-piece={props.type ?? ""} />;
}

export function HoldView(props: { hold: PieceType | null; canHold: boolean }) {
  return (
    <aside class="stacker-side stacker-side-hold" aria-label="Hold">
      <span class="stacker-side-label">Hold</span>
      <MiniPiece type={props.hold} dim={!props.canHold} testId="stacker-hold" />
    </aside>
  );
}

export function NextView(props: { next: readonly PieceType[] }) {
  return (
    <aside class="stacker-side stacker-side-next" aria-label="Next pieces">
      <span class="stacker-side-label">Next</span>
      {props.next.map((type, i) => (
        <MiniPiece key={i} type={type} testId={`stacker-next-${i}`} />
      ))}
    </aside>
  );
}

export function Stat(props: { label: string; value: number; testid: string }) {
  return (
    <div class="stacker-stat">
      <span class="stacker-stat-label">{props.label}</span>
      <span class="stacker-stat-value" data-testid={props.testid}>
        {props.value}
      </span>
    </div>
  );
}
