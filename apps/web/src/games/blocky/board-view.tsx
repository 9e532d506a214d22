/**
 * The Blocky board as SVG (crisp at any size and pixel ratio): one rect per leaf, block outlines,
 * and the selection highlight. Pointer and wheel input are turned into unit cells and level steps
 * (pointer.ts); what they mean is decided by the play component.
 */
import { type Block, isLeaf, regionOf } from "@blockarcade/engine/games/blocky";
import type { JSX } from "preact";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { useColourBlind } from "../../shell/look";
import { useLatest } from "../../shell/use-latest";
import { CUE, CUE_INK, fills } from "./colours";
import { t } from "./messages";
import { type Cursor, cellAt, wheelStep } from "./pointer";
import { colourName } from "./words";

/** Leaves as rects; in colour-blind mode each leaf also carries its colour's letter (colours.ts). */
function leaves(
  block: Block,
  at: { row: number; col: number; size: number },
  cb: { on: boolean; maxFont: number },
  out: JSX.Element[],
  key: string,
): void {
  const { row, col, size } = at;
  if (isLeaf(block)) {
    out.push(
      <rect
        key={key}
        x={col}
        y={row}
        width={size}
        height={size}
        fill={fills(cb.on)[block]}
        class="blocky-leaf"
        vector-effect="non-scaling-stroke"
      />,
    );
    if (cb.on) {
      out.push(
        <text
          key={`${key}t`}
          class="cue"
          x={col + size / 2}
          y={row + size / 2}
          font-size={Math.min(size * 0.6, cb.maxFont)}
          fill={CUE_INK[block]}
          text-anchor="middle"
          dominant-baseline="central"
        >
          {CUE[block]}
        </text>,
      );
    }
    return;
  }
  const half = size / 2;
  leaves(block[0], { row, col: col + half, size: half }, cb, out, `${key}0`);
  leaves(block[1], { row, col, size: half }, cb, out, `${key}1`);
  leaves(block[2], { row: row + half, col, size: half }, cb, out, `${key}2`);
  leaves(block[3], { row: row + half, col: col + half, size: half }, cb, out, `${key}3`);
}

export interface BoardProps {
  tree: Block;
  maxDepth: number;
  /** The selected block, or null when nothing is selected (a computer is moving). */
  selected: number[] | null;
  /** A block a computer player is about to change, or has just changed. */
  marked: number[] | null;
  markKind: "pending" | "done";
  /** The hinted block (the computer's suggestion, not played), or null. */
  hinted?: { path: number[]; action: string } | null;
  label: string;
  interactive: boolean;
  onHover: (cell: Cursor) => void;
  onPick: (cell: Cursor) => void;
  onWheelLevel: (step: -1 | 1) => void;
  /** The square shown, in unit cells (zoomed in: a quadrant or smaller); the whole board when left out. */
  view?: { row: number; col: number; size: number };
}

export function Board(props: BoardProps) {
  const { tree, maxDepth, selected, marked } = props;
  const n = 2 ** maxDepth;
  const view = props.view ?? { row: 0, col: 0, size: n };
  // A margin around the board so the highlight's stroke is not cut at the edges.
  const pad = view.size * 0.02;
  const svg = useRef<SVGSVGElement>(null);
  // The wheel listener is added once (non-passive) and reads the latest props.
  const latest = useLatest(props);
  const cb = useColourBlind("blocky");

  const cellUnder = (e: PointerEvent): Cursor | null => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const cell = cellAt(p.x, p.y, maxDepth);
    // Zoomed in, the margin shows a sliver of the neighbours: only the shown square can be picked.
    const inView =
      cell &&
      cell.row >= view.row &&
      cell.row < view.row + view.size &&
      cell.col >= view.col &&
      cell.col < view.col + view.size;
    return inView ? cell : null;
  };

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    // Non-passive so the page does not scroll while the wheel changes the level.
    const onWheel = (e: WheelEvent) => {
      const step = wheelStep(e.deltaY);
      if (!latest.current.interactive || step === 0) return;
      e.preventDefault();
      latest.current.onWheelLevel(step);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  // Up to 4096 leaves: built once per board, so moving the selection re-renders only the highlight.
  const drawn = useMemo(() => {
    const rects: JSX.Element[] = [];
    // Letters at most a tenth of the board high: a big block reads by its letter without shouting.
    leaves(tree, { row: 0, col: 0, size: n }, { on: cb, maxFont: Math.max(0.6, n / 10) }, rects, "b");
    return <g shape-rendering="crispEdges">{rects}</g>;
  }, [tree, n, cb]);
  const box = (path: number[] | null) => (path ? regionOf(path, maxDepth) : null);
  const sel = box(selected);
  const mark = box(marked);
  const hint = props.hinted
    ? { ...regionOf(props.hinted.path, maxDepth), action: props.hinted.action }
    : null;

  return (
    <svg
      ref={svg}
      class={`blocky-board${props.interactive ? " is-interactive" : ""}`}
      viewBox={`${view.col - pad} ${view.row - pad} ${view.size + 2 * pad} ${view.size + 2 * pad}`}
      data-view={`${view.row},${view.col},${view.size}`}
      role="application"
      aria-roledescription="board"
      aria-label={props.label}
      tabindex={0}
      onPointerMove={(e) => {
        if (!props.interactive || e.pointerType !== "mouse") return;
        const cell = cellUnder(e);
        if (cell) props.onHover(cell);
      }}
      onPointerDown={(e) => {
        if (!props.interactive) return;
        const cell = cellUnder(e);
        if (cell) props.onPick(cell);
      }}
    >
      {drawn}
      {mark && (
        <rect
          class={`blocky-mark is-${props.markKind}`}
          x={mark.col}
          y={mark.row}
          width={mark.size}
          height={mark.size}
          vector-effect="non-scaling-stroke"
        />
      )}
      {sel && (
        <g class="blocky-selection">
          <Ring name="blocky-selection" at={sel} />
        </g>
      )}
      {hint && (
        <g
          class="blocky-hint"
          data-testid="blocky-hint"
          data-action={hint.action}
          data-level={props.hinted?.path.length}
        >
          <Ring name="blocky-hint" at={hint} />
        </g>
      )}
    </svg>
  );
}

/** Words for the selected block, for the board's accessible name. */
/** An outline in two strokes (`<name>-outer`, `<name>-inner`), so it reads on any colour. */
function Ring({ name, at }: { name: string; at: { row: number; col: number; size: number } }) {
  return (
    <>
      {(["outer", "inner"] as const).map((part) => (
        <rect
          key={part}
          class={`${name}-${part}`}
          x={at.col}
          y={at.row}
          width={at.size}
          height={at.size}
          vector-effect="non-scaling-stroke"
        />
      ))}
    </>
  );
}

export function describeBlock(tree: Block, path: number[], maxDepth: number): string {
  let block = tree;
  for (const i of path) block = (block as readonly Block[])[i] as Block;
  const { row, col, size } = regionOf(path, maxDepth);
  const what = isLeaf(block)
    ? t(size === 1 ? "describeCell" : "describeLeaf", { colour: colourName(block) })
    : t("describeSplit");
  return t("describeAt", {
    what,
    level: path.length,
    rowFrom: row + 1,
    rowTo: row + size,
    colFrom: col + 1,
    colTo: col + size,
  });
}
