/**
 * The arcade's look: light, dark or the system's theme, and the colour-blind mode (palettes that
 * stay apart under colour-vision deficiency, plus a second cue that is not colour). Kept in
 * localStorage under its own key (the other settings keep theirs), set on <html> as
 * data-theme="light|dark" (CSS custom properties follow it) and data-colour-blind="on|off|auto".
 */
import { useEffect, useState } from "preact/hooks";
import { readJson, writeJson } from "./storage";

export type Theme = "system" | "light" | "dark";
/** "auto": on in the games where colour carries a rule (Blocky's goals), off elsewhere. */
export type ColourBlind = "auto" | "on" | "off";

export interface Look {
  theme: Theme;
  colourBlind: ColourBlind;
}

export const LOOK_KEY = "blockarcade-look";
export const THEMES: readonly Theme[] = ["system", "light", "dark"];
export const COLOUR_BLIND_MODES: readonly ColourBlind[] = ["auto", "on", "off"];
/** The games in which a colour is a rule (a goal, a player), not decoration. */
export const COLOUR_RULE_GAMES: ReadonlySet<string> = new Set(["blocky"]);

function isLook(v: unknown): v is Look {
  const l = v as Look;
  return (
    typeof v === "object" &&
    v !== null &&
    THEMES.includes(l.theme) &&
    COLOUR_BLIND_MODES.includes(l.colourBlind)
  );
}

let look: Look = readJson(LOOK_KEY, isLook) ?? { theme: "system", colourBlind: "auto" };
const listeners = new Set<(l: Look) => void>();
// Guarded: the colour modules that read the look are also loaded by unit tests without a page.
const dark =
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-color-scheme: dark)")
    : undefined;

export function resolvedTheme(l: Look = look): "light" | "dark" {
  if (l.theme !== "system") return l.theme;
  return dark && !dark.matches ? "light" : "dark";
}

function apply(): void {
  if (typeof document === "undefined") return;
  const root = document.documentElement;
  const theme = resolvedTheme();
  root.dataset.theme = theme;
  root.dataset.colourBlind = look.colourBlind;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute("content", theme === "light" ? "#f4f6fa" : "#1a1a2e");
}
/** Sets the look on <html> and follows the system's theme; main.tsx calls it before the first render. */
export function startLook(): void {
  apply();
  dark?.addEventListener("change", () => {
    apply();
    for (const l of listeners) l({ ...look });
  });
}

export function getLook(): Look {
  return look;
}

export function updateLook(change: Partial<Look>): void {
  look = { ...look, ...change };
  writeJson(LOOK_KEY, look);
  apply();
  for (const l of listeners) l(look);
}

export function useLook(): Look {
  const [l, setL] = useState(look);
  useEffect(() => {
    listeners.add(setL);
    return () => {
      listeners.delete(setL);
    };
  }, []);
  return l;
}

/** Whether a game draws its colour-blind palette and second cue. */
export function colourBlindIn(game: string, l: Look = look): boolean {
  return l.colourBlind === "on" || (l.colourBlind === "auto" && COLOUR_RULE_GAMES.has(game));
}

export function useColourBlind(game: string): boolean {
  return colourBlindIn(game, useLook());
}

/** The resolved theme, re-rendering on a change (the setting or the system's). */
export function useTheme(): "light" | "dark" {
  useLook();
  return resolvedTheme();
}
