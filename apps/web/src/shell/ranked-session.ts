/**
 * A ranked game played through the server (docs/architecture.md "Front ends"): one ranked session
 * per game (POST /api/games {"ranked":true}), created before the game starts, never per render. The
 * page gets an ordinary Runner: every move whose outcome does not depend on chance is shown at once
 * (the move applied to the last public view under two different placeholder random sources gives
 * the same visible result), the rest wait for the server's reply, and the server's reply is the
 * authority (a shown position that differs from it is replaced). The browser never holds the real
 * random source. The player's commands while a move waits for the deal are queued and played in
 * order once it comes. Whether the game had help is the server's word (its replies' `assisted`); the
 * page marks it itself only for what is surely help (a hint, the computer playing the player's seat).
 * When the connection drops, the game goes on as an unranked local game from the last position shown
 * (a fresh random source), says so through `status`, and loses no move.
 */

import { type CreateGame, type GameId, getSession, startGame as startOnServer } from "@blockarcade/client";
import { createCommandQueue, createForecast, createSessionLink } from "@blockarcade/client/session";
import {
  type AnyGame,
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type Clock,
  canonicalJson,
  type GameDefinition,
  handleCommand,
  isPlainObject,
  publicView,
  type Reply,
  type Runner,
  type RunnerHooks,
  resumeLocally,
  type TickPolicy,
} from "@blockarcade/engine/core";
import { type ApiOptions, type ApiResult, badReply, connection, fromClient, isRecord } from "./leaderboard";
import { ensurePlayer, forgetPlayer, type PlayerIdentity } from "./player";
import { isPracticeStart } from "./practice";
import { randomSeed } from "./seed";
import { createStore } from "./storage";

/** Creating the session waits this long at most: an unreachable server must not hold the game. */
export const START_TIMEOUT_MS = 5000;

/** Why a game is not ranked, as the end of "Not ranked: ..." */
export const NOT_RANKED = {
  offline: "offline (no score server).",
  chosenSeed: "a chosen seed.",
  loaded: "a loaded position.",
  restored: "restored on this device.",
  dropped: "the connection dropped.",
  newGame: "a new game was started in its place.",
  practice: "practice from a replay.",
} as const;

/** Where a game stands with the leaderboards; the page says it before and during the game. */
export type RankedStatus =
  | { kind: "ranked"; assisted: boolean; entry?: SessionEntry; daily?: DailySession }
  | {
      kind: "unranked";
      why: string;
      /** The game can be made ranked with one tap (a chosen seed): start a ranked one instead. */
      canRank?: boolean;
      /** It started ranked: the connection dropped (or the server refused) halfway. */
      dropped?: boolean;
      assisted: boolean;
    };

/** What the server answered when the ranked game ended and was entered. */
export interface SessionEntry {
  rank?: number;
  board?: string;
  /** The server's replay of the game (GET /api/replays/:id), when it names one. */
  replay?: number;
}

/**
 * A daily session (POST /api/games {"daily":true}): the day's game. The player's first of the day
 * and game is the ranked attempt; later ones are practice (played on the server, never entered).
 */
export interface DailySession {
  game: string;
  day: string;
  practice: boolean;
}

/** A ranked session the server has opened: its id, its first public view, and the player. */
export interface OpenSession {
  id: string;
  seq: number;
  view: Record<string, unknown>;
  assisted: boolean;
  identity: PlayerIdentity;
  daily?: DailySession;
}

/** How a page's game begins: through a server session, or locally (and why not ranked). */
export type GameStart<S extends BaseState> =
  | { kind: "ranked"; session: OpenSession }
  | { kind: "local"; state: S; why: string; canRank?: boolean };

export interface StartOptions extends ApiOptions {
  config?: unknown;
  name?: string;
  /** The day's game (its config is the server's). */
  daily?: boolean;
}

const viewOf = (reply: Record<string, unknown>): Record<string, unknown> | undefined =>
  isRecord(reply.state) ? reply.state : undefined;

/**
 * Opens one ranked session for `game` (making the player's identity on the first one), or says why
 * it could not: the caller then starts a local game. Never throws.
 */
