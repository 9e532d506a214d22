import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage, removeMemoryStorage } from "../testing/memory-storage";
import { type RealServer, startRealServer } from "../testing/real-server";
import {
  type BoardQuery,
  boardPath,
  COPIES_KEY,
  copyKey,
  leaderboardHref,
  loadBoard,
  MAX_COPIES,
  type PagedBoard,
  pagesOf,
  parsePagedBoard,
  readCopy,
  saveCopy,
  watchHref,
} from "./boards-api";
import { boardChoices, configFromSearch } from "./leaderboard-page";
import { authorization, ensurePlayer, forgetPlayer } from "./player";

let data: Map<string, string>;
beforeEach(() => {
  data = installMemoryStorage();
});
afterEach(removeMemoryStorage);

const query = (over: Partial<BoardQuery> = {}): BoardQuery => ({
  game: "puzzle",
  config: { rows: 8, cols: 8 },
  board: "unaided",
  period: "all",
  offset: 0,
  limit: 10,
  ...over,
});
const entry = (rank: number, name: string, score: number, replay?: number) => ({
  rank,
  name,
  score,
  date: "2026-11-27T10:00:00.000Z",
  ...(replay === undefined ? {} : { replay }),
});
/** A one-entry board named for its only player (the offline copy's and loadBoard's tests). */
const board = (name: string): PagedBoard => ({
  game: "puzzle",
  board: "unaided",
  period: "all",
  total: 1,
  offset: 0,
  limit: 10,
  entries: [entry(1, name, 50, 3)],
});

describe("parsePagedBoard", () => {
  it("reads the contract's answer: total, offset, period, replay ids and the player's place", () => {
    const answer = {
      game: "puzzle",
      config: { rows: 8, cols: 8 },
      board: "help",
      period: "week",
      total: 37,
      offset: 10,
      limit: 10,
      entries: [entry(11, "Ada", 90, 5), entry(11, "Bob", 90, 6), entry(13, "Cy", 80, 7)],
      me: {
        rank: 12,
        entry: entry(12, "Me", 85, 9),
        around: [entry(11, "Ada", 90, 5), entry(12, "Me", 85, 9)],
      },
    };
    const board = parsePagedBoard(answer, query({ board: "help", period: "week", offset: 10 }));
    expect(board).toEqual({
      game: "puzzle",
      board: "help",
      period: "week",
      total: 37,
      offset: 10,
      limit: 10,
      entries: answer.entries,
      me: answer.me,
    });
  });

  it("reads an older server's answer (no total, offset or replay) as the page asked for", () => {
    const board = parsePagedBoard({ entries: [entry(1, "Ada", 9)] }, query({ offset: 20 }));
    expect(board?.total).toBe(21);
    expect(board?.offset).toBe(20);
    expect(board?.entries[0]?.replay).toBeUndefined();
    expect(board?.me).toBeUndefined();
  });

  it("a player with no entry is `me: null`; a total below the entries shown is raised to them", () => {
    const board = parsePagedBoard(
      { entries: [entry(1, "A", 3), entry(2, "B", 2)], total: 1, me: null },
      query(),
    );
    expect(board?.me).toBeNull();
    expect(board?.total).toBe(2);
  });

  it("refuses what is not a board: entries missing or malformed, a malformed place", () => {
    expect(parsePagedBoard({}, query())).toBeUndefined();
    expect(parsePagedBoard({ entries: [{ rank: -1, name: "A", score: 1 }] }, query())).toBeUndefined();
    expect(parsePagedBoard({ entries: [{ rank: 1, name: 7, score: 1 }] }, query())).toBeUndefined();
    expect(parsePagedBoard({ entries: [], me: { rank: 1 } }, query())).toBeUndefined();
    expect(parsePagedBoard([], query())).toBeUndefined();
  });

  it("keeps at most the page's entries, and drops a replay id that is not a count", () => {
    const many = Array.from({ length: 15 }, (_, i) => entry(i + 1, `P${i}`, 100 - i, i));
    const board = parsePagedBoard({ entries: many, total: 15 }, query({ limit: 10 }));
    expect(board?.entries).toHaveLength(10);
    const odd = parsePagedBoard({ entries: [{ ...entry(1, "A", 1), replay: "x" }] }, query());
    expect(odd?.entries[0]).toEqual(entry(1, "A", 1));
  });
});

