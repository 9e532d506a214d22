/**
 * The real-time games' daily challenge in the terminal (docs/cli.md "On a game server"): the built
 * binary on a pseudo-terminal against the built server on a real port. Block Stacker and Match-3
 * Arcade play the day's ranked attempt on the server's session, every key and tick sent to it
 * (play/remote-session.ts): the game is entered on the day's board, and a second game is practice.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type AnyGame, createRunner, startGame } from "@blockarcade/engine/core";
import { match3Game } from "@blockarcade/engine/games/match3";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type PtySession, runCli, startPty, startServer, TEST_CONFIG_HOME } from "./helpers.js";

let base = "";
let stop = async () => {};
beforeAll(async () => {
  ({ base, stop } = await startServer());
});
afterAll(() => stop());

const sessions: PtySession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
type Json = any;

/** Strips the terminal's escape sequences, so lines can be read as text. */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, "g");
const plain = (text: string) => text.replace(ESCAPES, "").replaceAll("\r", "");

/** Frames drawn so far (each whole frame names its game). */
const frames = (out: string) => out.match(/BLOCK STACKER|MATCH-3 ARCADE/g)?.length ?? 0;

/**
 * Plays one daily game on a pseudo-terminal, typing `key` until the game is over and the day's
 * board is printed; the whole output (as text) and the exit status.
 */
async function playDaily(
  args: string[],
  env: NodeJS.ProcessEnv,
  key: string,
  end = /The whole board: blockarcade leaderboard/,
) {
  const session = startPty([...args, "--server", base], env, 240_000);
  sessions.push(session);
  let keys = 0;
  // A second frame before any key is typed: only the clock's tick changes it (sent to the server).
  await session.waitFor((out) => frames(out) >= 2, "a frame redrawn by a tick");
  // One key at a time, each after the output has moved on (a count of outcomes, not of time).
  let seen = 0;
  const typing = setInterval(() => {
    const length = session.output().length;
    if (length !== seen && !/Final score/.test(plain(session.output()))) {
      seen = length;
      session.send(key);
      keys++;
    }
  }, 50);
  try {
    await session.waitFor((out) => end.test(plain(out)), "the lines after the game");
  } finally {
    clearInterval(typing);
  }
  const status = await session.exited;
  return { out: plain(session.output()), status, keys };
}

function device() {
  const env = { XDG_CONFIG_HOME: mkdtempSync(join(TEST_CONFIG_HOME, "device-")) };
  const made = runCli(["player", "new", "--server", base], "", env);
  if (made.status !== 0) throw new Error(made.stderr);
  return env;
}

/** The day's board of `game`, for the day's config (the server's word, GET /api/daily). */
async function board(game: string, day: string): Promise<Json> {
  const daily: Json = await (await fetch(`${base}/api/daily/${game}`)).json();
  const config = encodeURIComponent(JSON.stringify(daily.config));
  const res = await fetch(`${base}/api/leaderboards/${game}?day=${day}&config=${config}`);
  expect(res.status).toBe(200);
  return res.json();
}

