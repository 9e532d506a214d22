/**
 * Every game's keys in one place: each game's actions with their default keys (data), the player's
 * remaps stored over them (localStorage, so they last across visits and offline), and Stacker's key
 * repeat (DAS / ARR). A game's keyboard.ts asks `boundAction(game, key)` what a key does; the
 * settings screen (app/key-settings.tsx) changes the bindings with `rebind`, which refuses a key
 * already bound to another action of the same game.
 *
 * Keys are `KeyboardEvent.key` values, a single character in lower case (" " is Space), so a
 * binding holds whether Caps Lock is on or not.
 */
import type { GameId } from "@blockarcade/engine/core";
import { useEffect, useState } from "preact/hooks";
import { readJson, writeJson } from "./storage";

export interface KeyActionSpec {
  id: string;
  label: string;
  keys: readonly string[];
}

const HINT: KeyActionSpec = { id: "hint", label: "Hint", keys: ["h"] };
const WATCH: KeyActionSpec = { id: "watch", label: "Watch the computer play", keys: ["v"] };
const TRAY: readonly KeyActionSpec[] = [
  { id: "piece1", label: "Pick piece 1", keys: ["1"] },
  { id: "piece2", label: "Pick piece 2", keys: ["2"] },
  { id: "piece3", label: "Pick piece 3", keys: ["3"] },
  { id: "up", label: "Aim up", keys: ["ArrowUp"] },
  { id: "down", label: "Aim down", keys: ["ArrowDown"] },
  { id: "left", label: "Aim left", keys: ["ArrowLeft"] },
  { id: "right", label: "Aim right", keys: ["ArrowRight"] },
  { id: "place", label: "Place", keys: ["Enter", " "] },
];

/** The default key maps: each game's actions, in the order the settings screen lists them. */
export const DEFAULT_KEY_MAPS: Readonly<Record<GameId, readonly KeyActionSpec[]>> = {
  blast: [...TRAY, { id: "pause", label: "Pause", keys: ["Escape"] }, HINT, WATCH],
  puzzle: [...TRAY, { id: "cancel", label: "Put the piece back", keys: ["Escape"] }, HINT, WATCH],
  stacker: [
    { id: "left", label: "Move left", keys: ["a", "ArrowLeft"] },
    { id: "right", label: "Move right", keys: ["d", "ArrowRight"] },
    { id: "soft_drop", label: "Soft drop", keys: ["s", "ArrowDown"] },
    { id: "hard_drop", label: "Hard drop", keys: [" "] },
    { id: "rotate_cw", label: "Rotate clockwise", keys: ["q", "x", "ArrowUp"] },
    { id: "rotate_ccw", label: "Rotate anticlockwise", keys: ["e", "z"] },
    { id: "hold", label: "Hold", keys: ["c"] },
    { id: "pause", label: "Pause", keys: ["Escape", "p"] },
    { id: "restart", label: "New game (when over)", keys: ["Enter", "r"] },
    HINT,
    WATCH,
  ],
  match3: [
    { id: "left", label: "Move left", keys: ["ArrowLeft", "l", "a"] },
    { id: "right", label: "Move right", keys: ["ArrowRight", "r"] },
    { id: "drop", label: "Drop", keys: ["ArrowDown", "d", "s", " "] },
    { id: "advance", label: "End the frame (Classic)", keys: ["Enter", "n"] },
    { id: "pause", label: "Pause (Arcade)", keys: ["p", "Escape"] },
    HINT,
    WATCH,
  ],
  blocky: [
    { id: "up", label: "Select up", keys: ["ArrowUp"] },
    { id: "down", label: "Select down", keys: ["ArrowDown"] },
    { id: "left", label: "Select left", keys: ["ArrowLeft"] },
    { id: "right", label: "Select right", keys: ["ArrowRight"] },
    { id: "level_up", label: "Bigger block", keys: ["w"] },
    { id: "level_down", label: "Smaller block", keys: ["s"] },
    { id: "rotate_cw", label: "Rotate clockwise", keys: ["d"] },
    { id: "rotate_ccw", label: "Rotate anticlockwise", keys: ["a"] },
    { id: "swap_h", label: "Swap left-right", keys: ["q"] },
    { id: "swap_v", label: "Swap top-bottom", keys: ["e"] },
    { id: "smash", label: "Smash", keys: [" "] },
    { id: "paint", label: "Paint", keys: ["r"] },
    { id: "combine", label: "Combine", keys: ["c"] },
    { id: "pass", label: "Pass", keys: ["p"] },
    { id: "zoom_in", label: "Zoom in", keys: ["+", "="] },
    { id: "zoom_out", label: "Zoom out", keys: ["-"] },
    HINT,
    WATCH,
  ],
};

