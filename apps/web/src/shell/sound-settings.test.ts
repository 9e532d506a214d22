import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeAudioContext } from "../testing/fake-audio";

// The settings read the browser when imported: a stand-in for it first (each test below makes its own).
vi.stubGlobal("window", { localStorage: { getItem: () => null }, matchMedia: () => ({ matches: false }) });
vi.stubGlobal("document", { documentElement: { dataset: {} } });
const { DEFAULT_SOUND, parseSoundSettings } = await import("./sound-settings");

describe("parsing stored sound settings", () => {
  it("takes defaults for what is missing or foreign and clamps volumes to 0-100", () => {
    expect(parseSoundSettings(undefined)).toEqual(DEFAULT_SOUND);
    expect(parseSoundSettings("loud")).toEqual(DEFAULT_SOUND);
    expect(parseSoundSettings({ effects: 250, music: -3, musicMuted: false })).toEqual({
      effects: 100,
      effectsMuted: false,
      music: 0,
      musicMuted: false,
    });
    expect(parseSoundSettings({ effects: 33.6, music: Number.NaN, effectsMuted: "yes" })).toEqual({
      ...DEFAULT_SOUND,
      effects: 34,
    });
  });

  it("starts music muted and low, and effects at full", () => {
    expect(DEFAULT_SOUND).toEqual({ effects: 100, effectsMuted: false, music: 40, musicMuted: true });
  });
});

/** A browser with this storage and a stand-in AudioContext; the modules are then imported afresh. */
function browser(stored: Record<string, string>) {
  const audio: FakeAudioContext[] = [];
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => stored[k] ?? null,
      setItem: (k: string, v: string) => {
        stored[k] = v;
      },
    },
    matchMedia: () => ({ matches: false }),
    AudioContext: class extends FakeAudioContext {
      constructor() {
        super();
        audio.push(this);
      }
    },
  });
  vi.stubGlobal("document", { documentElement: { dataset: {} } });
  return audio;
}

async function load() {
  vi.resetModules();
  return {
    ...(await import("./sound-settings")),
    ...(await import("./settings")),
    ...(await import("./sound")),
  };
}

const peaks = (audio: FakeAudioContext[]) =>
  audio.flatMap((a) => a.gains.map((g) => Math.max(...g.gain.calls.map((c) => c[1]))));

describe("the sound settings in the page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the old single switch: sound turned off before stays off for effects and music", async () => {
    browser({ "blockarcade-settings": JSON.stringify({ sound: false, reducedMotion: false }) });
    const m = await load();
    expect(m.getSoundSettings()).toEqual(DEFAULT_SOUND);
    m.updateSoundSettings({ musicMuted: false });
    expect(m.effectsLevel()).toBe(0);
    expect(m.musicLevel()).toBe(0);
    m.updateSettings({ sound: true });
    expect(m.effectsLevel()).toBe(1);
    expect(m.musicLevel()).toBeCloseTo(0.16, 9);
  });

  it("stores changes clamped, reads them after a reload, and hears them", async () => {
    const stored: Record<string, string> = {};
    browser(stored);
    let m = await load();
    const seen: number[] = [];
    m.onSoundSettings((s) => seen.push(s.effects));
    m.updateSoundSettings({ effects: 140 });
    m.updateSoundSettings({ effects: 50, music: 70, musicMuted: false });
    expect(seen).toEqual([100, 50]);
    expect(JSON.parse(stored["blockarcade-sound"] ?? "null")).toEqual({
      effects: 50,
      effectsMuted: false,
      music: 70,
      musicMuted: false,
    });
    browser(stored);
    m = await load();
    expect(m.getSoundSettings()).toMatchObject({ effects: 50, music: 70, musicMuted: false });
    expect(m.musicLevel()).toBeCloseTo(0.49, 9);
  });

  it("plays effects at the effects volume, and none when muted or at 0", async () => {
    const audio = browser({ "blockarcade-sound": JSON.stringify({ effects: 50 }) });
    const m = await load();
    m.playTones([{ freq: 440, duration: 0.1, gain: 0.2 }]);
    expect(peaks(audio)).toEqual([0.05]);
    m.updateSoundSettings({ effectsMuted: true });
    m.playTones([{ freq: 440, duration: 0.1 }]);
    m.updateSoundSettings({ effectsMuted: false, effects: 0 });
    m.playTones([{ freq: 440, duration: 0.1 }]);
    expect(audio[0]?.oscillators).toHaveLength(1);
  });
});
