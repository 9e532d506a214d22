/**
 * The leaderboards' storage (an adapter under the Leaderboards service, scores/leaderboards.ts): one
 * interface with a query set per backend (sqlite-scores.ts, postgres-scores.ts) on the tables of
 * store/migrations.ts, `issued_seeds` and `scores`, in the database the session storage opened.
 */

/** A verified score to enter. */
export interface NewScore {
  game: string;
  configKey: string;
  name: string;
  score: number;
  seed: number;
  /** A server session's `session:<id>` (a posted game's replay hash before issue 22): one entry each. */
  replayHash: string;
  /** A posted game's commands hash (before issue 22); absent for a server session. */
  commandsHash?: string;
  /**
   * The player entering it (players.ts): a name no one has taken becomes theirs; a look-alike of a
   * name another player owns is NAME_TAKEN. Absent: no player, who may use only unowned names.
   */
  player?: string;
  createdAt: Date;
  /** "unaided", or "help" for a game in which the computer player was asked (docs/service.md "Fair play"). */
  board?: BoardKind;
  /** The UTC day (YYYY-MM-DD) of a daily game's board; absent for the all-time boards. */
  day?: string;
  /** The rules version the game was played under (engine `rulesVersionOf`); absent: 1. */
  rules?: number;
}

/** The unaided board, or the "with help" board of games in which Hint, Watch or `ai` was used. */
export type BoardKind = "unaided" | "help";

/** Which board: its kind and its day ("" for the all-time board). */
export interface BoardSelector {
  board: BoardKind;
  day: string;
  /** A period of the board: only the entries entered since this time (this week's, today's). */
  since?: Date;
}

export const ALL_TIME: BoardSelector = { board: "unaided", day: "" };

/**
 * How a score enters: by claiming an issued seed; once per replay; or as a ranked session's one entry,
 * written when the game first ends and raised when it ends again higher (a Block Blast revive plays on
 * after "No moves left", and the board keeps the real end: docs/service.md "Fair play").
 */
export type Claim = "issued-seed" | "once-per-replay" | "session";

export type EnterResult =
  /** `name`: the spelling entered, the first one taken for the name's look-alike key (store/names.ts). */
  | { ok: true; id: number; rank: number; name: string }
  | { ok: false; code: "UNRANKED_SEED" | "SEED_CLAIMED" | "SEED_EXPIRED" | "DUPLICATE" | "NAME_TAKEN" };

/** "expired": issued, never claimed, and issued before the time asked about (limits.ts SEED_LIFETIME_MS). */
export type SeedStatus = "not-issued" | "open" | "claimed" | "expired";

export interface BoardEntry {
  /** scores.id: the key of the entry's replay. */
  id: number;
  name: string;
  score: number;
  createdAt: Date;
}

/** A ranked session's entry, wherever it went (its board and day). */
export interface SessionEntry {
  id: number;
  score: number;
  configKey: string;
  board: BoardKind;
  day: string;
}

export interface ScoreStorage {
  /** Records a seed the server drew; false when it was already issued for this game. */
  issueSeed(game: string, seed: number, at: Date): Promise<boolean>;
  /** With `issuedSince`, an unclaimed seed issued before it is "expired". */
  seedStatus(game: string, seed: number, issuedSince?: Date): Promise<SeedStatus>;
  /** Whether a game with these posted commands (commandsHash) is already entered for this seed. */
  hasPosted(game: string, seed: number, commandsHash: string): Promise<boolean>;
  /**
   * Enters a score and answers its rank (1 + the scores strictly higher on its board). With
   * "issued-seed" the seed is claimed in the same transaction, so two posts of one seed cannot both
   * enter (and, with `issuedSince`, only a seed issued since then: SEED_EXPIRED otherwise); a replay
   * already entered is DUPLICATE.
   */
  enter(score: NewScore, claim: Claim, issuedSince?: Date): Promise<EnterResult>;
  /** Deletes the seeds issued before `issuedBefore` and never claimed; answers how many. */
  deleteExpiredSeeds(issuedBefore: Date): Promise<number>;
  /** The board's best `limit` entries: score descending, earlier first among equals. */
  top(game: string, configKey: string, limit: number, which?: BoardSelector): Promise<BoardEntry[]>;
  /**
   * `limit` entries of the board from position `offset` (0 = the best), in board order: score
   * descending, then earlier, then lower id (so a page boundary never splits ties differently).
   */
  page(
    game: string,
    configKey: string,
    which: BoardSelector,
    limit: number,
    offset: number,
  ): Promise<BoardEntry[]>;
  /** How many entries the board (or its period) holds. */
  count(game: string, configKey: string, which: BoardSelector): Promise<number>;
  /** How many entries of the board score strictly more than `score`: a rank is this + 1. */
  higher(game: string, configKey: string, which: BoardSelector, score: number): Promise<number>;
  /** How many entries with `entry`'s score come before it in board order (its position is this + higher). */
  tiedBefore(game: string, configKey: string, which: BoardSelector, entry: BoardEntry): Promise<number>;
  /**
   * The `above` entries just before `entry` and the `below` just after it, each in board order, found
   * by seeking the index from the entry (no count, no offset walk).
   */
  neighbours(
    game: string,
    configKey: string,
    which: BoardSelector,
    entry: BoardEntry,
    above: number,
    below: number,
  ): Promise<{ above: BoardEntry[]; below: BoardEntry[] }>;
  /** The player's first entry in board order (their best), if any. */
  best(
    game: string,
    configKey: string,
    which: BoardSelector,
    player: string,
  ): Promise<BoardEntry | undefined>;
  /** The entry of the ranked session `session:<id>` played on `seed`, wherever it went. */
  sessionEntry(game: string, seed: number, sessionId: string): Promise<SessionEntry | undefined>;
  /**
   * The days (YYYY-MM-DD) on which the player started a daily attempt of `game`, up to `upTo`
   * inclusive, latest first, at most `limit`; each with the attempt's session.
   */
  dailyAttempts(
    game: string,
    player: string,
    upTo: string,
    limit: number,
  ): Promise<{ day: string; sessionId: string }[]>;
}

/** Why a claim found nothing to claim, from the seed's status. */
export function seedRefusal(status: SeedStatus): "UNRANKED_SEED" | "SEED_CLAIMED" | "SEED_EXPIRED" {
  return status === "not-issued" ? "UNRANKED_SEED" : status === "expired" ? "SEED_EXPIRED" : "SEED_CLAIMED";
}

/** The board a score goes on: unaided and all-time unless it says otherwise. */
export function boardOf(score: NewScore): BoardSelector {
  return { board: score.board ?? "unaided", day: score.day ?? "" };
}
