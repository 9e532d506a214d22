/**
 * Replays (docs/service.md "Replays") through the real server, on SQLite and on a real PostgreSQL: a
 * ranked session of each of the five games played to its end through the API is kept, answered as
 * its log was verified (byte for byte) and replays with the engine to the same score and state; a
 * Block Blast revive raises the entry and rewrites its replay; a daily game's replay is locked until
 * its day is over except to players whose own attempt has ended; the score curve is one value a move.
 * Time is the app's own clock option (`sessions.now`), moved by the test.
 */
import { type AnyGame, type BaseState, handleCommand, publicView, replay } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { arcadeFallInterval, match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Replays } from "../src/scores/replays.js";
import { replayStorageFor } from "../src/store/index.js";
import { PostgresScoreStorage } from "../src/store/postgres-scores.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import {
  type Answer,
  type App,
  type Client,
  type ClockedApp,
  call,
  expectRefused,
  type Json,
  localCopy,
  newPlayer,
  openClockedApp,
} from "./support.js";

type Opened = ClockedApp;

async function start(client: Client, body: Record<string, unknown>): Promise<Answer> {
  const res = await call(client, "POST", "/api/games", body);
  expect(res.status, res.text).toBe(201);
  return res;
}

async function command(client: Client, id: string, cmd: unknown): Promise<Answer> {
  const res = await call(client, "POST", `/api/games/${id}/commands`, cmd);
  expect(res.status, `${JSON.stringify(cmd)} ${res.text.slice(0, 300)}`).toBe(200);
  return res;
}

/** The next pick of a seeded counter. */
function picker(seed: number): (n: number) => number {
  let pick = seed;
  return (n) => {
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    return pick % n;
  };
}

/**
 * Plays a ranked session on with legal moves of the client's view, picked by a seeded counter, until
 * the game is over (`through`: "over") or nothing is left to play (Block Blast's revives used too).
 * Blocky's computer seats move with `ai`. Answers the last reply.
 */
async function playOn(
  client: Client,
  game: AnyGame,
  id: string,
  first: Answer,
  through: "over" | "end" = "over",
  /** A real-time game's clock: moved on one fall interval before each tick. */
  opened?: Opened,
): Promise<Answer> {
  let last = first;
  const pick = picker(7);
  for (let i = 0; i < 20_000; i++) {
    const state = localCopy(game, last.body.state);
    const legal = game.legal(state);
    if (state.over && (through === "over" || legal.length === 0)) return last;
    const seat = (state as BaseState & { players?: { kind: string }[]; current?: number }).players?.[
      (state as { current?: number }).current ?? 0
    ];
    const move =
      seat !== undefined && seat.kind !== "human"
        ? { cmd: "ai" }
        : game.id === "match3"
          ? state.score === 0
            ? hinted(game, state)
            : dropper(legal, i)
          : greedy(game, state, legal, pick);
    if (opened && (move as { cmd: string }).cmd === "tick") {
      opened.advance(arcadeFallInterval((state as BaseState & { level?: number }).level ?? 1));
    }
    last = await command(client, id, move);
  }
  throw new Error("the game did not end");
}

/**
 * Match-3 Arcade played well until it scores, then badly on purpose, so the game ends in a few more
 * bricks whatever the server's seed (a good player lasts hundreds: issue 24): a tick, then a drop,
 * in turn, whichever is legal.
 */
function dropper(legal: unknown[], i: number): unknown {
  const has = (cmd: string, move?: string) =>
    legal.find((c) => (c as { cmd: string }).cmd === cmd && (c as { move?: string }).move === move);
  const tick = has("tick");
  const drop = has("move", "D");
  return (i % 2 === 0 ? (tick ?? drop) : (drop ?? tick)) ?? legal[0];
}

