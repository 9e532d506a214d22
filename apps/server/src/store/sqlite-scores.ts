/** The leaderboards' queries on SQLite (better-sqlite3): prepared once, run synchronously. */
import type Database from "better-sqlite3";
import { SqliteNameStorage } from "./names.js";
import {
  ALL_TIME,
  type BoardEntry,
  type BoardSelector,
  boardOf,
  type Claim,
  type EnterResult,
  type NewScore,
  type ScoreStorage,
  type SeedStatus,
  type SessionEntry,
  seedRefusal,
} from "./scores.js";

/** A board's rows (the period's, with `since`): the prefix of scores_boards, or of scores_period. */
const BOARD = "game = ? AND config_key = ? AND board = ? AND day = ?";
const PERIOD = `${BOARD} AND created_at >= ?`;
/** Board order; the rowid (id) ends every index entry, so the order is the index's, no sort step. */
const ORDER = "ORDER BY score DESC, created_at, id";

interface Row {
  id: number;
  name: string;
  score: number;
  created_at: string;
}

export class SqliteScoreStorage implements ScoreStorage {
  private readonly statements;
  private readonly boardStatements;
  private readonly enterTransaction;
  private readonly names;

  constructor(db: Database.Database) {
    this.names = new SqliteNameStorage(db);
    this.statements = {
      issue: db.prepare(
        "INSERT INTO issued_seeds (game, seed, issued_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      ),
      status: db.prepare("SELECT issued_at, claimed_at FROM issued_seeds WHERE game = ? AND seed = ?"),
      // ISO 8601 texts in UTC (toISOString) compare as their times do.
      posted: db
        .prepare("SELECT 1 FROM scores WHERE game = ? AND seed = ? AND commands_hash = ? LIMIT 1")
        .pluck(),
      claim: db.prepare(
        "UPDATE issued_seeds SET claimed_at = ? WHERE game = ? AND seed = ? AND claimed_at IS NULL AND issued_at >= ?",
      ),
      expire: db.prepare("DELETE FROM issued_seeds WHERE claimed_at IS NULL AND issued_at < ?"),
      insert: db.prepare(
        `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, commands_hash, created_at, board, day, player, rules)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
      // A session's entry: the same row again when its game ends again, never lowered.
      upsert: db.prepare(
        `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, commands_hash, created_at, board, day, player, rules)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (game, seed, replay_hash) DO UPDATE SET score = MAX(score, excluded.score),
           board = excluded.board, created_at = excluded.created_at`,
      ),
      entry: db.prepare("SELECT id, score FROM scores WHERE game = ? AND seed = ? AND replay_hash = ?"),
      higher: db
        .prepare(
          "SELECT COUNT(*) FROM scores WHERE game = ? AND config_key = ? AND board = ? AND day = ? AND score > ?",
        )
        .pluck(),
      top: db.prepare(
        `SELECT id, name, score, created_at FROM scores
         WHERE game = ? AND config_key = ? AND board = ? AND day = ?
         ${ORDER} LIMIT ?`,
      ),
      sessionEntry: db.prepare(
        "SELECT id, score, config_key, board, day FROM scores WHERE game = ? AND seed = ? AND replay_hash = ?",
      ),
      attempts: db.prepare(
        `SELECT day, session_id FROM daily_attempts WHERE player = ? AND game = ? AND day <= ?
         ORDER BY day DESC LIMIT ?`,
      ),
    };
    // Each board query twice: the whole board, and a period of it (created_at >= since).
    const both = (sql: (where: string) => string, pluck = false) => ({
      whole: db.prepare(sql(BOARD)).pluck(pluck),
      period: db.prepare(sql(PERIOD)).pluck(pluck),
    });
    this.boardStatements = {
      // In board order on scores_boards, a period's entries filtered on the way: no sort of a whole
      // week's entries (SQLite, without statistics, would pick scores_period and sort them). The
      // offset is skipped inside the index alone (it holds score, created_at and the rowid): only
      // the page's own rows are read from the table, and sorted again.
      page: both(
        (where) =>
          `SELECT s.id, s.name, s.score, s.created_at FROM (
             SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} ${ORDER} LIMIT ? OFFSET ?
           ) AS page JOIN scores AS s ON s.id = page.id ORDER BY s.score DESC, s.created_at, s.id`,
      ),
      count: both((where) => `SELECT COUNT(*) FROM scores WHERE ${where}`, true),
      higher: both((where) => `SELECT COUNT(*) FROM scores WHERE ${where} AND score > ?`, true),
      before: both(
        (where) => `SELECT COUNT(*) FROM scores WHERE ${where} AND score = ? AND (created_at, id) < (?, ?)`,
        true,
      ),
      // The neighbours of an entry, nearest first: seeks on scores_boards, forwards or backwards.
      tiedAbove: both(
        (where) =>
          `SELECT id, name, score, created_at FROM scores INDEXED BY scores_boards WHERE ${where}
           AND score = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      higherAbove: both(
        (where) =>
          `SELECT id, name, score, created_at FROM scores INDEXED BY scores_boards WHERE ${where}
           AND score > ? ORDER BY score, created_at DESC, id DESC LIMIT ?`,
      ),
      tiedBelow: both(
        (where) =>
          `SELECT id, name, score, created_at FROM scores INDEXED BY scores_boards WHERE ${where}
           AND score = ? AND (created_at, id) > (?, ?) ${ORDER} LIMIT ?`,
      ),
      lowerBelow: both(
        (where) =>
          `SELECT id, name, score, created_at FROM scores INDEXED BY scores_boards WHERE ${where}
           AND score < ? ${ORDER} LIMIT ?`,
      ),
      // The player's own entries in board order (SQLite would otherwise sort a period's entries).
      best: both(
        (where) =>
          `SELECT id, name, score, created_at FROM scores INDEXED BY scores_player WHERE player = ? AND ${where} ${ORDER} LIMIT 1`,
      ),
    };
    this.enterTransaction = db.transaction((score: NewScore, claim: Claim, issuedSince: Date | undefined) =>
      this.enterNow(score, claim, issuedSince),
    );
  }

