/**
 * The schema, as numbered migrations for both backends: migration N of SQLite and migration N of
 * PostgreSQL make the same tables. Each is applied once, in order (SQLite records the number in
 * `user_version`, PostgreSQL in `schema_migrations`); a new change is a new entry at the end, never
 * an edit of one that has shipped.
 */
export interface Migration {
  name: string;
  sqlite: string;
  postgres: string;
}

/**
 * One rules change's archive: the entries of `game` played under rules `version`, for configs whose
 * board key is LIKE `configLike`, move off the boards of the current rules. Every rules change is
 * listed here and run by its own migration (`archiveRules`); `test/rules-versions.test.ts` fails
 * when a game's `rulesVersion` goes up with no archive listed for the version before.
 */
export interface RulesArchive {
  game: string;
  configLike: string;
  version: number;
}

export const RULES_ARCHIVES: readonly RulesArchive[] = [
  // Issue 24: Match-3 Arcade's first rules (no gravity, no diagonals, no rising floor).
  { game: "match3", configLike: '%"mode":"arcade"%', version: 1 },
];

/**
 * The SQL that moves an archive's entries off the current boards: their key gets the suffix
 * `#rules<version>`, so they stay, readable as the archived board (`?rules=<version>`), and the
 * board of the new rules starts empty. Run again, it changes nothing. Sessions and replays need no
 * SQL: their stored `rules` is compared when they are read (sessions.ts, scores/replays.ts).
 */