describe("paging", () => {
  it("says the range shown and where the pages before and after start", () => {
    expect(pagesOf({ offset: 0, limit: 10, total: 37 })).toEqual({ next: 10, label: "1\u201310 of 37" });
    expect(pagesOf({ offset: 10, limit: 10, total: 37 })).toEqual({
      previous: 0,
      next: 20,
      label: "11\u201320 of 37",
    });
    expect(pagesOf({ offset: 30, limit: 10, total: 37 })).toEqual({
      previous: 20,
      label: "31\u201337 of 37",
    });
    expect(pagesOf({ offset: 0, limit: 10, total: 10 })).toEqual({ label: "1\u201310 of 10" });
    expect(pagesOf({ offset: 0, limit: 10, total: 0 })).toEqual({ label: "" });
    // A page past the end (the board shrank): the way back, no range.
    expect(pagesOf({ offset: 40, limit: 10, total: 37 })).toEqual({ previous: 30, label: "" });
  });

  it("asks the server for the page, the board, the period and the player's place", () => {
    const path = boardPath(query({ offset: 20, period: "today", board: "help" }), true);
    const url = new URL(path, "http://x");
    expect(url.pathname).toBe("/api/leaderboards/puzzle");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      config: '{"rows":8,"cols":8}',
      board: "help",
      period: "today",
      limit: "10",
      offset: "20",
      around: "me",
    });
    expect(new URL(boardPath(query(), false), "http://x").searchParams.has("around")).toBe(false);
  });

  it("links: Watch opens the replay viewer, the game-over link opens the board of its config", () => {
    expect(watchHref(42)).toBe("/replay/42");
    expect(leaderboardHref("blast")).toBe("/games/blast/leaderboard");
    const href = leaderboardHref("stacker", { size: 12 }, "help");
    expect(href).toBe("/games/stacker/leaderboard?config=%7B%22size%22%3A12%7D&board=help");
    expect(configFromSearch(new URL(href, "http://x").search)).toEqual({ size: 12 });
    expect(configFromSearch("?config=%7Bnot")).toBeUndefined();
  });
});

describe("the config picker's choices", () => {
  const reader = {
    parseConfig: (raw: unknown) => puzzleGame.parseConfig(raw),
    label: (c: unknown) => `${(c as { rows: number }).rows} x ${(c as { cols: number }).cols}`,
  };
  const common = [
    { rows: 8, cols: 8 },
    { rows: 10, cols: 10 },
  ];

  it("opens on the config played (the URL's first), one choice per board whatever the key order", () => {
    const { choices, open } = boardChoices(reader, common, [
      { cols: 10, rows: 10 },
      { rows: 6, cols: 9 },
    ]);
    expect(choices.map((c) => c.label)).toEqual(["8 x 8", "10 x 10", "6 x 9"]);
    expect(open).toBe(1);
  });

  it("a config the engine refuses is left out; nothing played opens the first", () => {
    const { choices, open } = boardChoices(reader, common, [undefined, { rows: 99, cols: 1 }]);
    expect(choices).toHaveLength(2);
    expect(open).toBe(0);
  });
});

describe("the offline copy", () => {
  it("keeps each page read, found again by the same board in any key order", () => {
    saveCopy(query(), board("Ada"), new Date("2026-11-27T08:00:00Z"));
    const copy = readCopy(query({ config: { cols: 8, rows: 8 } }));
    expect(copy).toEqual({ board: board("Ada"), savedAt: "2026-11-27T08:00:00.000Z" });
    // Another period, page or board kind is another copy.
    expect(readCopy(query({ period: "week" }))).toBeUndefined();
    expect(readCopy(query({ offset: 10 }))).toBeUndefined();
    expect(readCopy(query({ board: "help" }))).toBeUndefined();
  });

  it("keeps the latest pages only, the oldest read going first", () => {
    for (let i = 0; i <= MAX_COPIES; i++) {
      saveCopy(query({ offset: i * 10 }), board(`P${i}`), new Date(Date.UTC(2026, 10, 27, 0, i)));
    }
    const kept = JSON.parse(data.get(COPIES_KEY) ?? "{}") as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(MAX_COPIES);
    expect(kept[copyKey(query({ offset: 0 }))]).toBeUndefined();
    expect(readCopy(query({ offset: MAX_COPIES * 10 }))?.board.entries[0]?.name).toBe(`P${MAX_COPIES}`);
  });

  it("a damaged copy reads as none", () => {
    data.set(COPIES_KEY, "{not json");
    expect(readCopy(query())).toBeUndefined();
    data.set(COPIES_KEY, JSON.stringify({ [copyKey(query())]: { savedAt: "never", board: board("A") } }));
    expect(readCopy(query())).toBeUndefined();
    data.set(
      COPIES_KEY,
      JSON.stringify({ [copyKey(query())]: { savedAt: "2026-11-27T08:00:00Z", board: {} } }),
    );
    expect(readCopy(query())).toBeUndefined();
  });
});