export async function openRankedSession(
  game: AnyGame,
  options: StartOptions = {},
): Promise<ApiResult<OpenSession>> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return { ok: false, kind: "offline", message: NOT_RANKED.offline };
  }
  const api = { ...options, timeoutMs: options.timeoutMs ?? START_TIMEOUT_MS };
  const player = await ensurePlayer(api);
  if (!player.ok) return player;
  const body: CreateGame<GameId> = options.daily
    ? { game: game.id, daily: true }
    : { game: game.id, ranked: true };
  if (options.config !== undefined && !options.daily) body.config = options.config as never;
  if (options.name) body.name = options.name;
  const reply = fromClient(await startOnServer(connection(api, START_TIMEOUT_MS, player.value), body));
  if (!reply.ok) {
    // A server that no longer knows this player: the next game makes a new identity.
    if (reply.code === "BAD_PLAYER") forgetPlayer();
    return reply;
  }
  const { id, seq } = reply.value;
  const view = viewOf(reply.value);
  // The view must be one of the game's positions: it is what the page plays from.
  const playable = view && resumeLocally(game, view, 1).ok;
  const daily = readDaily(game.id, reply.value);
  // A daily practice game is not ranked, but it is the server's session all the same.
  const refusedRank = reply.value.ranked === false && !daily?.practice;
  if (typeof id !== "string" || typeof seq !== "number" || !playable || refusedRank) {
    return badReply();
  }
  return {
    ok: true,
    value: {
      id,
      seq,
      view: view as Record<string, unknown>,
      assisted: reply.value.assisted === true,
      identity: player.value,
      ...(daily ? { daily } : {}),
    },
  };
}

/** A daily session's day and whether it is practice, from the server's answer (kind "daily"). */
function readDaily(game: string, value: Record<string, unknown>): DailySession | undefined {
  if (value.kind !== "daily" || typeof value.day !== "string") return undefined;
  return { game, day: value.day, practice: value.practice === true };
}

/** Questions change nothing: answered from the position shown (a hint is also told to the server). */
const QUESTIONS = new Set(["state", "legal", "hint"]);

/** The player's commands kept while a move waits for the server's deal; more are refused. */
export const MAX_QUEUED = 32;

/**
 * Whether `cmd` surely asks the computer to play for the player: a hint, or an `ai` on a seat that is
 * not a computer's (a Blocky computer seat's own turn is an `ai` and no help; the server agrees).
 */
function surelyHelp(state: BaseState, cmd: string): boolean {
  if (cmd === "hint") return true;
  if (cmd !== "ai") return false;
  const seats = state as BaseState & { players?: { kind?: unknown }[]; current?: number };
  const seat = Array.isArray(seats.players) ? seats.players[seats.current ?? 0] : undefined;
  return !seat || seat.kind === "human";
}

const waitingReply = (state: BaseState, message = "waiting for the server's deal"): Reply =>
  // `waiting` says the refusal passes: the computer player tries again (shell/computer.ts).
  ({ ok: false, error: { code: "BAD_STATE", message }, state, waiting: true }) as Reply;

export interface RankedHooks<S extends BaseState, E extends BaseEvent> extends RunnerHooks<S, E> {
  /** Hears every change of status (ranked, assisted, dropped, entered). */
  status?(status: RankedStatus): void;
  /** A command queued while a move waited, refused when its turn came: it is dropped (tell the player). */
  refused?(command: unknown, reply: Reply): void;
}

export interface RankedRunnerOptions<S extends BaseState, E extends BaseEvent> extends ApiOptions {
  clock?: Clock;
  ticks?: TickPolicy<S, E>;
  paused?: boolean;
  /** The random source of a game that goes on locally (tests pass a fixed one). */
  localSeed?: () => number;
}

export interface RankedRunner<S extends BaseState> extends Runner<S> {
  readonly status: RankedStatus;
  /** Resolves when every command sent or queued so far has its server reply (or the game went local). */
  settled(): Promise<void>;
}

