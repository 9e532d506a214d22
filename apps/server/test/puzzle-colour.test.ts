/**
 * Stored Puzzle sessions from before Puzzle spelled a tray block's `colour` like the protocol (it
 * wrote `color`): a snapshot and a logged `load` in the old spelling, put in the database as the old
 * server wrote them, rebuild through the game's `load` and play on (docs/games/puzzle.md "Colour
 * spelling"). Through inject(), with a restart between writing and reading (a rebuild, not the cache).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";

type App = Awaited<ReturnType<typeof buildApp>>;
const open: App[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

async function start(dataDir: string): Promise<App> {
  const app = await buildApp({ dataDir });
  open.push(app);
  return app;
}

async function stop(app: App): Promise<void> {
  open.splice(open.indexOf(app), 1);
  await app.close();
}

/** A position as the old engine wrote it (state replies, snapshots, saves): tray blocks with `color`. */
const OLD_STATE =
  '{"game":"puzzle","seed":2026,"score":16,"over":false,"board":[".PP.OOOO","PP..G...","....G...","...GG...","B.......","B.......","BB......","........"],"rng":{"s":[359489542,403443395,482253009,25]},"config":{"rows":8,"cols":8},"tray":[{"id":"L6","baseShape":"L","color":"#800080","shape":["#..","###"]},null,{"id":"hook2","baseShape":"hook","color":"#00FFFF","shape":["##",".#"]}],"round":2,"lines":0}';

/**
 * A Puzzle session whose first logged command is a `load` of the old position, as the old server
 * logged it (the record keeps the state as sent), with or without the snapshot written after it.
 */
async function oldSession(dataDir: string, withSnapshot: boolean): Promise<string> {
  const app = await start(dataDir);
  const created = await app.inject({
    method: "POST",
    url: "/api/games",
    payload: { game: "puzzle", seed: 2026 },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const logged = await app.storage.append(id, {
    seq: 0,
    command: `{"cmd":"load","state":${OLD_STATE}}`,
    snapshot: withSnapshot ? OLD_STATE : undefined,
    unrank: true,
  });
  expect(logged).toBe(true);
  await stop(app);
  return id;
}

describe("a Puzzle session stored with the old spelling `color`", () => {
  for (const [what, withSnapshot] of [
    ["its latest snapshot", true],
    ["a logged load command (no snapshot)", false],
  ] as const) {
    it(`rebuilds from ${what}, answers \`colour\`, and plays on after a restart`, async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), "ba-colour-")), "data");
      const id = await oldSession(dataDir, withSnapshot);

      const app = await start(dataDir);
      const read = await app.inject({ method: "GET", url: `/api/games/${id}` });
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('"color"');
      const state = read.json().state;
      expect(read.json().seq).toBe(1);
      expect(state.score).toBe(16);
      expect(state.tray).toEqual([
        { id: "L6", baseShape: "L", colour: "#800080", shape: ["#..", "###"] },
        null,
        { id: "hook2", baseShape: "hook", colour: "#00FFFF", shape: ["##", ".#"] },
      ]);

      // The old game's next move, as the old server would have played it, now answered in `colour`.
      const placed = await app.inject({
        method: "POST",
        url: `/api/games/${id}/commands`,
        payload: { cmd: "place", piece: 0, row: 1, col: 5 },
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().events[0]).toEqual({
        type: "placed",
        piece: 0,
        id: "L6",
        colour: "#800080",
        row: 1,
        col: 5,
        cells: [
          [1, 5],
          [2, 5],
          [2, 6],
          [2, 7],
        ],
      });
      const after = placed.json().state;
      expect(after.score).toBe(20);
      await stop(app);

      // Once more from storage: the old entry and the new command replay to the same position.
      const again = await start(dataDir);
      const reread = await again.inject({ method: "GET", url: `/api/games/${id}` });
      expect(reread.statusCode).toBe(200);
      expect(reread.json()).toMatchObject({ seq: 2, ranked: false, state: after });
    });
  }
});
