/**
 * The contract suite: properties every game must keep, run over every registered game by
 * contract.test.ts. A game joins by being registered in src/games/registry.ts; options tune how
 * long the random playthroughs are.
 */
import { describe, expect, it } from "vitest";
import type { AnyGame, BaseState } from "../core/game.js";
import { handleCommand, handleLine, PROTOCOL_COMMANDS, replay, startGame } from "../core/protocol.js";
import { MAX_SCORE } from "../core/read.js";
import { nextFloat, nextInt, pick, type RngState, seedRng } from "../core/rng.js";

/** A value nested `depth` levels deep, built without recursion. */
export function deeplyNested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

export interface ContractOptions {
  /** Configs to play (undefined = defaults). */
  configs?: unknown[];
  seeds?: number[];
  /** Commands per random playthrough. */
  steps?: number;
  /** How many legal commands to try at each sampled step. */
  legalSample?: number;
  /** How many positions of a playthrough ask for a hint (a search can be costly). */
  hintSample?: number;
}

/** Plays random legal commands, returning the commands and every state on the way. */
export function randomPlaythrough(
  game: AnyGame,
  seed: number,
  config: unknown,
  steps: number,
): { commands: unknown[]; states: BaseState[] } {
  const started = startGame(game, seed, config);
  if (!started.ok) throw new Error(`cannot start ${game.id}: ${started.error.message}`);
  let state = started.value;
  const rng = seedRng(seed ^ 0x5eed);
  const commands: unknown[] = [];
  const states = [state];
  for (let i = 0; i < steps; i++) {
    const legal = game.legal(state);
    if (legal.length === 0) break;
    const command = pick(rng, legal);
    const result = game.apply(state, command);
    if (!result.ok)
      throw new Error(`legal command refused: ${JSON.stringify(command)}: ${result.error.message}`);
    commands.push(command);
    state = result.state;
    states.push(state);
  }
  return { commands, states };
}

const GARBAGE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1,
  2.5,
  1e9,
  -1e9,
  Number.MAX_SAFE_INTEGER,
  "",
  "x",
  "0",
  [],
  [1, 2],
  {},
  { a: 1 },
  "A",
  "L",
  "LR",
  "rotate_cw",
  "B",
];

function garbageValue(rng: RngState, depth = 0): unknown {
  if (depth < 2 && nextFloat(rng) < 0.15) {
    const o: Record<string, unknown> = {};
    for (const k of ["row", "col", "piece", "key", "path", "cmd", "board", "state"]) {
      if (nextFloat(rng) < 0.3) o[k] = garbageValue(rng, depth + 1);
    }
    return o;
  }
  return pick(rng, GARBAGE_VALUES);
}

/** Random commands: real command names with random arguments, plus wrong names and shapes. */
export function garbageCommand(game: AnyGame, rng: RngState): unknown {
  const roll = nextInt(rng, 10);
  if (roll === 0) return garbageValue(rng);
  const names = [...game.commands, "state", "legal", "load", "nope", "", "__proto__", "constructor"];
  const command: Record<string, unknown> = { cmd: pick(rng, names) };
  const argNames = [
    "row",
    "col",
    "piece",
    "key",
    "commands",
    "action",
    "path",
    "goal",
    "colour",
    "state",
    "seed",
    "config",
  ];
  for (const a of argNames) if (nextFloat(rng) < 0.35) command[a] = garbageValue(rng);
  return command;
}

const GARBAGE_LINES = ["", "{", "nope", "[]", "null", '{"cmd":', '{"cmd":"nope"}', "\u0000", '"cmd"', "{}"];

/** A copy of a state with one field, or one element deep inside it, replaced by garbage. */
function damage(value: unknown, rng: RngState, depth = 0): unknown {
  if (Array.isArray(value) && value.length > 0 && depth < 4 && nextFloat(rng) < 0.8) {
    const copy = value.slice();
    const i = nextInt(rng, copy.length);
    copy[i] = damage(copy[i], rng, depth + 1);
    return copy;
  }
  if (value !== null && typeof value === "object" && depth < 4 && nextFloat(rng) < 0.85) {
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length === 0) return garbageValue(rng);
    const key = pick(rng, keys);
    if (nextFloat(rng) < 0.15) delete copy[key];
    else copy[key] = damage(copy[key], rng, depth + 1);
    return copy;
  }
  if (typeof value === "string" && value.length > 0 && nextFloat(rng) < 0.5) {
    const i = nextInt(rng, value.length);
    return value.slice(0, i) + pick(rng, ["#", ".", "x", "", "..", "Z", "^"]) + value.slice(i + 1);
  }
  if (typeof value === "number" && nextFloat(rng) < 0.5) return value + pick(rng, [-1, 1, 100, -100, 0.5]);
  return garbageValue(rng);
}