  async issueSeed(game: string, seed: number, at: Date): Promise<boolean> {
    return this.statements.issue.run(game, seed, at.toISOString()).changes === 1;
  }

  async seedStatus(game: string, seed: number, issuedSince?: Date): Promise<SeedStatus> {
    return this.statusNow(game, seed, issuedSince);
  }

  async hasPosted(game: string, seed: number, commandsHash: string): Promise<boolean> {
    return this.statements.posted.get(game, seed, commandsHash) !== undefined;
  }

  async enter(score: NewScore, claim: Claim, issuedSince?: Date): Promise<EnterResult> {
    // IMMEDIATE: the write lock is taken first, so processes sharing the file claim one at a time.
    try {
      return this.enterTransaction.immediate(score, claim, issuedSince);
    } catch (err) {
      if (err instanceof DuplicateReplay) return { ok: false, code: "DUPLICATE" };
      if (err instanceof NameTaken) return { ok: false, code: "NAME_TAKEN" };
      throw err;
    }
  }

  async deleteExpiredSeeds(issuedBefore: Date): Promise<number> {
    return this.statements.expire.run(issuedBefore.toISOString()).changes;
  }

  async top(game: string, configKey: string, limit: number, which = ALL_TIME): Promise<BoardEntry[]> {
    const rows = this.statements.top.all(game, configKey, which.board, which.day, limit) as Row[];
    return rows.map(entryOf);
  }

  async page(
    game: string,
    configKey: string,
    which: BoardSelector,
    limit: number,
    offset: number,
  ): Promise<BoardEntry[]> {
    const rows = this.board("page", which).all(...boardArgs(game, configKey, which), limit, offset) as Row[];
    return rows.map(entryOf);
  }

  async count(game: string, configKey: string, which: BoardSelector): Promise<number> {
    return this.board("count", which).get(...boardArgs(game, configKey, which)) as number;
  }

  async higher(game: string, configKey: string, which: BoardSelector, score: number): Promise<number> {
    return this.board("higher", which).get(...boardArgs(game, configKey, which), score) as number;
  }

  async tiedBefore(
    game: string,
    configKey: string,
    which: BoardSelector,
    entry: BoardEntry,
  ): Promise<number> {
    const args = boardArgs(game, configKey, which);
    return this.board("before", which).get(
      ...args,
      entry.score,
      entry.createdAt.toISOString(),
      entry.id,
    ) as number;
  }

  async neighbours(
    game: string,
    configKey: string,
    which: BoardSelector,
    entry: BoardEntry,
    above: number,
    below: number,
  ): Promise<{ above: BoardEntry[]; below: BoardEntry[] }> {
    const args = boardArgs(game, configKey, which);
    const at = entry.createdAt.toISOString();
    const rows = (name: "tiedAbove" | "higherAbove" | "tiedBelow" | "lowerBelow", ...more: unknown[]) =>
      (this.board(name, which).all(...args, ...more) as Row[]).map(entryOf);
    const up = rows("tiedAbove", entry.score, at, entry.id, above);
    if (up.length < above) up.push(...rows("higherAbove", entry.score, above - up.length));
    const down = rows("tiedBelow", entry.score, at, entry.id, below);
    if (down.length < below) down.push(...rows("lowerBelow", entry.score, below - down.length));
    return { above: up.reverse(), below: down };
  }

