import { afterAll, describe, expect, it, vi } from "vitest";
import { FakeAudioContext, manualClock } from "../testing/fake-audio";

// The shell's settings read the browser when imported: a small stand-in for it first.
vi.stubGlobal("window", { localStorage: { getItem: () => null, setItem: () => undefined } });
vi.stubGlobal("document", { documentElement: { dataset: {} } });
const { createMusicGate } = await import("./music-gate");
afterAll(() => vi.unstubAllGlobals());

class Doc extends EventTarget {
  hidden = false;
}

function setup(options: { activated?: boolean } = {}) {
  const doc = new Doc();
  const win = new EventTarget();
  const audio = new FakeAudioContext();
  const clock = manualClock(audio);
  let level = 0.16;
  let loads = 0;
  const gate = createMusicGate({
    doc,
    win,
    clock,
    level: () => level,
    activated: () => options.activated ?? false,
    audio: () => audio,
    load: () => {
      loads++;
      return import("./music");
    },
  });
  // Lets a started load of the music finish (the module is imported once, then cached).
  const settle = async () => {
    await import("./music");
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return {
    doc,
    win,
    audio,
    clock,
    gate,
    settle,
    loads: () => loads,
    setLevel(value: number) {
      level = value;
      gate.update();
    },
    setHidden(value: boolean) {
      doc.hidden = value;
      doc.dispatchEvent(new Event("visibilitychange"));
    },
  };
}

describe("when the music plays", () => {
  it("waits for the player's first gesture, then loads the music once and plays the game's tune", async () => {
    const t = setup();
    const game = t.gate.enter("blast");
    game.inPlay(true);
    await t.settle();
    expect(t.loads()).toBe(0);
    expect(t.audio.oscillators).toHaveLength(0);
    // A finger going down is not yet a gesture (a touch activates the page when it lifts).
    t.win.dispatchEvent(new Event("pointerdown"));
    await t.settle();
    expect(t.loads()).toBe(0);
    t.win.dispatchEvent(new Event("pointerup"));
    await t.settle();
    expect(t.loads()).toBe(1);
    expect(t.gate.playing).toBe(true);
    expect(t.audio.state).toBe("running");
    t.clock.advance(1000);
    expect(t.audio.oscillators.length).toBeGreaterThan(0);
    t.win.dispatchEvent(new Event("keydown"));
    await t.settle();
    expect(t.loads()).toBe(1);
  });

  it("starts at once on a page that has had a gesture already", async () => {
    const t = setup({ activated: true });
    t.gate.enter("puzzle").inPlay(true);
    await t.settle();
    expect(t.gate.playing).toBe(true);
  });

  it("pauses while the page is hidden and plays on when it is shown", async () => {
    const t = setup({ activated: true });
    t.gate.enter("stacker").inPlay(true);
    await t.settle();
    t.setHidden(true);
    expect(t.gate.playing).toBe(false);
    const count = t.audio.oscillators.length;
    t.clock.advance(5000);
    expect(t.audio.oscillators).toHaveLength(count);
    t.setHidden(false);
    expect(t.gate.playing).toBe(true);
    t.clock.advance(2000);
    expect(t.audio.oscillators.length).toBeGreaterThan(count);
  });

  it("pauses while the game is paused or over, under any dialog, when muted, and when the game leaves", async () => {
    const t = setup({ activated: true });
    const game = t.gate.enter("match3");
    expect(t.gate.playing).toBe(false);
    game.inPlay(true);
    await t.settle();
    expect(t.gate.playing).toBe(true);
    game.inPlay(false);
    expect(t.gate.playing).toBe(false);
    game.inPlay(true);
    expect(t.gate.playing).toBe(true);
    const closeFirst = t.gate.dialog();
    const closeSecond = t.gate.dialog();
    expect(t.gate.playing).toBe(false);
    closeFirst();
    closeFirst();
    expect(t.gate.playing).toBe(false);
    closeSecond();
    expect(t.gate.playing).toBe(true);
    t.setLevel(0);
    expect(t.gate.playing).toBe(false);
    t.setLevel(0.5);
    expect(t.gate.playing).toBe(true);
    const bus = t.audio.gains.filter((g) => g.outputs.includes(t.audio.destination)).at(-1);
    expect(bus?.gain.calls.at(-1)?.[1]).toBe(0.5);
    game.leave();
    expect(t.gate.playing).toBe(false);
  });

  it("plays the newest game's tune when another game is entered", async () => {
    const t = setup({ activated: true });
    const first = t.gate.enter("blast");
    first.inPlay(true);
    await t.settle();
    const second = t.gate.enter("blocky");
    second.inPlay(true);
    first.leave();
    expect(t.gate.playing).toBe(true);
    // Two buses: the first tune's faded out, the second one's playing.
    const buses = t.audio.gains.filter((g) => g.outputs.includes(t.audio.destination));
    expect(buses).toHaveLength(2);
    expect(buses[0]?.gain.calls.at(-1)?.[1]).toBe(0);
  });
});
