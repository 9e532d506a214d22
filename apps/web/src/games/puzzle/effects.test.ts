import {
  newGame,
  type PuzzleEvent,
  type PuzzleState,
  puzzleGame,
  type TrayBlock,
} from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { setLanguageSetting } from "../../shell/i18n";
import {
  ANIMATION_MS,
  animationVars,
  buzzFor,
  chosenAnnouncement,
  createEffectsFeed,
  effectsOf,
  hintAnnouncement,
  newGameAnnouncement,
  placedMs,
  refusalAnnouncement,
  soundsFor,
} from "./effects";

const state = { ...newGame({ rows: 8, cols: 8 }, 1), score: 64 };
const placed: PuzzleEvent = {
  type: "placed",
  piece: 0,
  id: "smallLine0",
  colour: "#FF0000",
  row: 7,
  col: 6,
  cells: [
    [7, 6],
    [7, 7],
  ],
};
const cleared: PuzzleEvent = {
  type: "cleared",
  rows: [7],
  cols: [],
  cells: Array.from({ length: 8 }, (_, c) => [7, c] as [number, number]),
};
const scored = (lines: number, fullClear = 0): PuzzleEvent => ({
  type: "scored",
  points: 2 + lines + fullClear,
  block: 2,
  lines,
  doubled: false,
  fullClear,
});
const before = [...Array(7).fill("........"), "BBBBBB.."];

describe("puzzle effects", () => {
  it("plays the place sound, then only the biggest clear sound, then game over", () => {
    expect(soundsFor([placed, scored(0)])).toEqual(["place"]);
    expect(soundsFor([placed, cleared, scored(12)])).toEqual(["place", "clear"]);
    const two: PuzzleEvent = { ...cleared, cols: [6] } as PuzzleEvent;
    expect(soundsFor([placed, two, scored(60)])).toEqual(["place", "multiClear"]);
    expect(soundsFor([placed, two, scored(60, 200), { type: "game_over", score: 5 }])).toEqual([
      "place",
      "fullClear",
      "gameOver",
    ]);
  });

  it("snaps a dropped block from where it was let go, and only bounces one placed from the keyboard", () => {
    const dragged = effectsOf([placed, scored(0)], before, state, { dx: 12, dy: -7 });
    expect(dragged.placed).toEqual({ cells: ["7,6", "7,7"], from: { dx: 12, dy: -7 } });
    expect(effectsOf([placed, scored(0)], before, state, null).placed?.from).toBeNull();
    expect(placedMs(true)).toBe(ANIMATION_MS.snap + ANIMATION_MS.bounce);
    expect(placedMs(false)).toBe(ANIMATION_MS.bounce);
  });

  it("fades cleared cells in the colour they had, the block's own cells in the block's colour", () => {
    const fx = effectsOf([placed, cleared, scored(12)], before, state, null);
    expect(fx.clearing).toHaveLength(8);
    expect(fx.clearing?.[0]).toEqual({ row: 7, col: 0, colour: "#0000FF" });
    expect(fx.clearing?.[7]).toEqual({ row: 7, col: 7, colour: "#FF0000" });
  });

  it("pops the move's points up over the middle of the placed block, with a word for a big move", () => {
    expect(effectsOf([placed, scored(0)], before, state, null).popup).toEqual({
      points: 2,
      row: 7.5,
      col: 7,
      note: "",
    });
    const two: PuzzleEvent = { ...cleared, cols: [6] } as PuzzleEvent;
    expect(effectsOf([placed, two, scored(60)], before, state, null).popup?.note).toBe("2 lines");
    expect(effectsOf([placed, cleared, scored(12, 200)], before, state, null).popup).toMatchObject({
      points: 214,
      note: "Board clear!",
    });
    // A deal or a game over alone scores nothing: no popup.
    expect(effectsOf([{ type: "game_over", score: 5 }], before, state, null).popup).toBeNull();
  });

  it("buzzes once per move, the strongest that applies", () => {
    expect(buzzFor([placed, scored(0)])).toBe("place");
    expect(buzzFor([placed, cleared, scored(12)])).toBe("clear");
    expect(buzzFor([placed, cleared, scored(12), { type: "game_over", score: 64 }])).toBe("over");
    expect(buzzFor([])).toBeNull();
  });

  it("says where a drop was refused, counted from 1", () => {
    expect(refusalAnnouncement(1, { row: 0, col: 6 })).toBe("Block 2 does not fit at row 1, column 7.");
  });

  it("says what happened in words, with the score after the move", () => {
    const fx = effectsOf(
      [placed, cleared, scored(12), { type: "dealt", round: 2, tray: [] }, { type: "game_over", score: 64 }],
      before,
      state,
      null,
    );
    expect(fx.announcement).toBe(
      "Placed block 1 at row 8, column 7. Cleared 1 line. Plus 14. Score 64. Three new blocks. Game over. Final score 64.",
    );
  });

  it("hands every duration to the stylesheet once, as a custom property", () => {
    expect(animationVars()).toEqual({
      "--puzzle-lift-ms": `${ANIMATION_MS.lift}ms`,
      "--puzzle-snap-ms": `${ANIMATION_MS.snap}ms`,
      "--puzzle-bounce-ms": `${ANIMATION_MS.bounce}ms`,
      "--puzzle-clear-ms": `${ANIMATION_MS.clear}ms`,
      "--puzzle-appear-ms": `${ANIMATION_MS.appear}ms`,
      "--puzzle-shake-ms": `${ANIMATION_MS.shake}ms`,
      "--puzzle-refused-ms": `${ANIMATION_MS.refused}ms`,
      "--puzzle-popup-ms": `${ANIMATION_MS.popup}ms`,
      "--puzzle-pulse-ms": `${ANIMATION_MS.pulse}ms`,
    });
  });

  it("announces the computer's hint with rows and columns counted from 1 and what placing it does", async () => {
    const start = newGame({ rows: 8, cols: 8 }, 1);
    const block = start.tray[0] as TrayBlock;
    // Row 1 full but for the block's top row placed at the corner: placing it there clears row 1.
    const top = Array.from({ length: 8 }, (_, c) => (block.shape[0]?.[c] === "#" ? "." : "B")).join("");
    const clearing = { ...start, board: [top, ...start.board.slice(1)] };
    const corner = { cmd: "place", piece: 0, row: 0, col: 0 } as const;
    const played = puzzleGame.apply(clearing, corner);
    const points = played.ok ? played.events.find((e) => e.type === "scored") : undefined;
    if (points?.type !== "scored") throw new Error("the corner placement was refused");
    expect(hintAnnouncement(clearing, corner)).toBe(
      `Hint: block 1 at row 1, column 1, clears 1 line for ${points.points} points. Enter places it.`,
    );
    const cells = block.shape.join("").split("#").length - 1;
    expect(hintAnnouncement(start, { cmd: "place", piece: 0, row: 3, col: 4 })).toBe(
      `Hint: block 1 at row 4, column 5, scores ${cells} points, clears no line. Enter places it.`,
    );
    await setLanguageSetting("fr");
    try {
      expect(hintAnnouncement(start, { cmd: "place", piece: 0, row: 3, col: 4 })).toBe(
        `Indice : bloc 1 en ligne 4, colonne 5, marque ${cells} points, n’efface aucune ligne. Entrée le pose.`,
      );
    } finally {
      await setLanguageSetting("auto");
    }
  });
});

