/**
 * Seeded fuzz of the JSON-lines protocol, per game: random and damaged lines (garbage text, wrong
 * types, huge numbers, deep nesting, damaged states for `load`, real commands with random
 * arguments, legal moves to move the game on). For every line: one reply, no throw, the state it was
 * given untouched, a refusal changes nothing, and the state after it is plain JSON that loads back
 * exactly. Most lines run in-process through `handleLine`; a sample runs through the built binary,
 * whose replies must be the same, reply for reply.
 *
 * FUZZ_LINES=100000 (lines per game) and FUZZ_SEED=n make longer or other runs; docs/testing.md.
 */
import { isDeepStrictEqual } from "node:util";
import {
  type AnyGame,
  type BaseState,
  GAME_IDS,
  type GameId,
  handleCommand,
  handleLine,
  nextFloat,
  nextInt,
  PROTOCOL_COMMANDS,
  pick,
  type Reply,
  type RngState,
  seedRng,
  startGame,
} from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { GAME_DEFINITIONS } from "./games.js";
import { runJson } from "./helpers.js";

const LINES = Number(process.env.FUZZ_LINES ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 2026);
const BINARY_LINES = Math.min(LINES, 250);
/** A message names at most a short piece of any outside value (core/read.ts `describeValue`). */
const MAX_MESSAGE = 400;
const CODES = new Set([
  "ILLEGAL_MOVE",
  "GAME_OVER",
  "BAD_JSON",
  "UNKNOWN_COMMAND",
  "BAD_ARGUMENT",
  "BAD_CONFIG",
  "BAD_STATE",
]);

/** JSON text written as is inside a generated value: numbers JSON.stringify cannot write (1e999). */
class Raw {
  constructor(readonly text: string) {}
}

function toText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const RAW_TOKENS = [
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "1e-999",
  "-0",
  "0.5",
  "-1",
  "4294967295",
  "4294967296",
  "9007199254740993",
  "1e15",
  "1000000000000001",
  "123456789012345678901234567890",
  "null",
  "true",
  "false",
  '""',
  '"0"',
  '"1"',
  '"__proto__"',
  '"constructor"',
  "[]",
  "{}",
  '{"__proto__":{"polluted":1}}',
  "[null]",
  '"\\u0000"',
  '"\\ud800"',
  `"${"x".repeat(5000)}"`,
].map((t) => new Raw(t));

const FIELD_NAMES = [
  "row",
  "col",
  "piece",
  "key",
  "commands",
  "action",
  "path",
  "seed",
  "config",
  "state",
  "value",
  "player",
  "__proto__",
  "constructor",
];

function randomValue(rng: RngState, depth = 0): unknown {
  const roll = nextInt(rng, 10);
  if (roll < 4) return pick(rng, RAW_TOKENS);
  if (roll < 7) return nextInt(rng, 45) - 2;
  if (roll < 8) return pick(rng, ["A", "L", "R", "D", "LR", "left", "rotate_cw", "B", "#", "..", "x"]);
  if (roll < 9 && depth < 3)
    return Array.from({ length: nextInt(rng, 4) }, () => randomValue(rng, depth + 1));
  if (depth < 3) {
    const o: Record<string, unknown> = {};
    for (let i = nextInt(rng, 3); i > 0; i--) o[pick(rng, FIELD_NAMES)] = randomValue(rng, depth + 1);
    return o;
  }
  return pick(rng, RAW_TOKENS);
}

/** A value nested `depth` levels, as text: a recursive writer would overflow the stack on it. */
function nested(depth: number): Raw {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    open.push(i % 2 ? '{"a":' : "[");
    close.push(i % 2 ? "}" : "]");
  }
  return new Raw(`${open.join("")}1${close.reverse().join("")}`);
}

/**
 * Where two values first differ as JSON sees them (-0 is 0 there; NaN, Infinity and undefined are
 * not numbers or values at all, so they differ from what they turn into).
 */
function difference(a: unknown, b: unknown, path = "state"): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return `${path}: ${String(a)} (${typeof a}) vs ${String(b)} (${typeof b})`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = difference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (found) return found;
  }
  return undefined;
}

