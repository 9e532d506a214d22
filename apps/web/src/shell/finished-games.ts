/**
 * The last finished games of this device (at most 20, newest first), for the Replays page and each
 * game-over dialog's "Watch replay": a local game as its seed, config and commands (the engine
 * replays it exactly), a ranked game as the server's replay id when the server gave one (its deals
 * are the server's: the browser never held its random source). Written by the shell's recorder
 * (shell/game-recorder.ts) when a game ends, never by a game's own page.
 */
import { type GameId, isGameId, isPlainObject, isValidSeed } from "@blockarcade/engine/core";
import { readJson, writeJson } from "./storage";

export const FINISHED_KEY = "blockarcade-finished-games";
export const MAX_FINISHED = 20;

// The open game-over dialog's "Watch replay" hears a ranked game's replay id arrive.
const listeners = new Set<() => void>();
export function onFinishedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const changed = () => {
  for (const listener of [...listeners]) listener();
};

export interface FinishedGame {
  /** This device's id of the game (one game over, revived and over again, is one game). */
  id: string;
  game: GameId;
  score: number;
  /** ISO time the game ended. */
  date: string;
  /** Moves played (commands other than the clock's ticks). */
  moves: number;
  /** A game played here: replayed from these by the engine. */
  local?: { seed: number; config: unknown; commands: unknown[] };
  /** A ranked game: played through the server. */
  ranked?: boolean;
  /** The server's replay id (GET /api/replays/:id), when the server entered the game and said so. */
  replay?: number;
  /** The game had help (a hint, Watch): a ranked one went on the board "with help". */
  assisted?: boolean;
}

function isFinished(v: unknown): v is FinishedGame {
  if (!isPlainObject(v) || typeof v.id !== "string" || !isGameId(v.game)) return false;
  if (typeof v.score !== "number" || typeof v.date !== "string" || typeof v.moves !== "number") return false;
  if (v.replay !== undefined && !Number.isSafeInteger(v.replay)) return false;
  if (v.local === undefined) return v.replay !== undefined || v.ranked === true;
  const local = v.local;
  return isPlainObject(local) && isValidSeed(local.seed) && Array.isArray(local.commands);
}

/** The kept games, newest first; a corrupt entry is dropped, a corrupt list reads as empty. */
export function readFinished(): FinishedGame[] {
  const list = readJson(FINISHED_KEY, (v): v is unknown[] => Array.isArray(v)) ?? [];
  return list.filter(isFinished).slice(0, MAX_FINISHED);
}

/**
 * Keeps a finished game (replacing the entry with its id: a revived game ends again), newest first,
 * at most 20. A full storage drops the oldest games until it fits; false when even one does not.
 */
export function keepFinished(entry: FinishedGame): boolean {
  let list = [entry, ...readFinished().filter((g) => g.id !== entry.id)].slice(0, MAX_FINISHED);
  while (list.length > 0) {
    if (writeJson(FINISHED_KEY, list)) {
      changed();
      return true;
    }
    list = list.slice(0, -1);
  }
  return false;
}

/** The newest kept game of `game`, if any: the game-over dialog's "Watch replay". */
export function lastFinished(game: GameId): FinishedGame | undefined {
  return readFinished().find((g) => g.game === game);
}

/** Changes a kept game, and tells the listeners, when the change changes it. */
function updateFinished(
  id: string,
  change: Pick<FinishedGame, "replay"> | Pick<FinishedGame, "assisted">,
): void {
  const list = readFinished();
  const differs = (g: FinishedGame) =>
    Object.entries(change).some(([k, v]) => g[k as keyof FinishedGame] !== v);
  if (!list.some((g) => g.id === id && differs(g))) return;
  if (
    writeJson(
      FINISHED_KEY,
      list.map((g) => (g.id === id ? { ...g, ...change } : g)),
    )
  )
    changed();
}

/** Gives a kept game its server replay id (the entry came after the last move was shown). */
export function setReplayId(id: string, replay: number): void {
  updateFinished(id, { replay });
}

/** Marks a kept game as played with help or not (the server's entry came after its end). */
export function setAssisted(id: string, assisted: boolean): void {
  updateFinished(id, { assisted });
}
