/** Small pictures of each game for the home cards, drawn in SVG. */
import type { GameId } from "@blockarcade/engine/core";
import type { JSX } from "preact";

type Cell = [number, number, string];

function Cells({ cells, size, n, empty }: { cells: Cell[]; size: number; n: number; empty: string }) {
  const step = size / n;
  const grid: Cell[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) grid.push([r, c, empty]);
  return (
    <>
      {grid.map(([r, c, fill]) => (
        <rect
          key={`e${r}-${c}`}
          x={c * step + 1}
          y={r * step + 1}
          width={step - 2}
          height={step - 2}
          rx={step / 6}
          fill={fill}
        />
      ))}
      {cells.map(([r, c, fill]) => (
        <rect
          key={`${r}-${c}`}
          x={c * step + 1}
          y={r * step + 1}
          width={step - 2}
          height={step - 2}
          rx={step / 6}
          fill={fill}
        />
      ))}
    </>
  );
}

const BLAST: Cell[] = [
  [5, 0, "#e74c3c"],
  [5, 1, "#e74c3c"],
  [6, 0, "#e74c3c"],
  [7, 0, "#3498db"],
  [7, 1, "#3498db"],
  [7, 2, "#3498db"],
  [6, 5, "#f1c40f"],
  [7, 5, "#f1c40f"],
  [7, 6, "#f1c40f"],
  [7, 7, "#9b59b6"],
  [6, 7, "#9b59b6"],
  [2, 3, "#2ecc71"],
  [3, 3, "#2ecc71"],
  [3, 4, "#2ecc71"],
  [4, 4, "#1abc9c"],
  [4, 5, "#1abc9c"],
];
const PUZZLE: Cell[] = [
  [4, 0, "#0000FF"],
  [5, 0, "#0000FF"],
  [5, 1, "#0000FF"],
  [5, 3, "#FF0000"],
  [5, 4, "#FF0000"],
  [4, 4, "#FF0000"],
  [2, 2, "#00FF00"],
  [2, 3, "#00FF00"],
  [1, 1, "#FFA500"],
  [0, 5, "#800080"],
  [1, 5, "#800080"],
  [3, 5, "#00FFFF"],
];
const STACKER: Cell[] = [
  [1, 2, "#a000f0"],
  [2, 1, "#a000f0"],
  [2, 2, "#a000f0"],
  [2, 3, "#a000f0"],
  [5, 0, "#00c0f0"],
  [5, 1, "#f0a000"],
  [5, 2, "#f0a000"],
  [5, 3, "#f0f000"],
  [5, 4, "#f0f000"],
  [4, 3, "#f0f000"],
  [4, 4, "#f0f000"],
  [4, 0, "#00c0f0"],
  [3, 0, "#00c0f0"],
  [4, 5, "#00f000"],
  [5, 5, "#00f000"],
];
const MATCH3: Cell[] = [
  [0, 2, "#ff6b6b"],
  [1, 2, "#4ecdc4"],
  [2, 2, "#ffe66d"],
  [5, 0, "#4ecdc4"],
  [5, 1, "#4ecdc4"],
  [5, 2, "#ff6b6b"],
  [5, 3, "#c77dff"],
  [4, 3, "#c77dff"],
  [5, 4, "#ffe66d"],
  [4, 1, "#ff6b6b"],
];

function Blocky({ size }: { size: number }) {
  const h = size / 2;
  const q = size / 4;
  return (
    <>
      <rect x={0} y={0} width={h} height={h} fill="#8a9747" />
      <rect x={h} y={0} width={q} height={q} fill="#0180b5" />
      <rect x={h + q} y={0} width={q} height={q} fill="#c72c3a" />
      <rect x={h} y={q} width={q} height={q} fill="#c72c3a" />
      <rect x={h + q} y={q} width={q} height={q} fill="#ffd35c" />
      <rect x={0} y={h} width={h} height={h} fill="#c72c3a" />
      <rect x={h} y={h} width={h} height={h} fill="#ffd35c" />
      <path
        d={`M${h} 0V${size}M0 ${h}H${size}M${h + q} 0V${h}M${h} ${q}H${size}`}
        stroke="#000"
        stroke-width={2}
        fill="none"
      />
    </>
  );
}

/** Each game's picture and background: a Record, so a new game id without a picture is a type error. */
export const THUMBNAILS: Readonly<
  Record<GameId, { background: string; draw: (size: number) => JSX.Element }>
> = {
  blast: { background: "#0f1b30", draw: (size) => <Cells cells={BLAST} size={size} n={8} empty="#1e2d4a" /> },
  puzzle: {
    background: "#ffffff",
    draw: (size) => <Cells cells={PUZZLE} size={size} n={6} empty="#f2f2f2" />,
  },
  stacker: {
    background: "#0f1b30",
    draw: (size) => <Cells cells={STACKER} size={size} n={6} empty="#10182c" />,
  },
  match3: {
    background: "#0f1b30",
    draw: (size) => <Cells cells={MATCH3} size={size} n={6} empty="#10182c" />,
  },
  blocky: { background: "#0f1b30", draw: (size) => <Blocky size={size} /> },
};

export function Thumbnail({ id }: { id: GameId }) {
  const size = 96;
  const { background, draw } = THUMBNAILS[id];
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} aria-hidden="true" class="thumb">
      <rect width={size} height={size} rx={8} fill={background} />
      {draw(size)}
    </svg>
  );
}
