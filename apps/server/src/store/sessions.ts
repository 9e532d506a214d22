/**
 * The sessions' storage (an adapter: rows in, rows out, no rules; the Sessions service in sessions.ts
 * holds the rules), with two backends: SQLite (store/sqlite.ts, the default, embedded) and
 * PostgreSQL (store/postgres.ts, when DATABASE_URL is set, for any number of server processes). The
 * backend that opens the database also migrates every table and lends its handle to the score
 * storage (store/scores.ts). Everything is async so both fit; SQLite answers synchronously inside.
 */
import type BetterSqlite3 from "better-sqlite3";
import type { Pool } from "pg";

export interface NewSession {
  id: string;
  game: string;
  seed: number;
  /** As given at creation (undefined = the game's defaults), so a replay starts the same game. */
  config: unknown;
  ranked: boolean;
  name: string | null;
  /** A ranked session's rules as JSON text (fair/ranked.ts `Fairness`); null for an unranked one. */
  fair?: string | null;
  /** The rules version the game is played under (engine `rulesVersionOf`); absent: 1. */
  rules?: number;
}

/** A stored session as a rebuild needs it: its latest snapshot and the commands logged after it. */
export interface StoredSession extends NewSession {
  /** Number of logged commands: the next command gets this sequence number. */
  length: number;
  /** The state after `seq` commands (null: no snapshot yet, replay from the start). */
  snapshot: { seq: number; state: string } | null;
  /** The logged commands with sequence numbers from `snapshot.seq` (or 0) to `length - 1`, as stored. */
  commands: string[];
}

/** One command to log at sequence number `seq`, with what it changes about the session. */
export interface Append {
  seq: number;
  command: string;
  /** The state after this command, stored as the session's latest snapshot. */
  snapshot?: string;
  /** The command makes the session unranked (a `load`, a `new`). */
  unrank?: boolean;
  /**
   * Refresh the session's last-changed time (what the retention of idle sessions reads). Not every
   * command: that time is indexed, and rewriting an index entry per command cost more than the command.
   */
  touch?: boolean;
  /** The session's new `fair` text (its clock or help changed with this command). */
  fair?: string;
}

export interface SessionStorage {
  readonly kind: "sqlite" | "postgres";
  createSession(session: NewSession): Promise<void>;
  /** undefined when no session has this id. */
  readSession(id: string): Promise<StoredSession | undefined>;
  /** The session's length (next sequence number), undefined when it does not exist. */
  length(id: string): Promise<number | undefined>;
  /** Logged commands from sequence number `from` to the end, in order. */
  readCommands(id: string, from: number): Promise<string[]>;
  /**
   * Logs a command at `append.seq` if and only if no command holds that position yet: true when
   * logged; false when another writer got there first, or the session is gone. A writer only ever
   * asks for a length it has seen, so the free position is exactly the session's length: the key
   * (session, seq) is the compare-and-set, in one statement.
   */
  append(id: string, append: Append): Promise<boolean>;
  /**
   * Rewrites a session's `fair` text outside any command (a `hint` asked: the game is assisted).
   * Here as in `append`, a help mark already stored stays (`keptHelp`).
   */
  updateFair(id: string, fair: string): Promise<void>;
  /**
   * Records `sessionId` as the player's daily attempt of `game` on `day` unless one is recorded
   * already: true when this one is the first (the ranked attempt), false for practice.
   */
  claimDaily(game: string, day: string, player: string, sessionId: string): Promise<boolean>;
  /** The `meta` value of `key`, storing `fresh` first when there is none; every process gets the same. */
  keptValue(key: string, fresh: string): Promise<string>;
  /** Deletes sessions not changed since `before`, with their logs; answers how many. */
  deleteIdle(before: Date, limit: number): Promise<number>;
  countSessions(): Promise<number>;
  /** A cheap round trip, the readiness check: answers how many migrations the database has applied. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** The backend's own handle, for the modules that keep their own tables (leaderboards). */
  readonly handle: { kind: "sqlite"; db: BetterSqlite3.Database } | { kind: "postgres"; pool: Pool };
}

/**
 * The SQL expression both backends write a session's `fair` text with: `next`, unless the stored text
 * (`stored`) has the help mark, which then stays. A ranked session's rules are rewritten whole by
 * whichever process logs a move (a real-time game's clock goes on with every move), and a `hint`
 * marks them without a logged command, so another process's copy can predate the mark; its next
 * write must not take it off (docs/service.md "Fair play"). The text is `JSON.stringify` of
 * fair/fairness.ts `Fairness`, whose only `assisted` key is the flag, so a text match is exact.
 */
export function keptHelp(stored: string, next: string): string {
  return `CASE WHEN ${stored} LIKE '%"assisted":true%' THEN replace(${next}, '"assisted":false', '"assisted":true') ELSE ${next} END`;
}
