/**
 * The service's expensive work as plain tasks: data in, data out (states are plain JSON), so a task
 * runs the same in a worker thread (worker.ts) as on the calling thread. A refusal is a returned
 * error, never a thrown class: errors do not keep their class across threads.
 *   step    (game, state, command)                       -> the engine's step (a `hint` or an `ai`)
 *   replay  (game, seed, config, snapshot or state, log) -> the state the log reaches (a rebuild)
 *   curve   (game, seed, config, a kept replay's commands) -> the score after each move (scores/replays.ts)
 */
import {
  type BaseState,
  handleCommand,
  isPlainObject,
  type LoggedCommand,
  type Reply,
  startGame,
} from "@blockarcade/engine/core";
import { ClientError } from "../errors.js";
import { offeredGame } from "../games.js";

/** Commands that run the computer player's search: the only costly ones. */
const EXPENSIVE = new Set(["hint", "ai"]);

/** Whether a command is sent to the pool: a `hint` or an `ai`, whatever else it holds. */
export function isExpensiveCommand(command: unknown): boolean {
  return isPlainObject(command) && typeof command.cmd === "string" && EXPENSIVE.has(command.cmd);
}

export interface StepTask {
  kind: "step";
  game: string;
  state: BaseState;
  command: unknown;
}

export interface ReplayTask {
  kind: "replay";
  /** Names the session in error messages. */
  id: string;
  game: string;
  seed: number;
  config: unknown;
  /** Start here (a cached state catching up)... */
  state?: BaseState;
  /** ...or from this stored snapshot (JSON text), else from the seed. */
  snapshot?: string;
  /** Logged commands, as stored (JSON text). */
  commands: readonly string[];
}

/** A kept replay (scores/replays.ts) played from its start: its score after each move. */
export interface CurveTask {
  kind: "curve";
  /** Names the replay in error messages. */
  id: number;
  game: string;
  seed: number;
  config: unknown;
  /** The replay's commands: one JSON array text, as kept. */
  commands: string;
}

export type Task = StepTask | ReplayTask | CurveTask;

export interface StepOutput {
  reply: Reply;
  state: BaseState;
  record?: LoggedCommand;
}

export interface ReplayOutput {
  state: BaseState;
  /** A `load` or `new` was replayed: the session is no longer ranked. */
  unranked: boolean;
}

export interface CurveOutput {
  /** The score after each command that is not a `tick` and the ticks that follow it, in order. */
  scores: number[];
  /** The final state's score, and whether it is over. */
  score: number;
  over: boolean;
}

export type Output<T extends Task> = T extends StepTask
  ? StepOutput
  : T extends ReplayTask
    ? ReplayOutput
    : CurveOutput;

/** A refusal as data: rethrown as a ClientError by the caller. */
export interface TaskError {
  status: number;
  code: string;
  message: string;
}

export type TaskResult<T extends Task> = { ok: true; value: Output<T> } | { ok: false; error: TaskError };

/** Runs one task on this thread. */
export async function runTask<T extends Task>(task: T): Promise<TaskResult<T>> {
  try {
    const value = await perform(task);
    return { ok: true, value: value as Output<T> };
  } catch (err) {
    if (err instanceof ClientError)
      return { ok: false, error: { status: err.statusCode, code: err.code, message: err.message } };
    throw err;
  }
}

async function perform(task: Task): Promise<StepOutput | ReplayOutput | CurveOutput> {
  const game = offeredGame(task.game);
  if (!game) throw new ClientError(400, "UNKNOWN_GAME", `unknown game ${task.game}`);
  switch (task.kind) {
    case "step": {
      const step = handleCommand(game, task.state, task.command);
      return { reply: step.reply, state: step.state, record: step.record };
    }
    case "replay":
      return replay(task);
    case "curve":
      return curve(task);
  }
}

function unreadable(message: string): ClientError {
  return new ClientError(409, "SESSION_UNREADABLE", message);
}

function replay(task: ReplayTask): ReplayOutput {
  const game = offeredGame(task.game);
  if (!game) throw unreadable(`session ${task.id} is a game this server does not offer`);
  let state = task.state;
  if (state === undefined) {
    const started = startGame(game, task.seed, task.config);
    if (!started.ok) throw unreadable(`session ${task.id} does not start: ${started.error.message}`);
    state = started.value;
    if (task.snapshot !== undefined) {
      let snapshot: unknown;
      try {
        snapshot = JSON.parse(task.snapshot);
      } catch {
        throw unreadable(`session ${task.id} has a damaged snapshot`);
      }
      // Through the game's own `load`: a damaged snapshot is refused by the same checks as any state.
      const loaded = handleCommand(game, state, { cmd: "load", state: snapshot });
      if (!loaded.reply.ok) throw unreadable(`session ${task.id} has a damaged snapshot`);
      state = loaded.state;
    }
  }
  let unranked = false;
  for (const text of task.commands) {
    let command: unknown;
    try {
      command = JSON.parse(text);
    } catch {
      throw unreadable(`session ${task.id} has damaged stored data`);
    }
    const step = handleCommand(game, state, command);
    if (!step.reply.ok) throw unreadable(`session ${task.id} does not replay: ${step.reply.error.message}`);
    state = step.state;
    if (step.record?.cmd === "load" || step.record?.cmd === "new") unranked = true;
  }
  return { state, unranked };
}

function curve(task: CurveTask): CurveOutput {
  const game = offeredGame(task.game);
  const broken = (why: string) =>
    new ClientError(409, "REPLAY_UNREADABLE", `replay ${task.id} does not replay: ${why}`);
  if (!game) throw broken("its game is not offered by this server");
  const started = startGame(game, task.seed, task.config);
  if (!started.ok) throw broken(started.error.message);
  let commands: unknown;
  try {
    commands = JSON.parse(task.commands);
  } catch {
    throw broken("its stored commands are damaged");
  }
  if (!Array.isArray(commands)) throw broken("its stored commands are damaged");
  let state = started.value;
  const scores: number[] = [];
  for (const command of commands) {
    const step = handleCommand(game, state, command);
    if (!step.reply.ok) throw broken(step.reply.error.message);
    state = step.state;
    // A tick scores for the move before it (a brick locking after a drop): the value of a move is the
    // score when the next move is made, so the last value is the final score.
    const tick = isPlainObject(command) && command.cmd === "tick";
    if (!tick) scores.push(state.score);
    else if (scores.length > 0) scores[scores.length - 1] = state.score;
  }
  return { scores, score: state.score, over: state.over };
}
