/** The shared key map store: defaults, stored remaps (valid, corrupt, clashing), conflicts, reset, DAS / ARR. */
import { GAME_IDS } from "@blockarcade/engine/core";
import { beforeEach, describe, expect, it } from "vitest";
import { installKeyStorage } from "../testing/key-storage";
import {
  ariaKeyShortcuts,
  bindingsOf,
  boundAction,
  DEFAULT_KEY_MAPS,
  getKeyRepeat,
  KEYS_STORAGE_KEY,
  keyNames,
  parseStoredKeys,
  rebind,
  reloadKeyBindings,
  resetBindings,
  setKeyRepeat,
} from "./key-bindings";

let data: Map<string, string>;
beforeEach(() => {
  data = installKeyStorage();
});

describe("default key maps", () => {
  it("bind no key to two actions of one game, and every game has hint and watch", () => {
    for (const game of GAME_IDS) {
      const keys = DEFAULT_KEY_MAPS[game].flatMap((a) => a.keys);
      expect(new Set(keys).size, game).toBe(keys.length);
      expect(boundAction(game, "h"), game).toBe("hint");
      expect(boundAction(game, "V"), game).toBe("watch");
    }
  });

  it("give each button's aria-keyshortcuts as bound, in ARIA's key names, and follow a remap", () => {
    expect(ariaKeyShortcuts("stacker", "pause")).toBe("Escape P");
    expect(ariaKeyShortcuts("stacker", "hard_drop")).toBe("Space");
    expect(ariaKeyShortcuts("blocky", "zoom_in")).toBe("Plus =");
    expect(ariaKeyShortcuts("blast", "hint")).toBe("H");
    expect(rebind("blast", "hint", 0, "j")).toEqual({ ok: true });
    expect(ariaKeyShortcuts("blast", "hint")).toBe("J");
  });

  it("read letters in either case and Space by its old name too", () => {
    expect(boundAction("stacker", "A")).toBe("left");
    expect(boundAction("stacker", "Spacebar")).toBe("hard_drop");
    expect(boundAction("stacker", "F5")).toBeNull();
    expect(keyNames("stacker", "left")).toBe("A or ←");
  });
});

describe("rebind", () => {
  it("puts a key in place of one of the action's keys, keeps the others, and stores it", () => {
    expect(rebind("stacker", "left", 0, "J")).toEqual({ ok: true });
    expect(bindingsOf("stacker").left).toEqual(["j", "ArrowLeft"]);
    expect(boundAction("stacker", "j")).toBe("left");
    expect(boundAction("stacker", "a")).toBeNull();
    // Another game keeps its own keys.
    expect(boundAction("blocky", "a")).toBe("rotate_ccw");
    // The change is in storage: a fresh read (a reload) finds it.
    reloadKeyBindings();
    expect(boundAction("stacker", "j")).toBe("left");
    expect(JSON.parse(data.get(KEYS_STORAGE_KEY) ?? "{}").games.stacker.left).toEqual(["j", "ArrowLeft"]);
  });

  it("refuses a key bound to another action of the same game, with a message naming it", () => {
    const r = rebind("stacker", "left", 0, "d");
    expect(r).toEqual({ ok: false, message: "D is already bound to Move right. Change that one first." });
    expect(bindingsOf("stacker").left).toEqual(["a", "ArrowLeft"]);
    expect(data.has(KEYS_STORAGE_KEY)).toBe(false);
    // The same key in another game is no conflict.
    expect(rebind("match3", "right", 1, "d")).toEqual({
      ok: false,
      message: "D is already bound to Drop. Change that one first.",
    });
    expect(rebind("blast", "hint", 0, "d")).toEqual({ ok: true });
  });

  it("refuses Tab and modifier keys, and accepts the action's own key again", () => {
    expect(rebind("puzzle", "place", 0, "Tab")).toMatchObject({
      ok: false,
      message: expect.stringContaining("moves focus"),
    });
    expect(rebind("puzzle", "place", 0, "Shift")).toMatchObject({ ok: false });
    expect(rebind("stacker", "rotate_cw", 1, "Q")).toEqual({ ok: true });
    expect(bindingsOf("stacker").rotate_cw).toEqual(["q", "ArrowUp"]);
  });

  it("adds a key past the action's last one", () => {
    expect(rebind("stacker", "hold", 1, "Shift")).toMatchObject({ ok: false });
    expect(rebind("stacker", "hold", 1, "f")).toEqual({ ok: true });
    expect(bindingsOf("stacker").hold).toEqual(["c", "f"]);
  });
});

describe("reset", () => {
  it("brings one game back to its defaults and leaves the others and the repeat", () => {
    rebind("stacker", "left", 0, "j");
    rebind("blocky", "pass", 0, "k");
    setKeyRepeat({ das: 100 });
    resetBindings("stacker");
    expect(bindingsOf("stacker").left).toEqual(["a", "ArrowLeft"]);
    expect(boundAction("blocky", "k")).toBe("pass");
    expect(getKeyRepeat().das).toBe(100);
    reloadKeyBindings();
    expect(boundAction("stacker", "j")).toBeNull();
  });
});

describe("stored keys", () => {
  it("corrupt or foreign storage reads as the defaults", () => {
    for (const text of ["{not json", "null", "[1,2]", '"keys"', '{"games":7,"repeat":"fast"}']) {
      installKeyStorage(text);
      expect(bindingsOf("stacker").left, text).toEqual(["a", "ArrowLeft"]);
      expect(getKeyRepeat(), text).toEqual({ das: 170, arr: 50 });
    }
  });

  it("drops bad entries, unknown actions and a map where one key would do two things", () => {
    installKeyStorage(
      JSON.stringify({
        games: {
          stacker: { left: ["j"], right: "k", nope: ["z"], hold: [] },
          blocky: { pass: ["d"] },
          chess: { left: ["x"] },
        },
      }),
    );
    expect(bindingsOf("stacker").left).toEqual(["j"]);
    expect(bindingsOf("stacker").right).toEqual(["d", "ArrowRight"]);
    expect(bindingsOf("stacker").hold).toEqual(["c"]);
    expect(boundAction("stacker", "nope")).toBeNull();
    // Blocky's "d" is rotate's: the clashing stored map is ignored as a whole.
    expect(boundAction("blocky", "d")).toBe("rotate_cw");
    expect(boundAction("blocky", "p")).toBe("pass");
  });

  it("keeps DAS and ARR within their ranges", () => {
    expect(parseStoredKeys({ repeat: { das: 5, arr: 900 } }).repeat).toEqual({ das: 50, arr: 200 });
    expect(parseStoredKeys({ repeat: { das: 120.4, arr: 0 } }).repeat).toEqual({ das: 120, arr: 0 });
    expect(parseStoredKeys({ repeat: { das: "x", arr: Number.NaN } }).repeat).toEqual({ das: 170, arr: 50 });
    expect(setKeyRepeat({ arr: -3 })).toEqual({ das: 170, arr: 0 });
    reloadKeyBindings();
    expect(getKeyRepeat()).toEqual({ das: 170, arr: 0 });
  });
});
