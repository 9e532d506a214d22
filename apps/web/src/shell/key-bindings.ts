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
import { type KeyMessage, t } from "./key-messages";
import { readJson, writeJson } from "./storage";

export interface KeyActionSpec {
  id: string;
  readonly label: string;
  keys: readonly string[];
}

/** A label is read in the current language each time it is shown. */
function act(id: string, label: KeyMessage, keys: readonly string[]): KeyActionSpec {
  return {
    id,
    keys,
    get label() {
      return t(label);
    },
  };
}

const HINT: KeyActionSpec = act("hint", "hint", ["h"]);
const WATCH: KeyActionSpec = act("watch", "watchTheComputerPlay", ["v"]);
const TRAY: readonly KeyActionSpec[] = [
  act("piece1", "pickPiece1", ["1"]),
  act("piece2", "pickPiece2", ["2"]),
  act("piece3", "pickPiece3", ["3"]),
  act("up", "aimUp", ["ArrowUp"]),
  act("down", "aimDown", ["ArrowDown"]),
  act("left", "aimLeft", ["ArrowLeft"]),
  act("right", "aimRight", ["ArrowRight"]),
  act("place", "place", ["Enter", " "]),
];

/** The default key maps: each game's actions, in the order the settings screen lists them. */
export const DEFAULT_KEY_MAPS: Readonly<Record<GameId, readonly KeyActionSpec[]>> = {
  blast: [...TRAY, act("pause", "pause", ["Escape"]), HINT, WATCH],
  puzzle: [...TRAY, act("cancel", "putThePieceBack", ["Escape"]), HINT, WATCH],
  stacker: [
    act("left", "moveLeft", ["a", "ArrowLeft"]),
    act("right", "moveRight", ["d", "ArrowRight"]),
    act("soft_drop", "softDrop", ["s", "ArrowDown"]),
    act("hard_drop", "hardDrop", [" "]),
    act("rotate_cw", "rotateClockwise", ["q", "x", "ArrowUp"]),
    act("rotate_ccw", "rotateAnticlockwise", ["e", "z"]),
    act("hold", "hold", ["c"]),
    act("pause", "pause", ["Escape", "p"]),
    act("restart", "newGameWhenOver", ["Enter", "r"]),
    HINT,
    WATCH,
  ],
  match3: [
    act("left", "moveLeft", ["ArrowLeft", "l", "a"]),
    act("right", "moveRight", ["ArrowRight", "r"]),
    act("drop", "drop", ["ArrowDown", "d", "s", " "]),
    act("advance", "endTheFrameClassic", ["Enter", "n"]),
    act("pause", "pauseArcade", ["p", "Escape"]),
    HINT,
    WATCH,
  ],
  blocky: [
    act("up", "selectUp", ["ArrowUp"]),
    act("down", "selectDown", ["ArrowDown"]),
    act("left", "selectLeft", ["ArrowLeft"]),
    act("right", "selectRight", ["ArrowRight"]),
    act("level_up", "biggerBlock", ["w"]),
    act("level_down", "smallerBlock", ["s"]),
    act("rotate_cw", "rotateClockwise", ["d"]),
    act("rotate_ccw", "rotateAnticlockwise", ["a"]),
    act("swap_h", "swapLeftright", ["q"]),
    act("swap_v", "swapTopbottom", ["e"]),
    act("smash", "smash", [" "]),
    act("paint", "paint", ["r"]),
    act("combine", "combine", ["c"]),
    act("pass", "pass", ["p"]),
    act("zoom_in", "zoomIn", ["+", "="]),
    act("zoom_out", "zoomOut", ["-"]),
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
  if (key === " ") return t("keySpace");
  if (key === "Escape") return t("keyEsc");
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
  return (bindingsOf(game)[action] ?? []).map(keyLabel).join(t("or"));
}

/** The action's first key's name, for a button's key hint: "A". */
export function firstKeyName(game: GameId, action: string): string {
  const first = bindingsOf(game)[action]?.[0];
  return first === undefined ? "" : keyLabel(first);
}

/**
 * The action's keys as a button's `aria-keyshortcuts` (WAI-ARIA: key values, space-separated;
 * "Space" and "Plus" for the keys that are the syntax's own separators), following a remap.
 */
export function ariaKeyShortcuts(game: GameId, action: string): string {
  return (bindingsOf(game)[action] ?? [])
    .map((k) => (k === " " ? "Space" : k === "+" ? "Plus" : k.length === 1 ? k.toUpperCase() : k))
    .join(" ");
}

export type RebindResult = { ok: true } | { ok: false; message: string };

/**
 * Puts `key` in place of the action's key number `slot` (or adds it when `slot` is past the end).
 * Refused: a key bound to another action of the same game, and keys the page needs (Tab, modifiers).
 */
export function rebind(game: GameId, action: string, slot: number, rawKey: string): RebindResult {
  const key = normalizeKey(rawKey);
  const spec = DEFAULT_KEY_MAPS[game].find((a) => a.id === action);
  if (!spec) return { ok: false, message: t("unknownAction", { action }) };
  if (UNBINDABLE.has(key)) {
    return {
      ok: false,
      message: t(key === "Tab" ? "unbindableTab" : "unbindableModifier", { key: keyLabel(key) }),
    };
  }
  const bindings = bindingsOf(game);
  const owner = boundAction(game, key);
  if (owner !== null && owner !== action) {
    const other = DEFAULT_KEY_MAPS[game].find((a) => a.id === owner)?.label ?? owner;
    return { ok: false, message: t("taken", { key: keyLabel(key), other }) };
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
