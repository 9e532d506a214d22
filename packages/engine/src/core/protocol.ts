/**
 * The one command protocol (docs/protocol.md), shared by the CLI's JSON-lines mode, the HTTP service and
 * the browser: the protocol's own commands (`state`, `new`, `load`, `legal`) are handled here for
 * every game, the rest go to the game's `parseCommand` and `apply`.
 */

import { exceedsDepth, MAX_JSON_DEPTH } from "./depth.js";
import {
  type AnyGame,
  type BaseEvent,
  type BaseState,
  fail,
  type GameError,
  isPlainObject,
  type Result,
} from "./game.js";
import { checkGameField, clip } from "./read.js";
import { isValidSeed, nextUint32 } from "./rng.js";

export const PROTOCOL_COMMANDS = ["state", "new", "load", "legal", "hint", "ai"] as const;

export type Reply =
  | ({ ok: true; state: BaseState; events: BaseEvent[]; legal?: unknown[] } & Record<string, unknown>)
  | { ok: false; error: GameError; state: BaseState };

export interface Step {
  reply: Reply;
  /** The state after the command: the same object as before when the command was refused. */
  state: BaseState;
  /**
   * The command as a log keeps it, when it was accepted and may have changed the state: only the
   * fields the protocol reads, so a replay of logged records reaches the same state and outside junk
   * (unknown fields) is never stored. Absent for refusals and questions (`state`, `legal`, `hint`).
   */
  record?: LoggedCommand;
}

/** A command reduced to its known fields (docs/protocol.md "Logs and replays"). */
export type LoggedCommand = { cmd: string } & Record<string, unknown>;

/** Starts a game from an outside seed and config; BAD_ARGUMENT / BAD_CONFIG when refused. */
export function startGame(game: AnyGame, seed: unknown, config: unknown): Result<BaseState> {
  if (seed !== undefined && !isValidSeed(seed)) {
    return fail("BAD_ARGUMENT", "seed must be an integer from 0 to 4294967295");
  }
  if (exceedsDepth(config)) {
    return fail("BAD_CONFIG", `a config may nest at most ${MAX_JSON_DEPTH} levels of arrays and objects`);
  }
  const parsed = game.parseConfig(config);
  if (!parsed.ok) return parsed;
  return { ok: true, value: game.newGame(parsed.value, seed ?? 0) };
}

/** Handles one line of the JSON-lines protocol. */
export function handleLine(game: AnyGame, state: BaseState, line: string): Step {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return refuse(state, { code: "BAD_JSON", message: `not a JSON value: ${clip(line, 80)}` });
  }
  return handleCommand(game, state, raw);
}

/** Handles one command object, whatever its origin. Never throws for any input. */
export function handleCommand(game: AnyGame, state: BaseState, raw: unknown): Step {
  // Before anything reads it: a deeply nested value overflows the stack of any recursive reader.
  if (exceedsDepth(raw)) {
    return refuse(state, {
      code: "BAD_ARGUMENT",
      message: `a command may nest at most ${MAX_JSON_DEPTH} levels of arrays and objects`,
    });
  }
  if (!isPlainObject(raw)) {
    return refuse(state, {
      code: "BAD_ARGUMENT",
      message: 'a command is a JSON object such as {"cmd":"state"}',
    });
  }
  const cmd = raw.cmd;
  if (typeof cmd !== "string") {
    return refuse(state, { code: "BAD_ARGUMENT", message: 'a command needs a string "cmd" field' });
  }
  switch (cmd) {
    case "state":
      return accept(state, []);
    case "legal":
      return { reply: { ok: true, state, events: [], legal: game.legal(state) }, state };
    case "hint": {
      const hint = game.hint(state);
      if (!hint.ok) return refuse(state, hint.error);
      return { reply: { ok: true, state, events: [], hint: hint.value }, state };
    }
    case "new": {
      // Without a seed the next game's seed comes from this game's random source: still replayable.
      const seed = raw.seed === undefined ? nextUint32({ s: [...state.rng.s] }) : raw.seed;
      const config = raw.config ?? currentConfig(state, game);
      const started = startGame(game, seed, config);
      if (!started.ok) return refuse(state, started.error);
      return accept(started.value, [{ type: "new_game" }], { cmd: "new", seed, config });
    }
    case "load": {
      if (!isPlainObject(raw.state)) {
        return refuse(state, { code: "BAD_ARGUMENT", message: 'load needs a "state" object' });
      }
      const foreign = checkGameField(raw.state, game.id);
      if (foreign) return refuse(state, foreign);
      const loaded = game.load(raw.state, state);
      if (!loaded.ok) return refuse(state, loaded.error);
      return accept(loaded.value, [{ type: "loaded" }], { cmd: "load", state: raw.state });
    }
    default: {
      // `ai` plays the hint, unless the game has an `ai` of its own (Blocky's seats play as their kind).
      if (cmd === "ai" && !game.commands.includes("ai")) return playHint(game, state);
      if (!game.commands.includes(cmd)) {
        const known = [...new Set([...PROTOCOL_COMMANDS, ...game.commands])].join(", ");
        return refuse(state, {
          code: "UNKNOWN_COMMAND",
          message: `unknown command "${clip(cmd, 80)}" for ${game.id}; known: ${known}`,
        });
      }
      const parsed = game.parseCommand(raw as { cmd: string } & Record<string, unknown>);
      if (!parsed.ok) return refuse(state, parsed.error);
      const result = game.apply(state, parsed.value);
      if (!result.ok) return refuse(state, result.error);
      return {
        reply: { ...result.reply, ok: true, state: result.state, events: result.events },
        state: result.state,
        record: parsed.value as LoggedCommand,
      };
    }
  }
}

/**
 * Replays a game from `(seed, config, commands)`: the basis of saved games, the HTTP service's
 * storage and determinism tests. Refused commands are kept in `replies` and change nothing.
 */
export function replay(
  game: AnyGame,
  seed: number,
  config: unknown,
  commands: readonly unknown[],
): Result<{ state: BaseState; replies: Reply[] }> {
  const started = startGame(game, seed, config);
  if (!started.ok) return started;
  let state = started.value;
  const replies: Reply[] = [];
  for (const command of commands) {
    const step = handleCommand(game, state, command);
    replies.push(step.reply);
    state = step.state;
  }
  return { ok: true, value: { state, replies } };
}

/** Plays the computer player's move: every command of the hint, in order, as one step. */
function playHint(game: AnyGame, state: BaseState): Step {
  const hint = game.hint(state);
  if (!hint.ok) return refuse(state, hint.error);
  let next = state;
  const events: BaseEvent[] = [];
  let extra: Record<string, unknown> = {};
  for (const command of hint.value.commands) {
    const result = game.apply(next, command);
    if (!result.ok) return refuse(state, result.error);
    next = result.state;
    events.push(...result.events);
    extra = { ...extra, ...result.reply };
  }
  return {
    reply: { ...extra, ok: true, state: next, events, hint: hint.value },
    state: next,
    record: { cmd: "ai" },
  };
}

function currentConfig(state: BaseState, game: AnyGame): unknown {
  const config = (state as BaseState & { config?: unknown }).config;
  return config === undefined ? game.defaultConfig : config;
}

function accept(state: BaseState, events: BaseEvent[], record?: LoggedCommand): Step {
  return record
    ? { reply: { ok: true, state, events }, state, record }
    : { reply: { ok: true, state, events }, state };
}

function refuse(state: BaseState, error: GameError): Step {
  return { reply: { ok: false, error, state }, state };
}