export function runContractSuite(game: AnyGame, options: ContractOptions = {}): void {
  const configs = options.configs ?? [undefined];
  const seeds = options.seeds ?? [1, 2, 3];
  const steps = options.steps ?? 60;
  const legalSample = options.legalSample ?? 8;

  describe(`contract: ${game.id}`, () => {
    it("refuses a config with an unknown key or a null field, and takes {} as the defaults", () => {
      const unknown = game.parseConfig({ zzz: 1 });
      expect(unknown.ok).toBe(false);
      if (!unknown.ok) expect(unknown.error.code).toBe("BAD_CONFIG");
      const defaults = game.parseConfig(undefined);
      expect(defaults.ok).toBe(true);
      const empty = game.parseConfig({});
      expect(empty).toEqual(defaults);
      for (const key of Object.keys(game.defaultConfig as object)) {
        const nulled = game.parseConfig({ [key]: null });
        expect(nulled.ok, `config.${key}: null`).toBe(false);
      }
    });

    for (const config of configs) {
      const label = config === undefined ? "default config" : JSON.stringify(config);

      it(`starts the same game from the same seed (${label})`, () => {
        const a = startGame(game, 7, config);
        const b = startGame(game, 7, config);
        expect(a.ok && b.ok).toBe(true);
        expect(JSON.stringify(a.ok && a.value)).toBe(JSON.stringify(b.ok && b.value));
        const s = a.ok ? a.value : undefined;
        expect(s?.game).toBe(game.id);
        expect(s?.seed).toBe(7);
        expect(Number.isInteger(s?.score)).toBe(true);
        expect(typeof s?.over).toBe("boolean");
        expect(Array.isArray(s?.board) && s.board.every((row) => typeof row === "string")).toBe(true);
      });

      it(`replays deterministically from (seed, config, commands) (${label})`, () => {
        for (const seed of seeds) {
          const { commands, states } = randomPlaythrough(game, seed, config, steps);
          const again = replay(game, seed, config, commands);
          expect(again.ok).toBe(true);
          if (!again.ok) return;
          expect(again.value.replies.every((r) => r.ok)).toBe(true);
          expect(JSON.stringify(again.value.state)).toBe(JSON.stringify(states.at(-1)));
        }
      });

      it(`logs what it accepts by known fields only, and the log replays to the same state (${label})`, () => {
        for (const seed of seeds) {
          const started = startGame(game, seed, config);
          if (!started.ok) throw new Error(started.error.message);
          let state = started.value;
          const log: unknown[] = [];
          const send = (command: unknown) => {
            const step = handleCommand(game, state, command);
            if (step.state !== state) {
              expect(step.record).toBeDefined();
              log.push(JSON.parse(JSON.stringify(step.record)));
            } else {
              expect(step.record === undefined || step.reply.ok).toBe(true);
            }
            state = step.state;
            return step;
          };
          for (let i = 0; i < steps && !state.over; i++) {
            const legal = game.legal(state);
            if (legal.length === 0) break;
            const command = legal[i % legal.length] as Record<string, unknown>;
            // Outside junk beside the known fields: refused, or accepted and never logged.
            const junk = send({ ...command, note: "x".repeat(64) });
            if (!junk.reply.ok) send(command);
          }
          send({ cmd: "ai" });
          send({ cmd: "state" });
          send({ cmd: "hint" });
          const loadable = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
          send({ cmd: "new" });
          send({ cmd: "load", state: loadable });
          expect(log.some((r) => JSON.stringify(r).includes('"note"'))).toBe(false);
          expect(
            log.some((r) => (r as { cmd: string }).cmd === "state" || (r as { cmd: string }).cmd === "hint"),
          ).toBe(false);
          const again = replay(game, seed, config, log);
          expect(again.ok).toBe(true);
          if (!again.ok) return;
          expect(again.value.replies.every((r) => r.ok)).toBe(true);
          expect(JSON.stringify(again.value.state)).toBe(JSON.stringify(state));
        }
      });

      it(`keeps state plain JSON: a round trip plays the same (${label})`, () => {
        for (const seed of seeds) {
          const { commands, states } = randomPlaythrough(game, seed, config, steps);
          for (let i = 0; i < commands.length; i++) {
            const state = states[i] as BaseState;
            const copy = JSON.parse(JSON.stringify(state)) as BaseState;
            expect(copy).toEqual(state);
            const a = game.apply(state, commands[i]);
            const b = game.apply(copy, commands[i]);
            expect(JSON.stringify(b)).toBe(JSON.stringify(a));
          }
        }
      });

      // A sample at every position; the next test applies every entry at every tenth position.
      it(`accepts a sample of the legal commands at every position and never mutates the state (${label})`, () => {
        const rng = seedRng(99);
        for (const seed of seeds) {
          const { states } = randomPlaythrough(game, seed, config, steps);
          for (const state of states) {
            const before = JSON.stringify(state);
            const legal = game.legal(state);
            const sample =
              legal.length <= legalSample
                ? legal
                : Array.from({ length: legalSample }, () => pick(rng, legal));
            for (const command of sample) {
              const viaProtocol = handleCommand(game, state, JSON.parse(JSON.stringify(command)));
              if (!viaProtocol.reply.ok) {
                throw new Error(
                  `legal ${JSON.stringify(command)} refused: ${viaProtocol.reply.error.message}`,
                );
              }
              expect(JSON.stringify(state)).toBe(before);
            }
          }
        }
      });

      it(`lists moves only in legal: no protocol command, and every entry applies (${label})`, () => {
        // `ai`, `hint` and the rest are commands every game takes, not moves: a bot that enumerates
        // `legal` as moves must never play the computer's move (or ask a question) by accident.
        const protocol = new Set<string>(PROTOCOL_COMMANDS);
        for (const seed of seeds) {
          const { states } = randomPlaythrough(game, seed, config, steps);
          // Every entry (not a sample) at a few positions along the way, the first and the last.
          const checked = states.filter((_, i) => i % 10 === 0 || i === states.length - 1);
          for (const state of checked) {
            for (const command of game.legal(state)) {
              const name = (command as { cmd?: unknown }).cmd;
              expect(protocol.has(String(name)), `legal lists ${JSON.stringify(command)}`).toBe(false);
              const step = handleCommand(game, state, JSON.parse(JSON.stringify(command)));
              if (!step.reply.ok) {
                throw new Error(`legal ${JSON.stringify(command)} refused: ${step.reply.error.message}`);
              }
            }
          }
        }
      });

      it(`refuses garbage without throwing and without changing anything (${label})`, () => {
        const rng = seedRng(4242);
        for (const seed of seeds) {
          const { states } = randomPlaythrough(game, seed, config, Math.min(steps, 30));
          for (const state of states) {
            const before = JSON.stringify(state);
            for (let i = 0; i < 25; i++) {
              const command = garbageCommand(game, rng);
              const step = handleCommand(game, state, command);
              expect(JSON.stringify(state)).toBe(before);
              if (!step.reply.ok) {
                expect(step.state).toBe(state);
                expect(step.reply.error.message.length).toBeGreaterThan(0);
              }
            }
            for (const line of GARBAGE_LINES) {
              const step = handleLine(game, state, line);
              expect(step.reply.ok).toBe(false);
              expect(JSON.stringify(state)).toBe(before);
            }
          }
        }
      });

      it(`refuses or safely accepts damaged positions in load, never throwing (${label})`, () => {
        const rng = seedRng(777);
        const { states } = randomPlaythrough(game, seeds[0] ?? 1, config, Math.min(steps, 20));
        for (const state of states) {
          for (let i = 0; i < 15; i++) {
            const damaged = damage(JSON.parse(JSON.stringify(state)), rng);
            const step = handleCommand(game, state, { cmd: "load", state: damaged });
            if (!step.reply.ok) {
              expect(step.state).toBe(state);
              continue;
            }
            // An accepted position must be playable: legal moves listed and accepted.
            const legal = game.legal(step.state);
            for (const command of legal.slice(0, 3)) {
              const next = handleCommand(game, step.state, command);
              if (!next.reply.ok) throw new Error(`legal ${JSON.stringify(command)} refused after load`);
            }
          }
        }
      });

      it(`describes every position as text, and a changed board as a changed text (${label})`, () => {
        const { states } = randomPlaythrough(game, seeds[0] ?? 1, config, steps);
        let previous: BaseState | undefined;
        for (const state of states) {
          const text = game.toText(state);
          expect(typeof text).toBe("string");
          expect(text.length).toBeGreaterThan(0);
          expect(game.toText(JSON.parse(JSON.stringify(state)))).toBe(text);
          if (previous && JSON.stringify(previous.board) !== JSON.stringify(state.board)) {
            expect(game.toText(previous)).not.toBe(text);
          }
          previous = state;
        }
      });

      it(`loads an emitted state exactly: the same state and the same future, byte for byte (${label})`, () => {
        for (const seed of seeds) {
          const { commands, states } = randomPlaythrough(game, seed, config, steps);
          const other = startGame(game, (seed + 1000) >>> 0, config);
          if (!other.ok) throw new Error(other.error.message);
          for (const i of [0, Math.floor(states.length / 3), Math.floor((2 * states.length) / 3)]) {
            const emitted = states[i] as BaseState;
            const step = handleCommand(game, other.value, {
              cmd: "load",
              state: JSON.parse(JSON.stringify(emitted)),
            });
            if (!step.reply.ok) throw new Error(`load refused: ${step.reply.error.message}`);
            expect(step.state).toEqual(emitted);
            let a = emitted;
            let b = step.state;
            for (const command of commands.slice(i)) {
              const ra = handleCommand(game, a, command);
              const rb = handleCommand(game, b, command);
              expect(JSON.stringify(rb.reply)).toBe(JSON.stringify(ra.reply));
              a = ra.state;
              b = rb.state;
            }
          }
        }
      });

      it(`refuses a loaded state with a number out of range, a bad seed or rng, a foreign game or an unknown field (${label})`, () => {
        const { states } = randomPlaythrough(game, seeds[0] ?? 1, config, Math.min(steps, 20));
        const state = JSON.parse(JSON.stringify(states.at(-1))) as Record<string, unknown>;
        const current = states[0] as BaseState;
        const damaged: Record<string, unknown>[] = [];
        for (const [key, value] of Object.entries(state)) {
          if (typeof value !== "number") continue;
          for (const bad of [1e308, -1e308, 1.5, "42", null]) damaged.push({ ...state, [key]: bad });
        }
        for (const bad of [-1, "42", 1.5, 2 ** 32]) damaged.push({ ...state, seed: bad });
        for (const bad of [{ s: [1, 2, 3] }, { s: [1, 2, 3, -1] }, [1, 2, 3, 4], null, "x"]) {
          damaged.push({ ...state, rng: bad });
        }
        const foreign = ["blast", "puzzle", "stacker", "match3", "blocky", "chess"].find(
          (g) => g !== game.id,
        );
        damaged.push({ ...state, game: foreign }, { ...state, zzz: 1 });
        for (const bad of damaged) {
          const step = handleCommand(game, current, { cmd: "load", state: bad });
          if (step.reply.ok) throw new Error(`load accepted ${JSON.stringify(bad).slice(0, 300)}`);
          expect(step.reply.error.code).toBe("BAD_STATE");
          expect(step.state).toBe(current);
        }
      });

      it(`plays on from the top of the score range, and everything it emits loads again (${label})`, () => {
        const { commands, states } = randomPlaythrough(game, seeds[0] ?? 1, config, steps);
        const top = { ...JSON.parse(JSON.stringify(states[0])), score: MAX_SCORE };
        const loaded = handleCommand(game, states[0] as BaseState, { cmd: "load", state: top });
        // A game whose score follows from the position (Blocky) refuses a made-up one: play on from
        // the start then, still checking that everything emitted loads again.
        if (!loaded.reply.ok) expect(loaded.reply.error.code).toBe("BAD_STATE");
        let state = loaded.state;
        for (const command of commands) {
          const step = handleCommand(game, state, command);
          if (!step.reply.ok) break;
          state = step.state;
          expect(state.score).toBeLessThanOrEqual(MAX_SCORE);
          const again = handleCommand(game, states[0] as BaseState, {
            cmd: "load",
            state: JSON.parse(JSON.stringify(state)),
          });
          if (!again.reply.ok)
            throw new Error(`an emitted state does not load: ${again.reply.error.message}`);
        }
      });

      it(`refuses commands, configs and states nested 100,000 deep, never throwing (${label})`, () => {
        const start = startGame(game, 1, config);
        if (!start.ok) throw new Error(start.error.message);
        const state = start.value;
        const deep = deeplyNested(100_000);
        const keys = [
          "cmd",
          "row",
          "col",
          "piece",
          "key",
          "commands",
          "action",
          "path",
          "goal",
          "state",
          "config",
          "seed",
        ];
        const commands: unknown[] = [deep, { cmd: "load", state: deep }, { cmd: "new", config: deep }];
        for (const cmd of [...game.commands, "load", "new"]) {
          for (const key of keys) commands.push({ cmd, [key]: deep });
        }
        for (const command of commands) {
          const step = handleCommand(game, state, command);
          expect(step.reply.ok).toBe(false);
          expect(step.state).toBe(state);
        }
        const line = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
        expect(handleLine(game, state, line).reply.ok).toBe(false);
      });

      it(`hints a move it would accept, changing nothing; ai plays that hint (${label})`, () => {
        const { states } = randomPlaythrough(game, seeds[0] ?? 1, config, steps);
        const hintSample = options.hintSample ?? 12;
        const every = Math.max(1, Math.floor(states.length / hintSample));
        const sampled = states.filter((_, i) => i % every === 0 || i === states.length - 1);
        for (const state of sampled) {
          const before = JSON.stringify(state);
          const step = handleCommand(game, state, { cmd: "hint" });
          expect(JSON.stringify(state)).toBe(before);
          expect(step.state).toBe(state);
          if (!step.reply.ok) {
            expect(["GAME_OVER", "ILLEGAL_MOVE"]).toContain(step.reply.error.code);
            continue;
          }
          const hint = step.reply.hint as { commands: unknown[]; reason: string };
          expect(hint.commands.length).toBeGreaterThan(0);
          expect(typeof hint.reason).toBe("string");
          expect(hint.reason.length).toBeGreaterThan(0);
          expect(hint.reason.length).toBeLessThanOrEqual(200);
          // The same position gives the same hint.
          expect(JSON.stringify(handleCommand(game, state, { cmd: "hint" }).reply)).toBe(
            JSON.stringify(step.reply),
          );
          // Every command of the hint is accepted through the protocol, in order.
          let next: BaseState = state;
          for (const command of hint.commands) {
            const played = handleCommand(game, next, JSON.parse(JSON.stringify(command)));
            if (!played.reply.ok)
              throw new Error(`hinted ${JSON.stringify(command)} refused: ${played.reply.error.message}`);
            next = played.state;
          }
          // `ai` plays the hint (a game with its own `ai` command decides for its computer seats itself).
          if (!game.commands.includes("ai")) {
            const ai = handleCommand(game, state, { cmd: "ai" });
            expect(ai.reply.ok).toBe(true);
            expect(JSON.stringify(ai.state)).toBe(JSON.stringify(next));
          }
        }
      });

      it(`loads the positions it emits (${label})`, () => {
        for (const seed of seeds) {
          const { states } = randomPlaythrough(game, seed, config, steps);
          const first = states[0] as BaseState;
          for (const state of [states[Math.floor(states.length / 2)], states.at(-1)]) {
            const step = handleCommand(game, first, {
              cmd: "load",
              state: JSON.parse(JSON.stringify(state)),
            });
            if (!step.reply.ok) throw new Error(`load refused: ${step.reply.error.message}`);
            expect(step.state.board).toEqual(state?.board);
            expect(step.state.score).toBe(state?.score);
            expect(step.state.over).toBe(state?.over);
          }
        }
      });
    }
  });
}