/** A Block Stacker game to its end: hard drops, with a tick on time before every other one. */
async function playStacker(opened: Opened, client: Client, id: string, first: Answer): Promise<Answer> {
  let last = first;
  for (let i = 0; i < 500 && !last.body.state.over; i++) {
    if (i % 2 === 0) {
      opened.advance(1000);
      last = await command(client, id, { cmd: "tick" });
      if (last.body.state.over) break;
    }
    last = await command(client, id, { cmd: "key", key: i % 3 === 0 ? "ArrowLeft" : "Space" });
  }
  expect(last.body.state.over).toBe(true);
  return last;
}

/** The legal move that scores most at once (worked out on the local copy), ties picked by the counter. */
function greedy(game: AnyGame, state: BaseState, legal: unknown[], pick: (n: number) => number): unknown {
  const scores = legal.map((move) => handleCommand(game, state, move).state.score);
  const best = Math.max(...scores);
  const top = legal.filter((_move, i) => scores[i] === best);
  return top[pick(top.length)];
}

/** The computer player's move worked out here on the local copy (the server is asked nothing). */
function hinted(game: AnyGame, state: BaseState): unknown {
  const hint = game.hint(state);
  if (!hint.ok) throw new Error(hint.error.message);
  return hint.value.commands[0];
}

interface Played {
  game: AnyGame;
  session: string;
  last: Answer;
}

/** The five games, each a ranked session played to its end through the API. */
const GAMES: [string, (opened: Opened, client: Client) => Promise<Played>][] = [
  [
    "blast",
    async (_opened, client) => {
      const created = await start(client, { game: "blast", ranked: true, name: "Ada" });
      const last = await playOn(client, blastGame, created.body.id, created, "end");
      return { game: blastGame, session: created.body.id, last };
    },
  ],
  [
    "puzzle",
    async (_opened, client) => {
      const created = await start(client, { game: "puzzle", ranked: true, name: "Ada" });
      const last = await playOn(client, puzzleGame, created.body.id, created);
      return { game: puzzleGame, session: created.body.id, last };
    },
  ],
  [
    "match3",
    async (opened, client) => {
      // Arcade, the daily game's mode, on its smallest field: real time, ticks on the server's clock.
      const config = { mode: "arcade", width: 5, height: 10 };
      const created = await start(client, { game: "match3", ranked: true, name: "Ada", config });
      const last = await playOn(client, match3Game, created.body.id, created, "over", opened);
      return { game: match3Game, session: created.body.id, last };
    },
  ],
  [
    "stacker",
    async (opened, client) => {
      const created = await start(client, { game: "stacker", ranked: true, name: "Ada" });
      const last = await playStacker(opened, client, created.body.id, created);
      return { game: stackerGame, session: created.body.id, last };
    },
  ],
  [
    "blocky",
    async (_opened, client) => {
      const config = { maxDepth: 3, turns: 3, players: [{ kind: "human" }, { kind: "random" }] };
      const created = await start(client, { game: "blocky", ranked: true, name: "Ada", config });
      const last = await playOn(client, blockyGame, created.body.id, created);
      return { game: blockyGame, session: created.body.id, last };
    },
  ],
];

/** The session's logged commands as the storage keeps them (each its own JSON text). */
function sessionLog(app: App, session: string): Promise<string[]> {
  return app.storage.readCommands(session, 0);
}

function isTick(command: Json): boolean {
  return command.cmd === "tick";
}

