/**
 * Reading command-line option values, one way for every game: a seed is decimal digits only
 * (`--seed 1e3`, `--seed 0x10`, `--seed -1` are refused), within the protocol's range.
 */
import { clip, isValidSeed, MAX_SEED } from "@blockarcade/engine/core";

export const SEED_HELP = `--seed needs an integer from 0 to ${MAX_SEED}`;

/** The seed given to `--seed`, or an error message for the user. */
export function parseSeedOption(value: string | undefined): { seed: number } | { error: string } {
  const n = value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return isValidSeed(n) ? { seed: n } : { error: SEED_HELP };
}

/** A whole number option within `min`..`max` (`--size 12`, `--rows 8`), or an error message. */
export function parseIntOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): { value: number } | { error: string } {
  const n = value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max
    ? { value: n }
    : { error: `${name} needs a whole number from ${min} to ${max}` };
}

/** The seed for a game started without `--seed`: the front end owns the clock, never the engine. */
export function clockSeed(): number {
  return Date.now() % (MAX_SEED + 1);
}

/** A command-line word quoted for a message, cut short: an argument can be 128 KiB long. */
export function quoteArg(text: string): string {
  return `'${clip(text, 40)}'`;
}