interface Outgoing {
  command: Record<string, unknown>;
  /** A move shown only when the server answers (its outcome depends on chance). */
  waits: boolean;
  /** It asks the computer for the player (counted in `pendingHelp` until answered). */
  help?: boolean;
  /** A question: the server refusing it changes nothing here. */
  question?: boolean;
  /** A waiting move's reply once it is settled (the server's, or the local game's): `waitingFor`. */
  settle?: (reply: Reply) => void;
}

/**
 * The reply a waiting move (`{ok: true, waiting: true}`) will have once the server deals it, or
 * undefined for any other reply: the computer player hears the real move through it (shell/computer.ts).
 * It always resolves: with the server's reply, the local game's when the game went on without the
 * server, or a `waiting` refusal when the move was dropped (a new game started meanwhile).
 */
export function waitingFor(reply: Reply): Promise<Reply> | undefined {
  const settled = (reply as { settled?: unknown }).settled;
  return settled instanceof Promise ? (settled as Promise<Reply>) : undefined;
}

/**
 * A Runner over a ranked session (or a local game, when `start` says so): the page dispatches to it
 * exactly as to the engine's runner.
 */
export function createRankedRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  start: GameStart<S>,
  hooks: RankedHooks<S, E>,
  options: RankedRunnerOptions<S, E> = {},
): RankedRunner<S> {
  const fresh = options.localSeed ?? randomSeed;
  // Two placeholder random sources: a move whose visible result is the same under both is certain.
  const forecast = createForecast<S>(game as AnyGame, [fresh(), fresh()]);
  /** A full state from a view; undefined when the view is not one of the game's positions. */
  const { resume, visible } = forecast;

  let session = start.kind === "ranked" ? start.session : undefined;
  // The session's command route, its seq sent as If-Match: a move never lands on a position it did not see.
  const link =
    session &&
    createSessionLink(connection(options, undefined, session.identity), session.id, session.seq, {
      ifMatch: true,
    });
  let state: S = (session && resume(session.view)) ?? (start as { state: S }).state;
  const daily = session?.daily;
  let status: RankedStatus = session
    ? { kind: "ranked", assisted: session.assisted, ...(daily ? { daily } : {}) }
    : {
        kind: "unranked",
        why: start.kind === "local" ? start.why : NOT_RANKED.offline,
        canRank: start.kind === "local" ? start.canRank : undefined,
        assisted: false,
      };
  let paused = options.paused ?? false;
  let disposed = false;
  let cancelTick: (() => void) | undefined;
  /** The player's commands dispatched while a move waits, played in order when its deal comes. */
  const queued: unknown[] = [];
  let waiting = false;
  // Help: the server's last word, and the help commands it has not answered yet.
  let serverAssisted = session?.assisted ?? false;
  let pendingHelp = 0;

  const setStatus = (next: RankedStatus) => {
    status = next;
    hooks.status?.(next);
  };
  /** A ranked game's help mark: the server's, or a help command on its way to it. */
  const markHelp = (entry?: SessionEntry) => {
    if (status.kind !== "ranked") return;
    const assisted = serverAssisted || pendingHelp > 0;
    if (assisted !== status.assisted || entry) {
      setStatus({ kind: "ranked", assisted, entry: entry ?? status.entry, ...(daily ? { daily } : {}) });
    }
  };

  const schedule = (events: readonly E[], command: unknown) => {
    cancelTick?.();
    cancelTick = undefined;
    const { clock, ticks } = options;
    if (!clock || !ticks || paused || disposed || state.over || waiting) return;
    const delay = ticks.delayAfter(state, events, command as never, clock.now());
    if (delay === null) return;
    cancelTick = clock.after(Math.max(0, delay), () => {
      cancelTick = undefined;
      runner.dispatch({ cmd: "tick" });
    });
  };

  /** Shows an accepted position, as the engine's runner does. */
  const show = (next: S, events: E[], reply: Reply, record: unknown, command: unknown) => {
    state = next;
    if (record) hooks.log?.(record as never, state);
    hooks.save?.(state);
    schedule(events, command);
    hooks.render(state, events, reply);
  };

  /**
   * The game goes on here, from the position shown, with a fresh random source. `failed` is the
   * command whose call failed: when it (or one still to send) waited for the server, it is played here.
   */
  const goLocal = (why: string, dropped = true, failed?: Outgoing) => {
    if (!session) return;
    session = undefined;
    const assisted = status.assisted;
    const left = [...(failed ? [failed] : []), ...outbox.takeUnsent()];
    const wasWaiting = waiting;
    waiting = false;
    pendingHelp = 0;
    state = resume(publicView(game as AnyGame, state), fresh()) ?? state;
    setStatus({ kind: "unranked", why, dropped, assisted });
    // The move that waited for the server is played here instead, then the queued ones: no move is lost.
    const waited = wasWaiting ? left.find((o) => o.waits) : undefined;
    if (waited) waited.settle?.(runner.dispatch(waited.command));
    else {
      hooks.save?.(state);
      schedule([], undefined);
    }
    for (const out of left) if (out !== waited) out.settle?.(waitingReply(state, NOT_RANKED.newGame));
    for (const command of queued.splice(0)) {
      const reply = local(command);
      if (!reply.ok) hooks.refused?.(command, reply);
    }
  };

  /** Plays the queued commands once the deal is in, until one waits for the server again. */
  const drain = () => {
    while (session && !waiting && !disposed && queued.length > 0) {
      const command = queued.shift();
      const reply = play(command);
      if (!reply.ok) hooks.refused?.(command, reply);
    }
  };

  const send = async (out: Outgoing) => {
    const open = session;
    if (!open || !link) return;
    const reply = fromClient(await link.send(out.command));
    // The game went on without this move (a new game meanwhile): a waiting computer plans again.
    if (session !== open || disposed) return out.settle?.(waitingReply(state, NOT_RANKED.newGame));
    if (out.help) pendingHelp--;
    // A question the server refuses (a game that ended first) changes nothing: the game stays ranked.
    // A refused hint was still asked, and the server marks the game when help is asked.
    if (!reply.ok && out.question && reply.kind === "refused") {
      if (out.help) serverAssisted = true;
      return markHelp();
    }
    if (!reply.ok) {
      if (reply.code === "BAD_PLAYER") forgetPlayer();
      const why =
        reply.kind === "refused" ? `the score server refused a move: ${reply.message}` : NOT_RANKED.dropped;
      return goLocal(why, true, out);
    }
    const value = reply.value;
    const view = viewOf(value);
    open.seq = link.seq;
    const next = view && resume(view);
    if (!view || !next) return goLocal(NOT_RANKED.dropped, true, out);
    open.view = view;
    // The server says whether the game had help (a computer seat's own `ai` is none).
    serverAssisted = value.assisted === true;
    markHelp(readEntry(value));
    if (out.waits) {
      waiting = false;
      const events = (Array.isArray(value.events) ? value.events : []) as E[];
      const settled: Reply = { ok: true, state: next, events };
      show(next, events, settled, out.command, out.command);
      out.settle?.(settled);
      drain();
    } else if (outbox.unsent === 0 && visible(state) !== visible(next)) {
      // The server's reply is the authority: what is shown follows it.
      show(next, [], { ok: true, state: next, events: [] }, undefined, undefined);
    }
  };

  const outbox = createCommandQueue(send);
  const enqueue = (out: Outgoing) => outbox.push(out);

  const runner: RankedRunner<S> = {
    get state() {
      return state;
    },
    get paused() {
      return paused;
    },
    get status() {
      return status;
    },
    // Queued commands sent after a deal extend the queue: settled waits until it stops growing.
    settled: () => outbox.settled(),
    dispatch(command) {
      const cmd = isPlainObject(command) && typeof command.cmd === "string" ? command.cmd : "";
      if (!session) return local(command);
      if (cmd === "hint") {
        // A hint of a position the deal is about to replace would be stale, and one that reached the
        // server after the game ended would be refused: none is asked meanwhile or after the end.
        if (waiting) return waitingReply(state);
        const reply = handleCommand(game as never, state, command).reply;
        if (reply.ok && !state.over) {
          // Help is the server's to know: the session is marked assisted.
          pendingHelp++;
          markHelp();
          enqueue({ command: { cmd: "hint" }, waits: false, help: true, question: true });
        }
        return reply;
      }
      if (QUESTIONS.has(cmd)) return handleCommand(game as never, state, command).reply;
      if (cmd === "new" || cmd === "load") {
        goLocal(cmd === "load" ? NOT_RANKED.loaded : NOT_RANKED.newGame, false);
        return local(command);
      }
      if (waiting) {
        // The computer's commands (and the clock's) are planned from the position: it tries again.
        if (cmd === "ai" || cmd === "tick") return waitingReply(state);
        if (queued.length >= MAX_QUEUED)
          return waitingReply(state, "too many moves wait for the server's deal");
        queued.push(command);
        return { ok: true, state, events: [], waiting: true, queued: true } as Reply;
      }
      return play(command);
    },
    setPaused(value) {
      if (value === paused) return;
      paused = value;
      schedule([], undefined);
    },
    dispose() {
      disposed = true;
      cancelTick?.();
      cancelTick = undefined;
    },
  };

  /** A command of a ranked game: shown at once when chance plays no part, else sent to wait for the deal. */
  const play = (command: unknown): Reply => {
    const cmd = isPlainObject(command) && typeof command.cmd === "string" ? command.cmd : "";
    const seen = forecast.foresee(state, command);
    if (seen.kind === "answered") return seen.step.reply;
    const help = surelyHelp(state, cmd);
    if (help) {
      pendingHelp++;
      markHelp();
    }
    const record = seen.record;
    if (cmd !== "ai" && seen.kind === "certain") {
      const { step } = seen;
      show(step.state as S, step.reply.events as E[], step.reply, step.record, command);
      enqueue({ command: record, waits: false, help });
      return step.reply;
    }
    // The outcome depends on chance: the server deals it.
    waiting = true;
    cancelTick?.();
    let settle: ((reply: Reply) => void) | undefined;
    const settled = new Promise<Reply>((resolve) => {
      settle = resolve;
    });
    enqueue({ command: record, waits: true, help, settle });
    return { ok: true, state, events: [], waiting: true, settled } as Reply;
  };

  /** A local game: the engine's protocol, as the engine's runner plays it. */
  const local = (command: unknown): Reply => {
    const step = handleCommand(game as never, state, command);
    if (!step.reply.ok || step.state === state) return step.reply;
    show(step.state as S, step.reply.events as E[], step.reply, step.record, command);
    return step.reply;
  };

  schedule([], undefined);
  return runner;
}