/** A game's bindings: action id to its keys. */
export type Bindings = Record<string, readonly string[]>;

/** Stacker's held-key repeat: delayed auto shift and auto repeat rate, in ms (0 = instant). */
export interface KeyRepeatTiming {
  das: number;
  arr: number;
}
export const DAS_RANGE = { min: 50, max: 500, default: 170 } as const;
export const ARR_RANGE = { min: 0, max: 200, default: 50 } as const;
export const DEFAULT_REPEAT: KeyRepeatTiming = { das: DAS_RANGE.default, arr: ARR_RANGE.default };

export interface StoredKeys {
  /** Per game, the actions the player changed (a missing action keeps its defaults). */
  games: Partial<Record<GameId, Bindings>>;
  repeat: KeyRepeatTiming;
}

export const KEYS_STORAGE_KEY = "blockarcade-keys";

/** Keys the browser or the page needs, never bound (Tab moves focus; modifiers only modify). */
const UNBINDABLE = new Set([
  "Tab",
  "Shift",
  "Control",
  "Alt",
  "Meta",
  "AltGraph",
  "CapsLock",
  "Fn",
  "Dead",
  "Unidentified",
  "Process",
  "OS",
]);

/** The form a key is stored and compared in: one character in lower case, Space as " ". */
export function normalizeKey(key: string): string {
  if (key === "Spacebar") return " ";
  return key.length === 1 ? key.toLowerCase() : key;
}

const ARROW_NAMES: Record<string, string> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };

/** A key's name as the player reads it: "A", "Space", "←", "Esc". */
export function keyLabel(key: string): string {
  if (key === " ") return "Space";
  if (key === "Escape") return "Esc";
  return ARROW_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

const isKeyList = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.length <= 4 &&
  v.every((k) => typeof k === "string" && k.length > 0 && k.length <= 20);

/** A game's bindings: the defaults with `changed` over them; a change that would clash is dropped. */
export function resolveBindings(game: GameId, changed: Bindings | undefined): Bindings {
  const out: Bindings = {};
  for (const a of DEFAULT_KEY_MAPS[game]) out[a.id] = a.keys;
  if (!changed) return out;
  const merged: Bindings = { ...out };
  for (const [id, keys] of Object.entries(changed)) {
    if (Object.hasOwn(out, id) && isKeyList(keys))
      merged[id] = keys.map(normalizeKey).filter((k) => !UNBINDABLE.has(k));
  }
  // A stored map where one key does two things (edited by hand, or from an older map) is not used.
  return conflictIn(merged) ? out : merged;
}

function conflictIn(bindings: Bindings): boolean {
  const seen = new Set<string>();
  for (const keys of Object.values(bindings)) {
    for (const k of new Set(keys)) {
      if (seen.has(k)) return true;
      seen.add(k);
    }
  }
  return false;
}

const clamp = (v: unknown, range: { min: number; max: number; default: number }): number =>
  typeof v === "number" && Number.isFinite(v)
    ? Math.min(range.max, Math.max(range.min, Math.round(v)))
    : range.default;

/** Reads whatever storage holds (missing, corrupt, foreign) into a valid StoredKeys. */
export function parseStoredKeys(raw: unknown): StoredKeys {
  const stored: StoredKeys = { games: {}, repeat: { ...DEFAULT_REPEAT } };
  if (typeof raw !== "object" || raw === null) return stored;
  const { games, repeat } = raw as { games?: unknown; repeat?: unknown };
  if (typeof games === "object" && games !== null) {
    for (const game of Object.keys(DEFAULT_KEY_MAPS) as GameId[]) {
      const changed = (games as Record<string, unknown>)[game];
      if (typeof changed !== "object" || changed === null || Array.isArray(changed)) continue;
      const valid: Bindings = {};
      for (const [id, keys] of Object.entries(changed)) if (isKeyList(keys)) valid[id] = keys;
      stored.games[game] = valid;
    }
  }
  if (typeof repeat === "object" && repeat !== null) {
    const r = repeat as Partial<KeyRepeatTiming>;
    stored.repeat = { das: clamp(r.das, DAS_RANGE), arr: clamp(r.arr, ARR_RANGE) };
  }
  return stored;
}

const anyValue = (v: unknown): v is unknown => v !== undefined;

let stored: StoredKeys = parseStoredKeys(readJson(KEYS_STORAGE_KEY, anyValue));
let resolved: Partial<Record<GameId, Bindings>> = {};
const listeners = new Set<() => void>();

function save(next: StoredKeys): void {
  stored = next;
  resolved = {};
  writeJson(KEYS_STORAGE_KEY, stored);
  for (const l of listeners) l();
}

/** Re-reads storage (another tab, a test): the page's bindings follow what is stored. */
export function reloadKeyBindings(): void {
  stored = parseStoredKeys(readJson(KEYS_STORAGE_KEY, anyValue));
  resolved = {};
  for (const l of listeners) l();
}

export function bindingsOf(game: GameId): Bindings {
  let b = resolved[game];
  if (!b) {
    b = resolveBindings(game, stored.games[game]);
    resolved[game] = b;
  }
  return b;
}

/** The action a key does in `game`, or null. */
export function boundAction(game: GameId, key: string): string | null {
  const k = normalizeKey(key);
  const bindings = bindingsOf(game);
  for (const id in bindings) if (bindings[id]?.includes(k)) return id;
  return null;
}

/** The action's keys as the player reads them, for help texts: "A or ←". */
export function keyNames(game: GameId, action: string): string {
  return (bindingsOf(game)[action] ?? []).map(keyLabel).join(" or ");
}

/** The action's first key's name, for a button's key hint: "A". */
export function firstKeyName(game: GameId, action: string): string {
  const first = bindingsOf(game)[action]?.[0];
  return first === undefined ? "" : keyLabel(first);
}

export type RebindResult = { ok: true } | { ok: false; message: string };

/**
 * Puts `key` in place of the action's key number `slot` (or adds it when `slot` is past the end).
 * Refused: a key bound to another action of the same game, and keys the page needs (Tab, modifiers).
 */
export function rebind(game: GameId, action: string, slot: number, rawKey: string): RebindResult {
  const key = normalizeKey(rawKey);
  const spec = DEFAULT_KEY_MAPS[game].find((a) => a.id === action);
  if (!spec) return { ok: false, message: `Unknown action ${action}.` };
  if (UNBINDABLE.has(key)) {
    return {
      ok: false,
      message: `${keyLabel(key)} can't be bound: ${key === "Tab" ? "it moves focus" : "it only modifies other keys"}.`,
    };
  }
  const bindings = bindingsOf(game);
  const owner = boundAction(game, key);
  if (owner !== null && owner !== action) {
    const other = DEFAULT_KEY_MAPS[game].find((a) => a.id === owner)?.label ?? owner;
    return { ok: false, message: `${keyLabel(key)} is already bound to ${other}. Change that one first.` };
  }
  const keys = [...(bindings[action] ?? [])];
  if (slot < keys.length) keys[slot] = key;
  else keys.push(key);
  const deduped = [...new Set(keys)];
  const games = { ...stored.games, [game]: { ...stored.games[game], [action]: deduped } };
  save({ ...stored, games });
  return { ok: true };
}

/** Back to the game's default keys. */
export function resetBindings(game: GameId): void {
  const games = { ...stored.games };
  delete games[game];
  save({ ...stored, games });
}

export function getKeyRepeat(): KeyRepeatTiming {
  return stored.repeat;
}

/** Sets DAS and / or ARR, each kept within its range. */
export function setKeyRepeat(change: Partial<KeyRepeatTiming>): KeyRepeatTiming {
  const repeat = {
    das: clamp(change.das ?? stored.repeat.das, DAS_RANGE),
    arr: clamp(change.arr ?? stored.repeat.arr, ARR_RANGE),
  };
  save({ ...stored, repeat });
  return repeat;
}

/** Re-renders on every change of the bindings or the repeat; returns a counter that changes with them. */
export function useKeyBindings(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const l = () => setVersion((v) => v + 1);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return version;
}
