/**
 * The replay check behind every ranked score: the server plays (seed, config, commands) itself with
 * the engine and keeps only what that replay reaches. The service runs it in a worker thread
 * (compute/pool.ts); run on the event loop (tests, benches) it yields between slices of a few
 * milliseconds. Its work is bounded before it starts: at most `maxAi` computer-player moves.
 */
import { createHash } from "node:crypto";
import {
  type AnyGame,
  type BaseState,
  canonicalJson,
  clip,
  handleCommand,
  isPlainObject,
  type LoggedCommand,
  startGame,
} from "@blockarcade/engine/core";
import { ClientError } from "../errors.js";
import { type SliceTiming, sliceClock } from "../slices.js";
import { DEFAULT_MAX_POSTED_AI, SLICE_MS } from "./limits.js";

export type ReplayTiming = SliceTiming;

export interface VerifiedGame {
  state: BaseState;
  /**
   * The moves the game made, as the engine recorded them (known fields only), with each `ai` command
   * written out as the moves the computer player chose: one game, one list, however it was sent.
   */
  moves: LoggedCommand[];
  timing: ReplayTiming;
}

export interface ReplayLimits {
  sliceMs: number;
  /** Most `ai` commands (the costly ones, each a bounded search) the game may hold. */
  maxAi: number;
}

const DEFAULT_LIMITS: ReplayLimits = { sliceMs: SLICE_MS, maxAi: DEFAULT_MAX_POSTED_AI };

/** Commands that leave the seed's deals: a score after them proves nothing. */
const UNRANKABLE = new Set(["load", "new"]);

/**
 * Replays a finished game. Throws a ClientError: NOT_RANKABLE (a load/new), TOO_LARGE (more `ai`
 * commands than `maxAi`: refused before any replay), BAD_REPLAY (a command the engine refuses, or one
 * that is not a move), NOT_OVER.
 */
export async function verifyReplay(
  game: AnyGame,
  seed: number,
  config: unknown,
  commands: readonly unknown[],
  limits: ReplayLimits = DEFAULT_LIMITS,
): Promise<VerifiedGame> {
  checkRankable(commands);
  checkWork(commands, limits.maxAi);
  const started = startGame(game, seed, config);
  if (!started.ok) throw new ClientError(400, started.error.code, started.error.message);
  let state = started.value;
  const moves: LoggedCommand[] = [];
  const clock = sliceClock(limits.sliceMs);
  for (let i = 0; i < commands.length; i++) {
    const step = handleCommand(game, state, commands[i]);
    if (!step.reply.ok)
      throw badReplay(i, `${step.reply.error.code}: ${clip(step.reply.error.message, 200)}`);
    if (!step.record)
      throw badReplay(i, "it is a question (state, legal, hint), not a move; send moves only");
    moves.push(...movesOf(step.record, step.reply));
    state = step.state;
    await clock.tick();
  }
  if (!state.over) {
    throw new ClientError(422, "NOT_OVER", `the game is not over after its ${commands.length} commands`);
  }
  return { state, moves, timing: clock.finish() };
}

/** The replay's identity: SHA-256 of the config key and the game's moves, canonical JSON. */
export function replayHash(configKey: string, moves: readonly LoggedCommand[]): string {
  const hash = createHash("sha256").update(configKey).update("\n");
  for (const move of moves) hash.update(canonicalJson(move)).update("\n");
  return hash.digest("hex");
}

/**
 * The posted game's identity before any replay: SHA-256 of the config key and the commands as posted,
 * canonical JSON. Two posts of the very same game share it; the same game spelled otherwise (an `ai`
 * written out as its moves) differs and is caught after its replay by replayHash.
 */
export function commandsHash(configKey: string, commands: readonly unknown[]): string {
  const hash = createHash("sha256").update(configKey).update("\n");
  for (const command of commands) hash.update(canonicalJson(command)).update("\n");
  return hash.digest("hex");
}

/** An `ai` step's moves are the hint it played; any other step is its own record. */
function movesOf(record: LoggedCommand, reply: object): LoggedCommand[] {
  const hint = (reply as { hint?: { commands?: unknown } }).hint;
  if (record.cmd !== "ai" || !Array.isArray(hint?.commands)) return [record];
  return hint.commands as LoggedCommand[];
}

function checkRankable(commands: readonly unknown[]): void {
  const index = commands.findIndex(
    (command) => isPlainObject(command) && typeof command.cmd === "string" && UNRANKABLE.has(command.cmd),
  );
  if (index >= 0) {
    throw new ClientError(
      422,
      "NOT_RANKABLE",
      `command ${index} is a load or new: a game that leaves its seed's deals cannot be ranked`,
    );
  }
}

/** The number of `ai` commands: each is a computer-player search, the costly part of a replay. */
export function countAi(commands: readonly unknown[]): number {
  let count = 0;
  for (const command of commands) if (isPlainObject(command) && command.cmd === "ai") count++;
  return count;
}

/** The refusals a posted game gets before any replay: a load or new, too many `ai` commands. */
export function checkPosted(commands: readonly unknown[], maxAi: number): void {
  checkRankable(commands);
  checkWork(commands, maxAi);
}

function checkWork(commands: readonly unknown[], maxAi: number): void {
  const ai = countAi(commands);
  if (ai > maxAi) {
    throw new ClientError(
      413,
      "TOO_LARGE",
      `the game holds ${ai} ai commands; a posted game of this kind may hold at most ${maxAi}`,
    );
  }
}

function badReplay(index: number, why: string): ClientError {
  return new ClientError(422, "BAD_REPLAY", `command ${index} does not replay: ${why}`);
}
