/** Arcade-wide settings: sound on/off and reduced motion, kept in localStorage. */
import { useEffect, useState } from "preact/hooks";
import { readJson, writeJson } from "./storage";

export interface Settings {
  sound: boolean;
  reducedMotion: boolean;
}

export const SETTINGS_KEY = "blockarcade-settings";

function isSettings(v: unknown): v is Settings {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as Settings).sound === "boolean" &&
    typeof (v as Settings).reducedMotion === "boolean"
  );
}

function systemPrefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

let settings: Settings = readJson(SETTINGS_KEY, isSettings) ?? {
  sound: true,
  reducedMotion: systemPrefersReducedMotion(),
};
const listeners = new Set<(s: Settings) => void>();

function applyToDocument(s: Settings): void {
  document.documentElement.dataset.reducedMotion = String(s.reducedMotion);
}
applyToDocument(settings);

export function getSettings(): Settings {
  return settings;
}

export function updateSettings(change: Partial<Settings>): void {
  settings = { ...settings, ...change };
  writeJson(SETTINGS_KEY, settings);
  applyToDocument(settings);
  for (const l of listeners) l(settings);
}

export function useSettings(): Settings {
  const [s, setS] = useState(settings);
  useEffect(() => {
    listeners.add(setS);
    return () => {
      listeners.delete(setS);
    };
  }, []);
  return s;
}

/** Hears every change of the settings outside a component (the music follows the sound switch). */
export function onSettings(listener: (s: Settings) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
