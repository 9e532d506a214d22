import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { setLanguageSetting } from "../../shell/i18n";
import { createEffectsFeed, effectsOf, hintAnnouncement } from "./effects";

const at = (fields: Record<string, unknown>) => {
  const r = blastGame.load(fields, newBlastGame(1));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function run(fields: Record<string, unknown>, command: Parameters<typeof blastGame.apply>[1]) {
  const before = at(fields);
  const r = blastGame.apply(before, command);
  if (!r.ok) throw new Error(r.error.message);
  return { before, events: r.events };
}

const EMPTY = Array.from({ length: 8 }, () => "........");
const CHECKER = Array.from({ length: 8 }, (_, r) => (r % 2 ? ".A.A.A.A" : "A.A.A.A."));

describe("effects of a reply", () => {
  it("a plain placement pops its cells and says where it went", () => {
    const { before, events } = run(
      { board: EMPTY, tray: [{ shape: ["##"], colour: 3 }, { shape: ["#"], colour: 1 }, null] },
      {
        cmd: "place",
        piece: 0,
        row: 2,
        col: 4,
      },
    );
    const fx = effectsOf(before, events, false);
    expect(fx.sounds).toEqual([{ name: "place" }]);
    expect(fx.popped).toEqual([
      [2, 4],
      [2, 5],
    ]);
    expect(fx.burst).toEqual([]);
    expect(fx.celebration).toBeUndefined();
    expect(fx.announcement).toBe("Placed piece 1 at row 3, column 5.");
    expect(fx.haptic).toBe("place");
  });

  it("a clear bursts the cleared cells in their colours from before, celebrates and counts the streak", () => {
    // Row 0 holds seven blue (F) cells; the red (A) monomino completes it at streak 1.
    const { before, events } = run(
      {
        board: ["FFFFFFF.", ...EMPTY.slice(1)],
        tray: [{ shape: ["#"], colour: 0 }, { shape: ["##"], colour: 2 }, null],
        streak: 1,
      },
      { cmd: "place", piece: 0, row: 0, col: 7 },
    );
    const fx = effectsOf(before, events, false);
    expect(fx.sounds).toEqual([{ name: "place" }, { name: "perfect" }]);
    expect(fx.burst).toHaveLength(8);
    expect(fx.burst[0]).toEqual({ row: 0, col: 0, colour: "#3498db" });
    expect(fx.burst[7]).toEqual({ row: 0, col: 7, colour: "#e74c3c" });
    // (80 + 20) x 1.5 + 300 for the empty board.
    expect(fx.celebration).toEqual({ text: "Good Work!", points: 450, perfect: true, lines: 1 });
    expect(fx.haptic).toBe("clear");
    expect(fx.announcement).toContain("Good Work! 1 line cleared, 450 points, the board is clear.");
    expect(fx.announcement).toContain("Streak 2.");
  });

  it("reduced motion keeps the information and drops the movement", () => {
    const { before, events } = run(
      {
        board: ["FFFFFFF.", "A.......", ...EMPTY.slice(2)],
        tray: [{ shape: ["#"], colour: 0 }, { shape: ["##"], colour: 2 }, null],
      },
      { cmd: "place", piece: 0, row: 0, col: 7 },
    );
    const moving = effectsOf(before, events, false);
    const still = effectsOf(before, events, true);
    expect(still.popped).toEqual([]);
    expect(still.burst).toEqual([]);
    expect(still.sounds).toEqual(moving.sounds);
    expect(still.celebration).toEqual(moving.celebration);
    expect(still.announcement).toBe(moving.announcement);
    expect(moving.sounds.at(-1)).toEqual({ name: "clear", lines: 1 });
  });

  it("a game over and a revive are heard and announced; a deal slides the tray in", () => {
    const over = run(
      {
        board: CHECKER,
        tray: [{ shape: ["#"], colour: 0 }, { shape: ["###", "###", "###"], colour: 2 }, null],
        revivesLeft: 2,
      },
      {
        cmd: "place",
        piece: 0,
        row: 0,
        col: 1,
      },
    );
    const fx = effectsOf(over.before, over.events, false);
    expect(fx.sounds.map((s) => s.name)).toEqual(["place", "gameOver"]);
    expect(fx.announcement).toContain("No piece fits. 2 revives left.");
    expect(fx.haptic).toBe("over");

    const s = at({
      board: CHECKER,
      tray: [{ shape: ["###", "###", "###"], colour: 2 }, null, null],
      revivesLeft: 1,
    });
    const r = blastGame.apply(s, { cmd: "revive" });
    if (!r.ok) throw new Error(r.error.message);
    const revived = effectsOf(s, r.events, false);
    expect(revived.sounds[0]).toEqual({ name: "revive" });
    expect(revived.dealt).toBe(true);
    expect(revived.burst).toHaveLength(20);
    expect(revived.burst.every((c) => c.colour === "#e74c3c")).toBe(true);
    expect(revived.announcement).toContain("Revived: 20 blocks removed. Three new pieces.");
  });
});

describe("hint announcement", () => {
  const tray = [{ shape: ["#"], colour: 3 }, { shape: ["##"], colour: 1 }, null];
  const state = () => at({ board: ["FFFFFFF.", ...EMPTY.slice(1)], tray });

  it("names the piece and place as the player counts them, and what playing it does", () => {
    const played = blastGame.apply(state(), { cmd: "place", piece: 0, row: 0, col: 7 });
    const scored = played.ok ? played.events.find((e) => e.type === "scored") : undefined;
    expect(scored?.type === "scored" && scored.points).toBeGreaterThan(0);
    const points = scored?.type === "scored" ? scored.points : 0;
    expect(hintAnnouncement(state(), { piece: 0, row: 0, col: 7 })).toBe(
      `Hint: piece 1 at row 1, column 8: clears 1 line for ${points} points.`,
    );
    expect(hintAnnouncement(state(), { piece: 1, row: 4, col: 2 })).toBe(
      "Hint: piece 2 at row 5, column 3: clears no line.",
    );
  });

  it("speaks French when the player chose it", async () => {
    await setLanguageSetting("fr");
    try {
      expect(hintAnnouncement(state(), { piece: 1, row: 4, col: 2 })).toBe(
        "Indice : pièce 2 en ligne 5, colonne 3 : n’efface aucune ligne.",
      );
      expect(hintAnnouncement(state(), { piece: 0, row: 0, col: 7 })).toMatch(
        /^Indice : pièce 1 en ligne 1, colonne 8 : efface 1 ligne pour \d+ points\.$/,
      );
    } finally {
      await setLanguageSetting("auto");
    }
  });
});

describe("effects feed", () => {
  it("reads each reply against the position the one before it left", () => {
    const first = at({
      board: ["FFFFF...", ...EMPTY.slice(1)],
      tray: [
        { shape: ["#"], colour: 0 },
        { shape: ["##"], colour: 2 },
        { shape: ["###"], colour: 3 },
      ],
    });
    const feed = createEffectsFeed(first);
    const one = blastGame.apply(first, { cmd: "place", piece: 0, row: 0, col: 5 });
    if (!one.ok) throw new Error(one.error.message);
    expect(feed.next(one.state, one.events, false).burst).toEqual([]);
    const two = blastGame.apply(one.state, { cmd: "place", piece: 1, row: 0, col: 6 });
    if (!two.ok) throw new Error(two.error.message);
    const fx = feed.next(two.state, two.events, false);
    // The red cell the first reply placed bursts red; the yellow one just placed, yellow.
    expect(fx.burst.slice(4)).toEqual([
      { row: 0, col: 4, colour: "#3498db" },
      { row: 0, col: 5, colour: "#e74c3c" },
      { row: 0, col: 6, colour: "#f1c40f" },
      { row: 0, col: 7, colour: "#f1c40f" },
    ]);
  });
});
