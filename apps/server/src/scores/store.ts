/**
 * What the leaderboards keep, behind one interface with a query set per backend (store-sqlite.ts,
 * store-postgres.ts) on the tables of store/migrations.ts: `issued_seeds` and `scores`.
 */

/** A verified score to enter. */
export interface NewScore {
  game: string;
  configKey: string;
  name: string;
  score: number;
  seed: number;
  /** The replay's hash (verify.ts), or a server session's id: one entry per replay. */
  replayHash: string;
  /** A posted game's commands as posted (verify.ts commandsHash); absent for a server session. */
  commandsHash?: string;
  createdAt: Date;
}

/** How a score enters: by claiming an issued seed, or once per replay (the day's seed, a session). */
export type Claim = "issued-seed" | "once-per-replay";

export type EnterResult =
  | { ok: true; id: number; rank: number }
  | { ok: false; code: "UNRANKED_SEED" | "SEED_CLAIMED" | "DUPLICATE" };

export type SeedStatus = "not-issued" | "open" | "claimed";

export interface BoardEntry {
  name: string;
  score: number;
  createdAt: Date;
}

export interface ScoreStore {
  /** Records a seed the server drew; false when it was already issued for this game. */
  issueSeed(game: string, seed: number, at: Date): Promise<boolean>;
  seedStatus(game: string, seed: number): Promise<SeedStatus>;
  /** Whether a game with these posted commands (commandsHash) is already entered for this seed. */
  hasPosted(game: string, seed: number, commandsHash: string): Promise<boolean>;
  /**
   * Enters a score and answers its rank (1 + the scores strictly higher on its board). With
   * "issued-seed" the seed is claimed in the same transaction, so two posts of one seed cannot both
   * enter; a replay already entered is DUPLICATE.
   */
  enter(score: NewScore, claim: Claim): Promise<EnterResult>;
  /** The board's best `limit` entries: score descending, earlier first among equals. */
  top(game: string, configKey: string, limit: number): Promise<BoardEntry[]>;
}