  async best(
    game: string,
    configKey: string,
    which: BoardSelector,
    player: string,
  ): Promise<BoardEntry | undefined> {
    const row = this.board("best", which).get(player, ...boardArgs(game, configKey, which)) as
      | Row
      | undefined;
    return row && entryOf(row);
  }

  async sessionEntry(game: string, seed: number, sessionId: string): Promise<SessionEntry | undefined> {
    const row = this.statements.sessionEntry.get(game, seed, `session:${sessionId}`) as
      | { id: number; score: number; config_key: string; board: "unaided" | "help"; day: string }
      | undefined;
    return row && { id: row.id, score: row.score, configKey: row.config_key, board: row.board, day: row.day };
  }

  async dailyAttempts(
    game: string,
    player: string,
    upTo: string,
    limit: number,
  ): Promise<{ day: string; sessionId: string }[]> {
    const rows = this.statements.attempts.all(player, game, upTo, limit) as {
      day: string;
      session_id: string;
    }[];
    return rows.map((row) => ({ day: row.day, sessionId: row.session_id }));
  }

  private board(name: keyof typeof this.boardStatements, which: BoardSelector) {
    const pair = this.boardStatements[name];
    return which.since === undefined ? pair.whole : pair.period;
  }

  /** Inside the transaction: claim, insert, count. A failed claim or insert leaves nothing written. */
  private statusNow(game: string, seed: number, issuedSince: Date | undefined): SeedStatus {
    const row = this.statements.status.get(game, seed) as
      | { issued_at: string; claimed_at: string | null }
      | undefined;
    if (row === undefined) return "not-issued";
    if (row.claimed_at !== null) return "claimed";
    return issuedSince !== undefined && row.issued_at < issuedSince.toISOString() ? "expired" : "open";
  }

  private enterNow(score: NewScore, claim: Claim, issuedSince: Date | undefined): EnterResult {
    const at = score.createdAt.toISOString();
    // Without a bound, any issued seed: the epoch is before every issue.
    const since = (issuedSince ?? new Date(0)).toISOString();
    if (
      claim === "issued-seed" &&
      this.statements.claim.run(at, score.game, score.seed, since).changes === 0
    ) {
      const status = this.statusNow(score.game, score.seed, issuedSince);
      return { ok: false, code: seedRefusal(status) };
    }
    const { game, configKey, seed, replayHash } = score;
    const use = this.names.nameFor(score.name, score.createdAt, score.player);
    // Thrown, not returned: the seed claimed above is rolled back with it.
    if ("takenBy" in use) throw new NameTaken();
    const name = use.name;
    const posted = score.commandsHash ?? null;
    const { board, day } = boardOf(score);
    const write = claim === "session" ? this.statements.upsert : this.statements.insert;
    const inserted = write.run(
      game,
      configKey,
      name,
      score.score,
      seed,
      replayHash,
      posted,
      at,
      board,
      day,
      score.player ?? null,
      score.rules ?? 1,
    );
    if (inserted.changes === 0) throw new DuplicateReplay();
    if (claim === "session") {
      const row = this.statements.entry.get(game, seed, replayHash) as { id: number; score: number };
      const higher = this.statements.higher.get(game, configKey, board, day, row.score) as number;
      return { ok: true, id: row.id, rank: higher + 1, name };
    }
    const higher = this.statements.higher.get(game, configKey, board, day, score.score) as number;
    return { ok: true, id: Number(inserted.lastInsertRowid), rank: higher + 1, name };
  }
}

function entryOf(row: Row): BoardEntry {
  return { id: row.id, name: row.name, score: row.score, createdAt: new Date(row.created_at) };
}

/** The board's prefix values, and the period's start when it has one. */
function boardArgs(game: string, configKey: string, which: BoardSelector): (string | number)[] {
  const args = [game, configKey, which.board, which.day];
  return which.since === undefined ? args : [...args, which.since.toISOString()];
}

/** Thrown inside the transaction so a claim made before a duplicate insert is rolled back. */
class DuplicateReplay extends Error {}

/** Thrown inside the transaction: the name's look-alike belongs to another player. */
class NameTaken extends Error {}