// The second game of the day (practice) is the same code for both games (daily.ts, remote-session.ts):
// Stacker plays it; Match-3's took 7 s more to prove the same.
describe.each([
  { game: "stacker", args: ["stacker", "--daily"], key: " ", name: "Stacy", practice: true },
  { game: "match3", args: ["match3", "--arcade", "--daily"], key: " ", name: "Marla", practice: false },
])(
  "$game --daily in the terminal: the day's ranked attempt on the server's clock",
  ({ game, args, key, name, practice }) => {
    it(`plays to game over and is entered on the day's board${practice ? "; a second game is practice" : ""}`, async () => {
      const env = device();
      const first = await playDaily([...args, "--name", name], env, key);
      expect(first.status, first.out).toBe(0);
      expect(first.out).toContain("This is your ranked attempt of today");
      expect(first.out).toMatch(/game over/i);
      const final = /Final score: (\d+)\./.exec(first.out);
      expect(final, first.out).not.toBeNull();
      const score = Number(final?.[1]);
      const rank = /Today's board: you are #(\d+) with (\d+)\./.exec(first.out);
      expect(rank, first.out).not.toBeNull();
      expect(Number(rank?.[2])).toBe(score);
      expect(first.out).toContain("Streak: 1 day in a row.");
      expect(first.out).toMatch(/Next challenge in \d+ h \d+ min/);
      const day = /--day (\d{4}-\d\d-\d\d)/.exec(first.out)?.[1] ?? "";

      // The entry on the day's board is the one the server verified: its name and score.
      const today: Json = await board(game, day);
      const mine = today.entries.find((e: Json) => e.name === name);
      expect(mine, JSON.stringify(today)).toMatchObject({ score, rank: Number(rank?.[1]) });

      // Its replay is what the server verified: the keys and the clock's ticks, in order, reach the score.
      const kept = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, "blockarcade", "player.json"), "utf8"));
      const headers = { authorization: `Bearer ${kept.player}.${kept.secret}` };
      const replay: Json = await (await fetch(`${base}/api/replays/${mine.replay}`, { headers })).json();
      expect(replay.score).toBe(score);
      const ticks = replay.commands.filter((c: Json) => c.cmd === "tick").length;
      expect(ticks).toBeGreaterThan(0);
      expect(replay.commands.length).toBeGreaterThan(ticks);
      const definition = (game === "stacker" ? stackerGame : match3Game) as AnyGame;
      const started = startGame(definition, replay.seed, replay.config);
      if (!started.ok) throw new Error(started.error.message);
      const runner = createRunner(definition, started.value, { render() {} });
      for (const command of replay.commands) expect(runner.dispatch(command).ok).toBe(true);
      expect(runner.state.score).toBe(score);
      expect(runner.state.over).toBe(true);

      if (!practice) return;
      const second = await playDaily(args, env, key);
      expect(second.status, second.out).toBe(0);
      expect(second.out).toContain("this game is practice, on other deals, and is not entered");
      expect(second.out).toContain(`Today's board: you are #${rank?.[1]} with ${score}.`);
      const after: Json = await board(game, day);
      expect(after.entries.filter((e: Json) => e.name === name)).toHaveLength(1);
    });
  },
);

describe("stacker --daily left and resumed", () => {
  it("a ranked attempt quit halfway goes on at the next --daily, on the server's clock, to its entry", async () => {
    const env = device();
    const left = startPty(["stacker", "--daily", "--name", "Quinn", "--server", base], env, 240_000);
    sessions.push(left);
    await left.waitFor((out) => /BLOCK STACKER/.test(out), "the first frame");
    const shown = frames(left.output());
    left.send(" ");
    // Ctrl-C is a key in raw mode: the game ends here and stays open on the server.
    await left.waitFor((out) => frames(out) > shown, "a frame after the first drop");
    left.send("\u0003");
    await left.waitFor((out) => /The whole board/.test(plain(out)), "the lines after the game");
    expect(await left.exited).toBe(0);
    const before = plain(left.output());
    expect(before).toContain("Your ranked attempt of today is not over: play it on with --daily.");
    expect(before).toMatch(/Final score: \d+\./);

    // Later keys than the clock allows are sent again after the ticks the game owes.
    const resumed = await playDaily(["stacker", "--daily"], env, " ");
    expect(resumed.status, resumed.out).toBe(0);
    expect(resumed.out).toContain("Your ranked attempt of today goes on where you left it.");
    const rank = /Today's board: you are #(\d+) with (\d+)\./.exec(resumed.out);
    expect(rank, resumed.out).not.toBeNull();
    const day = /--day (\d{4}-\d\d-\d\d)/.exec(resumed.out)?.[1] ?? "";
    const today: Json = await board("stacker", day);
    expect(today.entries.find((e: Json) => e.name === "Quinn")).toMatchObject({ score: Number(rank?.[2]) });
  });
});

describe.each([
  { game: "stacker", args: ["stacker", "--ranked", "--config", '{"size":10}'], config: { size: 10 } },
  {
    game: "match3",
    args: ["match3", "--arcade", "--ranked", "--config", '{"width":5,"height":8}'],
    config: { mode: "arcade", width: 5, height: 8 },
  },
])("$game --ranked in the terminal", ({ game, args, config }) => {
  it("plays a ranked game on the server's clock to its end and says its entry", async () => {
    const env = device();
    const name = `R${game}`;
    const played = await playDaily([...args, "--name", name], env, " ", /Its replay: blockarcade replay \d+/);
    expect(played.status, played.out).toBe(0);
    expect(played.out).toContain("a ranked game on");
    const entered = /Entered on the board as (\S+): #(\d+) with (\d+)\./.exec(played.out);
    expect(entered, played.out).not.toBeNull();
    expect(played.out).toContain(`Final score: ${entered?.[3]}.`);
    const replay = Number(/Its replay: blockarcade replay (\d+)/.exec(played.out)?.[1]);
    const res = await fetch(
      `${base}/api/leaderboards/${game}?config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    const all: Json = await res.json();
    expect(all.entries.find((e: Json) => e.replay === replay)).toMatchObject({
      name,
      score: Number(entered?.[3]),
    });
  });
});