describe("loadBoard", () => {
  // A port nothing listens on: the connection is refused, as with no network.
  let closedBase = "";
  let app: RealServer;
  beforeAll(async () => {
    const net = (await import(/* @vite-ignore */ `node:${"net"}`)) as {
      createServer(): {
        listen(port: number, host: string, done: () => void): void;
        address(): { port: number };
        close(done: () => void): void;
      };
    };
    const s = net.createServer();
    await new Promise<void>((done) => s.listen(0, "127.0.0.1", done));
    closedBase = `http://127.0.0.1:${s.address().port}`;
    await new Promise<void>((done) => s.close(done));
    app = await startRealServer("boards");
  });
  afterAll(async () => {
    await app.close();
  });

  it("offline, it shows the last copy and when it was read; without one it says it is offline", async () => {
    const none = await loadBoard(query(), { base: closedBase });
    expect(none).toMatchObject({ ok: false, kind: "offline" });
    saveCopy(query(), board("Ada"), new Date("2026-11-26T21:00:00Z"));
    const shown = await loadBoard(query(), { base: closedBase });
    expect(shown).toEqual({
      ok: true,
      value: { board: board("Ada"), offlineSince: "2026-11-26T21:00:00.000Z" },
    });
  });

  it("from the real service: the page read fresh, kept as the copy the page shows offline", async () => {
    const fresh = await loadBoard(query({ period: "week" }), {
      base: app.base,
      now: () => new Date("2026-11-27T09:30:00Z"),
    });
    if (!fresh.ok) throw new Error(fresh.message);
    expect(fresh.value.offlineSince).toBeUndefined();
    expect(fresh.value.board).toMatchObject({ total: 0, offset: 0, entries: [], period: "week" });
    const later = await loadBoard(query({ period: "week" }), { base: closedBase });
    expect(later.ok && later.value.offlineSince).toBe("2026-11-27T09:30:00.000Z");
  });

  it("with a player on this device it asks for the player's place (null: no entry yet)", async () => {
    const player = await ensurePlayer({ base: app.base });
    if (!player.ok) throw new Error(player.message);
    // The header the page sends is the player's (shell/player.ts).
    expect(authorization(player.value).authorization).toMatch(/^Bearer /);
    const shown = await loadBoard(query(), { base: app.base });
    forgetPlayer();
    if (!shown.ok) throw new Error(shown.message);
    expect(shown.value.board.me).toBeNull();
  });

  /** One ranked 5 x 5 game played to its end through the real API: the first legal move each time. */
  async function playRanked(headers: Record<string, string>, name: string): Promise<number> {
    const post = (path: string, body: unknown) =>
      fetch(`${app.base}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const config = { rows: 5, cols: 5 };
    const created = await post("/api/games", { game: "puzzle", config, ranked: true, name });
    let state = created.state as { over: boolean; score: number };
    while (!state.over) {
      const legal = (await post(`/api/games/${created.id}/commands`, { cmd: "legal" })).legal as unknown[];
      state = (await post(`/api/games/${created.id}/commands`, legal[0])).state as typeof state;
    }
    return state.score;
  }

  it("pages a board the real service filled, and marks the player's own entry with its replay id", async () => {
    const other = await fetch(`${app.base}/api/players`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    }).then((r) => r.json() as Promise<{ player: string; secret: string }>);
    const scores = [await playRanked({ authorization: `Bearer ${other.player}.${other.secret}` }, "Other")];
    const me = await ensurePlayer({ base: app.base });
    if (!me.ok) throw new Error(me.message);
    scores.push(await playRanked(authorization(me.value), "Me"));
    const five = query({ config: { rows: 5, cols: 5 }, limit: 1 });
    const first = await loadBoard(five, { base: app.base });
    const second = await loadBoard({ ...five, offset: 1 }, { base: app.base });
    forgetPlayer();
    if (!first.ok || !second.ok) throw new Error("no board");
    const pages = [first.value.board, second.value.board];
    expect(pages.map((b) => b.total)).toEqual([2, 2]);
    expect(pages.map((b) => b.entries.length)).toEqual([1, 1]);
    expect(pagesOf(pages[0] as PagedBoard)).toEqual({ next: 1, label: "1\u20131 of 2" });
    expect(pagesOf(pages[1] as PagedBoard)).toEqual({ previous: 0, label: "2\u20132 of 2" });
    const shown = pages.flatMap((b) => b.entries);
    expect(shown.map((e) => e.score).sort()).toEqual([...scores].sort());
    // The player's place: the entry named Me, with a replay id, among its neighbours.
    const mine = first.value.board.me;
    expect(mine?.entry.name).toBe("Me");
    expect(mine?.entry.score).toBe(scores[1]);
    expect(mine?.entry.replay).toBe(shown.find((e) => e.name === "Me")?.replay);
    expect(mine?.around.map((e) => e.name).sort()).toEqual(["Me", "Other"]);
  });
});
