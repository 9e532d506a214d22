import { handleCommand } from "@blockarcade/engine/core";
import { newGame, type PuzzleState, previewPlacement, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { boardPreview, hintChoice, sizeOf, startChoice } from "./preview";

const fresh = newGame({ rows: 8, cols: 8 }, 5);

describe("choosing a block", () => {
  it("starts its preview where it fits, centred on an empty board", () => {
    for (const piece of [0, 1, 2]) {
      const block = fresh.tray[piece];
      const choice = startChoice(fresh, piece);
      if (!block || !choice) throw new Error("no block");
      const { height, width } = sizeOf(block);
      expect(choice.piece).toBe(piece);
      expect(previewPlacement(fresh, piece, choice.cursor.row, choice.cursor.col).fits).toBe(true);
      // The block's middle is within a cell of the board's middle.
      expect(Math.abs(choice.cursor.row + height / 2 - 4)).toBeLessThanOrEqual(1);
      expect(Math.abs(choice.cursor.col + width / 2 - 4)).toBeLessThanOrEqual(1);
    }
  });

  it("starts at the fitting spot nearest the centre when the centre is taken", () => {
    // Only the top three rows are free: the block starts as low in them as it fits.
    const board = [...Array(3).fill("........"), ...Array(5).fill("BBBBBBBB")];
    let tried = 0;
    for (const piece of [0, 1, 2]) {
      const block = fresh.tray[piece];
      if (!block || block.shape.length > 3) continue;
      tried++;
      const state = { ...fresh, board } as PuzzleState;
      const choice = startChoice(state, piece);
      if (!choice) throw new Error("not chosen");
      expect(previewPlacement(state, piece, choice.cursor.row, choice.cursor.col).fits).toBe(true);
      expect(choice.cursor.row).toBe(3 - block.shape.length);
    }
    expect(tried).toBeGreaterThan(0);
  });

  it("chooses nothing from an empty slot or in a finished game", () => {
    const [move] = puzzleGame.legal(fresh).filter((m) => m.piece === 1);
    if (!move) throw new Error("no move");
    const after = handleCommand(puzzleGame, fresh, move).state as PuzzleState;
    expect(after.tray[1]).toBeNull();
    expect(startChoice(after, 1)).toBeNull();
    expect(startChoice({ ...fresh, over: true }, 0)).toBeNull();
  });

  it("shows the computer's hint as the chosen block at its place, marked", () => {
    expect(hintChoice({ cmd: "place", piece: 2, row: 3, col: 1 })).toEqual({
      piece: 2,
      cursor: { row: 3, col: 1 },
      hint: true,
    });
  });
});

describe("the board's preview", () => {
  const block = fresh.tray[0];
  if (!block) throw new Error("no block");
  const frame = { left: 0, top: 0, pitch: 40 };

  it("a dragged block shows where it lands, else where it is over, else nothing", () => {
    const landing = boardPreview(
      fresh,
      { piece: 0, frame: { ...frame, target: { row: 2, col: 1 }, aim: null } },
      null,
    );
    expect(landing).toEqual({ ...previewPlacement(fresh, 0, 2, 1), colour: block.colour, hint: false });
    const over = boardPreview(
      fresh,
      { piece: 0, frame: { ...frame, target: null, aim: { row: 7, col: 7 } } },
      null,
    );
    expect(over?.cells).toEqual(previewPlacement(fresh, 0, 7, 7).cells);
    expect(boardPreview(fresh, { piece: 0, frame: { ...frame, target: null, aim: null } }, null)).toBeNull();
    expect(boardPreview(fresh, { piece: 0, frame: null }, null)).toBeNull();
  });

  it("the chosen block shows at its cursor, as the hint when the computer chose it; a drag comes first", () => {
    const choice = { piece: 0, cursor: { row: 1, col: 1 }, hint: true };
    expect(boardPreview(fresh, null, choice)).toEqual({
      ...previewPlacement(fresh, 0, 1, 1),
      colour: block.colour,
      hint: true,
    });
    const dragged = { piece: 1, frame: { ...frame, target: { row: 4, col: 4 }, aim: null } };
    expect(boardPreview(fresh, dragged, choice)).toMatchObject({
      hint: false,
      colour: fresh.tray[1]?.colour,
    });
    expect(boardPreview(fresh, null, null)).toBeNull();
  });
});
