import { describe, expect, it } from "vitest";
import { type GameKeyHandlers, listenGameKeys } from "./game-keys";

/** A key event as the window would send it (Node has Event and EventTarget, not KeyboardEvent). */
class KeyEvent extends Event {
  constructor(
    type: "keydown" | "keyup",
    readonly key: string,
  ) {
    super(type);
  }
}

describe("the game key listeners", () => {
  it("always call the latest handlers, registered once", () => {
    const target = new EventTarget();
    const seen: string[] = [];
    const handlers: { current: GameKeyHandlers } = {
      current: { down: (e) => seen.push(`first down ${e.key}`) },
    };
    const stop = listenGameKeys(target, handlers);
    target.dispatchEvent(new KeyEvent("keydown", "ArrowLeft"));
    // A later render's handlers, as useLatest holds them: no new listener needed.
    handlers.current = {
      down: (e) => seen.push(`second down ${e.key}`),
      up: (e) => seen.push(`second up ${e.key}`),
      blur: () => seen.push("blur"),
    };
    target.dispatchEvent(new KeyEvent("keydown", " "));
    target.dispatchEvent(new KeyEvent("keyup", " "));
    target.dispatchEvent(new Event("blur"));
    expect(seen).toEqual(["first down ArrowLeft", "second down  ", "second up  ", "blur"]);
    stop();
    target.dispatchEvent(new KeyEvent("keydown", "x"));
    target.dispatchEvent(new KeyEvent("keyup", "x"));
    target.dispatchEvent(new Event("blur"));
    expect(seen).toHaveLength(4);
  });

  it("keyup and blur are optional", () => {
    const target = new EventTarget();
    const seen: string[] = [];
    const stop = listenGameKeys(target, { current: { down: (e) => seen.push(e.key) } });
    target.dispatchEvent(new KeyEvent("keyup", "a"));
    target.dispatchEvent(new Event("blur"));
    target.dispatchEvent(new KeyEvent("keydown", "b"));
    expect(seen).toEqual(["b"]);
    stop();
  });
});