export function archiveRules({ game, configLike, version }: RulesArchive): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return `UPDATE scores SET config_key = config_key || ${quoted(`#rules${version}`)}
     WHERE game = ${quoted(game)} AND rules = ${version} AND config_key LIKE ${quoted(configLike)}
       AND config_key NOT LIKE '%#rules%';`;
}

/**
 * Rules versions (engine `GameDefinition.rulesVersion`): every session, entry and replay made
 * before this migration was played under version 1, which is what the columns' default stamps.
 * Match-3 Arcade's rules are version 2 (issue 24): its old entries go to the archived boards; its
 * old sessions and replays answer 410 RULES_CHANGED when asked.
 */
const RULES_COLUMNS = `ALTER TABLE sessions ADD COLUMN rules INTEGER NOT NULL DEFAULT 1;
     ALTER TABLE scores ADD COLUMN rules INTEGER NOT NULL DEFAULT 1;
     ALTER TABLE replays ADD COLUMN rules INTEGER NOT NULL DEFAULT 1;
     ${archiveRules(RULES_ARCHIVES[0] as RulesArchive)}`;

export const MIGRATIONS: readonly Migration[] = [
  {
    name: "001 sessions and their command logs",
    sqlite: `CREATE TABLE sessions (
       id TEXT PRIMARY KEY,
       game TEXT NOT NULL,
       seed INTEGER NOT NULL,
       config TEXT NOT NULL,
       created_at TEXT NOT NULL,
       updated_at TEXT NOT NULL
     );
     CREATE TABLE session_commands (
       session_id TEXT NOT NULL REFERENCES sessions(id),
       seq INTEGER NOT NULL,
       command TEXT NOT NULL,
       PRIMARY KEY (session_id, seq)
     );`,
    postgres: `CREATE TABLE sessions (
       id TEXT PRIMARY KEY,
       game TEXT NOT NULL,
       seed BIGINT NOT NULL,
       config TEXT NOT NULL,
       created_at TIMESTAMPTZ NOT NULL,
       updated_at TIMESTAMPTZ NOT NULL
     );
     CREATE TABLE session_commands (
       session_id TEXT NOT NULL REFERENCES sessions(id),
       seq INTEGER NOT NULL,
       command TEXT NOT NULL,
       PRIMARY KEY (session_id, seq)
     );`,
  },
  {
    // `length` is the next sequence number: the one counter every process checks before trusting
    // its cache. Snapshots bound replays; deleting a session takes its log and snapshots with it.
    name: "002 sequence numbers, snapshots, ranking, retention",
    sqlite: `ALTER TABLE sessions ADD COLUMN length INTEGER NOT NULL DEFAULT 0;
     UPDATE sessions SET length = (SELECT COUNT(*) FROM session_commands c WHERE c.session_id = sessions.id);
     ALTER TABLE sessions ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE sessions ADD COLUMN name TEXT;
     CREATE INDEX sessions_idle ON sessions (updated_at);
     CREATE TABLE session_snapshots (
       session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
       seq INTEGER NOT NULL,
       state TEXT NOT NULL,
       PRIMARY KEY (session_id, seq)
     );
     CREATE TABLE issued_seeds (
       game TEXT NOT NULL,
       seed INTEGER NOT NULL,
       issued_at TEXT NOT NULL,
       claimed_at TEXT,
       PRIMARY KEY (game, seed)
     );
     CREATE TABLE scores (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       game TEXT NOT NULL,
       config_key TEXT NOT NULL,
       name TEXT NOT NULL,
       score INTEGER NOT NULL,
       seed INTEGER NOT NULL,
       replay_hash TEXT NOT NULL,
       created_at TEXT NOT NULL,
       UNIQUE (game, seed, replay_hash)
     );
     CREATE INDEX scores_board ON scores (game, config_key, score DESC, created_at);`,
    postgres: `ALTER TABLE sessions ADD COLUMN length INTEGER NOT NULL DEFAULT 0;
     UPDATE sessions SET length = (SELECT COUNT(*) FROM session_commands c WHERE c.session_id = sessions.id);
     ALTER TABLE sessions ADD COLUMN ranked BOOLEAN NOT NULL DEFAULT FALSE;
     ALTER TABLE sessions ADD COLUMN name TEXT;
     CREATE INDEX sessions_idle ON sessions (updated_at);
     ALTER TABLE session_commands DROP CONSTRAINT session_commands_session_id_fkey,
       ADD CONSTRAINT session_commands_session_id_fkey FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE;
     CREATE TABLE session_snapshots (
       session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
       seq INTEGER NOT NULL,
       state TEXT NOT NULL,
       PRIMARY KEY (session_id, seq)
     );
     CREATE TABLE issued_seeds (
       game TEXT NOT NULL,
       seed BIGINT NOT NULL,
       issued_at TIMESTAMPTZ NOT NULL,
       claimed_at TIMESTAMPTZ,
       PRIMARY KEY (game, seed)
     );
     CREATE TABLE scores (
       id BIGSERIAL PRIMARY KEY,
       game TEXT NOT NULL,
       config_key TEXT NOT NULL,
       name TEXT NOT NULL,
       score BIGINT NOT NULL,
       seed BIGINT NOT NULL,
       replay_hash TEXT NOT NULL,
       created_at TIMESTAMPTZ NOT NULL,
       UNIQUE (game, seed, replay_hash)
     );
     CREATE INDEX scores_board ON scores (game, config_key, score DESC, created_at);`,
  },
  {
    // The log's primary key orders writers by itself (store/sessions.ts `append`): a session's length
    // is its last sequence number plus one, read from that key, not a column kept in step with it.
    name: "003 the command log's key is the compare-and-set",
    sqlite: "ALTER TABLE sessions DROP COLUMN length;",
    postgres: "ALTER TABLE sessions DROP COLUMN length;",
  },
  {
    // A posted game's hash as posted (the commandsHash of the posting route, gone since issue 22): a copy of an entered game is
    // refused before it is replayed. Null for server sessions and games entered before.
    name: "004 posted games' command hashes",
    sqlite: `ALTER TABLE scores ADD COLUMN commands_hash TEXT;
     CREATE INDEX scores_posted ON scores (game, seed, commands_hash);`,
    postgres: `ALTER TABLE scores ADD COLUMN commands_hash TEXT;
     CREATE INDEX scores_posted ON scores (game, seed, commands_hash);`,
  },
  {
    // Issued seeds expire after a day (scores/limits.ts SEED_LIFETIME_MS): the hourly sweep deletes
    // the unclaimed ones by issue time through this index, not a scan of every seed ever issued.
    name: "005 issued seeds expire",
    sqlite: "CREATE INDEX issued_seeds_unclaimed ON issued_seeds (issued_at) WHERE claimed_at IS NULL;",
    postgres: "CREATE INDEX issued_seeds_unclaimed ON issued_seeds (issued_at) WHERE claimed_at IS NULL;",
  },
  {
    // Look-alike names are one name (scores/names.ts nameKey): the first spelling per key is the one
    // shown. The key is a Unicode skeleton SQL cannot compute, so the names already on the boards
    // wait in names_unsettled and the service keys them at start, oldest first (store/names.ts).
    name: "006 names keyed by their look-alike skeleton",
    sqlite: `CREATE TABLE names (
       name_key TEXT PRIMARY KEY,
       name TEXT NOT NULL,
       taken_at TEXT NOT NULL
     );
     CREATE TABLE names_unsettled (
       name TEXT PRIMARY KEY,
       first_used TEXT NOT NULL
     );
     INSERT INTO names_unsettled (name, first_used) SELECT name, MIN(created_at) FROM scores GROUP BY name;`,
    postgres: `CREATE TABLE names (
       name_key TEXT PRIMARY KEY,
       name TEXT NOT NULL,
       taken_at TIMESTAMPTZ NOT NULL
     );
     CREATE TABLE names_unsettled (
       name TEXT PRIMARY KEY,
       first_used TIMESTAMPTZ NOT NULL
     );
     INSERT INTO names_unsettled (name, first_used) SELECT name, MIN(created_at) FROM scores GROUP BY name;`,
  },
  {
    // Players without passwords (store/players.ts): the secret and the recovery code are kept only as
    // SHA-256 hashes. A name belongs to the player who first took it: `owner` is null for the names
    // taken before players existed (and by posts without a player), which keep folding as before.
    name: "007 players and the names they own",
    sqlite: `CREATE TABLE players (
       id TEXT PRIMARY KEY,
       secret_hash TEXT NOT NULL,
       recovery_hash TEXT NOT NULL UNIQUE,
       created_at TEXT NOT NULL,
       recovered_at TEXT
     );
     ALTER TABLE names ADD COLUMN owner TEXT REFERENCES players(id);
     CREATE INDEX names_owner ON names (owner) WHERE owner IS NOT NULL;`,
    postgres: `CREATE TABLE players (
       id TEXT PRIMARY KEY,
       secret_hash TEXT NOT NULL,
       recovery_hash TEXT NOT NULL UNIQUE,
       created_at TIMESTAMPTZ NOT NULL,
       recovered_at TIMESTAMPTZ
     );
     ALTER TABLE names ADD COLUMN owner TEXT REFERENCES players(id);
     CREATE INDEX names_owner ON names (owner) WHERE owner IS NOT NULL;`,
  },
  {
    // Fair play (docs/service.md "Fair play"). A ranked session's rules (kind, player, day,
    // practice, assisted, its clock) are one JSON text, `fair`, rewritten only when they change. A
    // player's first daily session of a day and game is the ranked attempt: the primary key of
    // daily_attempts decides which was first, across processes. The daily secret lives in `meta`.
    // Entries name their board: unaided or help, the all-time board ('') or a day's.
    name: "008 fair sessions: ranked kinds, daily attempts, help and daily boards",
    sqlite: `ALTER TABLE sessions ADD COLUMN fair TEXT;
     CREATE TABLE daily_attempts (
       game TEXT NOT NULL,
       day TEXT NOT NULL,
       player TEXT NOT NULL,
       session_id TEXT NOT NULL,
       PRIMARY KEY (game, day, player)
     );
     CREATE TABLE meta (
       key TEXT PRIMARY KEY,
       value TEXT NOT NULL
     );
     ALTER TABLE scores ADD COLUMN board TEXT NOT NULL DEFAULT 'unaided';
     ALTER TABLE scores ADD COLUMN day TEXT NOT NULL DEFAULT '';
     ALTER TABLE scores ADD COLUMN player TEXT;
     CREATE INDEX scores_boards ON scores (game, config_key, board, day, score DESC, created_at);`,
    postgres: `ALTER TABLE sessions ADD COLUMN fair TEXT;
     CREATE TABLE daily_attempts (
       game TEXT NOT NULL,
       day TEXT NOT NULL,
       player TEXT NOT NULL,
       session_id TEXT NOT NULL,
       PRIMARY KEY (game, day, player)
     );
     CREATE TABLE meta (
       key TEXT PRIMARY KEY,
       value TEXT NOT NULL
     );
     ALTER TABLE scores ADD COLUMN board TEXT NOT NULL DEFAULT 'unaided';
     ALTER TABLE scores ADD COLUMN day TEXT NOT NULL DEFAULT '';
     ALTER TABLE scores ADD COLUMN player TEXT;
     CREATE INDEX scores_boards ON scores (game, config_key, board, day, score DESC, created_at);`,
  },
  {
    // Replays (docs/service.md "Replays"): the verified commands of every entered ranked game, kept
    // apart from the session's log, which retention deletes. One row per entry, keyed by its id;
    // rewritten when the entry is raised (a Block Blast revive). `curve` (the score after each move)
    // is worked out when first asked for and cleared by a rewrite.
    name: "009 replays of entered games",
    sqlite: `CREATE TABLE replays (
       score_id INTEGER PRIMARY KEY REFERENCES scores(id) ON DELETE CASCADE,
       game TEXT NOT NULL,
       seed INTEGER NOT NULL,
       config TEXT NOT NULL,
       commands TEXT NOT NULL,
       moves INTEGER NOT NULL,
       curve TEXT,
       created_at TEXT NOT NULL
     );`,
    postgres: `CREATE TABLE replays (
       score_id BIGINT PRIMARY KEY REFERENCES scores(id) ON DELETE CASCADE,
       game TEXT NOT NULL,
       seed BIGINT NOT NULL,
       config TEXT NOT NULL,
       commands TEXT NOT NULL,
       moves INTEGER NOT NULL,
       curve TEXT,
       created_at TIMESTAMPTZ NOT NULL
     );`,
  },
  {
    // Issue 23, the boards (docs/service.md "Leaderboards"). Migration 009 is the replays table
    // (issue 23's other server part): this one comes after it. A period's entries (this week's,
    // today's) by entry time, with their scores for the counts; a player's own best on a board
    // ("around me"); a player's daily attempts of a game by day (the streak).
    name: "010 boards by period, a player's entries and daily attempts",
    sqlite: `CREATE INDEX scores_period ON scores (game, config_key, board, day, created_at, score);
     CREATE INDEX scores_player ON scores (player, game, config_key, board, day, score DESC, created_at)
       WHERE player IS NOT NULL;
     CREATE INDEX daily_attempts_player ON daily_attempts (player, game, day);`,
    postgres: `CREATE INDEX scores_period ON scores (game, config_key, board, day, created_at, score);
     CREATE INDEX scores_player ON scores (player, game, config_key, board, day, score DESC, created_at)
       WHERE player IS NOT NULL;
     CREATE INDEX daily_attempts_player ON daily_attempts (player, game, day);`,
  },
  {
    name: "011 rules versions; Match-3 Arcade's old-rules entries archived",
    sqlite: RULES_COLUMNS,
    postgres: RULES_COLUMNS,
  },
];
