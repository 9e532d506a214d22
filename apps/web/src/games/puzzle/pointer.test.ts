import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  aimAt,
  boardMetrics,
  cellAt,
  centredOn,
  createDragFollower,
  type DragCallbacks,
  dropOffset,
  dropTarget,
  tapTarget,
} from "./pointer";

const board = { rows: 10, cols: 6 };
const anywhere = () => true;

describe("dropTarget", () => {
  it("keeps a block that sits exactly on cells where it is", () => {
    expect(dropTarget({ row: 3, col: 2 }, { height: 2, width: 3 }, board, anywhere)).toEqual({
      row: 3,
      col: 2,
    });
  });

  it("lands where the block overlaps most, checked by brute force, when that spot fits", () => {
    const overlap = (a: number, size: number, b: number) => Math.max(0, size - Math.abs(a - b));
    const size = { height: 2, width: 3 };
    const inside = (r: number, c: number) => r >= 0 && c >= 0 && r + 2 <= board.rows && c + 3 <= board.cols;
    for (let x = 0.05; x < 3; x += 0.37) {
      for (let y = 0.05; y < 8; y += 0.41) {
        let best = { row: -1, col: -1, area: -1 };
        for (let r = 0; r <= board.rows - size.height; r++) {
          for (let c = 0; c <= board.cols - size.width; c++) {
            const area = overlap(x, size.width, c) * overlap(y, size.height, r);
            if (area > best.area) best = { row: r, col: c, area };
          }
        }
        expect(dropTarget({ row: y, col: x }, size, board, inside)).toEqual({ row: best.row, col: best.col });
      }
    }
  });

  it("takes the nearest fitting spot within one cell when the exact one is blocked", () => {
    // Only (7, 6) fits: a drop over (7, 5) lands there, a drop two cells away does not.
    const only = (r: number, c: number) => r === 7 && c === 6;
    expect(dropTarget({ row: 7, col: 5 }, { height: 1, width: 2 }, board, only)).toEqual({ row: 7, col: 6 });
    expect(dropTarget({ row: 6.2, col: 4.8 }, { height: 1, width: 2 }, board, only)).toEqual({
      row: 7,
      col: 6,
    });
    expect(dropTarget({ row: 7, col: 4 }, { height: 1, width: 2 }, board, only)).toBeNull();
  });

  it("pulls a block hanging one cell over the edge back inside", () => {
    const inside = (r: number, c: number) => r >= 0 && c >= 0 && r + 1 <= board.rows && c + 3 <= board.cols;
    expect(dropTarget({ row: 0, col: -1 }, { height: 1, width: 3 }, board, inside)).toEqual({
      row: 0,
      col: 0,
    });
    expect(dropTarget({ row: 9.3, col: 3.8 }, { height: 1, width: 3 }, board, inside)).toEqual({
      row: 9,
      col: 3,
    });
  });

  it("drops nowhere when the block's centre is off the board, or the position is not a number", () => {
    expect(dropTarget({ row: 0, col: -2 }, { height: 1, width: 3 }, board, anywhere)).toBeNull();
    expect(dropTarget({ row: 10.2, col: 0 }, { height: 1, width: 1 }, board, anywhere)).toBeNull();
    expect(dropTarget({ row: Number.NaN, col: 0 }, { height: 1, width: 1 }, board, anywhere)).toBeNull();
  });
});

describe("aimAt", () => {
  it("is the spot the block is over while its centre is on the board, fitting or not", () => {
    // (7, 4) fits nowhere near (dropTarget is null there), but the block is over the board: a red ghost.
    const only = (r: number, c: number) => r === 7 && c === 6;
    expect(dropTarget({ row: 7, col: 3.6 }, { height: 1, width: 2 }, board, only)).toBeNull();
    expect(aimAt({ row: 7, col: 3.6 }, { height: 1, width: 2 }, board)).toEqual({ row: 7, col: 4 });
    // Half off the edge, centre still on: aimed where it is, even partly off the board.
    expect(aimAt({ row: 0, col: -1.4 }, { height: 1, width: 3 }, board)).toEqual({ row: 0, col: -1 });
  });

  it("is nothing when the block's centre is off the board, or the position is not a number", () => {
    expect(aimAt({ row: 0, col: -2 }, { height: 1, width: 3 }, board)).toBeNull();
    expect(aimAt({ row: 10.2, col: 0 }, { height: 1, width: 1 }, board)).toBeNull();
    expect(aimAt({ row: 3, col: Number.POSITIVE_INFINITY }, { height: 1, width: 1 }, board)).toBeNull();
  });
});

describe("board geometry", () => {
  // 6 columns of 20 px cells with 1 px lines around and between them: 6 * 21 + 1 = 127 px.
  const g = { rect: { left: 100, top: 50, width: 127 }, rows: 10, cols: 6 };

  it("measures one cell plus its line from the board's box", () => {
    expect(boardMetrics(g)).toEqual({ pitch: 21, left: 101, top: 51 });
  });

  it("finds the cell under a point, and none outside the board", () => {
    expect(cellAt(g, 101, 51)).toEqual({ row: 0, col: 0 });
    expect(cellAt(g, 101 + 21 * 5 + 10, 51 + 21 * 9 + 10)).toEqual({ row: 9, col: 5 });
    expect(cellAt(g, 99, 60)).toBeNull();
    expect(cellAt(g, 230, 60)).toBeNull();
  });
});