function replaysContract(open: () => Promise<Opened>) {
  for (const [name, play] of GAMES) {
    it(`keeps a ranked ${name} game as verified: it replays with the engine to the entry's score and state`, async () => {
      const opened = await open();
      const ada = await newPlayer(opened.app);
      const { game, session, last } = await play(opened, ada);
      const entry = last.body.entry;
      expect(entry, last.text.slice(0, 300)).toMatchObject({ board: "unaided", name: "Ada" });
      expect(Number.isSafeInteger(entry.replay)).toBe(true);

      // Anyone may watch it: no player needed for a game that is not a daily one.
      const res = await call({ app: opened.app }, "GET", `/api/replays/${entry.replay}`);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const kept = res.body;
      expect(Object.keys(kept).sort()).toEqual(
        ["board", "commands", "config", "date", "game", "id", "moves", "name", "score", "seed"].sort(),
      );
      expect(kept).toMatchObject({ id: entry.replay, game: name, name: "Ada", board: "unaided" });
      expect(kept.score).toBe(last.body.state.score);
      expect(kept.score).toBe(entry.score);
      expect(kept.score, "a game that scored").toBeGreaterThan(0);
      expect(new Date(kept.date).toISOString()).toBe(kept.date);
      // Byte for byte the session's log, ticks included, and sent as kept.
      const log = await sessionLog(opened.app, session);
      const text = `[${log.join(",")}]`;
      expect(JSON.stringify(kept.commands)).toBe(text);
      expect(res.text).toContain(`"commands":${text},`);
      expect(await replayStorageFor(opened.app.storage.handle).commands(entry.replay)).toBe(text);
      expect(kept.moves).toBe(kept.commands.filter((c: Json) => !isTick(c)).length);
      if (name === "stacker" || name === "match3") expect(kept.commands.some(isTick)).toBe(true);
      if (name === "blocky") expect(kept.commands).toContainEqual({ cmd: "ai" });

      // The engine alone, from seed, config and commands: every command taken, the same end.
      const replayed = replay(game, kept.seed, kept.config, kept.commands);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.replies.every((reply) => reply.ok)).toBe(true);
      expect(replayed.value.state.over).toBe(true);
      expect(replayed.value.state.score).toBe(kept.score);
      expect(JSON.parse(JSON.stringify(publicView(game, replayed.value.state)))).toEqual(last.body.state);

      // The curve: a score a move (ticks are not moves), ending at the entry's score; kept once worked out.
      const curve = await call({ app: opened.app }, "GET", `/api/replays/${entry.replay}/scores`);
      expect(curve.status, curve.text.slice(0, 300)).toBe(200);
      expect(curve.body).toMatchObject({ id: entry.replay, name: "Ada", score: kept.score });
      expect(curve.body.scores).toHaveLength(kept.moves);
      expect(curve.body.scores.at(-1)).toBe(kept.score);
      const again = await call({ app: opened.app }, "GET", `/api/replays/${entry.replay}/scores`);
      expect(again.text).toBe(curve.text);
    });
  }

  it("rewrites a Block Blast replay when a revive raises its entry, and its curve with it", async () => {
    const { app } = await open();
    const dee = await newPlayer(app);
    const created = await start(dee, { game: "blast", ranked: true, name: "Dee" });
    const first = await playOn(dee, blastGame, created.body.id, created);
    expect(first.body.state.revivesLeft).toBeGreaterThan(0);
    const id = first.body.entry.replay;
    const before = (await call(dee, "GET", `/api/replays/${id}`)).body;
    expect(before.score).toBe(first.body.state.score);
    const curveBefore = (await call(dee, "GET", `/api/replays/${id}/scores`)).body.scores;
    expect(curveBefore).toHaveLength(before.moves);

    // A revive, then the computer's moves (worked out here on the public view: no hint asked) until a
    // line clears; should none clear before the game ends again, the next revive. Then greedy moves.
    let raised = first;
    while (raised.body.state.score === first.body.state.score) {
      expect(raised.body.state.revivesLeft, "a revive left to raise the score").toBeGreaterThan(0);
      raised = await command(dee, created.body.id, { cmd: "revive" });
      expect(raised.body.state.over).toBe(false);
      while (raised.body.state.score === first.body.state.score && !raised.body.state.over) {
        raised = await command(
          dee,
          created.body.id,
          hinted(blastGame, localCopy(blastGame, raised.body.state)),
        );
      }
    }
    const last = await playOn(dee, blastGame, created.body.id, raised);
    expect(last.body.state.score).toBeGreaterThan(first.body.state.score);
    expect(last.body.entry).toMatchObject({ replay: id, score: last.body.state.score, rank: 1 });

    const after = (await call(dee, "GET", `/api/replays/${id}`)).body;
    expect(after.score).toBe(last.body.state.score);
    expect(after.moves).toBeGreaterThan(before.moves);
    expect(after.commands.slice(0, before.commands.length)).toEqual(before.commands);
    expect(after.commands[before.commands.length]).toEqual({ cmd: "revive" });
    const replayed = replay(blastGame, after.seed, after.config, after.commands);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.state.score).toBe(after.score);
    const curveAfter = (await call(dee, "GET", `/api/replays/${id}/scores`)).body.scores;
    expect(curveAfter).toHaveLength(after.moves);
    expect(curveAfter.slice(0, curveBefore.length)).toEqual(curveBefore);
    expect(curveAfter.at(-1)).toBe(after.score);
    // One entry on the board, the raised one.
    const board = await call(dee, "GET", "/api/leaderboards/blast");
    expect(board.body.entries.map((e: Json) => e.score)).toEqual([after.score]);
  });

  it("locks a daily game's replay until its day is over, save for players whose own attempt has ended", async () => {
    const opened = await open();
    const { app } = opened;
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const cy = await newPlayer(app);
    const anyone: Client = { app };
    const attempt = await start(ada, { game: "blast", daily: true, name: "Ada" });
    const day = attempt.body.day as string;
    const unlocks = Replays.unlocksAt(day).toISOString();
    expect(unlocks).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString());

    // "No moves left" with revives left: entered, but Ada's attempt has not ended, even for her.
    const over = await playOn(ada, blastGame, attempt.body.id, attempt);
    expect(over.body.state.revivesLeft).toBeGreaterThan(0);
    const id = over.body.entry.replay;
    expect(over.body.entry).toMatchObject({ day, board: "unaided" });
    expectRefused(await call(ada, "GET", `/api/replays/${id}`), 403, "REPLAY_LOCKED", "ada, revives left");

    const ended = await playOn(ada, blastGame, attempt.body.id, over, "end");
    expect(ended.body.state).toMatchObject({ over: true, revivesLeft: 0 });
    const url = `/api/replays/${id}`;
    const locked = await call(anyone, "GET", url);
    expectRefused(locked, 403, "REPLAY_LOCKED", "anonymous");
    expect(locked.body.error.message).toContain(`wait until ${unlocks}`);
    expect(locked.body.error.message).toContain("play today's challenge first");
    // Bob has not started the day's game; Cy is in the middle of his attempt.
    expectRefused(await call(bob, "GET", url), 403, "REPLAY_LOCKED", "bob");
    const cyAttempt = await start(cy, { game: "blast", daily: true, name: "Cy" });
    const legal = blastGame.legal(localCopy(blastGame, cyAttempt.body.state) as never);
    const cyMoved = await command(cy, cyAttempt.body.id, legal[0]);
    expectRefused(await call(cy, "GET", url), 403, "REPLAY_LOCKED", "cy playing");
    // Cy's practice game after... none yet: a practice session is not the attempt.
    const practice = await start(cy, { game: "blast", daily: true, name: "Cy" });
    expect(practice.body.practice).toBe(true);
    await playOn(cy, blastGame, practice.body.id, practice, "end");
    expectRefused(await call(cy, "GET", url), 403, "REPLAY_LOCKED", "cy after practice");
    // The score curve shows no deal: never locked.
    const curve = await call(anyone, "GET", `${url}/scores`);
    expect(curve.status, curve.text).toBe(200);
    expect(curve.body.scores.at(-1)).toBe(ended.body.state.score);

    // Ada's own attempt has ended: she may watch it; so may Cy once his has.
    const own = await call(ada, "GET", url);
    expect(own.status, own.text.slice(0, 300)).toBe(200);
    expect(own.body).toMatchObject({ id, name: "Ada", day, score: ended.body.state.score });
    await playOn(cy, blastGame, cyAttempt.body.id, cyMoved, "end");
    expect((await call(cy, "GET", url)).status).toBe(200);
    expectRefused(await call(bob, "GET", url), 403, "REPLAY_LOCKED", "bob still");

    // The day is over: everyone may watch it.
    const midnight = Date.parse(unlocks);
    opened.advance(midnight - opened.now() - 1000);
    expectRefused(await call(anyone, "GET", url), 403, "REPLAY_LOCKED", "a second before");
    opened.advance(1000);
    for (const client of [anyone, bob]) {
      const open = await call(client, "GET", url);
      expect(open.status, open.text.slice(0, 300)).toBe(200);
      expect(open.text).toBe(own.text);
    }
  });

  it("keeps any text byte for byte, never goes back to a shorter game, and drops a curve its replay outgrew", async () => {
    const { app } = await open();
    const handle = app.storage.handle;
    const scores =
      handle.kind === "sqlite" ? new SqliteScoreStorage(handle.db) : new PostgresScoreStorage(handle.pool);
    const entered = await scores.enter(
      {
        game: "blast",
        configKey: "{}",
        name: "Ada",
        score: 5,
        seed: 4_294_967_295,
        replayHash: "session:bytes",
        createdAt: new Date(),
      },
      "session",
    );
    if (!entered.ok) throw new Error(entered.code);
    const id = entered.id;
    const storage = replayStorageFor(handle);
    // Escapes, quotes, accents, a character outside the BMP, a megabyte of it: stored and sent as given.
    const odd = String.raw`{"cmd":"place","note":"\u0000 \" \\ \n é ☃ 𝄞"}`;
    const commands = `[${Array(20_000).fill(odd).join(",")}]`;
    const kept = {
      scoreId: id,
      game: "blast",
      seed: 4_294_967_295,
      config: '{"a":"é"}',
      commands,
      moves: 10,
      createdAt: new Date(),
    };
    expect(await storage.save(kept)).toBe(true);
    expect(await storage.commands(id)).toBe(commands);
    const res = await app.inject({ method: "GET", url: `/api/replays/${id}` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.includes(Buffer.from(`"commands":${commands},`))).toBe(true);
    expect(JSON.parse(res.body)).toMatchObject({ seed: 4_294_967_295, config: { a: "é" }, moves: 10 });

    await storage.saveCurve(id, 10, "[1,2]");
    expect(await storage.curve(id)).toBe("[1,2]");
    // The same game again, or a shorter one: the kept replay (and its curve) stay.
    for (const moves of [10, 9]) {
      expect(await storage.save({ ...kept, commands: "[]", moves })).toBe(false);
      expect(await storage.commands(id)).toBe(commands);
    }
    expect(await storage.curve(id)).toBe("[1,2]");
    // A longer one replaces it; a curve worked out from the old one is not kept for it.
    expect(await storage.save({ ...kept, commands: "[1]", moves: 11 })).toBe(true);
    expect(await storage.commands(id)).toBe("[1]");
    expect(await storage.curve(id)).toBeNull();
    await storage.saveCurve(id, 10, "[1,2]");
    expect(await storage.curve(id)).toBeNull();
    expect(await storage.curve(id + 1)).toBeUndefined();
  });

  it("answers 400 for an id that is not a whole number and 404 UNKNOWN_REPLAY for one not kept", async () => {
    const { app } = await open();
    for (const bad of ["abc", "1.5", "-1", "1e3", "01", "%20", "9".repeat(16)]) {
      for (const suffix of ["", "/scores"]) {
        expectRefused(await call({ app }, "GET", `/api/replays/${bad}${suffix}`), 400, "BAD_REQUEST", bad);
      }
    }
    for (const missing of ["0", "1", "999999999999999"]) {
      for (const suffix of ["", "/scores"]) {
        expectRefused(
          await call({ app }, "GET", `/api/replays/${missing}${suffix}`),
          404,
          "UNKNOWN_REPLAY",
          missing,
        );
      }
    }
    expectRefused(await call({ app }, "GET", `/api/replays/${"1".repeat(120)}`), 414, "URI_TOO_LONG");
  });
}

describe("replays on SQLite", () => {
  replaysContract(() => openClockedApp());
});

describe.skipIf(postgresSkipReason !== undefined)("replays on PostgreSQL", () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });
  replaysContract(async () => openClockedApp(await freshDatabase(server)));
});
