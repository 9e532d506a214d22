/**
 * The replays' storage (an adapter under the Replays service, scores/replays.ts): the `replays` table
 * of migration 009, one row per entered ranked game keyed by its entry's id (scores.id), with a query
 * set per backend (sqlite-replays.ts, postgres-replays.ts) in the database the session storage opened.
 * Texts go in and come out as they are: the commands are the session log's own JSON texts, joined.
 */

/** A replay to keep: the game an entry was given for. */
export interface NewReplay {
  /** The entry's id (scores.id). */
  scoreId: number;
  game: string;
  seed: number;
  /** The config the game was played with, as JSON text. */
  config: string;
  /** The session's logged commands as one JSON array text, ticks included. */
  commands: string;
  /** Commands that are not ticks: what a player counts as moves. */
  moves: number;
  createdAt: Date;
  /** The rules version the game was played under (engine `rulesVersionOf`); absent: 1. */
  rules?: number;
}

/** A kept replay without its commands, and its entry on the boards. */
export interface ReplayEntry {
  id: number;
  game: string;
  seed: number;
  config: string;
  moves: number;
  /** The entry: the name it went in under, its score, when, which board and day ("" for all-time). */
  name: string;
  score: number;
  date: Date;
  board: string;
  day: string;
  /** The player who entered it (null for entries made without one). */
  player: string | null;
  /** The rules version the game was played under. */
  rules: number;
}

export interface ReplayStorage {
  /**
   * Keeps a replay, or rewrites the one kept for the entry when this game is longer (a Block Blast
   * revive played on and the entry was raised): a replay never goes back to an earlier end. True
   * when written.
   */
  save(replay: NewReplay): Promise<boolean>;
  /** The replay of entry `id` and the entry itself; undefined when none is kept. */
  entry(id: number): Promise<ReplayEntry | undefined>;
  /** The commands text of entry `id`'s replay, as saved. */
  commands(id: number): Promise<string | undefined>;
  /** The score curve worked out for the replay (JSON array text); null while none is. */
  curve(id: number): Promise<string | null | undefined>;
  /** Keeps the curve worked out from the replay of `moves` moves, unless the replay was rewritten since. */
  saveCurve(id: number, moves: number, curve: string): Promise<void>;
  /** The session of the player's daily attempt of `game` on `day` (daily_attempts), if they started one. */
  dailyAttempt(game: string, day: string, player: string): Promise<string | undefined>;
}
