/** The leaderboards' queries on SQLite (better-sqlite3): prepared once, run synchronously. */
import type Database from "better-sqlite3";
import { SqliteNameStorage } from "./names.js";
import {
  ALL_TIME,
  type BoardEntry,
  boardOf,
  type Claim,
  type EnterResult,
  type NewScore,
  type ScoreStorage,
  type SeedStatus,
  seedRefusal,
} from "./scores.js";

export class SqliteScoreStorage implements ScoreStorage {
  private readonly statements;
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
        `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, commands_hash, created_at, board, day, player)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
      higher: db
        .prepare(
          "SELECT COUNT(*) FROM scores WHERE game = ? AND config_key = ? AND board = ? AND day = ? AND score > ?",
        )
        .pluck(),
      top: db.prepare(
        `SELECT name, score, created_at FROM scores
         WHERE game = ? AND config_key = ? AND board = ? AND day = ?
         ORDER BY score DESC, created_at LIMIT ?`,
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
    const rows = this.statements.top.all(game, configKey, which.board, which.day, limit) as {
      name: string;
      score: number;
      created_at: string;
    }[];
    return rows.map((row) => ({ name: row.name, score: row.score, createdAt: new Date(row.created_at) }));
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
    const inserted = this.statements.insert.run(
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
    );
    if (inserted.changes === 0) throw new DuplicateReplay();
    const higher = this.statements.higher.get(game, configKey, board, day, score.score) as number;
    return { ok: true, id: Number(inserted.lastInsertRowid), rank: higher + 1, name };
  }
}

/** Thrown inside the transaction so a claim made before a duplicate insert is rolled back. */
class DuplicateReplay extends Error {}

/** Thrown inside the transaction: the name's look-alike belongs to another player. */
class NameTaken extends Error {}
