/**
 * Game sessions of the HTTP service: stored as (game, seed, config), the log of the commands that
 * changed the state (each at its sequence number) and a snapshot of the state every so often; the
 * current state is cached in memory, by size.
 *
 * Order: within this process, commands on one session run one at a time (a queue per session).
 * Across processes, a command is logged at sequence number N only if no command holds N yet, that is
 * if the session's stored length is still N (storage's `append`); a process whose cache is behind
 * catches up from the log and tries again. A command that logs nothing (a question, a refusal) is
 * answered only after checking the stored length, so no process answers from a stale cache.
 *
 * Replays: a rebuild starts from the latest snapshot, so it replays at most `snapshotEvery` commands
 * (fewer when they were slow to apply). Rebuilds and the computer player's `hint` and `ai` run in the
 * compute pool's worker threads (compute/pool.ts), charged to the client that asked; every other
 * command is applied here, on the event loop, where it costs microseconds.
 *
 * Memory: the cache is bounded by the sessions' measured sizes, and a session is measured again
 * after every change (lru-cache re-measures only a value set anew, not one changed in place).
 */
import { randomInt, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type AnyGame,
  type BaseState,
  describeValue,
  type GameError,
  handleCommand,
  isPlainObject,
  type LoggedCommand,
  MAX_SEED,
  publicView,
  type Reply,
  rulesVersionOf,
  startGame,
} from "@blockarcade/engine/core";
import { LRUCache } from "lru-cache";
import { type ComputeRunner, inlineRunner } from "./compute/pool.js";
import { isExpensiveCommand, type StepOutput } from "./compute/tasks.js";
import { ClientError, rulesChanged } from "./errors.js";
import { advanceClock, checkClock, isRealTime, startClock } from "./fair/clock.js";
import {
  type Fairness,
  fairText,
  RANKED_LIFETIME_MS,
  type RankedKind,
  readFairness,
} from "./fair/fairness.js";
import { offeredGame } from "./games.js";
import type { SessionStorage, StoredSession } from "./store/sessions.js";

export interface Session {
  id: string;
  game: AnyGame;
  seed: number;
  state: BaseState;
  /** Number of logged commands: the next one gets this sequence number. */
  length: number;
  /** Started from a seed the server drew, and never `load`ed or restarted with `new`. */
  ranked: boolean;
  name: string | null;
  /** A ranked session's rules (fair/fairness.ts); null for an unranked session. */
  fair: Fairness | null;
  /** Commands logged since the latest snapshot, and the time they took to apply. */
  sinceSnapshot: { commands: number; ms: number };
  /** The state's measured size (sessionBytes): the cache's measure, taken after every change. */
  bytes: number;
  /** When this process last refreshed the stored last-changed time (ms since 1970; 0: not yet). */
  touchedAt: number;
}

export interface SessionOptions {
  /** Estimated heap bytes of sessions kept in memory (sessionBytes); least recently used go first. */
  cacheBytes: number;
  /** A snapshot at least every this many commands... */
  snapshotEvery: number;
  /** ...and sooner once the commands since the last one took this long to apply. */
  snapshotAfterMs: number;
  /**
   * The stored last-changed time (retention's measure of idleness) is refreshed by a command at
   * most this often: an idle session is one without a command for days, an hour late is nothing.
   */
  touchEveryMs: number;
  /** Commands one session may log; then it is full and a new session is needed. */
  maxCommands: number;
  /** Sessions the service keeps (idle ones are deleted after the retention period). */
  maxSessions: number;
  /** The server's clock, ms since 1970: what ranked real-time games are judged against (fair/clock.ts). */
  now: () => number;
}

export const DEFAULT_SESSION_OPTIONS: SessionOptions = {
  cacheBytes: 64 * 1024 * 1024,
  snapshotEvery: 100,
  snapshotAfterMs: 20,
  touchEveryMs: 60 * 60 * 1000,
  maxCommands: 100_000,
  maxSessions: 1_000_000,
  now: () => Date.now(),
};

