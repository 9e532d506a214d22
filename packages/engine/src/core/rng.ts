/**
 * Seeded pseudo-random source (sfc32). Its whole state is four unsigned 32-bit integers kept as a
 * plain JSON array inside each game state, so a game is replayable from its seed and commands.
 *
 * Functions take the state and advance it in place: games call them on the fresh copy of the state
 * that `apply` is building, never on the caller's state.
 */
export interface RngState {
  /** sfc32 registers a, b, c, d: unsigned 32-bit integers. */
  s: [number, number, number, number];
}

/** Largest seed accepted by the protocol; seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffffffff;

export function isValidSeed(seed: unknown): seed is number {
  return typeof seed === "number" && Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}

/** Builds the generator state for a seed; equal seeds give equal sequences. */
export function seedRng(seed: number): RngState {
  // splitmix32 spreads a small seed over all four registers, then sfc32 is warmed up.
  let x = seed >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
    return (z ^ (z >>> 15)) >>> 0;
  };
  const rng: RngState = { s: [next(), next(), next(), 1] };
  for (let i = 0; i < 12; i++) nextUint32(rng);
  return rng;
}

export function cloneRng(rng: RngState): RngState {
  return { s: [rng.s[0], rng.s[1], rng.s[2], rng.s[3]] };
}

export function isRngState(value: unknown): value is RngState {
  if (typeof value !== "object" || value === null) return false;
  const s = (value as { s?: unknown }).s;
  return (
    Array.isArray(s) &&
    s.length === 4 &&
    s.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 0xffffffff)
  );
}

/** Next unsigned 32-bit integer; advances `rng`. */
export function nextUint32(rng: RngState): number {
  // Indexed reads, not destructuring: this runs for every random draw of every game, and on the
  // Node versions we run array destructuring and for...of cost several times an index read.
  const s = rng.s;
  let a = s[0];
  let b = s[1];
  let c = s[2];
  let d = s[3];
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  rng.s = [a >>> 0, b, c, d];
  return t;
}

/** Uniform float in [0, 1). */
export function nextFloat(rng: RngState): number {
  return nextUint32(rng) / 4294967296;
}

/** Uniform integer in [0, n), without modulo bias. */
export function nextInt(rng: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  const limit = 4294967296 - (4294967296 % n);
  let x = nextUint32(rng);
  while (x >= limit) x = nextUint32(rng);
  return x % n;
}

/** Fisher-Yates shuffle of a copy of `items`. */
export function shuffled<T>(rng: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** One uniformly chosen element; `items` must not be empty. */
export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick from an empty list");
  return items[nextInt(rng, items.length)] as T;
}

/**
 * Index chosen with probability proportional to its weight. Weights must be finite and >= 0 with a
 * positive sum.
 */
export function pickWeighted(rng: RngState, weights: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i] as number;
  if (!(total > 0) || !Number.isFinite(total)) throw new RangeError("weights need a positive finite sum");
  let r = nextFloat(rng) * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return i;
  }
  // Rounding can leave r at a hair above zero: the last positive weight takes it.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i;
  return weights.length - 1;
}
