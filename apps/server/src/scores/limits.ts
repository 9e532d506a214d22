/**
 * The leaderboards' limits, in one place for the routes, the tests and docs/service.md "Leaderboards".
 */

/**
 * Most commands one posted game may hold. Block Stacker is the long one: the front end sends a
 * `tick` per gravity step (1 s at level 1, under 10 ms from level 15), so an hour-long game holds tens
 * of thousands of ticks; a Block Blast game by the computer player is 140 to 800 placements.
 */
export const MAX_REPLAY_COMMANDS = 200_000;

/** Body limit of POST /api/scores: MAX_REPLAY_COMMANDS commands of about 40 bytes each. */
export const SCORE_BODY_LIMIT = 8 * 1024 * 1024;

/** A replay yields to the event loop after this much work, so other requests keep being served. */
export const SLICE_MS = 5;

/** Most work one replay may take (the computer player's `ai` commands are the costly ones). */
export const MAX_REPLAY_MS = 20_000;

/** Longest player name, in characters (code points) after trimming. */
export const MAX_NAME_LENGTH = 24;

/** Entries a leaderboard answers by default, and at most. */
export const DEFAULT_TOP = 10;
export const MAX_TOP = 100;

/** Longest `config` query parameter, in characters. */
export const MAX_CONFIG_QUERY = 2048;