/** A refused session: the engine's error, or UNKNOWN_GAME for a game this server does not offer. */
export type CreateResult =
  | { ok: true; session: Session }
  | { ok: false; error: { code: GameError["code"] | "UNKNOWN_GAME"; message: string } };

/** What Sessions says about a command: the engine's reply, or that the session does not exist. */
export type CommandResult = { found: false } | { found: true; reply: Reply; length: number };

/** A ranked game that just ended, for the leaderboards. */
export interface EndedGame {
  sessionId: string;
  game: AnyGame;
  seed: number;
  name: string;
  state: BaseState;
  /** The ranked session's rules: its player, board (help or not) and day. */
  fair?: Fairness | null;
}

/** Where an ended ranked game was entered: sent with the reply to its last command. */
export interface GameEntry {
  board: "unaided" | "help";
  /** The day of a daily board. */
  day?: string;
  /** The name it went in under (a look-alike of a name on the boards goes in under that one). */
  name: string;
  score: number;
  rank: number;
  /** The entry's id: its replay is GET /api/replays/<replay> (scores/replays.ts). */
  replay: number;
}

/** What a ranked session is asked to be at its start: its kind, its player, the daily day. */
export interface RankedStart {
  kind: RankedKind;
  player: string;
  /** The UTC day of a daily game (its seed is that day's). */
  day?: string;
}

/**
 * Commands that ask and change nothing (Blocky's `score` too): never refused by the clock, never
 * logged. `hint` asks the computer player: it marks a ranked game as assisted.
 */
const QUESTIONS = new Set(["state", "legal", "hint", "score"]);

/**
 * Whether `cmd` asks the computer player for the player: a `hint`, or an `ai` (save Blocky's `ai` on a
 * computer seat, which is how its opponents move).
 */
function isHelp(session: Session, cmd: string): boolean {
  if (cmd === "hint") return true;
  if (cmd !== "ai") return false;
  if (session.game.id !== "blocky") return true;
  const state = session.state as BaseState & { players?: { kind: string }[]; current?: number };
  return state.players?.[state.current ?? 0]?.kind === "human";
}

/**
 * A stored session that can no longer be rebuilt: its game is gone from this server, or its stored
 * rows are damaged. The session is kept as it is in the database; the client gets a clear error.
 */
export class SessionUnreadableError extends ClientError {
  constructor(message: string) {
    super(409, "SESSION_UNREADABLE", message);
  }
}

/** How a session was last rebuilt: what a test or an operator can check about replays. */
export interface RebuildReport {
  id: string;
  fromSnapshot: number | null;
  replayed: number;
  /** Wall time of the rebuild, the wait for a worker included. */
  ms: number;
  /** CPU time of the replay, measured in its worker. */
  cpuMs: number;
}

/** Who asks, for the compute pool's CPU accounts: the client's address (routes) or a name. */
const LOCAL = "local";

/** How long a command keeps retrying while other processes keep moving first. */
const CONTENDED_MS = 5000;

export class Sessions {
  lastRebuild: RebuildReport | undefined;
  private readonly cache: LRUCache<string, Session>;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly options: SessionOptions;
  private sessionCount: number | undefined;

  constructor(
    private readonly storage: SessionStorage,
    options: Partial<SessionOptions> = {},
    private readonly compute: ComputeRunner = inlineRunner,
    /** Called when a ranked session's game ends (app.ts hands it to the leaderboards). */
    private readonly onGameOver?: (ended: EndedGame) => Promise<GameEntry | undefined>,
  ) {
    this.options = { ...DEFAULT_SESSION_OPTIONS, ...options };
    this.cache = new LRUCache<string, Session>({
      maxSize: this.options.cacheBytes,
      sizeCalculation: (session) => Math.max(1, session.bytes),
    });
  }

  /** The cache's own account: what tests and operators check against `cacheBytes`. */
  cacheStats(): { sessions: number; bytes: number; maxBytes: number } {
    return { sessions: this.cache.size, bytes: this.cache.calculatedSize, maxBytes: this.options.cacheBytes };
  }