/** A copy of `value` with one part, somewhere inside, removed, replaced or bent. */
function damage(value: unknown, rng: RngState, depth = 0): unknown {
  if (Array.isArray(value) && depth < 5 && nextFloat(rng) < 0.8) {
    const copy = value.slice();
    const roll = nextInt(rng, 10);
    if (roll === 0) copy.push(copy.length ? copy[0] : randomValue(rng));
    else if (roll === 1) copy.pop();
    else if (copy.length > 0) {
      const i = nextInt(rng, copy.length);
      copy[i] = damage(copy[i], rng, depth + 1);
    }
    return copy;
  }
  if (
    value !== null &&
    typeof value === "object" &&
    !(value instanceof Raw) &&
    depth < 5 &&
    nextFloat(rng) < 0.85
  ) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = nextInt(rng, 20);
    if (roll === 0 || keys.length === 0) copy[pick(rng, FIELD_NAMES)] = randomValue(rng);
    else if (roll < 3) delete copy[pick(rng, keys)];
    else {
      const key = pick(rng, keys);
      copy[key] = damage(copy[key], rng, depth + 1);
    }
    return copy;
  }
  if (typeof value === "string" && value.length > 0 && nextFloat(rng) < 0.6) {
    const i = nextInt(rng, value.length);
    const piece = pick(rng, ["#", ".", "x", "", "..", "Z", "^", "B", "R", "0", "é"]);
    return value.slice(0, i) + piece + value.slice(i + 1);
  }
  if (typeof value === "number" && nextFloat(rng) < 0.6) {
    return nextFloat(rng) < 0.5 ? value + pick(rng, [-1, 1, 7, -100, 0.5]) : pick(rng, RAW_TOKENS);
  }
  return randomValue(rng);
}

const GARBAGE = [
  "",
  " ",
  "{",
  "}",
  "[",
  "nope",
  "null",
  "[]",
  "{}",
  '{"cmd":',
  '"cmd"',
  "1e999",
  "\u0000",
  "\t{}",
  "{'cmd':'state'}",
];

/** Field names the game's commands and states use, learned from its legal moves and a fresh state. */
function fieldsOf(game: AnyGame, state: BaseState): string[] {
  const fields = new Set(FIELD_NAMES);
  for (const command of game.legal(state)) for (const key of Object.keys(command)) fields.add(key);
  for (const key of Object.keys(state)) fields.add(key);
  return [...fields];
}

/** One protocol line for `state`; never holds a line break, as a real line cannot. */
function makeLine(game: AnyGame, state: BaseState, rng: RngState, fields: string[]): string {
  const roll = nextInt(rng, 100);
  const legal = roll < 40 ? game.legal(state) : [];
  if (roll < 30 && legal.length > 0) return toText(pick(rng, legal));
  if (roll < 40 && legal.length > 0) return toText(damage(pick(rng, legal), rng));
  if (roll < 55) {
    const command: Record<string, unknown> = {
      cmd: pick(rng, [...game.commands, ...PROTOCOL_COMMANDS, "nope", "", "__proto__", "toString"]),
    };
    for (let i = nextInt(rng, 4); i > 0; i--) command[pick(rng, fields)] = randomValue(rng);
    return toText(nextInt(rng, 15) === 0 ? randomValue(rng) : command);
  }
  if (roll < 70) return toText({ cmd: "load", state: damage(JSON.parse(JSON.stringify(state)), rng) });
  if (roll < 74) {
    const exact: Record<string, unknown> = JSON.parse(JSON.stringify(state));
    if (nextInt(rng, 2) === 0) exact.seed = nextInt(rng, 1000);
    return toText({ cmd: "load", state: exact });
  }
  if (roll < 80) {
    const config = (state as BaseState & { config?: unknown }).config;
    const command: Record<string, unknown> = { cmd: "new" };
    if (nextInt(rng, 2) === 0) command.seed = nextInt(rng, 3) === 0 ? randomValue(rng) : nextInt(rng, 1000);
    if (nextInt(rng, 2) === 0) command.config = nextInt(rng, 3) === 0 ? config : damage(config ?? {}, rng);
    return toText(command);
  }
  if (roll < 88) {
    const valid = toText(legal[0] ?? { cmd: "state" });
    const kind = nextInt(rng, 3);
    if (kind === 0) return valid.slice(0, nextInt(rng, valid.length));
    if (kind === 1) return pick(rng, GARBAGE);
    // Random characters, JSON punctuation weighted in.
    const chars = '{}[]":,0123456789.eE-+ abcdxyz\\truenull\u00e9\u20ac\u{1F600}';
    return Array.from({ length: nextInt(rng, 40) }, () => pick(rng, [...chars])).join("");
  }
  if (roll < 95) {
    // Around the depth bound (64) and well past it, in a random field or as the whole line.
    const depth = pick(rng, [63, 64, 65, 66, 200, 1000 + nextInt(rng, 3000)]);
    const command: Record<string, unknown> = { cmd: pick(rng, [...game.commands, ...PROTOCOL_COMMANDS]) };
    if (nextInt(rng, 5) === 0) return toText(nested(depth));
    if (command.cmd === "load" && nextInt(rng, 2) === 0) {
      command.state = { ...JSON.parse(JSON.stringify(state)), [pick(rng, fields)]: nested(depth) };
    } else command[pick(rng, fields)] = nested(depth);
    return toText(command);
  }
  return toText({ cmd: pick(rng, ["state", "legal"]) });
}

