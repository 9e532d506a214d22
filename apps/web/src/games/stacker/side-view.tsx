/**
 * The hold box and the next pieces beside the board (small canvases, one piece each), and the
 * stats bar above it with the pause button.
 */
import type { PieceType, StackerState } from "@blockarcade/engine/games/stacker";
import { useLayoutEffect, useRef } from "preact/hooks";
import { ariaKeyShortcuts, useKeyBindings } from "../../shell/key-bindings";
import { useColourBlind } from "../../shell/look";
import { t } from "./messages";
import { drawMini } from "./render";

function MiniPiece(props: { type: PieceType | null; dim?: boolean; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const colourBlind = useColourBlind("stacker");
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const draw = () => {
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.round(canvas.clientWidth * dpr);
      canvas.height = Math.round(canvas.clientHeight * dpr);
      const ctx = canvas.getContext("2d");
      if (ctx) drawMini(ctx, props.type, canvas.width, canvas.height, props.dim, colourBlind);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [props.type, props.dim, colourBlind]);
  return <canvas ref={ref} class="stacker-mini" data-testid={props.testId} data-piece={props.type ?? ""} />;
}

export function HoldView(props: { hold: PieceType | null; canHold: boolean }) {
  return (
    <aside class="stacker-side stacker-side-hold" aria-label={t("hold")}>
      <span class="stacker-side-label">{t("hold")}</span>
      <MiniPiece type={props.hold} dim={!props.canHold} testId="stacker-hold" />
    </aside>
  );
}

export function NextView(props: { next: readonly PieceType[] }) {
  return (
    <aside class="stacker-side stacker-side-next" aria-label={t("nextPieces")}>
      <span class="stacker-side-label">{t("next")}</span>
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

/** Score, level, lines and best above the board, with the pause button. */
export function StatsBar(props: { state: StackerState; best: number; paused: boolean; onPause: () => void }) {
  const { state, paused } = props;
  useKeyBindings();
  return (
    <header class="stacker-stats">
      <Stat label={t("score")} value={state.score} testid="stacker-score" />
      <Stat label={t("level")} value={state.level} testid="stacker-level" />
      <Stat label={t("lines")} value={state.lines} testid="stacker-lines" />
      <Stat label={t("bestLabel")} value={Math.max(props.best, state.score)} testid="stacker-best" />
      <button
        type="button"
        class="icon-button stacker-pause-button"
        aria-label={paused ? t("resume") : t("pause")}
        aria-keyshortcuts={ariaKeyShortcuts("stacker", "pause")}
        data-testid="stacker-pause"
        // A mouse click leaves focus where it was (Space is the game's anyway, see isGameKey).
        onPointerDown={(e) => e.preventDefault()}
        onClick={props.onPause}
      >
        <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
      </button>
    </header>
  );
}