describe("effects feed", () => {
  const play = (s: PuzzleState, at: number) => {
    const move = puzzleGame.legal(s)[at];
    if (!move) throw new Error("no move");
    const r = puzzleGame.apply(s, move);
    if (!r.ok) throw new Error(r.error.message);
    return { state: r.state, events: r.events };
  };

  it("snaps only the placement dispatched with a drop, and reads each reply against the board before it", () => {
    const first = newGame({ rows: 8, cols: 8 }, 9);
    const feed = createEffectsFeed(first.board);
    // The runner hands the reply's events over inside the dispatch, as here.
    const one = feed.withDrop({ dx: 5, dy: 6 }, () => {
      const r = play(first, 0);
      return { ...r, fx: feed.next(r.events, r.state) };
    });
    expect(one.fx.placed?.from).toEqual({ dx: 5, dy: 6 });
    const two = play(one.state, 0);
    expect(feed.next(two.events, two.state).placed?.from).toBeNull();
    // A drop whose command was refused leaves nothing for the next one.
    feed.withDrop({ dx: 1, dy: 1 }, () => undefined);
    const three = play(two.state, 0);
    const fx = feed.next(three.events, three.state);
    expect(fx).toEqual(effectsOf(three.events, two.state.board, three.state, null));
  });

  it("hands out a new id each time", () => {
    const feed = createEffectsFeed(newGame({ rows: 8, cols: 8 }, 9).board);
    const a = feed.nextId();
    const b = feed.nextId();
    expect(b).toBeGreaterThan(a);
  });

  it("names a new game's size, rows first", () => {
    expect(newGameAnnouncement({ rows: 10, cols: 6 })).toBe("New 10 by 6 game.");
  });

  it("says which block was chosen and how to move it", () => {
    const block = newGame({ rows: 8, cols: 8 }, 9).tray[0];
    if (!block) throw new Error("no block");
    expect(chosenAnnouncement(0, block)).toMatch(
      /^Block 1 chosen: .+, \d+ cells, \d+ tall, \d+ wide\. Arrow keys move it, Enter places it\.$/,
    );
  });
});