function problemText(id: GameId, n: number, line: string, problem: string): string {
  return `${id} (FUZZ_SEED=${SEED}) line ${n}: ${problem}\n  line: ${line.slice(0, 500)}`;
}

/** Plays `lines` fuzzed lines in-process, checking each; returns the lines and replies as JSON text. */
function fuzzGame(
  id: GameId,
  count: number,
): { seed: number; lines: string[]; replies: string[]; tally: Map<string, number>; problems: string[] } {
  const game = GAME_DEFINITIONS[id];
  const seed = (SEED * 31 + GAME_IDS.indexOf(id)) >>> 0;
  const rng = seedRng(seed);
  const started = startGame(game, seed, undefined);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const fields = fieldsOf(game, state);
  const lines: string[] = [];
  const replies: string[] = [];
  // Replies by outcome ("ok", error codes, "game over" positions reached): a run that refuses
  // everything or never ends a game would prove little.
  const tally = new Map<string, number>();
  const count1 = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  // The run goes on after a problem, so a long run reports every kind it meets (the first of each).
  const problems: string[] = [];
  const kinds = new Set<string>();
  const fail = (n: number, line: string, problem: string) => {
    const kind = problem.replace(/\d+/g, "#").slice(0, 60);
    if (kinds.has(kind) || kinds.size >= 10) return;
    kinds.add(kind);
    problems.push(problemText(id, n, line, problem));
  };
  for (let n = 1; n <= count; n++) {
    const line = makeLine(game, state, rng, fields);
    const before = JSON.stringify(state);
    let reply: Reply;
    let after: BaseState;
    try {
      const step = handleLine(game, state, line);
      reply = step.reply;
      after = step.state;
    } catch (error) {
      fail(n, line, `threw ${(error as Error).stack ?? String(error)}`);
      continue;
    }
    if (JSON.stringify(state) !== before) fail(n, line, "the state it was given changed");
    const text = JSON.stringify(reply);
    if (!reply.ok) {
      if (after !== state) fail(n, line, "a refused line changed the state");
      if (!CODES.has(reply.error.code)) fail(n, line, `unknown error code ${reply.error.code}`);
      if (typeof reply.error.message !== "string" || reply.error.message.length > MAX_MESSAGE) {
        fail(n, line, `error message of ${reply.error.message.length} characters`);
      }
    } else if (after !== state) {
      // A new position must be plain JSON (no NaN, Infinity, undefined) and load back exactly.
      const plain = JSON.parse(JSON.stringify(after)) as BaseState;
      const unplain = difference(after, plain);
      if (unplain) fail(n, line, `the state is not plain JSON: ${unplain}`);
      if (plain.game !== id || typeof plain.over !== "boolean" || !Number.isSafeInteger(plain.score)) {
        fail(n, line, `the common fields are broken: ${JSON.stringify(plain).slice(0, 300)}`);
      }
      const loaded = handleCommand(game, started.value, { cmd: "load", state: plain });
      if (!loaded.reply.ok) fail(n, line, `the new state does not load: ${loaded.reply.error.message}`);
      else {
        const changed = difference(plain, JSON.parse(JSON.stringify(loaded.state)));
        if (changed) fail(n, line, `the new state loads as a different state: ${changed}`);
      }
    }
    count1(reply.ok ? "ok" : reply.error.code);
    if (after.over && !state.over) count1("games ended");
    lines.push(line);
    replies.push(text);
    state = after;
  }
  return { seed, lines, replies, tally, problems };
}

describe("protocol fuzz", () => {
  for (const id of GAME_IDS) {
    it(`fuzz: ${id}, ${LINES} lines in-process, ${BINARY_LINES} through the binary`, {
      timeout: 600_000,
    }, () => {
      const started = performance.now();
      const { seed, lines, replies, tally, problems } = fuzzGame(id, LINES);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (LINES > 10_000) {
        const counts = [...tally].map(([key, n]) => `${key} ${n}`).join(", ");
        console.log(`fuzz ${id}: ${LINES} lines in ${seconds} s (FUZZ_SEED=${SEED}): ${counts}`);
      }
      expect(problems).toEqual([]);
      // Enough lines are accepted for the fuzz to reach real positions, not just the first one.
      expect(tally.get("ok") ?? 0).toBeGreaterThan(LINES / 10);
      // The binary starts the same game from the same seed: every reply must be the same.
      const sample = lines.slice(0, BINARY_LINES);
      const r = runJson(id, ["--seed", String(seed)], sample);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.replies).toHaveLength(sample.length + 1);
      for (const [i, reply] of r.replies.slice(1).entries()) {
        if (!isDeepStrictEqual(reply, JSON.parse(replies[i] as string))) {
          const answer = `the binary answered ${JSON.stringify(reply).slice(0, 300)}`;
          throw new Error(problemText(id, i + 1, sample[i] as string, answer));
        }
      }
    });
  }
});
