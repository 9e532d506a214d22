/** The replays' queries on SQLite (better-sqlite3): prepared once, run synchronously. */
import type Database from "better-sqlite3";
import type { NewReplay, ReplayEntry, ReplayStorage } from "./replays.js";

/** An entry's row: the entry as the service answers it, with its date as SQLite keeps it (ISO text). */
type EntryRow = Omit<ReplayEntry, "date"> & { created_at: string };

export class SqliteReplayStorage implements ReplayStorage {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      // The same session's game with more moves replaces the kept one (and its curve); never one with fewer.
      save: db.prepare(
        `INSERT INTO replays (score_id, game, seed, config, commands, moves, curve, created_at, rules)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)
         ON CONFLICT (score_id) DO UPDATE SET game = excluded.game, seed = excluded.seed,
           config = excluded.config, commands = excluded.commands, moves = excluded.moves,
           curve = NULL, created_at = excluded.created_at, rules = excluded.rules
         WHERE excluded.moves > replays.moves`,
      ),
      entry: db.prepare(
        `SELECT r.score_id AS id, r.game, r.seed, r.config, r.moves, r.rules,
           s.name, s.score, s.created_at, s.board, s.day, s.player
         FROM replays r JOIN scores s ON s.id = r.score_id WHERE r.score_id = ?`,
      ),
      commands: db.prepare("SELECT commands FROM replays WHERE score_id = ?").pluck(),
      curve: db.prepare("SELECT curve FROM replays WHERE score_id = ?"),
      saveCurve: db.prepare("UPDATE replays SET curve = ? WHERE score_id = ? AND moves = ?"),
      attempt: db
        .prepare("SELECT session_id FROM daily_attempts WHERE game = ? AND day = ? AND player = ?")
        .pluck(),
    };
  }

  async save(replay: NewReplay): Promise<boolean> {
    const written = this.statements.save.run(
      replay.scoreId,
      replay.game,
      replay.seed,
      replay.config,
      replay.commands,
      replay.moves,
      replay.createdAt.toISOString(),
      replay.rules ?? 1,
    );
    return written.changes === 1;
  }

  async entry(id: number): Promise<ReplayEntry | undefined> {
    const row = this.statements.entry.get(id) as EntryRow | undefined;
    if (row === undefined) return undefined;
    return {
      id: row.id,
      game: row.game,
      seed: row.seed,
      config: row.config,
      moves: row.moves,
      name: row.name,
      score: row.score,
      date: new Date(row.created_at),
      board: row.board,
      day: row.day,
      player: row.player,
      rules: row.rules,
    };
  }

  async commands(id: number): Promise<string | undefined> {
    return this.statements.commands.get(id) as string | undefined;
  }

  async curve(id: number): Promise<string | null | undefined> {
    const row = this.statements.curve.get(id) as { curve: string | null } | undefined;
    return row?.curve;
  }

  async saveCurve(id: number, moves: number, curve: string): Promise<void> {
    this.statements.saveCurve.run(curve, id, moves);
  }

  async dailyAttempt(game: string, day: string, player: string): Promise<string | undefined> {
    return this.statements.attempt.get(game, day, player) as string | undefined;
  }
}