function readEntry(value: Record<string, unknown>): SessionEntry | undefined {
  const raw = isRecord(value.entry) ? value.entry : undefined;
  if (!raw) return undefined;
  return {
    rank: typeof raw.rank === "number" ? raw.rank : undefined,
    board: typeof raw.board === "string" ? raw.board : undefined,
    replay:
      Number.isSafeInteger(raw.replay) && (raw.replay as number) > 0 ? (raw.replay as number) : undefined,
  };
}

/**
 * The ranked session a page last opened for each game: a reloaded page whose saved position is that
 * session's goes on in it (still ranked) instead of starting over.
 */
const sessionStore = (game: string) =>
  createStore(`blockarcade-ranked-session-${game}`, (v): v is { id: string } => {
    return isRecord(v) && typeof v.id === "string" && v.id.length > 0 && v.id.length <= 100;
  });

/** The id of the ranked session last opened for `game` on this device, if any. */
export function lastRankedSession(game: string): string | undefined {
  return sessionStore(game).read()?.id;
}

/** How a page wants its game to begin: ranked through the server, or local and why. */
export type StartPlan<S extends BaseState> =
  | {
      kind: "ranked";
      config?: unknown;
      name?: string;
      /** The day's game (POST /api/games {"daily":true}); a daily session of today under way goes on. */
      daily?: boolean;
      fallback: () => S;
      /** A saved position of a ranked session: go on in that session when the server agrees. */
      resume?: { id: string; state: S };
    }
  | { kind: "local"; state: S; why: string; canRank?: boolean };

