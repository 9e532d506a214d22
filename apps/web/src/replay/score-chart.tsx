/** The score over the game as a small line chart, the shown move marked; a click jumps to a move. */
import { t } from "./messages";

const W = 320;
const H = 64;
const PAD = 4;

export function ScoreChart(props: { scores: readonly number[]; at: number; onSeek: (step: number) => void }) {
  const { scores, at } = props;
  const last = Math.max(1, scores.length - 1);
  const top = Math.max(1, ...scores);
  const x = (i: number) => PAD + (i / last) * (W - 2 * PAD);
  const y = (s: number) => H - PAD - (s / top) * (H - 2 * PAD);
  const points = scores.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(" ");
  const seek = (e: MouseEvent) => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    if (box.width <= 0) return;
    const fraction = (e.clientX - box.left) / box.width;
    props.onSeek(Math.round(Math.min(1, Math.max(0, fraction)) * last));
  };
  const score = scores[at] ?? 0;
  // The line stretches with the page; the dot is drawn over it so it stays round.
  const dot = { left: `${(x(at) / W) * 100}%`, top: `${(y(score) / H) * 100}%` };
  return (
    <div class="replay-chart-box">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the scrubber and the arrow keys are the keyboard's way to a move. */}
      <svg
        class="replay-chart"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t("chart", { end: scores[scores.length - 1] ?? 0, score })}
        data-testid="replay-chart"
        onClick={seek}
      >
        <polyline class="replay-chart-line" points={points} fill="none" vector-effect="non-scaling-stroke" />
        <line
          class="replay-chart-at"
          x1={x(at)}
          x2={x(at)}
          y1={PAD / 2}
          y2={H - PAD / 2}
          vector-effect="non-scaling-stroke"
        />
      </svg>
      <span class="replay-chart-dot" style={dot} data-testid="replay-chart-at" />
    </div>
  );
}
