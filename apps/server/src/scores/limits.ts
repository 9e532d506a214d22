/**
 * The leaderboards' limits, in one place for the routes, the tests and docs/service.md "Leaderboards".
 */
/**
 * How long a seed issued by the retired POST /api/seeds was open: a day. The hourly sweep still
 * deletes the unclaimed ones older than this, so issued_seeds drains.
 */
export const SEED_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Longest player name, in characters (code points) after trimming. */
export const MAX_NAME_LENGTH = 24;

/** Entries a leaderboard answers by default, and at most. */
export const DEFAULT_TOP = 10;
export const MAX_TOP = 100;

/** Furthest a leaderboard page may start (`offset`): a million entries down. */
export const MAX_OFFSET = 1_000_000;

/** Longest `config` query parameter, in characters. */
export const MAX_CONFIG_QUERY = 2048;
