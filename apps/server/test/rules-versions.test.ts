/**
 * Rules versions (docs/service.md "Rules versions"), on SQLite and a real PostgreSQL: a database
 * left by the service at migration 010 with Match-3 Arcade entries, a replay and open sessions
 * played under Arcade's first rules (written as rows, as that service wrote them) migrates to 011.
 * The current Arcade boards start empty and the old entries are on the archived board; classic
 * Match-3 and Block Blast are untouched; the old sessions and the old replay answer 410
 * RULES_CHANGED on every route, never a 5xx or a game under the new rules; migrating again changes
 * nothing.
 */
import { type BaseState, rulesVersionOf, startGame } from "@blockarcade/engine/core";
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { startClock } from "../src/fair/clock.js";
import { fairText } from "../src/fair/fairness.js";
import { OFFERED_IDS, offeredGame } from "../src/games.js";
import { resolveConfig } from "../src/scores/config-key.js";
import { archiveRules, MIGRATIONS, RULES_ARCHIVES, type RulesArchive } from "../src/store/migrations.js";
import { oldPostgres, oldSqlite } from "./old-database.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, type Json, send, tempDataDir } from "./support.js";

/** The schema the service had before rules versions: migrations 001 to 010. */
const BEFORE = 10;
const match3 = offeredGame("match3") as NonNullable<ReturnType<typeof offeredGame>>;
const blast = offeredGame("blast") as NonNullable<ReturnType<typeof offeredGame>>;
const keyOf = (game: typeof match3, config: unknown) => {
  const resolved = resolveConfig(game, config);
  if (!resolved.ok) throw new Error("config");
  return resolved.value.key;
};
const ARCADE = { mode: "arcade" };
const ARCADE_KEY = keyOf(match3, ARCADE);
const CLASSIC_KEY = keyOf(match3, undefined);
const BLAST_KEY = keyOf(blast, undefined);
const DAY = "2026-11-20";
const ARCADE_ARCHIVE = RULES_ARCHIVES[0] as RulesArchive;

/** Runs one statement with `?` placeholders on either backend. */
type Exec = (sql: string, params?: unknown[]) => Promise<void>;

/**
 * An Arcade snapshot as the first rules left it: a symbol over an empty cell (no gravity then),
 * which the new rules' `load` refuses.
 */
function floatingArcadeState(): string {
  const started = startGame(match3, 7, ARCADE);
  if (!started.ok) throw new Error("arcade");
  const state = started.value as BaseState & { board: string[] };
  const board = [...state.board];
  const h = board.length;
  const w = (board[0] as string).length;
  board[h - 1] = ".".repeat(w);
  board[h - 2] = `^${".".repeat(w - 1)}`;
  return JSON.stringify({ ...state, board });
}

