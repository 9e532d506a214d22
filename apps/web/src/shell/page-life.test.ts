import { describe, expect, it } from "vitest";
import { listenPageLife, type PageLifeHandlers } from "./page-life";

/** A document as far as the page's life goes: an event target that can be hidden. */
class Doc extends EventTarget {
  hidden = false;
}

describe("the page's life", () => {
  it("hears hide, show and leave once, through the latest handlers, until stopped", () => {
    const doc = new Doc();
    const win = new EventTarget();
    const seen: string[] = [];
    const handlers: { current: PageLifeHandlers } = {
      current: { visibility: (hidden) => seen.push(`first ${hidden}`) },
    };
    const stop = listenPageLife(doc, win, handlers);
    doc.hidden = true;
    doc.dispatchEvent(new Event("visibilitychange"));
    handlers.current = {
      visibility: (hidden) => seen.push(`second ${hidden}`),
      leave: () => seen.push("leave"),
    };
    doc.hidden = false;
    doc.dispatchEvent(new Event("visibilitychange"));
    win.dispatchEvent(new Event("pagehide"));
    stop();
    doc.dispatchEvent(new Event("visibilitychange"));
    win.dispatchEvent(new Event("pagehide"));
    expect(seen).toEqual(["first true", "second false", "leave"]);
  });
});