  async create(
    gameId: string,
    seed: number,
    config: unknown,
    ranked: boolean,
    name: string | null,
    start?: RankedStart,
  ): Promise<CreateResult> {
    const game = offeredGame(gameId);
    if (!game)
      return {
        ok: false,
        error: { code: "UNKNOWN_GAME", message: `unknown game ${describeValue(gameId)}` },
      };
    const started = startGame(game, seed, config);
    if (!started.ok) return { ok: false, error: started.error };
    this.sessionCount ??= await this.storage.countSessions();
    if (this.sessionCount >= this.options.maxSessions) {
      throw new ClientError(
        429,
        "TOO_MANY_SESSIONS",
        `the service holds its maximum of ${this.options.maxSessions} sessions; idle sessions are deleted over time, try again later`,
      );
    }
    const id = randomUUID();
    let state = started.value;
    let fair: Fairness | null = null;
    if (start) {
      // The player's first daily session of the day and game is the ranked attempt; later ones are
      // practice. First started, not first finished, and practice on a seed of its own: the day's
      // deals in a practice game would show the ranked attempt its future while it is played.
      const practice =
        start.kind === "daily" &&
        !(await this.storage.claimDaily(game.id, start.day ?? "", start.player, id));
      if (practice) {
        seed = randomInt(0, MAX_SEED + 1);
        state = (startGame(game, seed, config) as { ok: true; value: BaseState }).value;
      }
      fair = {
        kind: start.kind,
        player: start.player,
        day: start.kind === "daily" ? (start.day ?? null) : null,
        practice,
        assisted: false,
        startedAt: this.options.now(),
        clock: isRealTime(game, state) ? startClock(game, state) : null,
      };
    }
    const rankedNow = fair ? !fair.practice : ranked;
    await this.storage.createSession({
      id,
      game: game.id,
      seed,
      config,
      ranked: rankedNow,
      name,
      fair: fair && fairText(fair),
      rules: rulesVersionOf(game, config),
    });
    this.sessionCount += 1;
    const session: Session = {
      id,
      game,
      seed,
      state,
      length: 0,
      ranked: rankedNow,
      name,
      fair,
      sinceSnapshot: { commands: 0, ms: 0 },
      bytes: sessionBytes(state),
      touchedAt: Date.now(),
    };
    this.cache.set(id, session);
    return { ok: true, session };
  }

  /** The session as stored now (the cache is checked against the stored length first). */
  get(id: string, client = LOCAL): Promise<Session | undefined> {
    return this.exclusive(id, () => this.current(id, client));
  }

