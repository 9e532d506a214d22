/**
 * The leaderboards' queries on PostgreSQL (node-postgres pool). A claim is a conditional update of the
 * seed's row: the row lock makes a second, concurrent claim wait and then find it claimed.
 */
import type pg from "pg";
import { postgresNameFor } from "./names.js";
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

/** Board order: score descending, then earlier, then lower id (scores_boards gives the first two). */
const ORDER = "ORDER BY score DESC, created_at, id";

interface Row {
  id: string;
  name: string;
  score: string;
  created_at: Date;
}

/** The board's (or its period's) WHERE clause on $1..$4 (and $5 = since), and those values. */
function boardWhere(game: string, configKey: string, which: BoardSelector): [string, unknown[]] {
  const where = "game = $1 AND config_key = $2 AND board = $3 AND day = $4";
  const args: unknown[] = [game, configKey, which.board, which.day];
  if (which.since === undefined) return [where, args];
  return [`${where} AND created_at >= $5`, [...args, which.since]];
}

function entryOf(row: Row): BoardEntry {
  return { id: Number(row.id), name: row.name, score: Number(row.score), createdAt: row.created_at };
}

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
    return this.page(game, configKey, { board: which.board, day: which.day }, limit, 0);
  }

  async page(
    game: string,
    configKey: string,
    which: BoardSelector,
    limit: number,
    offset: number,
  ): Promise<BoardEntry[]> {
    const [where, args] = boardWhere(game, configKey, which);
    const n = args.length;
    const result = await this.pool.query<Row>(
      `SELECT id, name, score, created_at FROM scores WHERE ${where} ${ORDER} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...args, limit, offset],
    );
    return result.rows.map(entryOf);
  }

  async count(game: string, configKey: string, which: BoardSelector): Promise<number> {
    const [where, args] = boardWhere(game, configKey, which);
    return countOf(this.pool, `SELECT COUNT(*) AS n FROM scores WHERE ${where}`, args);
  }

  async higher(game: string, configKey: string, which: BoardSelector, score: number): Promise<number> {
    const [where, args] = boardWhere(game, configKey, which);
    return countOf(
      this.pool,
      `SELECT COUNT(*) AS n FROM scores WHERE ${where} AND score > $${args.length + 1}`,
      [...args, score],
    );
  }

  async tiedBefore(
    game: string,
    configKey: string,
    which: BoardSelector,
    entry: BoardEntry,
  ): Promise<number> {
    const [where, args] = boardWhere(game, configKey, which);
    const n = args.length;
    return countOf(
      this.pool,
      `SELECT COUNT(*) AS n FROM scores WHERE ${where} AND score = $${n + 1} AND (created_at, id) < ($${n + 2}, $${n + 3})`,
      [...args, entry.score, entry.createdAt, entry.id],
    );
  }

  async neighbours(
    game: string,
    configKey: string,
    which: BoardSelector,
    entry: BoardEntry,
    above: number,
    below: number,
  ): Promise<{ above: BoardEntry[]; below: BoardEntry[] }> {
    const [where, args] = boardWhere(game, configKey, which);
    const n = args.length;
    const rows = async (condition: string, order: string, more: unknown[], limit: number) => {
      const result = await this.pool.query<Row>(
        `SELECT id, name, score, created_at FROM scores WHERE ${where} AND ${condition} ${order} LIMIT $${n + more.length + 1}`,
        [...args, ...more, limit],
      );
      return result.rows.map(entryOf);
    };
    const tied = [entry.score, entry.createdAt, entry.id];
    // Nearest first: seeks on scores_boards from the entry, backwards above it, forwards below it.
    const up = await rows(
      `score = $${n + 1} AND (created_at, id) < ($${n + 2}, $${n + 3})`,
      "ORDER BY created_at DESC, id DESC",
      tied,
      above,
    );
    if (up.length < above) {
      up.push(
        ...(await rows(
          `score > $${n + 1}`,
          "ORDER BY score, created_at DESC, id DESC",
          [entry.score],
          above - up.length,
        )),
      );
    }
    const down = await rows(
      `score = $${n + 1} AND (created_at, id) > ($${n + 2}, $${n + 3})`,
      ORDER,
      tied,
      below,
    );
    if (down.length < below) {
      down.push(...(await rows(`score < $${n + 1}`, ORDER, [entry.score], below - down.length)));
    }
    return { above: up.reverse(), below: down };
  }

  async best(
    game: string,
    configKey: string,
    which: BoardSelector,
    player: string,
  ): Promise<BoardEntry | undefined> {
    const [where, args] = boardWhere(game, configKey, which);
    const result = await this.pool.query<Row>(
      `SELECT id, name, score, created_at FROM scores WHERE ${where} AND player = $${args.length + 1} ${ORDER} LIMIT 1`,
      [...args, player],
    );
    const row = result.rows[0];
    return row && entryOf(row);
  }

  async sessionEntry(game: string, seed: number, sessionId: string): Promise<SessionEntry | undefined> {
    const result = await this.pool.query<{
      id: string;
      score: string;
      config_key: string;
      board: "unaided" | "help";
      day: string;
    }>(
      "SELECT id, score, config_key, board, day FROM scores WHERE game = $1 AND seed = $2 AND replay_hash = $3",
      [game, seed, `session:${sessionId}`],
    );
    const row = result.rows[0];
    return (
      row && {
        id: Number(row.id),
        score: Number(row.score),
        configKey: row.config_key,
        board: row.board,
        day: row.day,
      }
    );
  }

  async dailyAttempts(
    game: string,
    player: string,
    upTo: string,
    limit: number,
  ): Promise<{ day: string; sessionId: string }[]> {
    const result = await this.pool.query<{ day: string; session_id: string }>(
      `SELECT day, session_id FROM daily_attempts WHERE player = $1 AND game = $2 AND day <= $3
       ORDER BY day DESC LIMIT $4`,
      [player, game, upTo, limit],
    );
    return result.rows.map((row) => ({ day: row.day, sessionId: row.session_id }));
  }
}

async function countOf(pool: pg.Pool, sql: string, args: unknown[]): Promise<number> {
  const result = await pool.query<{ n: string }>(sql, args);
  return Number(result.rows[0]?.n ?? 0);
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
  const inserted = await client.query<{ id: string; score: string }>(
    `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, commands_hash, created_at, board, day, player, rules)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ${
       // A session's entry: the same row again when its game ends again, never lowered.
       claim === "session"
         ? `ON CONFLICT (game, seed, replay_hash) DO UPDATE SET score = GREATEST(scores.score, EXCLUDED.score),
              board = EXCLUDED.board, created_at = EXCLUDED.created_at`
         : "ON CONFLICT DO NOTHING"
     } RETURNING id, score`,
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
      score.rules ?? 1,
    ],
  );
  const row = inserted.rows[0];
  if (row === undefined) return { ok: false, code: "DUPLICATE" };
  const higher = await client.query<{ n: string }>(
    "SELECT COUNT(*) AS n FROM scores WHERE game = $1 AND config_key = $2 AND board = $4 AND day = $5 AND score > $3",
    [game, configKey, Number(row.score), board, day],
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