describe("centredOn", () => {
  it("puts the block's centre on the cell, kept inside the board", () => {
    expect(centredOn({ row: 5, col: 3 }, 3, 3, 10, 6)).toEqual({ row: 4, col: 2 });
    expect(centredOn({ row: 0, col: 0 }, 3, 3, 10, 6)).toEqual({ row: 0, col: 0 });
    expect(centredOn({ row: 9, col: 5 }, 1, 5, 10, 6)).toEqual({ row: 9, col: 1 });
  });
});

describe("dropOffset", () => {
  it("measures from the let-go position to the target cells, for the snap animation", () => {
    const g = { rect: { left: 100, top: 50, width: 127 }, rows: 10, cols: 6 };
    // Cell (2, 3) starts at 101 + 3 * 21 = 164, 51 + 2 * 21 = 93.
    expect(
      dropOffset({ left: 170, top: 90, pitch: 21, target: { row: 2, col: 3 }, aim: { row: 2, col: 3 } }, g),
    ).toEqual({
      dx: 6,
      dy: -3,
    });
    expect(dropOffset({ left: 170, top: 90, pitch: 21, target: null, aim: null }, g)).toBeNull();
    expect(
      dropOffset(
        { left: 170, top: 90, pitch: 21, target: { row: 2, col: 3 }, aim: { row: 2, col: 3 } },
        null,
      ),
    ).toBeNull();
  });
});

describe("tapTarget", () => {
  // 6 columns of 40 px plus 1 px lines: cell (r, c) starts at 1 + 40c, 1 + 40r.
  const g = { rect: { left: 0, top: 0, width: 241 }, rows: 10, cols: 6 };

  it("centres the chosen block on the tapped cell, kept inside the board", () => {
    expect(tapTarget(g, 1 + 40 * 3 + 5, 1 + 40 * 4 + 5, { height: 3, width: 3 })).toEqual({ row: 3, col: 2 });
    expect(tapTarget(g, 2, 2, { height: 3, width: 3 })).toEqual({ row: 0, col: 0 });
    expect(tapTarget(g, 1 + 40 * 5 + 5, 1 + 40 * 9 + 5, { height: 2, width: 2 })).toEqual({ row: 8, col: 4 });
  });

  it("is nothing outside the cells", () => {
    expect(tapTarget(g, 300, 20, { height: 1, width: 1 })).toBeNull();
    expect(tapTarget(g, 20, -5, { height: 1, width: 1 })).toBeNull();
  });
});

describe("one drag at a time", () => {
  // The presses are heard on the window: a plain EventTarget stands in for it.
  const win = new EventTarget();
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = win;
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });
  const fire = (type: string, pointerId: number, x = 10, y = 10) =>
    win.dispatchEvent(
      Object.assign(new Event(type, { cancelable: true }), { pointerId, clientX: x, clientY: y }),
    );
  const shapeEl = {
    getBoundingClientRect: () => ({ left: 0, top: 0, width: 20, height: 20 }),
  } as HTMLElement;
  const board = () => ({ rect: { left: 0, top: 0, width: 241 }, rows: 10, cols: 6 });
  const press = (pointerId: number) =>
    ({ pointerId, clientX: 10, clientY: 10, pointerType: "mouse" }) as PointerEvent;
  const logging = (log: string[], name: string): DragCallbacks => ({
    onLift: () => log.push(`${name} lift`),
    onMove: () => log.push(`${name} move`),
    onDrop: (frame) => log.push(`${name} drop ${frame ? "landed" : "cancelled"}`),
    onTap: () => log.push(`${name} tap`),
  });

  it("a new press stops following the last one", () => {
    const log: string[] = [];
    const drags = createDragFollower();
    drags.follow(press(1), shapeEl, { height: 1, width: 1 }, board, () => true, logging(log, "a"));
    drags.follow(press(2), shapeEl, { height: 1, width: 1 }, board, () => true, logging(log, "b"));
    fire("pointerup", 1);
    fire("pointerup", 2);
    expect(log).toEqual(["b tap"]);
  });

  it("stop ends a drag in progress without a drop; after a drop, stop does nothing", () => {
    const log: string[] = [];
    const drags = createDragFollower();
    drags.follow(press(3), shapeEl, { height: 1, width: 1 }, board, () => true, logging(log, "a"));
    fire("pointermove", 3, 100, 100);
    drags.stop();
    fire("pointerup", 3, 100, 100);
    expect(log).toEqual(["a lift", "a move"]);
    drags.follow(press(4), shapeEl, { height: 1, width: 1 }, board, () => true, logging(log, "b"));
    fire("pointermove", 4, 100, 100);
    fire("pointerup", 4, 100, 100);
    drags.stop();
    expect(log.slice(2)).toEqual(["b lift", "b move", "b drop landed"]);
  });
});