  /**
   * Applies one command. A command that changes the state is logged before it is answered, so an
   * acknowledged command survives a restart or a crash; questions and refusals are not logged.
   * `expected` is the length the client believes the session has (If-Match): 409 when it is not.
   */
  command(
    id: string,
    command: unknown,
    expected?: number,
    client = LOCAL,
    /** Who sends it (routes: the verified player, or null): a ranked session takes its own player's only. */
    player?: string | null,
  ): Promise<CommandResult> {
    const expensive = isExpensiveCommand(command);
    return this.exclusive(id, async () => {
      // Optimistic: apply to the cached state; the log's compare-and-set (for a change) or a length
      // check (for anything else) then proves it was current, in one round trip either way.
      let session = this.cache.get(id) ?? (await this.rebuild(id, client));
      const began = performance.now();
      for (let attempt = 0; performance.now() - began < CONTENDED_MS; attempt++) {
        // Under contention, a random pause keeps two processes from colliding again in lockstep.
        if (attempt > 1) await sleep(Math.random() * Math.min(50, 2 * attempt));
        if (!session) return { found: false };
        if (expected !== undefined && expected !== session.length) {
          session = await this.current(id, client);
          if (!session) return { found: false };
          if (expected !== session.length) throw mismatch(expected, session.length);
        }
        const cmd = commandName(command);
        let fair = session.fair;
        if (fair && player !== undefined && player !== fair.player) {
          throw new ClientError(
            403,
            "NOT_YOUR_GAME",
            "this ranked game is another player's: only its player's commands are taken",
          );
        }
        if (fair?.clock && !QUESTIONS.has(cmd))
          checkClock(fair.clock, cmd, this.options.now() - fair.startedAt);
        // Asking for help is help: the web shows a hint it worked out itself at once, so the mark
        // neither waits for the pool's answer nor is lost when a CPU limit refuses it.
        if (fair && !fair.assisted && isHelp(session, cmd)) {
          await this.markAssisted(session, fair);
          fair = session.fair;
        }
        const { step, ms } = expensive
          ? await this.stepInPool(session, command, client)
          : stepHere(session, command);
        const helped = fair !== null && step.reply.ok && !fair.assisted && isHelp(session, cmd);
        if (!step.record || step.state === session.state || (fair && unchanged(session.state, step.state))) {
          const length = await this.storage.length(id);
          if (length === session.length) {
            if (helped && fair) await this.markAssisted(session, fair);
            return { found: true, reply: viewed(session, step.reply), length };
          }
          session = await this.current(id, client);
          continue;
        }
        // Rewritten only when it changes: the help flag once, a real-time game's clock with its moves.
        const nextFair: Fairness | null =
          fair && (helped || fair.clock !== null)
            ? {
                ...fair,
                assisted: fair.assisted || helped,
                clock:
                  fair.clock &&
                  advanceClock(
                    fair.clock,
                    session.game,
                    step.state,
                    step.reply.ok ? step.reply.events : [],
                    cmd,
                    this.options.now() - fair.startedAt,
                  ),
              }
            : null;
        const logged = await this.log(session, step.state, step.record, ms, nextFair);
        if (logged) {
          const reply = viewed(session, step.reply);
          // The ranked game just ended: its entry (board, rank, the name it went in under).
          const answer = logged.entry ? ({ ...reply, entry: logged.entry } as Reply) : reply;
          return { found: true, reply: answer, length: session.length };
        }
        // Another process moved first: catch up from the log and decide again.
        session = await this.current(id, client);
      }
      throw new ClientError(409, "BUSY", "other clients keep changing this session; try again");
    });
  }

  /** A `hint` or an `ai`: in a worker thread, charged to the client. */
  private async stepInPool(
    session: Session,
    command: unknown,
    client: string,
  ): Promise<{ step: StepOutput; ms: number }> {
    const done = await this.compute.run(
      { kind: "step", game: session.game.id, state: session.state, command },
      client,
    );
    return { step: done, ms: done.cpuMs };
  }

  /** A ranked game in which the computer player was asked: stored at once, before the answer. */
  private async markAssisted(session: Session, fair: Fairness): Promise<void> {
    const next = { ...fair, assisted: true };
    await this.storage.updateFair(session.id, fairText(next));
    session.fair = next;
  }

  /** Logs an accepted change at the session's next position; false when that position is taken. */
  private async log(
    session: Session,
    state: BaseState,
    record: LoggedCommand,
    ms: number,
    fair: Fairness | null = null,
  ): Promise<false | { entry?: GameEntry }> {
    if (session.length >= this.options.maxCommands) {
      throw new ClientError(
        409,
        "SESSION_FULL",
        `a session keeps at most ${this.options.maxCommands} commands; start a new session`,
      );
    }
    const since = session.sinceSnapshot;
    const snapshot =
      state.over ||
      since.commands + 1 >= this.options.snapshotEvery ||
      since.ms + ms >= this.options.snapshotAfterMs
        ? JSON.stringify(state)
        : undefined;
    const unrank = record.cmd === "load" || record.cmd === "new";
    const now = Date.now();
    const touch = now - session.touchedAt >= this.options.touchEveryMs;
    const logged = await this.storage.append(session.id, {
      seq: session.length,
      command: JSON.stringify(record),
      snapshot,
      unrank,
      touch,
      fair: fair ? fairText(fair) : undefined,
    });
    if (!logged) return false;
    if (fair) session.fair = fair;
    if (touch) session.touchedAt = now;
    const wasOver = session.state.over;
    session.state = state;
    session.length += 1;
    session.ranked &&= !unrank;
    session.sinceSnapshot =
      snapshot === undefined ? { commands: since.commands + 1, ms: since.ms + ms } : { commands: 0, ms: 0 };
    this.remeasure(session);
    if (session.ranked && !wasOver && state.over) return { entry: await this.gameOver(session) };
    return {};
  }

