/**
 * A real-time game (Block Stacker, Match-3 Arcade) played on a game server's session: the daily
 * challenge (daily.ts). The terminal keeps a runner of its own for the picture and sends every
 * command, the clock's ticks included, to the session in order; the server's reply is the truth
 * (docs/service.md "Real-time games keep the server's clock"). The server holds the random source:
 * a move whose visible outcome is the same under two placeholder random sources is shown at once,
 * one that depends on chance (a lock that brings the next piece) waits for the server's deal, and the
 * keys typed meanwhile wait in order behind it. There is no pause: the server's clock runs on, so
 * the ticks do too. A key the server finds late (TICK_DUE: the terminal was slow, or the attempt is
 * resumed hours later) is sent again after the ticks the game owes; a refusal of anything else ends
 * the game here (it stays as the server has it).
 */
import { getSession } from "@blockarcade/client";
import { createCommandQueue, createForecast, createSessionLink } from "@blockarcade/client/session";
import {
  type AnyGame,
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type Clock,
  type ErrorCode,
  type GameDefinition,
  handleCommand,
  isPlainObject,
  type Reply,
  type Runner,
  type RunnerHooks,
  type TickPolicy,
} from "@blockarcade/engine/core";
import { connect, failureText, type Identity } from "../identity.js";
import type { TerminalIo } from "./types.js";

/** A session opened on a server: where it is, its first public view, and whose it is. */
export interface RemoteStart {
  base: string;
  id: string;
  view: BaseState;
  player: Identity;
}

/** What the server said when the game ended and was entered (`entry` of the last reply). */
export interface RemoteEntry {
  board?: string;
  day?: string;
  name?: string;
  replay?: number;
  rank?: number;
  score?: number;
}

export interface RemoteRunner<S extends BaseState> extends Runner<S> {
  /** Resolves once every command sent so far has the server's answer. */
  settled(): Promise<void>;
  /** Why the server stopped the game here (a refusal, an unreachable server); null while it plays. */
  readonly stopped: string | null;
  readonly entry: RemoteEntry | null;
}

export interface RemoteHooks<S extends BaseState, E extends BaseEvent> extends RunnerHooks<S, E> {
  /** The server stopped the game (refused a move, or could not be reached): the game ends here. */
  stop?(why: string): void;
}

/**
 * The `makeRunner` of a real-time game (realtime-session.ts) played on the server's session `start`:
 * the runner is kept in `made` (its entry is wanted once the game is over); when the server stops the
 * game, the reason goes to stderr and `finish` ends the session with status 1.
 */
export function remoteMakeRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  start: RemoteStart,
  io: Pick<TerminalIo, "stderr">,
  made: { runner?: RemoteRunner<S> },
  finish: (status: number) => void,
): (hooks: RunnerHooks<S, E>, options: { clock: Clock; ticks: TickPolicy<S, E> }) => RemoteRunner<S> {
  return (hooks, options) =>
    (made.runner = createRemoteRunner(
      game,
      start,
      {
        ...hooks,
        stop: (why) => {
          io.stderr.write(`blockarcade: the server stopped the game: ${why}\n`);
          finish(1);
        },
      },
      options,
    ));
}

/** Keys typed while a move waits for the deal; more are dropped. */
export const MAX_QUEUED = 32;
/** Ticks sent to catch up with the server's clock before a key is given up. */
export const MAX_CATCH_UP = 20_000;

interface Outgoing {
  command: Record<string, unknown>;
  /** Shown only when the server answers (its outcome depends on chance). */
  waits: boolean;
  /** A question: its answer changes nothing here. */
  question?: boolean;
}

/** Answers a POST of one command: the reply's body, or why there is none. */
type Sent = { ok: true; body: Record<string, unknown> } | { ok: false; code: string; message: string };