/** Reads a ranked session back: its view must be the saved position's, and the game still going. */
async function resumeSession(
  game: AnyGame,
  resume: { id: string; state: BaseState },
  options: ApiOptions,
): Promise<OpenSession | undefined> {
  const reply = await readSession(resume.id, options);
  if (reply?.value.ranked !== true || typeof reply.value.seq !== "number") return undefined;
  const view = viewOf(reply.value);
  const shown = canonicalJson(publicView(game, resume.state));
  if (!view || view.over === true || canonicalJson(publicView(game, view as never)) !== shown)
    return undefined;
  const daily = readDaily(game.id, reply.value);
  return {
    id: resume.id,
    seq: reply.value.seq,
    view,
    assisted: reply.value.assisted === true,
    identity: reply.identity,
    ...(daily ? { daily } : {}),
  };
}

/** The server's answer for session `id` (GET /api/games/:id) as this device's player asks; none on failure. */
async function readSession(
  id: string,
  options: ApiOptions,
): Promise<{ identity: PlayerIdentity; value: Record<string, unknown> } | undefined> {
  const player = await ensurePlayer(options);
  if (!player.ok) return undefined;
  const api = { ...options, timeoutMs: options.timeoutMs ?? START_TIMEOUT_MS };
  const reply = fromClient(await getSession(connection(api, START_TIMEOUT_MS, player.value), id));
  return reply.ok ? { identity: player.value, value: reply.value } : undefined;
}