  /**
   * Measures the session again and tells the cache: lru-cache re-measures only a value it is given
   * anew, so the entry is deleted and set (which may evict older sessions, or this one if it no longer
   * fits). The command that changed it is already stored: an evicted session is rebuilt when asked.
   */
  private remeasure(session: Session): void {
    const bytes = sessionBytes(session.state);
    // The cache holds the size it was last given: unchanged, there is nothing to tell it.
    if (bytes === session.bytes) return;
    session.bytes = bytes;
    if (this.cache.get(session.id) !== session) return;
    this.cache.delete(session.id);
    this.cache.set(session.id, session);
  }

  /** Forgets the in-memory states (as a restart would); the database keeps everything. */
  clearCache(): void {
    this.cache.clear();
  }

  /** Deletes sessions idle since before `before`, in batches; answers how many went. */
  async deleteIdle(before: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.storage.deleteIdle(before, 500);
      total += deleted;
      if (deleted < 500) break;
    }
    this.sessionCount = undefined;
    this.cache.clear();
    return total;
  }

  /** Runs `task` after every earlier task on the same session has finished. */
  private exclusive<T>(id: string, task: () => Promise<T>): Promise<T> {
    const before = this.queues.get(id) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return run;
  }

  /** The cached session if the stored length says it is current, caught up or rebuilt otherwise. */
  private async current(id: string, client: string): Promise<Session | undefined> {
    const cached = this.cache.get(id);
    if (!cached) return this.rebuild(id, client);
    const length = await this.storage.length(id);
    if (length === undefined) {
      this.cache.delete(id);
      return undefined;
    }
    if (length === cached.length) return cached;
    // A ranked session's rules (its clock, its help) changed with those commands: read them again.
    if (cached.fair || length - cached.length > this.options.snapshotEvery) return this.rebuild(id, client);
    const missing = await this.storage.readCommands(id, cached.length);
    // Catching up on another process's moves is cheap unless one of them is an `ai`.
    const runner = missing.some((text) => text.includes('"ai"')) ? this.compute : inlineRunner;
    const replayed = await runner.run(
      {
        kind: "replay",
        id,
        game: cached.game.id,
        seed: cached.seed,
        config: null,
        state: cached.state,
        commands: missing,
      },
      client,
    );
    cached.state = replayed.state;
    cached.length += missing.length;
    cached.ranked &&= !replayed.unranked;
    cached.sinceSnapshot.commands += missing.length;
    cached.sinceSnapshot.ms += replayed.cpuMs;
    this.remeasure(cached);
    return cached;
  }

  private async rebuild(id: string, client: string): Promise<Session | undefined> {
    const stored = await this.storage.readSession(id).catch((err: unknown) => {
      // A damaged config column: the session is unreadable, the database is fine.
      if (err instanceof SyntaxError)
        throw new SessionUnreadableError(`session ${id} has damaged stored data`);
      throw err;
    });
    if (!stored) return undefined;
    const game = offeredGame(stored.game);
    if (!game) {
      throw new SessionUnreadableError(
        `session ${id} is a ${describeValue(stored.game)} game, which this server does not offer`,
      );
    }
    // Played under other rules: its log would make another game (or its snapshot not load). It
    // stays as it is (retention deletes it) and every request on it is refused the same way.
    const rules = rulesVersionOf(game, stored.config);
    if ((stored.rules ?? 1) !== rules) {
      throw rulesChanged(
        `session ${id}`,
        game.title,
        stored.rules ?? 1,
        rules,
        "it has ended, start a new game",
      );
    }
    const began = performance.now();
    const replayed = await this.compute
      .run(
        {
          kind: "replay",
          id,
          game: game.id,
          seed: stored.seed,
          config: stored.config,
          snapshot: stored.snapshot?.state,
          commands: stored.commands,
        },
        client,
      )
      .catch((err: unknown) => {
        if (err instanceof ClientError && err.code === "SESSION_UNREADABLE")
          throw new SessionUnreadableError(err.message);
        throw err;
      });
    const session: Session = {
      id,
      game,
      seed: stored.seed,
      state: replayed.state,
      length: (stored.snapshot?.seq ?? 0) + stored.commands.length,
      ranked: stored.ranked && !replayed.unranked,
      name: stored.name,
      fair: readFairness(stored.fair),
      sinceSnapshot: { commands: stored.commands.length, ms: replayed.cpuMs },
      bytes: sessionBytes(replayed.state),
      touchedAt: 0,
    };
    this.lastRebuild = {
      id,
      fromSnapshot: stored.snapshot?.seq ?? null,
      replayed: stored.commands.length,
      ms: performance.now() - began,
      cpuMs: replayed.cpuMs,
    };
    if (session.length !== stored.length)
      throw new SessionUnreadableError(`session ${id} has a gap in its log`);
    this.cache.set(id, session);
    return session;
  }

  private async gameOver(session: Session): Promise<GameEntry | undefined> {
    if (!this.onGameOver) return undefined;
    const fair = session.fair;
    // A ranked game left for more than a day is no longer entered: its seed is no one's to keep.
    if (fair && (fair.practice || this.options.now() - fair.startedAt > RANKED_LIFETIME_MS)) return undefined;
    // A `hint` asked of another process marks the stored rules without a logged command, so this
    // process's copy may not know it: the stored flag decides the board.
    let entered = fair;
    if (fair && !fair.assisted) {
      const stored = readFairness((await this.storage.readSession(session.id))?.fair);
      if (stored?.assisted) {
        entered = { ...fair, assisted: true };
        session.fair = entered;
      }
    }
    return this.onGameOver({
      sessionId: session.id,
      game: session.game,
      seed: session.seed,
      name: session.name ?? "Anonymous",
      state: session.state,
      fair: entered,
    });
  }
}