export function createRemoteRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  start: RemoteStart,
  hooks: RemoteHooks<S, E>,
  options: { clock: Clock; ticks: TickPolicy<S, E>; seeds?: readonly [number, number] },
): RemoteRunner<S> {
  const any = game as unknown as AnyGame;
  const forecast = createForecast<S>(any, options.seeds ?? [0x2545f491, 0x9e3779b9]);
  const { resume, visible } = forecast;
  const first = resume(start.view);
  if (!first) throw new Error("the server's position is not one of the game's");
  let state: S = first;
  let paused = false;
  let disposed = false;
  let waiting = false;
  let stopped: string | null = null;
  let entry: RemoteEntry | null = null;
  let cancelTick: (() => void) | undefined;
  const queued: unknown[] = [];
  const conn = connect(start.base, start.player);
  const link = createSessionLink(conn, start.id, 0);

  const post = async (command: Record<string, unknown>): Promise<Sent> => {
    const answer = await link.send(command);
    if (answer.ok) return { ok: true, body: answer.value as unknown as Record<string, unknown> };
    if (answer.kind === "network") return { ok: false, code: "NO_SERVER", message: answer.message };
    const code = answer.kind === "bad-reply" ? String(answer.status) : answer.code;
    return { ok: false, code, message: failureText(answer) };
  };

  const schedule = (events: readonly E[], command: unknown) => {
    cancelTick?.();
    cancelTick = undefined;
    // No pause here: the server's clock does not stop, so neither do the ticks.
    if (disposed || stopped !== null || state.over || waiting) return;
    const delay = options.ticks.delayAfter(state, events, command as never, options.clock.now());
    if (delay === null) return;
    cancelTick = options.clock.after(Math.max(0, delay), () => {
      cancelTick = undefined;
      runner.dispatch({ cmd: "tick" });
    });
  };

  const show = (next: S, events: E[], reply: Reply, command: unknown) => {
    state = next;
    schedule(events, command);
    hooks.render(state, events, reply);
  };

  const stop = (why: string) => {
    if (stopped !== null) return;
    stopped = why;
    waiting = false;
    queued.length = 0;
    cancelTick?.();
    hooks.stop?.(why);
  };

  /** One command to the server; a late key goes again after the ticks the game owes. */
  const send = async (out: Outgoing) => {
    if (stopped !== null) return;
    let sent = await post(out.command);
    for (let n = 0; !sent.ok && sent.code === "TICK_DUE" && n < MAX_CATCH_UP; n++) {
      const tick = await post({ cmd: "tick" });
      if (!tick.ok) {
        sent = tick;
        break;
      }
      // The owed tick is shown; a move waiting for its deal still waits.
      const next = resume(tick.body.state);
      if (!next) return stop("the server's answer is not one of the game's positions");
      const events = (Array.isArray(tick.body.events) ? tick.body.events : []) as E[];
      show(next, events, { ok: true, state: next, events }, { cmd: "tick" });
      if (next.over) return;
      sent = await post(out.command);
    }
    // A tick ahead of the server's clock (this clock ran fast) is not played: what is shown follows
    // the server's position again.
    if (!sent.ok && sent.code === "TOO_FAST" && out.command.cmd === "tick") {
      const answer = await getSession(conn, start.id);
      if (!answer.ok) return stop(failureText(answer));
      if (answer.notModified) return stop("the server answered 304 to a request that held no ETag");
      accept({ state: answer.value.state }, { ...out, waits: true });
      return;
    }
    if (!sent.ok) return stop(sent.message);
    if (!out.question) accept(sent.body, out);
  };

  /** The server's answer: shown when the move waited for it, or when what is shown differs from it. */
  const accept = (body: Record<string, unknown>, out: Outgoing) => {
    if (isPlainObject(body.entry)) entry = body.entry as RemoteEntry;
    const next = resume(body.state);
    if (!next) return stop("the server's answer is not one of the game's positions");
    const events = (Array.isArray(body.events) ? body.events : []) as E[];
    if (out.waits) {
      waiting = false;
      show(next, events, { ok: true, state: next, events }, out.command);
      drain();
    } else if (outbox.unsent === 0 && visible(state) !== visible(next)) {
      show(next, [], { ok: true, state: next, events: [] }, undefined);
    }
  };

  const outbox = createCommandQueue(send);
  const enqueue = (out: Outgoing) => outbox.push(out);

  /** Keys typed while a move waited, played once its deal is in, until one waits again. */
  const drain = () => {
    while (!waiting && stopped === null && queued.length > 0) play(queued.shift());
  };

  const refused = (code: ErrorCode, message: string): Reply => ({
    ok: false,
    error: { code, message },
    state,
  });

  const play = (command: unknown): Reply => {
    const seen = forecast.foresee(state, command);
    if (seen.kind === "answered") return seen.step.reply;
    if (seen.kind === "certain") {
      show(seen.step.state as S, seen.step.reply.events as E[], seen.step.reply, command);
      enqueue({ command: seen.record, waits: false });
      return seen.step.reply;
    }
    const record = seen.record;
    // Chance decides what comes next: the server deals it.
    waiting = true;
    cancelTick?.();
    enqueue({ command: record, waits: true });
    return { ok: true, state, events: [], waiting: true } as Reply;
  };

  const runner: RemoteRunner<S> = {
    get state() {
      return state;
    },
    get paused() {
      return paused;
    },
    get stopped() {
      return stopped;
    },
    get entry() {
      return entry;
    },
    settled: () => outbox.settled(),
    dispatch(command) {
      const cmd = isPlainObject(command) && typeof command.cmd === "string" ? command.cmd : "";
      if (stopped !== null || disposed) return refused("BAD_STATE", stopped ?? "the game has ended");
      // The day's game is the server's one game: no new game, no position of our own.
      if (cmd === "new" || cmd === "load")
        return refused("UNKNOWN_COMMAND", "a daily game on a server is one game");
      if (cmd === "hint") {
        // Help is the server's to know: the game goes on the board of games played with help.
        const reply = handleCommand(any, state, command).reply;
        if (reply.ok && !state.over) enqueue({ command: { cmd: "hint" }, waits: false, question: true });
        return reply;
      }
      if (cmd === "state" || cmd === "legal") return handleCommand(any, state, command).reply;
      if (waiting) {
        if (cmd === "tick" || cmd === "ai") return refused("BAD_STATE", "waiting for the server's deal");
        if (queued.length >= MAX_QUEUED) return refused("BAD_STATE", "too many keys wait for the server");
        queued.push(command);
        return { ok: true, state, events: [], waiting: true, queued: true } as Reply;
      }
      return play(command);
    },
    setPaused(value) {
      // Shown as the game asks (a question on screen), but the clock keeps running: see schedule.
      paused = value;
    },
    dispose() {
      disposed = true;
      cancelTick?.();
      cancelTick = undefined;
    },
  };

  schedule([], undefined);
  return runner;
}
