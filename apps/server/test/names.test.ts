/**
 * Leaderboard names through the real server, on SQLite and on PostgreSQL (issue 22, "Names"): the odd
 * names that were accepted before are refused with 400 BAD_NAME naming the rule, or folded into the
 * look-alike already on the board; ordinary names of many scripts enter as written; and a database
 * from before migration 006 keeps its entries' names while later look-alikes enter under them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { MIGRATIONS } from "../src/store/migrations.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, expectErrorShape, type Json, send, tempDataDir } from "./support.js";

/** 23 different combining marks on one letter (U+0300 to U+0316): 24 characters, as the report posted. */
const STACKED = `a${Array.from({ length: 23 }, (_, i) => String.fromCodePoint(0x300 + i)).join("")}`;

/** Each odd name of the issue, and what the refusal's message must say. */
const REFUSED: [what: string, name: string, rule: RegExp][] = [
  ["Latin with a Cyrillic А", "\u0410dmin", /one script.*mixes Cyrillic and Latin/],
  ["Latin with a Greek Η", "\u0397onest", /one script.*mixes Greek and Latin/],
  ["Latin with a Lisu look-alike", "\uA4EEdmin", /mixes Lisu and Latin/],
  ["23 stacked combining marks", STACKED, /at most 4 combining marks/],
  ["one mark twice on a letter", "e\u0301\u0301", /same combining mark twice \(U\+0301\)/],
  ["the Hangul filler U+3164", "\u3164", /show as nothing \(U\+3164/],
  ["the Hangul choseong filler U+115F", "\u115F", /show as nothing \(U\+115F/],
  ["a Hangul filler inside a name", "Bob\u3164", /show as nothing \(U\+3164/],
  ["the halfwidth Hangul filler U+FFA0", "\uFFA0\uFFA0", /show as nothing \(U\+FFA0/],
  ["the braille blank U+2800", "\u2800", /show as nothing \(U\+2800/],
  ["combining marks only", "\u0301\u0302", /at least one letter or digit/],
  ["a mark after a space", "Ada \u0301", /must follow a letter or digit/],
];

/** Names of many scripts that must enter as written (NFC). */
const ORDINARY = [
  "José",
  "Zoë",
  "Müller",
  "李小龍",
  "Иван",
  "محمد",
  "Ελένη",
  "O'Brien",
  "anne-marie",
  "山田 タロウ",
  "Nguyễn Văn Ấn",
  "김민준",
  "शर्मा",
  "Ana_Lu 2.0",
];

interface Board {
  /** A new app (a server process) on the board's database. */
  open(): Promise<App>;
  /** A database at migration 005 holding these entries, and an app opened on it. */
  openLegacy(entries: { name: string; score: number; at: string }[]): Promise<App>;
}

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

async function opened(app: Promise<App>): Promise<App> {
  apps.push(await app);
  return apps[apps.length - 1] as App;
}

/** One player per app: a player's own look-alikes fold into the spelling it took first. */
const players = new WeakMap<App, string>();

async function playerOf(app: App): Promise<string> {
  const known = players.get(app);
  if (known) return known;
  const made = await send(app, "POST", "/api/players");
  expect(made.status, made.text).toBe(201);
  const auth = `Bearer ${made.body.player}.${made.body.secret}`;
  players.set(app, auth);
  return auth;
}

async function call(app: App, url: string, body: unknown, auth: string) {
  const res = await app.inject({
    method: "POST",
    url,
    headers: { authorization: auth },
    payload: body as object,
  });
  return { status: res.statusCode, text: res.body, body: JSON.parse(res.body) as Json };
}

/**
 * Plays a ranked Block Blast session named `name` to its end (legal moves picked by a counter): the
 * answer is the refusal of the session, or the entry its last reply names (`body.name`).
 */
async function postAs(app: App, name: string) {
  const auth = await playerOf(app);
  const created = await call(app, "/api/games", { game: "blast", ranked: true, name }, auth);
  if (created.status !== 201) return created;
  const commands = `/api/games/${created.body.id}/commands`;
  let pick = 7;
  for (;;) {
    const legal = await call(app, commands, { cmd: "legal" }, auth);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    const moved = await call(app, commands, legal.body.legal[pick % legal.body.legal.length], auth);
    expect(moved.status, moved.text).toBe(200);
    if (moved.body.state.over) return { status: 201, text: moved.text, body: moved.body.entry as Json };
  }
}

async function boardNames(app: App): Promise<string[]> {
  const board = await send(app, "GET", "/api/leaderboards/blast?limit=100");
  expect(board.status, board.text).toBe(200);
  return board.body.entries.map((entry: Json) => entry.name as string);
}

function namesContract(backend: () => Board) {
  it("refuses each odd name with 400 BAD_NAME and the rule, and the same game enters under a plain name", async () => {
    const app = await backend().open();
    for (const [what, name, rule] of REFUSED) {
      const res = await postAs(app, name);
      expectErrorShape(res, "BAD_NAME");
      expect(res.status, what).toBe(400);
      expect(res.body.error.message, what).toMatch(rule);
    }
    // A refused name starts nothing; a plain one plays and enters.
    const entered = await postAs(app, "Admin");
    expect(entered.status, entered.text).toBe(201);
    expect(await boardNames(app)).toEqual(["Admin"]);
  });

  it("enters names of many scripts as written", async () => {
    const app = await backend().open();
    for (const name of ORDINARY) {
      const res = await postAs(app, name);
      expect(res.status, `${name}: ${res.text}`).toBe(201);
      expect(res.body.name).toBe(name);
    }
    // NFC as well as NFKC: a decomposed ë is stored composed.
    expect((await postAs(app, "Chloe\u0308")).body.name).toBe("Chloë");
    expect((await boardNames(app)).sort()).toEqual([...ORDINARY, "Chloë"].sort());
  });

  it("folds fullwidth letters, case and whole-script look-alikes into the first spelling on the board", async () => {
    const app = await backend().open();
    const enteredAs = async (name: string) => {
      const res = await postAs(app, name);
      expect(res.status, `${name}: ${res.text}`).toBe(201);
      return res.body.name as string;
    };
    expect(await enteredAs("Honest")).toBe("Honest");
    // Fullwidth ＨＯＮＥＳＴ is HONEST by NFKC; HONEST and honest look like Honest but for case.
    expect(await enteredAs("\uFF28\uFF2F\uFF2E\uFF25\uFF33\uFF34")).toBe("Honest");
    expect(await enteredAs("honest")).toBe("Honest");
    expect(await enteredAs("Honest")).toBe("Honest");
    // All-Latin, then all-Cyrillic ВОВ and all-Greek ΒΟΒ: one script per word, the same skeleton.
    expect(await enteredAs("BOB")).toBe("BOB");
    expect(await enteredAs("\u0412\u041E\u0412")).toBe("BOB");
    expect(await enteredAs("\u0392\u039F\u0392")).toBe("BOB");
    // And the other way round: the Cyrillic spelling came first, the Latin one enters under it.
    expect(await enteredAs("\u0421\u0415\u0421")).toBe("\u0421\u0415\u0421");
    expect(await enteredAs("CEC")).toBe("\u0421\u0415\u0421");
    // Names that only resemble each other stay apart.
    expect(await enteredAs("Honesty")).toBe("Honesty");
    const names = await boardNames(app);
    expect(names).toHaveLength(10);
    expect(new Set(names)).toEqual(new Set(["Honest", "BOB", "\u0421\u0415\u0421", "Honesty"]));
  });

  it("holds unranked sessions to the same rules: refused when created", async () => {
    const app = await backend().open();
    const refused = await send(app, "POST", "/api/games", { game: "blast", name: "\u0397onest" });
    expectErrorShape(refused, "BAD_NAME");
    expect(refused.status).toBe(400);
  });

  it("keeps the names of a board from before migration 006, and a later look-alike enters under the oldest", async () => {
    const app = await backend().openLegacy([
      { name: "honest", score: 50, at: "2026-02-01T10:00:00.000Z" },
      { name: "Honest", score: 40, at: "2026-01-01T10:00:00.000Z" },
      { name: "\u0410dmin", score: 30, at: "2026-03-01T10:00:00.000Z" },
      { name: "Zoë", score: 20, at: "2026-03-02T10:00:00.000Z" },
    ]);
    // The entries keep their names, even one today's rules would refuse.
    expect(await boardNames(app)).toEqual(["honest", "Honest", "\u0410dmin", "Zoë"]);
    const honest = await postAs(app, "HONEST");
    expect(honest.status, honest.text).toBe(201);
    expect(honest.body.name).toBe("Honest");
    // The Latin spelling of an old Cyrillic-А name is that name: it looks the same.
    expect((await postAs(app, "Admin")).body.name).toBe("\u0410dmin");
    expect((await postAs(app, "ZOË")).body.name).toBe("Zoë");
    expect((await postAs(app, "Ada")).body.name).toBe("Ada");
  });
}

describe("names on SQLite", () => {
  namesContract(() => ({
    open: () => opened(buildApp({ dataDir: tempDataDir(), security: { rateLimit: false } })),
    async openLegacy(entries) {
      const dataDir = tempDataDir();
      mkdirSync(dataDir, { recursive: true });
      const old = new Database(join(dataDir, "blockarcade.sqlite"));
      for (const migration of MIGRATIONS.slice(0, 5)) old.exec(migration.sqlite);
      old.pragma("user_version = 5");
      const insert = old.prepare(
        "INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at) VALUES ('blast', '{}', ?, ?, ?, ?, ?)",
      );
      entries.forEach((entry, i) => {
        insert.run(entry.name, entry.score, i + 1, `old-${i}`, entry.at);
      });
      old.close();
      return opened(buildApp({ dataDir, security: { rateLimit: false } }));
    },
  }));
});

describe.skipIf(postgresSkipReason !== undefined)("names on PostgreSQL", () => {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const onDatabase = (databaseUrl: string) =>
    opened(buildApp({ dataDir: tempDataDir(), databaseUrl, security: { rateLimit: false } }));
  const fresh = async () => {
    if (!server) throw new Error("no PostgreSQL");
    return freshDatabase(server);
  };

  namesContract(() => ({
    open: async () => onDatabase(await fresh()),
    async openLegacy(entries) {
      const url = await fresh();
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await pool.query(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
      );
      for (const [i, migration] of MIGRATIONS.slice(0, 5).entries()) {
        await pool.query(migration.postgres);
        await pool.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
          i + 1,
          migration.name,
        ]);
      }
      for (const [i, entry] of entries.entries()) {
        await pool.query(
          "INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at) VALUES ('blast', '{}', $1, $2, $3, $4, $5)",
          [entry.name, entry.score, i + 1, `old-${i}`, entry.at],
        );
      }
      await pool.end();
      return onDatabase(url);
    },
  }));

  it("two servers racing to take look-alike names enter both under one spelling", async () => {
    const url = await fresh();
    const [a, b] = [await onDatabase(url), await onDatabase(url)];
    for (const [first, second] of [
      ["Racer", "RACER"],
      ["\u0412\u041E\u0412", "BOB"],
      ["Ida", "lda"],
    ] as const) {
      // One player on both servers: its own look-alikes fold into one spelling.
      players.set(b, await playerOf(a));
      const [one, two] = await Promise.all([postAs(a, first), postAs(b, second)]);
      expect([one.status, two.status], `${one.text} ${two.text}`).toEqual([201, 201]);
      expect([first, second]).toContain(one.body.name);
      expect(two.body.name).toBe(one.body.name);
    }
    const names = await boardNames(a);
    expect(names).toHaveLength(6);
    expect(new Set(names).size).toBe(3);
  });
});
