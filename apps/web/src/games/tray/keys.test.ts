import { describe, expect, it } from "vitest";
import { trayKeyIntent } from "./keys";

describe("tray keys", () => {
  it("1/2/3 choose a piece, arrows move, Enter and Space place", () => {
    expect(trayKeyIntent("1")).toEqual({ type: "select", piece: 0 });
    expect(trayKeyIntent("2")).toEqual({ type: "select", piece: 1 });
    expect(trayKeyIntent("3")).toEqual({ type: "select", piece: 2 });
    expect(trayKeyIntent("ArrowUp")).toEqual({ type: "move", dr: -1, dc: 0 });
    expect(trayKeyIntent("ArrowDown")).toEqual({ type: "move", dr: 1, dc: 0 });
    expect(trayKeyIntent("ArrowLeft")).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(trayKeyIntent("ArrowRight")).toEqual({ type: "move", dr: 0, dc: 1 });
    expect(trayKeyIntent("Enter")).toEqual({ type: "place" });
    expect(trayKeyIntent(" ")).toEqual({ type: "place" });
  });

  it("leaves every other key to the game", () => {
    for (const key of ["0", "4", "a", "Tab", "Escape", "Shift", "Space", "enter"]) {
      expect(trayKeyIntent(key)).toBeNull();
    }
  });
});