/** What the service at migration 010 held: entries, replays and sessions of the old Arcade rules. */
async function fillOldDatabase(exec: Exec, ts: (iso: string) => unknown): Promise<void> {
  const at = ts("2026-11-20T10:00:00.000Z");
  const score = (id: number, game: string, key: string, name: string, points: number, day = "") =>
    exec(
      `INSERT INTO scores (id, game, config_key, name, score, seed, replay_hash, created_at, board, day, player)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'unaided', ?, NULL)`,
      [id, game, key, name, points, 100 + id, `session:old-${id}`, at, day],
    );
  await score(1, "match3", ARCADE_KEY, "Old Arcade", 900);
  await score(2, "match3", ARCADE_KEY, "Older Arcade", 400);
  await score(3, "match3", ARCADE_KEY, "Old Daily", 700, DAY);
  await score(4, "match3", CLASSIC_KEY, "Classic", 120);
  await score(5, "blast", BLAST_KEY, "Blaster", 3000);
  const replay = (id: number, game: string, config: string, commands: string, moves: number) =>
    exec(
      `INSERT INTO replays (score_id, game, seed, config, commands, moves, curve, created_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`,
      [id, game, 100 + id, config, commands, moves, at],
    );
  await replay(1, "match3", ARCADE_KEY, '[{"cmd":"move","move":"L"},{"cmd":"tick"},{"cmd":"tick"}]', 1);
  await replay(4, "match3", CLASSIC_KEY, "[]", 0);
  const session = async (id: string, game: string, config: unknown, fair: string | null) => {
    await exec(
      `INSERT INTO sessions (id, game, seed, config, created_at, updated_at, ranked, name, fair)
       VALUES (?, ?, 7, ?, ?, ?, ?, 'Old', ?)`,
      [id, game, JSON.stringify(config ?? null), at, at, fair === null ? 0 : 1, fair],
    );
  };
  // A ranked Arcade game in play: its snapshot has a symbol floating over a gap, and commands after.
  const arcade = startGame(match3, 7, ARCADE);
  if (!arcade.ok) throw new Error("arcade");
  const fair = fairText({
    kind: "ranked",
    player: "old-player",
    day: null,
    practice: false,
    assisted: false,
    startedAt: Date.parse("2026-11-20T09:59:00.000Z"),
    clock: startClock(match3, arcade.value),
  });
  await session("old-arcade", "match3", ARCADE, fair);
  for (const [seq, command] of ['{"cmd":"tick"}', '{"cmd":"tick"}', '{"cmd":"move","move":"R"}'].entries())
    await exec("INSERT INTO session_commands (session_id, seq, command) VALUES ('old-arcade', ?, ?)", [
      seq,
      command,
    ]);
  await exec("INSERT INTO session_snapshots (session_id, seq, state) VALUES ('old-arcade', 2, ?)", [
    floatingArcadeState(),
  ]);
  // An unranked Arcade game with no snapshot: its commands would simply play another game now.
  await session("old-arcade-free", "match3", ARCADE, null);
  await exec(
    `INSERT INTO session_commands (session_id, seq, command) VALUES ('old-arcade-free', 0, '{"cmd":"tick"}')`,
  );
  // Games whose rules did not change: they play on.
  await session("old-classic", "match3", undefined, null);
  await session("old-blast", "blast", undefined, null);
}

