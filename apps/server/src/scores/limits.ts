/**
 * The leaderboards' limits, in one place for the routes, the tests and docs/service.md "Leaderboards".
 */
import type { GameId } from "@blockarcade/engine/core";

/**
 * How long a seed issued by the retired POST /api/seeds was open: a day. The hourly sweep still
 * deletes the unclaimed ones older than this, so issued_seeds drains.
 */
export const SEED_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A replay yields to the event loop after this much work, so other requests keep being served. */
export const SLICE_MS = 5;

/**
 * Most `ai` commands a posted game may hold, per game: the replay's cost is bounded by its count
 * before it starts (each `ai` is one bounded computer-player search; every other command is cheap).
 * Each is about twice the longest game the computer player plays alone in the bench
 * (docs/computer-player.md): Blast 905 placements mean with revives; Puzzle 10 x 10 1,067 mean (capped
 * at 3,000); Stacker's games are endless but a decision costs 1 to 3 ms; a Blocky game is a few
 * dozen moves a player; a Match-3 game a few hundred bricks.
 */
export const MAX_POSTED_AI: Readonly<Record<GameId, number>> = {
  blast: 2_000,
  puzzle: 3_000,
  stacker: 5_000,
  match3: 1_000,
  blocky: 500,
};

/** The cap when the game is not named (a replay run alone). */
export const DEFAULT_MAX_POSTED_AI = 1_000;

/** Longest player name, in characters (code points) after trimming. */
export const MAX_NAME_LENGTH = 24;

/** Entries a leaderboard answers by default, and at most. */
export const DEFAULT_TOP = 10;
export const MAX_TOP = 100;

/** Longest `config` query parameter, in characters. */
export const MAX_CONFIG_QUERY = 2048;
