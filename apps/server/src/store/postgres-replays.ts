/** The replays' queries on PostgreSQL (node-postgres pool): one statement each, no transaction needed. */
import type pg from "pg";
import type { NewReplay, ReplayEntry, ReplayStorage } from "./replays.js";

export class PostgresReplayStorage implements ReplayStorage {
  constructor(private readonly pool: pg.Pool) {}

  async save(replay: NewReplay): Promise<boolean> {
    // The same session's game with more moves replaces the kept one (and its curve); never one with fewer.
    const written = await this.pool.query(
      `INSERT INTO replays (score_id, game, seed, config, commands, moves, curve, created_at, rules)
       VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8)
       ON CONFLICT (score_id) DO UPDATE SET game = EXCLUDED.game, seed = EXCLUDED.seed,
         config = EXCLUDED.config, commands = EXCLUDED.commands, moves = EXCLUDED.moves,
         curve = NULL, created_at = EXCLUDED.created_at, rules = EXCLUDED.rules
       WHERE EXCLUDED.moves > replays.moves`,
      [
        replay.scoreId,
        replay.game,
        replay.seed,
        replay.config,
        replay.commands,
        replay.moves,
        replay.createdAt,
        replay.rules ?? 1,
      ],
    );
    return written.rowCount === 1;
  }

  async entry(id: number): Promise<ReplayEntry | undefined> {
    const result = await this.pool.query<{
      id: string;
      game: string;
      seed: string;
      config: string;
      moves: number;
      name: string;
      score: string;
      created_at: Date;
      board: string;
      day: string;
      player: string | null;
      rules: number;
    }>(
      `SELECT r.score_id AS id, r.game, r.seed, r.config, r.moves, r.rules,
         s.name, s.score, s.created_at, s.board, s.day, s.player
       FROM replays r JOIN scores s ON s.id = r.score_id WHERE r.score_id = $1`,
      [id],
    );
    const row = result.rows[0];
    if (row === undefined) return undefined;
    return {
      id: Number(row.id),
      game: row.game,
      seed: Number(row.seed),
      config: row.config,
      moves: row.moves,
      name: row.name,
      score: Number(row.score),
      date: row.created_at,
      board: row.board,
      day: row.day,
      player: row.player,
      rules: row.rules,
    };
  }

  async commands(id: number): Promise<string | undefined> {
    const result = await this.pool.query<{ commands: string }>(
      "SELECT commands FROM replays WHERE score_id = $1",
      [id],
    );
    return result.rows[0]?.commands;
  }

  async curve(id: number): Promise<string | null | undefined> {
    const result = await this.pool.query<{ curve: string | null }>(
      "SELECT curve FROM replays WHERE score_id = $1",
      [id],
    );
    return result.rows[0]?.curve;
  }

  async saveCurve(id: number, moves: number, curve: string): Promise<void> {
    await this.pool.query("UPDATE replays SET curve = $1 WHERE score_id = $2 AND moves = $3", [
      curve,
      id,
      moves,
    ]);
  }

  async dailyAttempt(game: string, day: string, player: string): Promise<string | undefined> {
    const result = await this.pool.query<{ session_id: string }>(
      "SELECT session_id FROM daily_attempts WHERE game = $1 AND day = $2 AND player = $3",
      [game, day, player],
    );
    return result.rows[0]?.session_id;
  }
}
