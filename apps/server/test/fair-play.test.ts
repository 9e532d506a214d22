/**
 * Fair play (issue 22 items 1, 2, 4, 5; docs/service.md "Fair play") through the real server, on
 * SQLite and on a real PostgreSQL where the boards live there: a ranked client sees no more of the
 * next deal than chance, a game the computer player helped is never on the unaided board, a second
 * daily attempt is practice, a question is never part of a game, a real-time game keeps the server's
 * clock, and the routes that ranked posted games answer 410. Time is the app's own clock option
 * (`sessions.now`), moved by the test: no verdict depends on the machine's speed.
 */
import { type AnyGame, handleCommand } from "@blockarcade/engine/core";
import { type BlastState, blastGame } from "@blockarcade/engine/games/blast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "../src/scores/daily.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import {
  type Answer,
  type Client,
  type ClockedApp,
  call,
  expectRefused,
  type Json,
  localCopy,
  newPlayer,
  openClockedApp,
} from "./support.js";

/** Nothing a ranked client is sent may carry the random source or the seed, at any depth. */
function expectNoFuture(value: unknown, what: string): void {
  const text = JSON.stringify(value);
  expect(text, what).not.toMatch(/"rng"|"seed"|"bag"/);
}

async function start(client: Client, body: Record<string, unknown>): Promise<Answer> {
  const res = await call(client, "POST", "/api/games", body);
  expect(res.status, res.text).toBe(201);
  expectNoFuture(res.body, "create");
  return res;
}

async function command(client: Client, id: string, cmd: Record<string, unknown>): Promise<Answer> {
  const res = await call(client, "POST", `/api/games/${id}/commands`, cmd);
  if (res.body?.state) expectNoFuture(res.body, JSON.stringify(cmd));
  return res;
}

/** Plays a ranked session to its end with legal moves picked by a seeded counter. */
async function playToEnd(client: Client, game: AnyGame, id: string, first: unknown): Promise<Answer> {
  let view = first;
  let pick = 7;
  for (let i = 0; i < 5000; i++) {
    const state = localCopy(game, view);
    const legal = game.legal(state);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    const move = legal[pick % legal.length];
    const res = await command(client, id, move as Record<string, unknown>);
    expect(res.status, res.text).toBe(200);
    view = res.body.state;
    if (res.body.state.over) return res;
  }
  throw new Error("the game did not end");
}

