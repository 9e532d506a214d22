import { describe, expect, it } from "vitest";
import { seedRng } from "../../core/rng.js";
import { actOn, majorityColour, rotateCcw, rotateCw, swapH, swapV, validMoves } from "./actions.js";
import { blobScore, drawGoals, perimeterScore } from "./scoring.js";
import { treeFromRows, treeToText } from "./text.js";
import {
  boardOf,
  boardSize,
  flatten,
  generateBoard,
  isLeaf,
  pathAtCell,
  regionOf,
  treeDepth,
} from "./tree.js";
import type { Block } from "./types.js";

/** The classic 4x4 reference board: upper-right split into blue, red, red, yellow. */
const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

const rng = () => seedRng(1);

/** Turns a picture a quarter clockwise. */
function turnPictureCw(rows: string[]): string[] {
  const n = rows.length;
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => (rows[n - 1 - c] as string)[r]).join(""),
  );
}

describe("block tree", () => {
  it("flattens in child order upper-right, upper-left, lower-left, lower-right", () => {
    expect(boardOf(["B", "R", "G", "Y"], 1)).toEqual(["RB", "GY"]);
    expect(boardOf(REFERENCE, 2)).toEqual(["GGRB", "GGRY", "RRYY", "RRYY"]);
    // A leaf above the maximum depth covers all its unit cells.
    expect(boardOf("G", 2)).toEqual(["GGGG", "GGGG", "GGGG", "GGGG"]);
  });

  it("finds the region and the path of a block", () => {
    expect(regionOf([], 2)).toEqual({ row: 0, col: 0, size: 4 });
    expect(regionOf([0], 2)).toEqual({ row: 0, col: 2, size: 2 });
    expect(regionOf([0, 3], 2)).toEqual({ row: 1, col: 3, size: 1 });
    expect(regionOf([2, 1], 2)).toEqual({ row: 2, col: 0, size: 1 });
    expect(pathAtCell(1, 3, 2, 2)).toEqual([0, 3]);
    expect(pathAtCell(3, 0, 1, 2)).toEqual([2]);
    expect(pathAtCell(3, 0, 0, 2)).toEqual([]);
  });

  it("builds the smallest tree back from a picture", () => {
    const { tree, maxDepth } = treeFromRows(["GGRB", "GGRY", "RRYY", "RRYY"]);
    expect(maxDepth).toBe(2);
    expect(tree).toEqual(REFERENCE);
    expect(treeToText(tree)).toBe("((B R R Y) G R Y)");
  });
});

describe("rotate and swap", () => {
  const split: Block = ["B", "R", "G", "Y"];

  it("rotates clockwise to [UL, LL, LR, UR] and counter-clockwise to [LR, UR, UL, LL]", () => {
    expect(rotateCw(split)).toEqual(["R", "G", "Y", "B"]);
    expect(rotateCcw(split)).toEqual(["Y", "B", "R", "G"]);
    expect(boardOf(rotateCw(split), 1)).toEqual(["GR", "YB"]);
    expect(boardOf(rotateCcw(split), 1)).toEqual(["BY", "RG"]);
  });

  it("turns every descendant too: the picture turns as a whole", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const tree = generateBoard(seedRng(seed), 4);
      const rows = boardOf(tree, 4);
      expect(boardOf(rotateCw(tree), 4)).toEqual(turnPictureCw(rows));
      expect(boardOf(rotateCcw(tree), 4)).toEqual(turnPictureCw(turnPictureCw(turnPictureCw(rows))));
      expect(rotateCcw(rotateCw(tree))).toEqual(tree);
    }
  });

  it("swaps halves horizontally [UL, UR, LR, LL] and vertically [LR, LL, UL, UR], not reaching into children", () => {
    expect(swapH(["B", "R", "G", "Y"])).toEqual(["R", "B", "Y", "G"]);
    expect(swapV(["B", "R", "G", "Y"])).toEqual(["Y", "G", "R", "B"]);
    // The upper-right child keeps its own inside when it moves.
    const tree: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];
    expect(boardOf(swapH(tree as [Block, Block, Block, Block]), 2)).toEqual(["RBGG", "RYGG", "YYRR", "YYRR"]);
    expect(boardOf(swapV(tree as [Block, Block, Block, Block]), 2)).toEqual(["RRYY", "RRYY", "GGRB", "GGRY"]);
  });

  it("is valid on any split block, even one that looks the same after, and never on a leaf", () => {
    for (const action of ["rotate_cw", "rotate_ccw", "swap_h", "swap_v"] as const) {
      expect(actOn(["B", "B", "B", "B"], 1, action, 2, "R", rng()).ok).toBe(true);
      const leaf = actOn("B", 1, action, 2, "R", rng());
      expect(leaf).toMatchObject({ ok: false });
      expect(actOn("B", 2, action, 2, "R", rng()).ok).toBe(false);
    }
  });
});

