/**
 * Readers for what comes from outside (`parseConfig`, `load`), shared so the five games agree on one
 * rule (docs/architecture.md "Reading outside input"):
 *
 * - a field left out takes its default; a field that is present must be valid, and `null` is not a
 *   way of leaving it out;
 * - every number has a range the game keeps exact;
 * - a key the game does not know is refused (a typo must not silently mean "default");
 * - a state's `game` field, when present, must name this game;
 * - a message never quotes an unbounded value (see `describeValue`).
 */
import { type ErrorCode, fail, type GameError, type GameId, isPlainObject, ok, type Result } from "./game.js";
import { isRngState, isValidSeed, MAX_SEED, type RngState, seedRng } from "./rng.js";

/**
 * The largest score a loaded state may hold. Far beyond any game played (a Block Blast game scores a
 * few thousand points a minute), and small enough that every game's arithmetic stays exact on top of
 * it for far longer than anyone plays: 2^53 is 9 times larger.
 */
export const MAX_SCORE = 1e15;

/**
 * `value + amount`, stopping at `max`: a counter the game keeps (a score, lines, a streak) never grows
 * past the range `load` accepts, so every state the game emits loads again.
 */
export function addCapped(value: number, amount: number, max: number = MAX_SCORE): number {
  return Math.min(max, value + amount);
}

/** `text` cut to at most `max` characters, ending in "..." when cut: outside text in a message. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A short, bounded description of any value for an error message; never recurses. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "string") {
    return JSON.stringify(clip(value, 24));
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value;
}

/** The fields every game's state has (docs/protocol.md "State fields"), for each game's list of keys. */
export const BASE_STATE_KEYS = ["game", "seed", "score", "over", "board", "rng", "config"] as const;

/** Refuses keys outside `known`; `what` names the object in the message ("state", "config"). */
export function checkKeys(
  raw: Record<string, unknown>,
  known: readonly string[],
  what: string,
  code: ErrorCode,
): GameError | undefined {
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) {
      return {
        code,
        message: `${what} has an unknown field ${describeValue(key)}; known: ${known.join(", ")}`,
      };
    }
  }
  return undefined;
}

export interface IntRange {
  min: number;
  max: number;
}

/** An integer field within `range`; absent gives `fallback`. */
export function readInt(
  raw: Record<string, unknown>,
  key: string,
  range: IntRange,
  fallback: number,
  code: ErrorCode = "BAD_STATE",
): Result<number> {
  if (!(key in raw)) return ok(fallback);
  const value = raw[key];
  if (typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max) {
    return ok(value);
  }
  return fail(
    code,
    `${key} must be an integer from ${range.min} to ${range.max}, not ${describeValue(value)}`,
  );
}

/** A boolean field; absent gives `fallback`. */
export function readBool(
  raw: Record<string, unknown>,
  key: string,
  fallback: boolean,
  code: ErrorCode = "BAD_STATE",
): Result<boolean> {
  if (!(key in raw)) return ok(fallback);
  const value = raw[key];
  if (typeof value === "boolean") return ok(value);
  return fail(code, `${key} must be true or false, not ${describeValue(value)}`);
}

/** One of a few strings; absent gives `fallback`. */
export function readChoice<T extends string>(
  raw: Record<string, unknown>,
  key: string,
  choices: readonly T[],
  fallback: T,
  code: ErrorCode = "BAD_STATE",
): Result<T> {
  if (!(key in raw)) return ok(fallback);
  const value = raw[key];
  if (typeof value === "string" && (choices as readonly string[]).includes(value)) return ok(value as T);
  return fail(code, `${key} must be one of ${choices.join(", ")}, not ${describeValue(value)}`);
}

/** A score: an integer from 0 to MAX_SCORE (`min` lowers the floor for games with penalties). */
export function readScore(
  raw: Record<string, unknown>,
  key: string,
  fallback: number,
  min = 0,
): Result<number> {
  return readInt(raw, key, { min, max: MAX_SCORE }, fallback);
}

/** A loaded state's `game` field, when present, must be this game. */
export function checkGameField(raw: Record<string, unknown>, id: GameId): GameError | undefined {
  if (!("game" in raw) || raw.game === id) return undefined;
  return { code: "BAD_STATE", message: `this is a ${id} game, not ${describeValue(raw.game)}` };
}

/**
 * The random source of a loaded state. A state carries its exact source in `rng`, which is taken as
 * it is (with `seed` kept as the game's label), so loading what the engine emitted goes on with the
 * same future. A `seed` without `rng` reseeds, as the specification says (docs/protocol.md
 * "Decisions"); neither keeps the current game's source. A bad `seed` or `rng` is refused.
 */
export function readRandom(
  raw: Record<string, unknown>,
  current: { seed: number; rng: RngState },
): Result<{ seed: number; rng: RngState }> {
  if ("seed" in raw && !isValidSeed(raw.seed)) {
    return fail("BAD_STATE", `seed must be an integer from 0 to ${MAX_SEED}, not ${describeValue(raw.seed)}`);
  }
  if ("rng" in raw) {
    if (!isRngState(raw.rng) || !isPlainObject(raw.rng) || Object.keys(raw.rng).length !== 1) {
      return fail("BAD_STATE", `rng must be {"s":[a,b,c,d]} with four integers from 0 to ${MAX_SEED}`);
    }
    const seed = isValidSeed(raw.seed) ? raw.seed : current.seed;
    return ok({ seed, rng: { s: [raw.rng.s[0], raw.rng.s[1], raw.rng.s[2], raw.rng.s[3]] } });
  }
  if (isValidSeed(raw.seed)) return ok({ seed: raw.seed, rng: seedRng(raw.seed) });
  return ok({ seed: current.seed, rng: { s: [...current.rng.s] } });
}