/** The boards, replays and sessions after the migration, through the real routes. */
async function checkMigrated(app: App): Promise<void> {
  const board = async (game: string, query: string) => {
    const res = await send(app, "GET", `/api/leaderboards/${game}?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Json;
  };
  const arcade = `config=${encodeURIComponent(JSON.stringify(ARCADE))}`;
  // The current Arcade boards are empty: all-time and the day's.
  expect((await board("match3", arcade)).total).toBe(0);
  expect((await board("match3", `${arcade}&day=${DAY}`)).total).toBe(0);
  // The old entries are kept, on the archived board of rules 1.
  const archived = await board("match3", `${arcade}&rules=1`);
  expect(archived.rules).toBe(1);
  expect(archived.entries.map((e: Json) => [e.rank, e.name, e.score, e.replay])).toEqual([
    [1, "Old Arcade", 900, 1],
    [2, "Older Arcade", 400, 2],
  ]);
  expect((await board("match3", `${arcade}&day=${DAY}&rules=1`)).entries.map((e: Json) => e.name)).toEqual([
    "Old Daily",
  ]);
  // Asking for the current version by number is the current board; a later one is refused.
  expect((await board("match3", `${arcade}&rules=2`)).total).toBe(0);
  const later = await send(app, "GET", `/api/leaderboards/match3?${arcade}&rules=3`);
  expect(later.status, later.text).toBe(400);
  // Classic Match-3 and Block Blast are untouched (classic has no archived board).
  expect((await board("match3", "")).entries.map((e: Json) => [e.name, e.score])).toEqual([["Classic", 120]]);
  expect((await board("match3", "rules=1")).total).toBe(1);
  expect((await board("blast", "")).entries.map((e: Json) => [e.name, e.score])).toEqual([["Blaster", 3000]]);

  // The old Arcade replay: a clear 410 on both routes; the classic one is still answered.
  for (const url of ["/api/replays/1", "/api/replays/1/scores"]) {
    const res = await send(app, "GET", url);
    expect(res.status, res.text).toBe(410);
    expect(res.body.error.code).toBe("RULES_CHANGED");
    expect(res.body.error.message).toContain("version 1");
  }
  const classic = await send(app, "GET", "/api/replays/4");
  expect(classic.status, classic.text).toBe(200);
  expect((await send(app, "GET", "/api/replays/4/scores")).status).toBe(200);

  // The old Arcade sessions: 410 for a read, a question and a move, again after a cache clear.
  for (let round = 0; round < 2; round++) {
    for (const id of ["old-arcade", "old-arcade-free"]) {
      for (const [method, url, body] of [
        ["GET", `/api/games/${id}`, undefined],
        ["POST", `/api/games/${id}/commands`, { cmd: "state" }],
        ["POST", `/api/games/${id}/commands`, { cmd: "tick" }],
        ["POST", `/api/games/${id}/commands`, { cmd: "move", move: "L" }],
      ] as const) {
        const res = await send(app, method, url, body);
        expect(res.status, `${method} ${url} ${res.text}`).toBe(410);
        expect(res.body.error.code).toBe("RULES_CHANGED");
        expect(res.body.error.message).toMatch(/version 1 .* version 2/);
      }
    }
    app.sessions.clearCache();
  }
  // Nothing was logged on them.
  expect(await app.storage.length("old-arcade")).toBe(3);
  expect(await app.storage.length("old-arcade-free")).toBe(1);
  // Sessions of rules that did not change play on.
  for (const id of ["old-classic", "old-blast"]) {
    const res = await send(app, "GET", `/api/games/${id}`);
    expect(res.status, res.text).toBe(200);
  }
  const classicFrame = await send(app, "POST", "/api/games/old-classic/commands", {
    cmd: "frame",
    commands: "",
  });
  expect(classicFrame.status, classicFrame.text).toBe(200);

  // A new Arcade session is stamped with the new rules: it reads back after a cache clear.
  const created = await send(app, "POST", "/api/games", { game: "match3", seed: 3, config: ARCADE });
  expect(created.status, created.text).toBe(201);
  expect((await send(app, "POST", `/api/games/${created.body.id}/commands`, { cmd: "tick" })).status).toBe(
    200,
  );
  app.sessions.clearCache();
  const reread = await send(app, "GET", `/api/games/${created.body.id}`);
  expect(reread.status, reread.text).toBe(200);
  // A new-rules entry goes on the current board, not the archived one.
  const state = (startGame(match3, 3, ARCADE) as { ok: true; value: BaseState }).value;
  const entry = await app.leaderboards.enterSession({
    sessionId: "new-arcade",
    game: match3,
    seed: 3,
    name: "New Rules",
    state: { ...state, score: 50 } as BaseState,
  });
  expect(entry?.rank).toBe(1);
  expect((await board("match3", arcade)).entries.map((e: Json) => e.name)).toEqual(["New Rules"]);
  expect((await board("match3", `${arcade}&rules=1`)).total).toBe(2);
}

/** The scores table as rows, to compare before and after migrating again. */
const SCORE_ROWS = "SELECT id, game, config_key, rules FROM scores ORDER BY id";

let cluster: TestPostgres | undefined;
const apps: App[] = [];

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
});

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  await cluster?.stop();
});

async function open(options: { dataDir: string; databaseUrl?: string }): Promise<App> {
  const app = await buildApp(options);
  apps.push(app);
  return app;
}

async function close(app: App): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

describe("rules versions: Match-3 Arcade's first rules, migrated", () => {
  it("SQLite", async () => {
    const dataDir = tempDataDir();
    const old = oldSqlite(dataDir, BEFORE);
    await fillOldDatabase(
      async (sql, params = []) => {
        old.prepare(sql).run(...params);
      },
      (iso) => iso,
    );
    old.close();

    const app = await open({ dataDir });
    const db = (app.storage.handle as { db: Database.Database }).db;
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const migrated = db.prepare(SCORE_ROWS).all();
    expect(migrated).toContainEqual({ id: 1, game: "match3", config_key: `${ARCADE_KEY}#rules1`, rules: 1 });
    expect(migrated).toContainEqual({ id: 4, game: "match3", config_key: CLASSIC_KEY, rules: 1 });
    await checkMigrated(app);
    const after = db.prepare(SCORE_ROWS).all();
    // The new entry carries the new rules.
    expect(after.at(-1)).toMatchObject({ config_key: ARCADE_KEY, rules: 2 });
    // Archiving rules 1 again changes nothing (the statement a migration runs).
    expect(db.prepare(archiveRules(ARCADE_ARCHIVE)).run().changes).toBe(0);
    await close(app);

    // Migrations run again: none is applied, nothing moves.
    const again = await open({ dataDir });
    const dbAgain = (again.storage.handle as { db: Database.Database }).db;
    expect(dbAgain.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    expect(dbAgain.prepare(SCORE_ROWS).all()).toEqual(after);
    expect((await send(again, "GET", "/api/games/old-arcade")).status).toBe(410);
    await close(again);
  });

  it.skipIf(postgresSkipReason !== undefined)("PostgreSQL", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const pool = await oldPostgres(url, BEFORE);
    await fillOldDatabase(
      async (sql, params = []) => {
        let n = 0;
        await pool.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
      },
      (iso) => new Date(iso),
    );
    // The rows were written with their ids: the sequence goes on after them, as the service's would.
    await pool.query("SELECT setval(pg_get_serial_sequence('scores', 'id'), 5)");
    await pool.end();

    const app = await open({ dataDir: tempDataDir(), databaseUrl: url });
    const check = (app.storage.handle as { pool: pg.Pool }).pool;
    const version = await check.query<{ v: number }>("SELECT max(version) AS v FROM schema_migrations");
    expect(version.rows[0]?.v).toBe(MIGRATIONS.length);
    const rows = async () => (await check.query(SCORE_ROWS)).rows.map((r) => ({ ...r, id: Number(r.id) }));
    expect(await rows()).toContainEqual({
      id: 1,
      game: "match3",
      config_key: `${ARCADE_KEY}#rules1`,
      rules: 1,
    });
    await checkMigrated(app);
    const after = await rows();
    expect(after.at(-1)).toMatchObject({ config_key: ARCADE_KEY, rules: 2 });
    expect((await check.query(archiveRules(ARCADE_ARCHIVE))).rowCount).toBe(0);
    await close(app);

    const again = await open({ dataDir: tempDataDir(), databaseUrl: url });
    const checkAgain = (again.storage.handle as { pool: pg.Pool }).pool;
    const versions = await checkAgain.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schema_migrations",
    );
    expect(versions.rows[0]?.n).toBe(MIGRATIONS.length);
    expect((await checkAgain.query(SCORE_ROWS)).rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual(after);
    expect((await send(again, "GET", "/api/replays/1")).status).toBe(410);
    await close(again);
  });
});

