/**
 * Seeds for a new game: `?seed=N` in the URL starts that exact game (browser tests play
 * deterministic games with it), anything else a random one. The front end owns the randomness; the
 * engine only takes the seed.
 */
import { isValidSeed } from "@blockarcade/engine/core";

/** The URL's `seed`: digits only, 0 to 2^32 - 1; undefined when absent or anything else. */
export function seedFromSearch(search: string): number | undefined {
  const text = new URLSearchParams(search).get("seed");
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const seed = Number(text);
  return isValidSeed(seed) ? seed : undefined;
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
}
