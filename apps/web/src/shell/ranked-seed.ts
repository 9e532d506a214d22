/**
 * Seeds for ranked games: the server ranks only a game started from a seed it drew (POST /api/seeds),
 * so each game keeps one spare server seed in localStorage, fetched in the background, and a new
 * game takes it without waiting on the network. With no spare (offline, no server, first visit) a new
 * game gets a local seed and is simply unranked. The seeds handed out are remembered, so a game's
 * journal can tell a ranked start from a local one.
 */
import { isValidSeed } from "@blockarcade/engine/core";
import { requestSeed } from "./leaderboard";
import { randomSeed } from "./seed";
import { createStore } from "./storage";

/** How many handed-out server seeds each game remembers (one per game in flight is plenty). */
const TAKEN_KEPT = 8;

interface SeedBox {
  spare?: number;
  taken: number[];
}

const isSeedBox = (v: unknown): v is SeedBox => {
  if (typeof v !== "object" || v === null) return false;
  const box = v as Record<string, unknown>;
  return (
    (box.spare === undefined || isValidSeed(box.spare)) &&
    Array.isArray(box.taken) &&
    box.taken.length <= TAKEN_KEPT &&
    box.taken.every(isValidSeed)
  );
};

const store = (game: string) => createStore(`blockarcade-seeds-${game}`, isSeedBox);
const read = (game: string): SeedBox => store(game).read() ?? { taken: [] };
const inFlight = new Set<string>();

/** Fetches a spare server seed for `game` in the background unless one is kept or on its way. */
export function prepareSeed(game: string): Promise<void> {
  if (read(game).spare !== undefined || inFlight.has(game)) return Promise.resolve();
  if (typeof navigator !== "undefined" && navigator.onLine === false) return Promise.resolve();
  inFlight.add(game);
  return requestSeed(game).then((reply) => {
    inFlight.delete(game);
    if (!reply.ok) return;
    const box = read(game);
    if (box.spare === undefined) store(game).write({ ...box, spare: reply.value });
  });
}

/** A seed for a new game: the spare server seed (ranked), else a local one; a new spare is fetched. */
export function nextSeed(game: string): number {
  const box = read(game);
  const seed = box.spare;
  if (seed === undefined || !store(game).write({ taken: [seed, ...box.taken].slice(0, TAKEN_KEPT) })) {
    void prepareSeed(game);
    return randomSeed();
  }
  void prepareSeed(game);
  return seed;
}

/** Whether `seed` is a server seed this browser took for `game` (a game started from it can be ranked). */
export function isServerSeed(game: string, seed: number): boolean {
  return read(game).taken.includes(seed);
}