describe("rules versions: every change is archived", () => {
  /** SQL's LIKE with `%` only (what the archives use), on a board key. */
  const like = (pattern: string, key: string) =>
    new RegExp(
      `^${pattern
        .split("%")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    ).test(key);

  it("Arcade is rules 2, classic Match-3 and the other games 1", () => {
    expect(rulesVersionOf(match3, ARCADE)).toBe(2);
    expect(rulesVersionOf(match3, { mode: "arcade", width: 5, height: 10, bricks: "easy", level: 3 })).toBe(
      2,
    );
    expect(rulesVersionOf(match3, undefined)).toBe(1);
    expect(rulesVersionOf(match3, { mode: "classic", input: "4 4" })).toBe(1);
    expect(rulesVersionOf(blast, undefined)).toBe(1);
    expect(rulesVersionOf(match3, { mode: "nonsense" })).toBe(1);
  });

  it("a game whose rules went past 1 has an archive for each earlier version of its configs' boards", () => {
    let checked = 0;
    for (const id of OFFERED_IDS) {
      const game = offeredGame(id) as NonNullable<ReturnType<typeof offeredGame>>;
      for (const config of [undefined, ...(game.contract?.configs ?? [])]) {
        const version = rulesVersionOf(game, config);
        const key = keyOf(game, config);
        for (let earlier = 1; earlier < version; earlier++) {
          checked++;
          const archived = RULES_ARCHIVES.some(
            (a) => a.game === id && a.version === earlier && like(a.configLike, key),
          );
          expect(
            archived,
            `${id} ${key}: rules ${version}, no archive of ${earlier} (store/migrations.ts)`,
          ).toBe(true);
        }
        // An archive never takes a board whose rules did not change.
        if (version === 1)
          expect(RULES_ARCHIVES.filter((a) => a.game === id && like(a.configLike, key))).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
