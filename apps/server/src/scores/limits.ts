/**
 * The leaderboards' limits, in one place for the routes, the tests and docs/service.md "Leaderboards".
 */
import type { GameId } from "@blockarcade/engine/core";

/**
 * Most commands one posted game may hold. Block Stacker is the long one: the front end sends a
 * `tick` per gravity step (1 s at level 1, under 10 ms from level 15), so an hour-long game holds tens
 * of thousands of ticks; a Block Blast game by the computer player is 140 to 800 placements.
 */
export const MAX_REPLAY_COMMANDS = 200_000;

/**
 * Body limit of POST /api/scores, read before the game is known: the largest of GAME_BODY_LIMITS.
 * The web app keeps at most 400,000 characters of a game's commands (MAX_JOURNAL_CHARS in
 * apps/web/src/shell/journal.ts; a longer game is unranked there), and a config is at most 16 KiB
 * (the create route's limit): 512 KiB holds both with room for the other fields.
 */
export const SCORE_BODY_LIMIT = 512 * 1024;

/**
 * Each game's limit, checked once the body is read (its size is counted while it is read). From the
 * longest real games, as posted bodies (`node apps/server/bench/score-sizes.mjs 8`, docs/service.md
 * "Leaderboards"): Block Blast 27 KB (635 placements), Block Puzzle 59 KB (1,409 placements; the
 * 20 x 20 board's games are shorter). Blocky's longest config (1,000 turns of four players) is at
 * most 224 KB even when every move is the longest legal one. Block Stacker and Match-3's arcade mode
 * are timed, with a `tick` per step of gravity (Stacker: 105 KB for 7.7 minutes at a key every
 * 150 ms): only the web app's 400,000 characters bound them.
 */
export const GAME_BODY_LIMITS: Readonly<Record<string, number>> = {
  blast: 128 * 1024,
  puzzle: 256 * 1024,
  blocky: 256 * 1024,
  stacker: SCORE_BODY_LIMIT,
  match3: SCORE_BODY_LIMIT,
};

/**
 * How long an issued seed may be posted: a day. An unclaimed seed older than this is refused (422
 * SEED_EXPIRED) and deleted by the hourly sweep, so issued_seeds does not grow forever.
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