/** The day's session under way on this device (a reload of the daily game goes on in it). */
const dailyStore = (game: string) =>
  createStore(`blockarcade-daily-session-${game}`, (v): v is { id: string; day: string } => {
    return isRecord(v) && typeof v.id === "string" && v.id.length <= 100 && typeof v.day === "string";
  });

/** Whether this device keeps a daily session of `game` from today (UTC): Play may go on in it. */
export function keptDailySession(game: string): boolean {
  return dailyStore(game).read()?.day === new Date().toISOString().slice(0, 10);
}

/** The daily session of `game` kept on this device, read back from the server while it is still played. */
async function resumeDaily(game: AnyGame, options: ApiOptions): Promise<OpenSession | undefined> {
  const kept = dailyStore(game.id).read();
  // Only today's (UTC): a day's game not finished by its end is not entered.
  if (!kept || kept.day !== new Date().toISOString().slice(0, 10)) return undefined;
  const reply = await readSession(kept.id, options);
  if (!reply || typeof reply.value.seq !== "number") return undefined;
  const view = viewOf(reply.value);
  const daily = readDaily(game.id, reply.value);
  if (!view || view.over === true || !daily || !resumeLocally(game, view, 1).ok) return undefined;
  return {
    id: kept.id,
    seq: reply.value.seq,
    view,
    assisted: reply.value.assisted === true,
    identity: reply.identity,
    daily,
  };
}

/** Opens the game a plan asks for: a ranked session, or (offline, refused) the plan's local game. */
export async function startGame<S extends BaseState>(
  game: AnyGame,
  plan: StartPlan<S>,
  options: ApiOptions = {},
): Promise<GameStart<S>> {
  // "Play from here" in a replay: that position is practice, never a ranked session's to resume.
  const start = plan.kind === "local" ? plan.state : plan.resume?.state;
  if (start && isPracticeStart(start)) return { kind: "local", state: start, why: NOT_RANKED.practice };
  if (plan.kind === "local") return plan;
  if (plan.daily) {
    const going = await resumeDaily(game, options);
    if (going) return { kind: "ranked", session: going };
  }
  if (plan.resume) {
    const resumed = await resumeSession(game, plan.resume, options);
    if (resumed) return { kind: "ranked", session: resumed };
    return { kind: "local", state: plan.resume.state, why: NOT_RANKED.restored, canRank: true };
  }
  const opened = await openRankedSession(game, {
    ...options,
    config: plan.config,
    name: plan.name,
    daily: plan.daily,
  });
  if (opened.ok) {
    sessionStore(game.id).write({ id: opened.value.id });
    const day = opened.value.daily?.day;
    if (day) dailyStore(game.id).write({ id: opened.value.id, day });
    return { kind: "ranked", session: opened.value };
  }
  const why = opened.kind === "refused" ? `the score server said: ${opened.message}` : NOT_RANKED.offline;
  return { kind: "local", state: plan.fallback(), why };
}