/** The command's name, or "" for something that is not a command (the engine refuses it). */
function commandName(command: unknown): string {
  return isPlainObject(command) && typeof command.cmd === "string" ? command.cmd : "";
}

/** A command that left the state as it was (a move into a wall): nothing to log in a ranked game. */
function unchanged(before: BaseState, after: BaseState): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}

/**
 * The reply a client gets: a ranked session's states as their public view (no random source, no
 * seed, nothing the game keeps hidden), and whether the computer player helped.
 */
function viewed(session: Session, reply: Reply): Reply {
  const fair = session.fair;
  if (!fair) return reply;
  const view = publicView(session.game, reply.state) as unknown as BaseState;
  return (fair.assisted ? { ...reply, state: view, assisted: true } : { ...reply, state: view }) as Reply;
}

/** The state a client of this session may see: the public view of a ranked session's. */
export function visibleState(session: Session): BaseState {
  return session.fair ? (publicView(session.game, session.state) as unknown as BaseState) : session.state;
}

/** A cheap command, applied here on the event loop. */
function stepHere(session: Session, command: unknown): { step: StepOutput; ms: number } {
  const started = performance.now();
  const step = handleCommand(session.game, session.state, command);
  return { step, ms: performance.now() - started };
}

/**
 * What a session weighs in the cache, in estimated bytes of heap: three times its state's JSON
 * length (the heap a state takes was measured at 1.8 to 2.9 times its JSON: Stacker, Blast, a Blocky
 * board of depth 8; docs/service.md "Memory bound") and the session's own fields.
 */
export function sessionBytes(state: BaseState): number {
  return HEAP_PER_JSON_BYTE * JSON.stringify(state).length + SESSION_OVERHEAD;
}

const HEAP_PER_JSON_BYTE = 3;
const SESSION_OVERHEAD = 512;

function mismatch(expected: number, length: number): ClientError {
  return new ClientError(
    409,
    "SEQ_MISMATCH",
    `the session has moved on: it is at ${length}, not ${expected}; read it again and resend`,
  );
}

export type { StoredSession };