async function board(client: Client, game: string, query = ""): Promise<Json[]> {
  const res = await call(client, "GET", `/api/leaderboards/${game}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.entries;
}

type Opened = ClockedApp;

function fairPlayContract(open: () => Promise<Opened>) {
  it("answers a ranked client public views only: create, moves, refusals, questions, GET", async () => {
    const { app } = await open();
    const ada = await newPlayer(app);
    const created = await start(ada, { game: "blast", ranked: true, name: "Ada" });
    expect(created.body).toMatchObject({ ranked: true, kind: "ranked", assisted: false, practice: false });
    const id = created.body.id;
    expect(created.body.state.tray).toHaveLength(3);
    for (const cmd of [{ cmd: "state" }, { cmd: "legal" }, { cmd: "place", piece: 0, row: 99, col: 0 }]) {
      const res = await command(ada, id, cmd);
      expect(res.body.state.board).toEqual(created.body.state.board);
    }
    expectNoFuture((await call(ada, "GET", `/api/games/${id}`)).body, "GET");
    // Questions are never logged: the session is still at 0 commands.
    expect((await call(ada, "GET", `/api/games/${id}`)).body.seq).toBe(0);
    // An unranked session is the fully visible game it always was.
    const visible = await call(ada, "POST", "/api/games", { game: "blast", seed: 5 });
    expect(visible.body.state.seed).toBe(5);
    expect(visible.body.state.rng).toBeDefined();
    expect(visible.body.ranked).toBe(false);
  });

  it("finding 2: a prediction of Block Blast's next tray from all a ranked client saw matches no more than chance", async () => {
    const { app } = await open();
    const ada = await newPlayer(app);
    /** Plays sessions made with `body`, predicting every deal; answers [deals, predicted right]. */
    const predict = async (body: Record<string, unknown>): Promise<[number, number]> => {
      let matched = 0;
      let deals = 0;
      for (let game = 0; game < 3 && deals < 12; game++) {
        const created = await call(ada, "POST", "/api/games", body);
        expect(created.status, created.text).toBe(201);
        const id = created.body.id;
        let seen = created.body.state;
        while (!seen.over && deals < 12) {
          // The attacker's best: load everything it was sent (as the 19-line client loaded `rng`)
          // and play the move locally; without the random source its deal is a guess.
          const loaded = blastGame.load(seen, blastGame.newGame({}, 0));
          if (!loaded.ok) throw new Error(loaded.error.message);
          const [move] = blastGame.legal(loaded.value);
          if (move === undefined) break;
          const predicted = handleCommand(blastGame, loaded.value, move);
          const res = await call(ada, "POST", `/api/games/${id}/commands`, move);
          expect(res.status, res.text).toBe(200);
          const dealt = res.body.events.find((e: Json) => e.type === "dealt");
          if (dealt) {
            deals++;
            const guess = (predicted.reply as Json).events.find((e: Json) => e.type === "dealt");
            if (JSON.stringify(guess?.tray) === JSON.stringify(dealt.tray)) matched++;
          }
          seen = res.body.state;
        }
      }
      return [deals, matched];
    };
    // The same client against an unranked game, whose state carries its random source: every deal.
    const [openDeals, openMatched] = await predict({ game: "blast" });
    expect(openDeals).toBeGreaterThanOrEqual(5);
    expect(openMatched).toBe(openDeals);
    const [deals, matched] = await predict({ game: "blast", ranked: true });
    expect(deals).toBeGreaterThanOrEqual(5);
    // A whole tray (three shapes and colours) guessed right by chance is rare: well under one in five.
    expect(matched).toBeLessThanOrEqual(1);
  });

  it("finding 1: a game the computer player helped is on the 'with help' board, never the unaided one", async () => {
    const { app } = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const cy = await newPlayer(app);
    // Ada's game: one `ai`; Bob's: one `hint` (a question, yet help); Cy's: alone.
    const aided = await start(ada, { game: "blast", ranked: true, name: "Ada" });
    const ai = await command(ada, aided.body.id, { cmd: "ai" });
    expect(ai.status, ai.text).toBe(200);
    expect(ai.body.assisted).toBe(true);
    await playToEnd(ada, blastGame, aided.body.id, ai.body.state);
    const hinted = await start(bob, { game: "blast", ranked: true, name: "Bob" });
    const hint = await command(bob, hinted.body.id, { cmd: "hint" });
    expect(hint.body.assisted).toBe(true);
    expect((await call(bob, "GET", `/api/games/${hinted.body.id}`)).body).toMatchObject({
      assisted: true,
      seq: 0,
    });
    await playToEnd(bob, blastGame, hinted.body.id, hint.body.state);
    const alone = await start(cy, { game: "blast", ranked: true, name: "Cy" });
    await playToEnd(cy, blastGame, alone.body.id, alone.body.state);

    const unaided = await board(ada, "blast");
    expect(unaided.map((e) => e.name)).toEqual(["Cy"]);
    const help = await board(ada, "blast", "?board=help");
    expect(help.map((e) => e.name).sort()).toEqual(["Ada", "Bob"]);
  });

  it("enters a Block Blast game at its real end: a revive after 'No moves left' raises the one entry", async () => {
    const { app } = await open();
    const dee = await newPlayer(app);
    const game = await start(dee, { game: "blast", ranked: true, name: "Dee" });
    const first = await playToEnd(dee, blastGame, game.body.id, game.body.state);
    expect(first.body.state.revivesLeft).toBeGreaterThan(0);
    expect(first.body.entry).toMatchObject({
      board: "unaided",
      name: "Dee",
      score: first.body.state.score,
      rank: 1,
    });
    // A revive, then good moves (the computer's, worked out here on the public view, so the server
    // sees no hint) until a line clears; should none clear before the game ends again (the seed is
    // the server's, so some seeds do that), the next revive. Then on to the end: higher.
    let last = first;
    while (last.body.state.score === first.body.state.score) {
      expect(last.body.state.revivesLeft, "a revive left to raise the score").toBeGreaterThan(0);
      last = await command(dee, game.body.id, { cmd: "revive" });
      expect(last.status, last.text).toBe(200);
      expect(last.body.state.over).toBe(false);
      while (last.body.state.score === first.body.state.score && !last.body.state.over) {
        const hint = blastGame.hint(localCopy(blastGame, last.body.state) as BlastState);
        if (!hint.ok) throw new Error(hint.error.message);
        last = await command(dee, game.body.id, hint.value.commands[0] as Record<string, unknown>);
        expect(last.status, last.text).toBe(200);
      }
    }
    while (!last.body.state.over) {
      const hint = blastGame.hint(localCopy(blastGame, last.body.state) as BlastState);
      if (!hint.ok) throw new Error(hint.error.message);
      last = await command(dee, game.body.id, hint.value.commands[0] as Record<string, unknown>);
      expect(last.status, last.text).toBe(200);
    }
    expect(last.body.state.score).toBeGreaterThan(first.body.state.score);
    expect(last.body.entry).toMatchObject({ name: "Dee", score: last.body.state.score, rank: 1 });
    const entries = await board(dee, "blast");
    expect(entries.map((e) => [e.name, e.score])).toEqual([["Dee", last.body.state.score]]);
  });

  it("finding 4: a player's second daily attempt is practice; daily boards are per day, apart from all-time", async () => {
    const { app } = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const daily = await call(ada, "GET", "/api/daily/blast");
    expect(daily.status).toBe(200);
    expect(daily.body).toMatchObject({ game: "blast", date: utcDay(new Date()), config: {} });
    const first = await start(ada, { game: "blast", daily: true, name: "Ada" });
    const second = await start(ada, { game: "blast", daily: true, name: "Ada" });
    const other = await start(bob, { game: "blast", daily: true, name: "Bob" });
    expect(first.body).toMatchObject({ kind: "daily", practice: false, ranked: true });
    expect(second.body).toMatchObject({ kind: "daily", practice: true, ranked: false });
    expect(other.body).toMatchObject({ practice: false, ranked: true });
    // The same day's game for everyone: the same first tray. Practice is dealt from a seed of its
    // own, so it cannot show the ranked attempt its future while that is played.
    expect(other.body.state.tray).toEqual(first.body.state.tray);
    expect(second.body.state.tray).not.toEqual(first.body.state.tray);
    // The practice game is finished first and is still not entered; the ranked one is.
    await playToEnd(ada, blastGame, second.body.id, second.body.state);
    await playToEnd(ada, blastGame, first.body.id, first.body.state);
    const today = await board(ada, "blast", `?day=${first.body.day}`);
    expect(today.map((e) => e.name)).toEqual(["Ada"]);
    expect(await board(ada, "blast")).toEqual([]);
    expect(await board(ada, "blast", "?day=2001-01-01")).toEqual([]);
    expectRefused(await call(ada, "GET", "/api/leaderboards/blast?day=tomorrow"), 400, "BAD_REQUEST");
    // One day's game for everyone: its config is the day's (Match-3's is Arcade, which a seed deals).
    const match3 = await call(ada, "GET", "/api/daily/match3");
    expect(match3.body.config).toMatchObject({ mode: "arcade" });
    const arcade = await start(bob, { game: "match3", daily: true });
    expect(arcade.body.state.config).toEqual(match3.body.config);
    expectRefused(
      await call(bob, "POST", "/api/games", { game: "puzzle", daily: true, config: { rows: 10, cols: 10 } }),
      400,
      "BAD_CONFIG",
    );
    const spelled = await call(bob, "POST", "/api/games", {
      game: "puzzle",
      daily: true,
      config: { cols: 8 },
    });
    expect(spelled.status, spelled.text).toBe(201);
  });

  it("finding 4: a question is never part of the game, so it cannot make another entry (Blocky's score)", async () => {
    const { app } = await open();
    const ada = await newPlayer(app);
    const blocky = await start(ada, { game: "blocky", ranked: true });
    const asked = await command(ada, blocky.body.id, { cmd: "score", goal: "blob", colour: "R" });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.seq).toBe(0);
    for (const cmd of [
      { cmd: "state" },
      { cmd: "legal" },
      { cmd: "score", goal: "perimeter", colour: "B" },
    ]) {
      const res = await command(ada, blocky.body.id, cmd);
      expect(res.status, res.text).toBe(200);
      expect(res.body.seq).toBe(0);
    }
    // A move after the questions is the game's first command: the game is its moves.
    const legal = (await command(ada, blocky.body.id, { cmd: "legal" })).body.legal;
    const moved = await command(ada, blocky.body.id, legal[0]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.seq).toBe(1);
  });

  it("finding 6: a Stacker game of keys without ticks is refused (TICK_DUE); a tick ahead of the clock is refused (TOO_FAST)", async () => {
    const opened = await open();
    const ada = await newPlayer(opened.app);
    const id = (await start(ada, { game: "stacker", ranked: true })).body.id;
    // At the start the first tick is due in 1 s: one tick is within the slack, the second is early.
    expect((await command(ada, id, { cmd: "tick" })).status).toBe(200);
    const early = await command(ada, id, { cmd: "tick" });
    expectRefused(early, 429, "TOO_FAST");
    // Ten seconds with no tick: a key is refused until the ticks the game owes are sent.
    opened.advance(10_000);
    expectRefused(await command(ada, id, { cmd: "key", key: "ArrowLeft" }), 422, "TICK_DUE");
    expect((await command(ada, id, { cmd: "state" })).status).toBe(200);
    let ticks = 0;
    for (;;) {
      const key = await command(ada, id, { cmd: "key", key: "ArrowLeft" });
      if (key.status === 200) break;
      expectRefused(key, 422, "TICK_DUE");
      expect((await command(ada, id, { cmd: "tick" })).status).toBe(200);
      ticks++;
    }
    // Level 1 falls a row a second; a late tick counts at most a quarter step late (1.25 s): from
    // the second tick's due time (2 s) to within the slack of 10 s takes six.
    expect(ticks).toBe(6);
    // Match-3 Arcade keeps the same clock; the classic game (no time) does not.
    const arcade = (await start(ada, { game: "match3", ranked: true, config: { mode: "arcade" } })).body.id;
    opened.advance(10_000);
    expectRefused(await command(ada, arcade, { cmd: "move", move: "L" }), 422, "TICK_DUE");
  });

  it("takes a Stacker game whose every tick comes a little late, and refuses one played half as fast again", async () => {
    const opened = await open();
    const ada = await newPlayer(opened.app);
    const id = (await start(ada, { game: "stacker", ranked: true })).body.id;
    // A browser's timer, 20 ms late on every one-second step, 100 steps (some pieces lock and spawn).
    for (let i = 0; i < 100; i++) {
      opened.advance(1020);
      const tick = await command(ada, id, { cmd: "tick" });
      expect(tick.status, tick.text).toBe(200);
      if (tick.body.state.over) break;
      if (i % 4 === 0) {
        const key = await command(ada, id, { cmd: "key", key: "ArrowUp" });
        expect(key.body.error?.code ?? "ok", key.text).not.toBe("TICK_DUE");
      }
    }
    // A client whose steps take 1.5 s owes more every step: its moves are soon refused.
    const slow = (await start(ada, { game: "stacker", ranked: true })).body.id;
    let refusedAfter = 0;
    for (let i = 1; i <= 20 && refusedAfter === 0; i++) {
      opened.advance(1500);
      expect((await command(ada, slow, { cmd: "tick" })).status).toBe(200);
      const key = await command(ada, slow, { cmd: "key", key: "ArrowUp" });
      if (key.body.error?.code === "TICK_DUE") refusedAfter = i;
    }
    // Each 1.5 s step counts as 1.25 s of game time: 250 ms more owed a step, past the 1.25 s slack
    // (from a first tick due at 1 s) at the tenth.
    expect(refusedAfter).toBe(10);
  });

  it("keeps a help mark another process made: a Stacker game hinted on one, played to its end on another, goes on the help board", async () => {
    const opened = await open();
    const other = await opened.twin();
    const ada = await newPlayer(opened.app);
    const id = (await start(ada, { game: "stacker", ranked: true, name: "Ada", config: { size: 10 } })).body
      .id;
    // The other process holds the session before the hint, so its copy does not know of it.
    const there = { app: other, auth: ada.auth };
    expect((await call(there, "GET", `/api/games/${id}`)).body.assisted).toBe(false);
    expect((await command(ada, id, { cmd: "hint" })).body.assisted).toBe(true);
    let last: Answer | undefined;
    for (let i = 0; i < 400 && !last?.body.state.over; i++) {
      opened.advance(1020);
      last = await command(there, id, { cmd: "tick" });
      expect(last.status, last.text).toBe(200);
      if (!last.body.state.over) last = await command(there, id, { cmd: "key", key: "Space" });
    }
    expect(last?.body.state.over).toBe(true);
    expect(last?.body.entry).toMatchObject({ name: "Ada", board: "help" });
    expect(await board(ada, "stacker", "?config=%7B%22size%22%3A10%7D")).toEqual([]);
  });

  it("does not enter a ranked game finished more than a day after it started", async () => {
    const opened = await open();
    const ada = await newPlayer(opened.app);
    const late = await start(ada, { game: "blast", ranked: true, name: "Late" });
    opened.advance(25 * 60 * 60 * 1000);
    const last = await playToEnd(ada, blastGame, late.body.id, late.body.state);
    expect(last.body.entry).toBeUndefined();
    const inTime = await start(ada, { game: "blast", ranked: true, name: "Ada" });
    const ended = await playToEnd(ada, blastGame, inTime.body.id, inTime.body.state);
    expect(ended.body.entry).toMatchObject({ board: "unaided", name: "Ada", rank: 1 });
    expect((await board(ada, "blast")).map((e) => e.name)).toEqual(["Ada"]);
  });

  it("needs a player for a ranked game, keeps its seed, and takes commands from its own player only", async () => {
    const { app } = await open();
    expectRefused(
      await call({ app }, "POST", "/api/games", { game: "blast", ranked: true }),
      401,
      "PLAYER_REQUIRED",
    );
    expectRefused(
      await call({ app }, "POST", "/api/games", { game: "blast", daily: true }),
      401,
      "PLAYER_REQUIRED",
    );
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    expectRefused(
      await call(ada, "POST", "/api/games", { game: "blast", ranked: true, seed: 3 }),
      400,
      "BAD_REQUEST",
    );
    const id = (await start(ada, { game: "blast", ranked: true })).body.id;
    expectRefused(await command(bob, id, { cmd: "state" }), 403, "NOT_YOUR_GAME");
    expectRefused(await command({ app }, id, { cmd: "state" }), 403, "NOT_YOUR_GAME");
  });

  it("answers 410 RANKED_BY_SESSION to POST /api/seeds and POST /api/scores, whatever the body", async () => {
    const { app } = await open();
    for (const url of ["/api/seeds", "/api/scores"]) {
      for (const body of [{ game: "blast" }, { game: "blast", seed: 1, commands: [], name: "Al" }, {}]) {
        const res = await call({ app }, "POST", url, body);
        expectRefused(res, 410, "RANKED_BY_SESSION", url);
        expect(res.body.error.message).toContain('POST /api/games {"ranked":true}');
      }
    }
  });
}

describe("fair play on SQLite", () => {
  fairPlayContract(() => openClockedApp());
});

describe("fair play when the computer player is refused", () => {
  it("a ranked game whose hint a CPU limit refused is still marked: asking is help (the web shows its own)", async () => {
    // A CPU share smaller than any task: the first hint runs, every later one is 429 CPU_LIMIT.
    const { app } = await openClockedApp(undefined, { cpuBurstMs: 0.001, cpuMsPerMinute: 60 });
    const [ada, bob] = [await newPlayer(app), await newPlayer(app)];
    const first = await start(ada, { game: "blast", ranked: true, name: "Ada" });
    expect((await command(ada, first.body.id, { cmd: "hint" })).body.assisted).toBe(true);
    const refusedGame = await start(bob, { game: "blast", ranked: true, name: "Bob" });
    const refused = await call(bob, "POST", `/api/games/${refusedGame.body.id}/commands`, { cmd: "hint" });
    expectRefused(refused, 429, "CPU_LIMIT");
    expect((await call(bob, "GET", `/api/games/${refusedGame.body.id}`)).body).toMatchObject({
      assisted: true,
      seq: 0,
    });
    const last = await playToEnd(bob, blastGame, refusedGame.body.id, refusedGame.body.state);
    expect(last.body.entry).toMatchObject({ name: "Bob", board: "help" });
    expect((await board(bob, "blast")).map((e) => e.name)).toEqual([]);
  });
});

describe.skipIf(postgresSkipReason !== undefined)("fair play on PostgreSQL", () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });
  fairPlayContract(async () => openClockedApp(await freshDatabase(server)));
});
