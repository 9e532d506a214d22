/**
 * Game sessions of the HTTP service, kept in SQLite as (game, seed, config) plus the log of the
 * commands that changed the state; the current state is rebuilt by replaying that log through the
 * engine and cached in memory. Every method is synchronous (better-sqlite3 is), so a command reads,
 * applies, writes and caches with nothing awaited in between: concurrent requests on one session are
 * applied one at a time, in the order they reach the handler.
 */
import { randomUUID } from "node:crypto";
import {
  type AnyGame,
  type BaseState,
  describeValue,
  type GameError,
  handleCommand,
  type Reply,
  replay,
  startGame,
} from "@blockarcade/engine/core";
import type { Db } from "./db.js";
import { ClientError } from "./errors.js";
import { offeredGame } from "./games.js";

export interface Session {
  id: string;
  game: AnyGame;
  state: BaseState;
  /** Number of logged commands: the next one gets this sequence number. */
  length: number;
}

/** A refused session: the engine's error, or UNKNOWN_GAME for a game this server does not offer. */
export type CreateResult =
  | { ok: true; session: Session }
  | { ok: false; error: { code: GameError["code"] | "UNKNOWN_GAME"; message: string } };

/** What the store says about a command: the engine's reply, or that the session does not exist. */
export type CommandResult = { found: false } | { found: true; reply: Reply };

/**
 * A stored session that can no longer be rebuilt: its game is gone from this server, or its stored
 * rows are damaged. The session is kept as it is in the database; the client gets a clear error.
 */
export class SessionUnreadableError extends ClientError {
  constructor(message: string) {
    super(409, "SESSION_UNREADABLE", message);
  }
}

export class SessionStore {
  private readonly cache = new Map<string, Session>();
  private readonly insertSession;
  private readonly insertCommand;
  private readonly touchSession;
  private readonly selectSession;
  private readonly selectCommands;

  constructor(
    private readonly db: Db,
    /** Sessions kept in memory; older ones are replayed from the database when asked for again. */
    private readonly cacheSize = 1000,
  ) {
    this.insertSession = db.prepare(
      "INSERT INTO sessions (id, game, seed, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.insertCommand = db.prepare(
      "INSERT INTO session_commands (session_id, seq, command) VALUES (?, ?, ?)",
    );
    this.touchSession = db.prepare("UPDATE sessions SET updated_at = ? WHERE id = ?");
    this.selectSession = db.prepare("SELECT game, seed, config FROM sessions WHERE id = ?");
    this.selectCommands = db.prepare(
      "SELECT command FROM session_commands WHERE session_id = ? ORDER BY seq",
    );
  }

  create(gameId: string, seed: number, config: unknown): CreateResult {
    const game = offeredGame(gameId);
    if (!game)
      return {
        ok: false,
        error: { code: "UNKNOWN_GAME", message: `unknown game ${describeValue(gameId)}` },
      };
    const started = startGame(game, seed, config);
    if (!started.ok) return { ok: false, error: started.error };
    const id = randomUUID();
    const now = new Date().toISOString();
    // The config is stored as given (undefined = the game's defaults) so replay starts the same game.
    this.insertSession.run(id, game.id, seed, JSON.stringify(config ?? null), now, now);
    const session: Session = { id, game, state: started.value, length: 0 };
    this.remember(session);
    return { ok: true, session };
  }

  get(id: string): Session | undefined {
    const cached = this.cache.get(id);
    if (cached) {
      // Map order is insertion order: re-inserting makes this the most recently used.
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const row = this.selectSession.get(id) as { game: string; seed: number; config: string } | undefined;
    if (!row) return undefined;
    const game = offeredGame(row.game);
    if (!game) {
      throw new SessionUnreadableError(
        `session ${id} is a ${describeValue(row.game)} game, which this server does not offer`,
      );
    }
    let commands: unknown[];
    let config: unknown;
    try {
      commands = (this.selectCommands.all(id) as { command: string }[]).map((r) => JSON.parse(r.command));
      config = JSON.parse(row.config) ?? undefined;
    } catch {
      throw new SessionUnreadableError(`session ${id} has damaged stored data`);
    }
    const replayed = replay(game, row.seed, config, commands);
    if (!replayed.ok) {
      throw new SessionUnreadableError(`session ${id} does not replay: ${replayed.error.message}`);
    }
    const session: Session = { id, game, state: replayed.value.state, length: commands.length };
    this.remember(session);
    return session;
  }

  /**
   * Applies one command. Commands that change the state are logged before the cache is updated, so
   * an acknowledged command survives a restart; refused ones and reads (`state`, `legal`) are not.
   */
  command(id: string, command: unknown): CommandResult {
    const session = this.get(id);
    if (!session) return { found: false };
    const step = handleCommand(session.game, session.state, command);
    if (step.reply.ok && step.state !== session.state) {
      this.db.transaction(() => {
        this.insertCommand.run(id, session.length, JSON.stringify(command));
        this.touchSession.run(new Date().toISOString(), id);
      })();
      session.length += 1;
      session.state = step.state;
    }
    return { found: true, reply: step.reply };
  }

  /** Forgets the in-memory states (as a restart would); the database keeps everything. */
  clearCache(): void {
    this.cache.clear();
  }

  private remember(session: Session): void {
    this.cache.set(session.id, session);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