describe("smash", () => {
  it("splits a leaf above the maximum depth into four random children", () => {
    const r = seedRng(5);
    const out = actOn("B", 1, "smash", 3, "R", r);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(Array.isArray(out.block)).toBe(true);
    expect(treeDepth(out.block)).toBeLessThanOrEqual(2);
    // It draws from the rng it is given: same source, same children.
    expect(actOn("B", 1, "smash", 3, "R", seedRng(5))).toEqual(out);
    expect(r).not.toEqual(seedRng(5));
  });

  it("refuses a unit cell and a split block", () => {
    expect(actOn("B", 2, "smash", 2, "R", rng())).toEqual({ ok: false, reason: "cannot smash a unit cell" });
    expect(actOn(["B", "R", "G", "Y"], 1, "smash", 2, "R", rng()).ok).toBe(false);
  });

  it("gives children at the maximum depth a colour, never a split", () => {
    for (let seed = 0; seed < 50; seed++) {
      const out = actOn("G", 1, "smash", 2, "R", seedRng(seed));
      expect(out.ok && Array.isArray(out.block) && out.block.every(isLeaf)).toBe(true);
    }
  });
});

describe("paint", () => {
  it("paints a unit cell in the target colour", () => {
    expect(actOn("B", 2, "paint", 2, "Y", rng())).toEqual({ ok: true, block: "Y" });
  });
  it("refuses a block above the unit level, a split block and a cell already in the target colour", () => {
    expect(actOn("B", 1, "paint", 2, "Y", rng()).ok).toBe(false);
    expect(actOn(["B", "R", "G", "Y"], 1, "paint", 2, "Y", rng()).ok).toBe(false);
    expect(actOn("Y", 2, "paint", 2, "Y", rng())).toEqual({
      ok: false,
      reason: "the cell already has the target colour",
    });
  });
});

describe("combine", () => {
  it("takes the colour strictly more common than any other", () => {
    expect(majorityColour(["R", "R", "B", "G"])).toBe("R");
    expect(majorityColour(["B", "Y", "Y", "Y"])).toBe("Y");
    expect(majorityColour(["G", "G", "G", "G"])).toBe("G");
    expect(majorityColour(["R", "R", "B", "B"])).toBeNull();
    expect(majorityColour(["R", "B", "G", "Y"])).toBeNull();
  });

  it("combines a block whose children are unit cells when there is a majority", () => {
    expect(actOn(["B", "R", "R", "Y"], 1, "combine", 2, "G", rng())).toEqual({ ok: true, block: "R" });
    expect(actOn(["B", "B", "R", "R"], 1, "combine", 2, "G", rng())).toEqual({
      ok: false,
      reason: "its children have no majority colour",
    });
    expect(actOn(["B", "R", "G", "Y"], 1, "combine", 2, "G", rng()).ok).toBe(false);
  });

  it("refuses a leaf, and a block whose children are not unit cells", () => {
    expect(actOn("B", 1, "combine", 2, "G", rng()).ok).toBe(false);
    // Children are leaves but at level 1 of a depth-3 board: not unit cells.
    expect(actOn(["B", "B", "B", "R"], 0, "combine", 3, "G", rng()).ok).toBe(false);
    expect(actOn([["B", "B", "B", "R"], "B", "B", "B"], 0, "combine", 2, "G", rng()).ok).toBe(false);
  });
});

describe("random boards", () => {
  it("always splits the top-level block and stays within the maximum depth", () => {
    for (let seed = 0; seed < 100; seed++) {
      for (const maxDepth of [2, 3, 6]) {
        const tree = generateBoard(seedRng(seed), maxDepth);
        expect(Array.isArray(tree)).toBe(true);
        expect(treeDepth(tree)).toBeLessThanOrEqual(maxDepth);
      }
    }
    expect(generateBoard(seedRng(1), 4)).toEqual(generateBoard(seedRng(1), 4));
  });

  it("splits a child at level k with probability exp(-0.25 k) and colours leaves uniformly", () => {
    const splits = [0, 0, 0, 0, 0, 0, 0];
    const seen = [0, 0, 0, 0, 0, 0, 0];
    const colours = new Map<string, number>();
    const visit = (block: Block, level: number) => {
      if (level > 0 && level < 6) {
        seen[level] = (seen[level] ?? 0) + 1;
        if (!isLeaf(block)) splits[level] = (splits[level] ?? 0) + 1;
      }
      if (isLeaf(block)) colours.set(block, (colours.get(block) ?? 0) + 1);
      else for (const child of block) visit(child, level + 1);
    };
    for (let seed = 0; seed < 400; seed++) visit(generateBoard(seedRng(seed), 6), 0);
    for (const level of [1, 2, 3]) {
      const rate = (splits[level] as number) / (seen[level] as number);
      expect(Math.abs(rate - Math.exp(-0.25 * level))).toBeLessThan(0.03);
    }
    const leaves = [...colours.values()].reduce((a, b) => a + b, 0);
    for (const count of colours.values()) expect(Math.abs(count / leaves - 0.25)).toBeLessThan(0.02);
  });
});

