import { describe, expect, it } from "vitest";
import { type PressCallbacks, type PressOptions, TAP_SLOP, trackPress } from "./press";

/**
 * A window stand-in that keeps listeners the way browsers do: one per (type, listener, capture).
 * (Node's own EventTarget never removes a listener added with capture, unlike browsers.)
 */
class FakeTarget implements EventTarget {
  private readonly listeners = new Map<string, Set<EventListener>>();
  private slot(type: string, options?: boolean | EventListenerOptions): Set<EventListener> {
    const capture = typeof options === "boolean" ? options : (options?.capture ?? false);
    const key = `${type}/${capture}`;
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    return set;
  }
  addEventListener(type: string, listener: EventListener, options?: boolean | AddEventListenerOptions): void {
    this.slot(type, options).add(listener);
  }
  removeEventListener(type: string, listener: EventListener, options?: boolean | EventListenerOptions): void {
    this.slot(type, options).delete(listener);
  }
  dispatchEvent(event: Event): boolean {
    for (const capture of [true, false]) {
      for (const listener of [...this.slot(event.type, capture)]) listener(event);
    }
    return !event.defaultPrevented;
  }
}

/** A press followed on a stand-in window, with every callback logged. */
function press(options: Omit<PressOptions, "target"> = {}) {
  const target = new FakeTarget();
  const log: string[] = [];
  const callbacks: PressCallbacks = {
    onDragStart: () => log.push("start"),
    onDragMove: (x, y) => log.push(`move ${x},${y}`),
    onDragEnd: (x, y, dropped) => log.push(`end ${x},${y} ${dropped ? "dropped" : "cancelled"}`),
    onTap: (released) => log.push(`tap ${released ? "released" : "cancelled"}`),
  };
  const stop = trackPress({ pointerId: 1, clientX: 100, clientY: 100 }, callbacks, { ...options, target });
  const fire = (type: string, x = 100, y = 100, pointerId = 1) => {
    const event = Object.assign(new Event(type, { cancelable: true }), { pointerId, clientX: x, clientY: y });
    target.dispatchEvent(event);
    return event;
  };
  const key = (k: string) => {
    const event = Object.assign(new Event("keydown", { cancelable: true }), { key: k });
    target.dispatchEvent(event);
    return event;
  };
  return { log, stop, fire, key };
}

describe("trackPress", () => {
  it("a release within the slop is a tap, and nothing else is heard afterwards", () => {
    const p = press();
    p.fire("pointermove", 100 + TAP_SLOP - 1, 100);
    p.fire("pointerup", 103, 101);
    p.fire("pointermove", 200, 200);
    p.fire("pointerup", 200, 200);
    expect(p.log).toEqual(["tap released"]);
  });

  it("a press the browser cancels before any move is a cancelled tap", () => {
    const p = press();
    p.fire("pointercancel");
    expect(p.log).toEqual(["tap cancelled"]);
  });

  it("past the slop it is a drag: start once, every move, then the drop where it was released", () => {
    const p = press();
    p.fire("pointermove", 100, 100 + TAP_SLOP);
    p.fire("pointermove", 120, 90);
    // Once dragging, even a move back inside the slop is a move.
    p.fire("pointermove", 101, 100);
    p.fire("pointerup", 130, 140);
    p.fire("pointermove", 1, 1);
    expect(p.log).toEqual(["start", "move 100,106", "move 120,90", "move 101,100", "end 130,140 dropped"]);
  });

  it("a cancelled drag ends without a drop", () => {
    const p = press();
    p.fire("pointermove", 150, 150);
    p.fire("pointercancel", 160, 160);
    expect(p.log).toEqual(["start", "move 150,150", "end 160,160 cancelled"]);
  });

  it("ignores other pointers", () => {
    const p = press();
    p.fire("pointermove", 300, 300, 2);
    p.fire("pointerup", 300, 300, 2);
    expect(p.log).toEqual([]);
    p.fire("pointerup", 100, 100, 1);
    expect(p.log).toEqual(["tap released"]);
  });

  it("Escape cancels a drag only when asked to, and only once it is a drag", () => {
    const plain = press();
    plain.fire("pointermove", 150, 150);
    expect(plain.key("Escape").defaultPrevented).toBe(false);
    plain.fire("pointerup", 150, 150);
    expect(plain.log).toEqual(["start", "move 150,150", "end 150,150 dropped"]);

    const p = press({ escapeCancels: true });
    expect(p.key("Escape").defaultPrevented).toBe(false);
    p.fire("pointermove", 150, 150);
    expect(p.key("a").defaultPrevented).toBe(false);
    expect(p.key("Escape").defaultPrevented).toBe(true);
    p.fire("pointerup", 150, 150);
    expect(p.log).toEqual(["start", "move 150,150", "end 150,150 cancelled"]);
  });

  it("prevents the default of a drag's moves only when asked to", () => {
    const plain = press();
    expect(plain.fire("pointermove", 150, 150).defaultPrevented).toBe(false);
    const p = press({ preventMoveDefaults: true });
    // Within the slop the press may still be a tap: its moves are left alone.
    expect(p.fire("pointermove", 101, 101).defaultPrevented).toBe(false);
    expect(p.fire("pointermove", 150, 150).defaultPrevented).toBe(true);
  });

  it("stop() ends the press without a callback", () => {
    const p = press({ escapeCancels: true });
    p.fire("pointermove", 150, 150);
    p.stop();
    p.key("Escape");
    p.fire("pointerup", 150, 150);
    expect(p.log).toEqual(["start", "move 150,150"]);
  });
});
