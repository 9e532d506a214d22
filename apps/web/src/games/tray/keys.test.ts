import { afterEach, describe, expect, it } from "vitest";
import { rebind } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import { trayKeyIntent } from "./keys";

describe("tray keys", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("1/2/3 choose a piece, arrows move, Enter and Space place", () => {
    for (const game of ["blast", "puzzle"] as const) {
      expect(trayKeyIntent(game, "1")).toEqual({ type: "select", piece: 0 });
      expect(trayKeyIntent(game, "2")).toEqual({ type: "select", piece: 1 });
      expect(trayKeyIntent(game, "3")).toEqual({ type: "select", piece: 2 });
      expect(trayKeyIntent(game, "ArrowUp")).toEqual({ type: "move", dr: -1, dc: 0 });
      expect(trayKeyIntent(game, "ArrowDown")).toEqual({ type: "move", dr: 1, dc: 0 });
      expect(trayKeyIntent(game, "ArrowLeft")).toEqual({ type: "move", dr: 0, dc: -1 });
      expect(trayKeyIntent(game, "ArrowRight")).toEqual({ type: "move", dr: 0, dc: 1 });
      expect(trayKeyIntent(game, "Enter")).toEqual({ type: "place" });
      expect(trayKeyIntent(game, " ")).toEqual({ type: "place" });
    }
  });

  it("leaves every other key to the game", () => {
    for (const key of ["0", "4", "a", "Tab", "Escape", "Shift", "Space", "enter"]) {
      expect(trayKeyIntent("blast", key)).toBeNull();
    }
  });

  it("follow each game's own remap", () => {
    installKeyStorage();
    expect(rebind("blast", "left", 0, "j")).toEqual({ ok: true });
    expect(trayKeyIntent("blast", "j")).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(trayKeyIntent("blast", "ArrowLeft")).toBeNull();
    // Block Puzzle keeps its own keys.
    expect(trayKeyIntent("puzzle", "j")).toBeNull();
    expect(trayKeyIntent("puzzle", "ArrowLeft")).toEqual({ type: "move", dr: 0, dc: -1 });
  });
});
