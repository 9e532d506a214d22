import { describe, expect, it } from "vitest";
import { snapToFit } from "./drop-snap";

const only =
  (...spots: [number, number][]) =>
  (row: number, col: number) =>
    spots.some(([r, c]) => r === row && c === col);

describe("snapToFit", () => {
  it("keeps the exact anchor when the piece fits there", () => {
    expect(snapToFit({ row: 3.2, col: 4.4 }, only([3, 4], [3, 5]))).toEqual({ row: 3, col: 4 });
  });

  it("moves a near miss to the nearest fitting anchor within one cell", () => {
    expect(snapToFit({ row: 3, col: 4.4 }, only([3, 5], [2, 3]))).toEqual({ row: 3, col: 5 });
    expect(snapToFit({ row: 2.6, col: 4 }, only([2, 4], [4, 4]))).toEqual({ row: 2, col: 4 });
    expect(snapToFit({ row: 3, col: 4 }, only([4, 5]))).toEqual({ row: 4, col: 5 });
  });

  it("prefers the side the pointer leans to", () => {
    const fits = only([3, 3], [3, 5]);
    expect(snapToFit({ row: 3, col: 4.3 }, fits)).toEqual({ row: 3, col: 5 });
    expect(snapToFit({ row: 3, col: 3.7 }, fits)).toEqual({ row: 3, col: 3 });
  });

  it("refuses a drop more than one cell from any fitting anchor", () => {
    expect(snapToFit({ row: 3, col: 4 }, only([3, 6], [1, 4]))).toBeUndefined();
    expect(snapToFit({ row: 3, col: 4 }, only([3, 6]), 2)).toEqual({ row: 3, col: 6 });
  });
});
