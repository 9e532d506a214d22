/**
 * The volumes of sound effects and music (0-100, each with its own mute), kept in localStorage
 * beside the arcade's settings. The arcade's older single switch (`settings.sound`) keeps its
 * meaning as the switch for all sound (the top bar's button), so a player who had turned sound
 * off stays silent; these volumes start at their defaults. A stored value is read leniently: a
 * missing field takes its default and a volume out of range is clamped, so no stored value ever
 * breaks the page.
 */
import { useEffect, useState } from "preact/hooks";
import { getSettings } from "./settings";
import { readJson, writeJson } from "./storage";

export interface SoundSettings {
  /** Effects volume, 0-100. */
  effects: number;
  effectsMuted: boolean;
  /** Music volume, 0-100. */
  music: number;
  musicMuted: boolean;
}

export const SOUND_KEY = "blockarcade-sound";

/** Music starts muted and low: a player turns it on (settings), and it never surprises anyone. */
export const DEFAULT_SOUND: SoundSettings = {
  effects: 100,
  effectsMuted: false,
  music: 40,
  musicMuted: true,
};

function volume(value: unknown, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(100, Math.max(0, Math.round(value)));
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** Any stored value as sound settings: defaults for what is missing or foreign, volumes clamped. */
export function parseSoundSettings(raw: unknown): SoundSettings {
  const v = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    effects: volume(v.effects, DEFAULT_SOUND.effects),
    effectsMuted: flag(v.effectsMuted, DEFAULT_SOUND.effectsMuted),
    music: volume(v.music, DEFAULT_SOUND.music),
    musicMuted: flag(v.musicMuted, DEFAULT_SOUND.musicMuted),
  };
}

const anyValue = (v: unknown): v is unknown => v !== undefined;

let current: SoundSettings = parseSoundSettings(readJson(SOUND_KEY, anyValue));
const listeners = new Set<(s: SoundSettings) => void>();

export function getSoundSettings(): SoundSettings {
  return current;
}

export function updateSoundSettings(change: Partial<SoundSettings>): void {
  current = parseSoundSettings({ ...current, ...change });
  writeJson(SOUND_KEY, current);
  for (const l of listeners) l(current);
}

export function onSoundSettings(listener: (s: SoundSettings) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSoundSettings(): SoundSettings {
  const [s, setS] = useState(current);
  useEffect(() => onSoundSettings(setS), []);
  return s;
}

/** Loudness follows the square of the slider, so its middle sounds like the middle. */
const loudness = (value: number) => (value / 100) ** 2;

/** The factor on every effect's gain: 0 when all sound is off, effects are muted or at 0. */
export function effectsLevel(sound = getSettings().sound, s = current): number {
  return sound && !s.effectsMuted ? loudness(s.effects) : 0;
}

/** The music's gain, 0-1: 0 when all sound is off, music is muted or at 0. */
export function musicLevel(sound = getSettings().sound, s = current): number {
  return sound && !s.musicMuted ? loudness(s.music) : 0;
}
