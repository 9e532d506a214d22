import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// settings.ts reads the browser at import time: give it a small stand-in, then import afresh.
function stubBrowser(stored: Record<string, string>, vibrate?: (p: number | number[]) => boolean) {
  const storage = {
    getItem: (k: string) => stored[k] ?? null,
    setItem: (k: string, v: string) => {
      stored[k] = v;
    },
    removeItem: (k: string) => {
      delete stored[k];
    },
  };
  vi.stubGlobal("window", { localStorage: storage, matchMedia: () => ({ matches: false }) });
  vi.stubGlobal("document", { documentElement: { dataset: {} } });
  vi.stubGlobal("navigator", vibrate ? { vibrate } : {});
}

async function load() {
  vi.resetModules();
  const haptics = await import("./haptics");
  const settings = await import("./settings");
  return { ...haptics, ...settings };
}

describe("buzz", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("vibrates with the given pattern while sound is on", async () => {
    const calls: unknown[] = [];
    stubBrowser({}, (p) => {
      calls.push(p);
      return true;
    });
    const { buzz, BUZZ } = await load();
    expect(buzz(BUZZ.place)).toBe(true);
    expect(buzz(BUZZ.over)).toBe(true);
    expect(calls).toEqual([12, [60, 40, 60, 40, 120]]);
  });

  it("stays still when sound is off, stored or switched off during play", async () => {
    const calls: unknown[] = [];
    const vibrate = (p: number | number[]) => {
      calls.push(p);
      return true;
    };
    stubBrowser({ "blockarcade-settings": JSON.stringify({ sound: false, reducedMotion: false }) }, vibrate);
    let m = await load();
    expect(m.buzz(40)).toBe(false);
    stubBrowser({}, vibrate);
    m = await load();
    m.updateSettings({ sound: false });
    expect(m.buzz(40)).toBe(false);
    m.updateSettings({ sound: true });
    expect(m.buzz(40)).toBe(true);
    expect(calls).toEqual([40]);
  });

  it("is silent, never throwing, where vibration is missing or refused", async () => {
    stubBrowser({});
    let m = await load();
    expect(m.buzz(40)).toBe(false);
    stubBrowser({}, () => {
      throw new Error("blocked by permissions policy");
    });
    m = await load();
    expect(m.buzz([10, 10])).toBe(false);
    stubBrowser({}, () => false);
    m = await load();
    expect(m.buzz(10)).toBe(false);
  });
});
