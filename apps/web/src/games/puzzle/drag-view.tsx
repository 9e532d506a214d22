/**
 * The block being dragged, drawn at board size where the pointer holds it: only its cells, no box.
 * See-through, so the ghost under it shows (faint over a spot where it does not fit: the red shows).
 */
import type { TrayBlock } from "@blockarcade/engine/games/puzzle";
import type { DragFrame } from "./pointer";
import { ShapeCells } from "./tray-view";

export function DragView({ block, frame }: { block: TrayBlock; frame: DragFrame }) {
  const blocked = frame.target === null && frame.aim !== null;
  return (
    <div
      class={blocked ? "puzzle-floating is-blocked" : "puzzle-floating"}
      aria-hidden="true"
      style={{
        left: `${frame.left}px`,
        top: `${frame.top}px`,
        gridTemplateColumns: `repeat(${block.shape[0]?.length ?? 1}, ${frame.pitch - 1}px)`,
        gridTemplateRows: `repeat(${block.shape.length}, ${frame.pitch - 1}px)`,
      }}
    >
      <ShapeCells shape={block.shape} colour={block.colour} />
    </div>
  );
}
