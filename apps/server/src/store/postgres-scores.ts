/**
 * The leaderboards' queries on PostgreSQL (node-postgres pool). A claim is a conditional update of the
 * seed's row: the row lock makes a second, concurrent claim wait and then find it claimed.
 */
import type pg from "pg";
import { postgresNameFor } from "./names.js";
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

export class PostgresScoreStorage implements ScoreStorage {
  constructor(private readonly pool: pg.Pool) {}

  async issueSeed(game: string, seed: number, at: Date): Promise<boolean> {
    const result = await this.pool.query(
      "INSERT INTO issued_seeds (game, seed, issued_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [game, seed, at],
    );
    return result.rowCount === 1;
  }

  async seedStatus(game: string, seed: number, issuedSince?: Date): Promise<SeedStatus> {
    return statusOf(this.pool, game, seed, issuedSince);
  }

  async hasPosted(game: string, seed: number, commandsHash: string): Promise<boolean> {
    const result = await this.pool.query(
      "SELECT 1 FROM scores WHERE game = $1 AND seed = $2 AND commands_hash = $3 LIMIT 1",
      [game, seed, commandsHash],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async enter(score: NewScore, claim: Claim, issuedSince?: Date): Promise<EnterResult> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await enterIn(client, score, claim, issuedSince);
      await client.query(result.ok ? "COMMIT" : "ROLLBACK");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async deleteExpiredSeeds(issuedBefore: Date): Promise<number> {
    const result = await this.pool.query(
      "DELETE FROM issued_seeds WHERE claimed_at IS NULL AND issued_at < $1",
      [issuedBefore],
    );
    return result.rowCount ?? 0;
  }

  async top(game: string, configKey: string, limit: number, which = ALL_TIME): Promise<BoardEntry[]> {
    const result = await this.pool.query<{ name: string; score: string; created_at: Date }>(
      `SELECT name, score, created_at FROM scores
       WHERE game = $1 AND config_key = $2 AND board = $4 AND day = $5
       ORDER BY score DESC, created_at LIMIT $3`,
      [game, configKey, limit, which.board, which.day],
    );
    return result.rows.map((row) => ({
      name: row.name,
      score: Number(row.score),
      createdAt: row.created_at,
    }));
  }
}

/** Claim, insert, count, on one connection inside its transaction. */
async function enterIn(
  client: pg.PoolClient,
  score: NewScore,
  claim: Claim,
  issuedSince: Date | undefined,
): Promise<EnterResult> {
  const { game, configKey, seed, replayHash, createdAt } = score;
  const { board, day } = boardOf(score);
  if (claim === "issued-seed") {
    const claimed = await client.query(
      "UPDATE issued_seeds SET claimed_at = $1 WHERE game = $2 AND seed = $3 AND claimed_at IS NULL AND issued_at >= $4",
      [createdAt, game, seed, issuedSince ?? new Date(0)],
    );
    if (claimed.rowCount === 0) {
      return { ok: false, code: seedRefusal(await statusOf(client, game, seed, issuedSince)) };
    }
  }
  const use = await postgresNameFor(client, score.name, createdAt, score.player);
  if ("takenBy" in use) return { ok: false, code: "NAME_TAKEN" };
  const name = use.name;
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, commands_hash, created_at, board, day, player)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
    [
      game,
      configKey,
      name,
      score.score,
      seed,
      replayHash,
      score.commandsHash ?? null,
      createdAt,
      board,
      day,
      score.player ?? null,
    ],
  );
  const row = inserted.rows[0];
  if (row === undefined) return { ok: false, code: "DUPLICATE" };
  const higher = await client.query<{ n: string }>(
    "SELECT COUNT(*) AS n FROM scores WHERE game = $1 AND config_key = $2 AND board = $4 AND day = $5 AND score > $3",
    [game, configKey, score.score, board, day],
  );
  return { ok: true, id: Number(row.id), rank: Number(higher.rows[0]?.n ?? 0) + 1, name };
}

async function statusOf(
  db: pg.Pool | pg.PoolClient,
  game: string,
  seed: number,
  issuedSince: Date | undefined,
): Promise<SeedStatus> {
  const result = await db.query<{ claimed: boolean; expired: boolean }>(
    "SELECT claimed_at IS NOT NULL AS claimed, issued_at < $3 AS expired FROM issued_seeds WHERE game = $1 AND seed = $2",
    [game, seed, issuedSince ?? new Date(0)],
  );
  const row = result.rows[0];
  if (row === undefined) return "not-issued";
  return row.claimed ? "claimed" : row.expired ? "expired" : "open";
}