describe("goals", () => {
  const grid = flatten(REFERENCE, 2);
  const n = boardSize(2);

  it("scores the reference board's blobs: blue 1, red 4, green 4, yellow 5", () => {
    expect([0, 1, 2, 3].map((c) => blobScore(grid, n, c))).toEqual([1, 4, 4, 5]);
  });

  it("scores the reference board's perimeter: blue 2, red 5, green 4, yellow 5", () => {
    expect([0, 1, 2, 3].map((c) => perimeterScore(grid, n, c))).toEqual([2, 5, 4, 5]);
  });

  it("connects blobs by sides only, never by corners", () => {
    const { tree, maxDepth } = treeFromRows(["BR", "RB"]);
    expect(blobScore(flatten(tree, maxDepth), 2, 0)).toBe(1);
    const diag = treeFromRows(["BRRR", "RBRR", "RRBR", "RRRB"]);
    expect(blobScore(flatten(diag.tree, 2), 4, 0)).toBe(1);
    expect(blobScore(flatten(diag.tree, 2), 4, 1)).toBe(6);
  });

  it("counts corners twice on the perimeter and a 1x1 board four times", () => {
    expect(perimeterScore(flatten("Y", 0), 1, 3)).toBe(4);
    expect(perimeterScore(flatten("Y", 0), 1, 0)).toBe(0);
    expect(perimeterScore(flatten("B", 2), 4, 0)).toBe(16);
    // The middle of the board is not on the perimeter.
    const { tree } = treeFromRows(["RRRR", "RBBR", "RBBR", "RRRR"]);
    expect(perimeterScore(flatten(tree, 2), 4, 0)).toBe(0);
    expect(blobScore(flatten(tree, 2), 4, 0)).toBe(4);
  });

  it("counts unit cells of leaves above the maximum depth", () => {
    expect(blobScore(flatten(["B", "B", "R", "R"], 3), 8, 0)).toBe(32);
  });

  it("draws one goal type for everyone, each a different target colour", () => {
    const types = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const goals = drawGoals(seedRng(seed), [
        { kind: "human" },
        { kind: "random" },
        { kind: "smart" },
        { kind: "human" },
      ]);
      expect(new Set(goals.map((g) => g.type)).size).toBe(1);
      expect(new Set(goals.map((g) => g.colour)).size).toBe(4);
      types.add(goals[0]?.type as string);
    }
    expect(types).toEqual(new Set(["blob", "perimeter"]));
  });

  it("keeps a goal fixed in the config and gives the others the other colours", () => {
    const goals = drawGoals(seedRng(3), [
      { kind: "human", goal: { type: "perimeter", colour: "G" } },
      { kind: "random" },
    ]);
    expect(goals[0]).toEqual({ type: "perimeter", colour: "G" });
    expect(goals[1]?.type).toBe("perimeter");
    expect(goals[1]?.colour).not.toBe("G");
  });
});

describe("valid moves", () => {
  it("lists every block x action on the reference board (perft)", () => {
    const moves = validMoves(REFERENCE, 2, "B").map((m) => `${m.action}@${m.path.join("")}`);
    expect(moves).toEqual([
      "rotate_cw@",
      "rotate_ccw@",
      "swap_h@",
      "swap_v@",
      "rotate_cw@0",
      "rotate_ccw@0",
      "swap_h@0",
      "swap_v@0",
      "combine@0",
      "paint@01",
      "paint@02",
      "paint@03",
      "smash@1",
      "smash@2",
      "smash@3",
    ]);
  });

  it("lists only moves that actOn accepts", () => {
    for (let seed = 0; seed < 20; seed++) {
      const tree = generateBoard(seedRng(seed), 3);
      for (const { action, path } of validMoves(tree, 3, "R")) {
        let block: Block = tree;
        for (const i of path) block = (block as readonly Block[])[i] as Block;
        expect(actOn(block, path.length, action, 3, "R", seedRng(0)).ok).toBe(true);
      }
    }
  });
});
