/**
 * Issue 23 in the terminal: `<game> --daily`, `leaderboard <game>` and `replay <id|file>`, the built
 * binary against the built server on a real port (docs/cli.md "On a game server: daily, leaderboard,
 * replay").
 * Games are played to their end through the JSON-lines mode with `legal` (a question: the game
 * stays unaided), one line at a time.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRunner, startGame } from "@blockarcade/engine/core";
import { type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonPeer, runCli, runOpenStdin, startServer, TEST_CONFIG_HOME } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
type Json = any;

let base = "";
let stop = async () => {};

beforeAll(async () => {
  ({ base, stop } = await startServer());
});
afterAll(() => stop());

/** A device with its own config folder (its player, its best scores). */
function device(withPlayer = true) {
  const env = { XDG_CONFIG_HOME: mkdtempSync(join(TEST_CONFIG_HOME, "device-")) };
  const cli = (args: string[], input = "") => runCli(args, input, env);
  if (withPlayer) {
    const made = cli(["player", "new", "--server", base]);
    if (made.status !== 0) throw new Error(made.stderr);
  }
  return { env, cli };
}

/** Plays a Block Puzzle session to its end, each move the first legal one; the last reply. */
async function playToEnd(peer: JsonPeer): Promise<Json> {
  let reply = await peer.next();
  expect(reply.ok, JSON.stringify(reply)).toBe(true);
  while (!reply.state.over) {
    const legal = await peer.ask({ cmd: "legal" });
    if (legal.state.over) return legal;
    reply = await peer.ask(legal.legal[0]);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  }
  return reply;
}

describe("the daily challenge, its board and its replay in the terminal", () => {
  const ada = { device: undefined as unknown as ReturnType<typeof device>, score: 0, replay: 0, day: "" };

  it("--daily --json: the first game of the day is ranked and entered, the second is practice", async () => {
    ada.device = device();
    const first = new JsonPeer(
      ["puzzle", "--daily", "--json", "--name", "Ada", "--server", base],
      ada.device.env,
    );
    const end = await playToEnd(first);
    expect(await first.end()).toBe(0);
    expect(first.stderr).toContain("today's ranked attempt: it goes on today's board when it ends");
    // The day's config, on the day's board, unaided.
    expect(end.state.config).toEqual({ rows: 8, cols: 8 });
    expect(end.entry).toMatchObject({ board: "unaided", name: "Ada", rank: 1 });
    // The day is the server's (UTC): every later check names the day it answered.
    expect(end.entry.day).toMatch(/^\d{4}-\d\d-\d\d$/);
    ada.day = end.entry.day;
    ada.score = end.entry.score;
    expect(ada.score).toBe(end.state.score);

    const second = new JsonPeer(["puzzle", "--daily", "--json", "--server", base], ada.device.env);
    const start = await second.next();
    expect(start.practice).toBe(true);
    expect(await second.end()).toBe(0);
    expect(second.stderr).toContain("this daily game is practice");
  });

  it("leaderboard: the day's board as a table with the player's own line marked", () => {
    const board = ada.device.cli(["leaderboard", "puzzle", "--day", ada.day, "--around-me"]);
    expect(board.status, board.stderr).toBe(0);
    const lines = board.stdout.split("\n");
    expect(lines[0]).toBe(
      `Block Puzzle leaderboard (unaided, daily challenge of ${ada.day}), config {"rows":8,"cols":8}`,
    );
    expect(lines[1]).toBe("1 entry, 1-1 shown.");
    expect(lines[3]).toMatch(/^ +Rank +Name +Score +Date +Replay$/);
    const own = new RegExp(`^> +#1 +Ada +${ada.score} +${ada.day} +(\\d+)$`);
    expect(lines[4]).toMatch(own);
    ada.replay = Number(own.exec(lines[4] as string)?.[1]);
    expect(board.stdout).toContain(`Your place: #1 of 1.`);

    // Someone else sees the same board, without a mark; paged past its end, nothing.
    const other = device(false);
    const seen = other.cli(["leaderboard", "puzzle", "--server", base, `--day=${ada.day}`]);
    expect(seen.status, seen.stderr).toBe(0);
    expect(seen.stdout).toMatch(new RegExp(`^ +#1 +Ada +${ada.score} +${ada.day} +${ada.replay}$`, "m"));
    expect(seen.stdout).not.toMatch(/^>/m);
    const past = other.cli(["leaderboard", "puzzle", "--server", base, "--day", ada.day, "--offset", "1"]);
    expect(past.stdout).toContain("No entries this far down.");
    // The all-time board of the default config holds no daily game; a week's board neither.
    const week = other.cli(["leaderboard", "puzzle", "--server", base, "--period", "week"]);
    expect(week.stdout).toContain("(unaided, this week)");
    expect(week.stdout).toContain("No entries yet.");
  });

  it("leaderboard: wrong use is refused with a message", () => {
    const d = device(false);
    for (const [args, message, status] of [
      [["leaderboard"], "leaderboard needs a game", 2],
      [["leaderboard", "tetris", "--server", base], "unknown game 'tetris'", 2],
      [["leaderboard", "puzzle"], "--server URL is needed", 2],
      [
        ["leaderboard", "puzzle", "--server", base, "--period", "year"],
        "--period needs all, week or today",
        2,
      ],
      [
        ["leaderboard", "puzzle", "--server", base, "--period=week", "--day", "2026-01-01"],
        "takes no --period",
        2,
      ],
      [
        ["leaderboard", "puzzle", "--server", base, "--limit", "101"],
        "--limit needs a whole number from 1 to 100",
        2,
      ],
      [["leaderboard", "puzzle", "--server", base, "--config", "{"], "--config is not valid JSON", 2],
      [["leaderboard", "puzzle", "--server", base, "--around-me"], "--around-me needs your player", 1],
      [["leaderboard", "puzzle", "--server", base, "--config", '{"rows":99}'], "the server refused", 1],
    ] as const) {
      const r = d.cli([...args]);
      expect(r.status, args.join(" ")).toBe(status);
      expect(r.stderr, args.join(" ")).toContain(message);
    }
  });

  it("replay <id>: today's daily game opens to its player, and is locked to others with the server's words", async () => {
    const watched = ada.device.cli(["replay", String(ada.replay)]);
    expect(watched.status, watched.stderr).toBe(0);
    expect(watched.stdout.split("\n")[0]).toMatch(
      new RegExp(
        `^Replay ${ada.replay}: Block Puzzle by Ada on ${ada.day}, ${ada.score} points, \\d+ moves \\(seed \\d+\\)\\.$`,
      ),
    );
    expect(watched.stdout).toMatch(/^Move 1: place [123] \d+ \d+ {2}score \d+$/m);
    expect(watched.stdout.trimEnd().split("\n").at(-1)).toBe(
      `Final score: ${ada.score}. The recorded score, move for move.`,
    );
    // The same game, move for move, as the server answers it.
    const answer = (await (
      await fetch(`${base}/api/replays/${ada.replay}`, { headers: auth(ada.device.env) })
    ).json()) as Json;
    const moves = answer.commands.filter((c: Json) => c.cmd !== "tick").length;
    expect(watched.stdout.match(/^Move \d+: /gm)).toHaveLength(moves);

    const stranger = device();
    const locked = stranger.cli(["replay", String(ada.replay)]);
    expect(locked.status).toBe(1);
    const refusal = (await (await fetch(`${base}/api/replays/${ada.replay}`)).json()) as Json;
    expect(refusal.error.code).toBe("REPLAY_LOCKED");
    expect(locked.stderr).toBe(`blockarcade: ${refusal.error.message}\n`);
    const unknown = stranger.cli(["replay", "999999"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("UNKNOWN_REPLAY");
  });

  it("<game> --daily in the terminal: the ranked attempt, left and resumed; practice after it, with the day's board", async () => {
    const bo = device();
    const first = await runOpenStdin(["puzzle", "--daily", "--server", base], "1 0 0\nquit\n", {
      env: bo.env,
    });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `Block Puzzle: daily challenge of ${ada.day} (config {"rows":8,"cols":8}).`,
    );
    expect(first.stdout).toContain(`Today's #1: Ada with ${ada.score}.`);
    expect(first.stdout).toContain("This is your ranked attempt of today");
    expect(first.stdout).toMatch(/Final score: \d+\. Thanks for playing!/);
    expect(first.stdout).toContain("Your ranked attempt of today is not over");
    expect(first.stdout).toContain("Streak: 1 day in a row.");
    expect(first.stdout).toMatch(/Next challenge in \d+ h \d+ min \(\d{4}-\d\d-\d\dT00:00:00\.000Z\)\./);
    // Help offers what a daily game takes: no `new`, and says what a hint does to it.
    const resumed = await runOpenStdin(["puzzle", "--daily", "--server", base], "help\nnew\nquit\n", {
      env: bo.env,
    });
    expect(resumed.stdout).toContain("Your ranked attempt of today goes on where you left it.");
    expect(resumed.stdout).toContain("the game goes on the board 'with help'");
    expect(resumed.stdout).not.toMatch(/^ {2}new/m);
    expect(resumed.stdout).toContain("Not a command: 'new'.");
    // The placed piece is still on the board: the same session.
    expect(resumed.stdout).toMatch(/Score [1-9]\d* /);

    const again = await runOpenStdin(["puzzle", "--daily"], "quit\n", { env: ada.device.env });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("You have played today's ranked attempt: this game is practice");
    expect(again.stdout).toContain(`Today's board: you are #1 with ${ada.score}.`);
    expect(again.stdout).toContain(`The whole board: blockarcade leaderboard puzzle --day ${ada.day}`);
    // Blocky too: five passes end the daily game; the computer seat moves on the server.
    const blocky = await runOpenStdin(["blocky", "--daily"], "pass\n".repeat(5), { env: bo.env });
    expect(blocky.status, blocky.stderr).toBe(0);
    expect(blocky.stdout).toContain("This is your ranked attempt of today");
    expect(blocky.stdout).toContain("the game goes on the board 'with help'");
    expect(blocky.stdout.match(/^(Player 1> )?Player 1 passed\.$/gm)).toHaveLength(5);
    // The day's seed is the server's secret, so the score may be 0, which is no best to keep.
    const human = /Final score: Player 1 \(you\) (\d+), Player 2 \d+\.( New best!)?/.exec(blocky.stdout);
    expect(human).not.toBeNull();
    expect(human?.[2] !== undefined).toBe(Number(human?.[1]) > 0);
    expect(blocky.stdout).toContain(`Today's board: you are #1 with ${human?.[1]}.`);
    // Without a terminal the real-time games' daily challenge is played through --json
    // (in a terminal: realtime-daily.test.ts).
    const stacker = bo.cli(["stacker", "--daily"]);
    expect(stacker.status).toBe(2);
    expect(stacker.stderr).toContain("'blockarcade stacker --daily --json'");
    // Without a player there is no daily game.
    const nobody = device(false).cli(["puzzle", "--daily", "--server", base]);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("the daily challenge needs your player");
  });

  it("replay <id> of a ranked game anyone may watch; --speed is checked", async () => {
    const cy = device();
    const game = new JsonPeer(["puzzle", "--json", "--ranked", "--name", "Cy", "--server", base], cy.env);
    const end = await playToEnd(game);
    await game.end();
    const replay = end.entry.replay ?? (await boardReplay("Cy"));
    const watched = device(false).cli(["replay", String(replay), "--server", base, "--speed=4"]);
    expect(watched.status, watched.stderr).toBe(0);
    expect(watched.stdout.trimEnd().split("\n").at(-1)).toBe(
      `Final score: ${end.state.score}. The recorded score, move for move.`,
    );
    const bad = device(false).cli(["replay", String(replay), "--server", base, "--speed", "0"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--speed needs a number from 0.1 to 100");
  });
});

function auth(env: { XDG_CONFIG_HOME: string }): Record<string, string> {
  const kept = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, "blockarcade", "player.json"), "utf8"));
  return { authorization: `Bearer ${kept.player}.${kept.secret}` };
}

async function boardReplay(name: string): Promise<number> {
  const board = (await (await fetch(`${base}/api/leaderboards/puzzle`)).json()) as Json;
  return board.entries.find((e: Json) => e.name === name).replay;
}

describe("replay <file>", () => {
  /** A short local game: its seed, config and commands, and the engine's final score. */
  function localGame() {
    const started = startGame(puzzleGame, 21, { rows: 6, cols: 6 });
    if (!started.ok) throw new Error(started.error.message);
    const runner = createRunner(puzzleGame, started.value as PuzzleState, { render() {} });
    const commands: Record<string, unknown>[] = [];
    for (let i = 0; i < 6 && !runner.state.over; i++) {
      const hint = runner.dispatch({ cmd: "hint" });
      if (!hint.ok) break;
      const command = (hint.hint as { commands: Record<string, unknown>[] }).commands[0] as Record<
        string,
        unknown
      >;
      commands.push(command);
      runner.dispatch(command);
    }
    return { commands, score: runner.state.score, text: puzzleGame.toText(runner.state) };
  }

  it("plays a JSON file {game, seed, config, commands} move by move to the engine's final position", () => {
    const game = localGame();
    const dir = mkdtempSync(join(TEST_CONFIG_HOME, "replay-"));
    const file = join(dir, "game.json");
    writeFileSync(
      file,
      JSON.stringify({ game: "puzzle", seed: 21, config: { rows: 6, cols: 6 }, commands: game.commands }),
    );
    const r = runCli(["replay", file]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(`Block Puzzle, ${game.commands.length} moves (seed 21).`);
    expect(r.stdout.match(/^Move \d+: place [123] \d+ \d+ {2}score \d+$/gm)).toHaveLength(
      game.commands.length,
    );
    // The tray numbered as Puzzle's terminal shows it (1-3).
    const first = game.commands[0] as { piece: number; row: number; col: number };
    expect(r.stdout).toContain(`Move 1: place ${first.piece + 1} ${first.row} ${first.col}`);
    expect(r.stdout).toContain(game.text);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe(`Final score: ${game.score}.`);

    // A recorded score that the moves do not reach is said, and fails.
    writeFileSync(
      file,
      JSON.stringify({
        game: "puzzle",
        seed: 21,
        config: { rows: 6, cols: 6 },
        commands: game.commands,
        score: game.score + 1,
      }),
    );
    const wrong = runCli(["replay", file]);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain(`Final score: ${game.score}, but the replay says ${game.score + 1}.`);
  });

  it("refuses what is not a replay, with the reason", () => {
    const dir = mkdtempSync(join(TEST_CONFIG_HOME, "replay-"));
    const cases: [string, string][] = [
      ["{not json", "cannot read the replay"],
      ["[]", "a replay is a JSON object"],
      ['{"game":"tetris","seed":1,"commands":[]}', '"game" must be one of'],
      ['{"game":"puzzle","seed":"x","commands":[]}', '"seed" must be an integer'],
      ['{"game":"puzzle","seed":1,"commands":[1]}', '"commands" must be an array of command objects'],
      [
        '{"game":"puzzle","seed":1,"commands":[{"cmd":"place","piece":0,"row":99,"col":0}]}',
        "refused by the rules",
      ],
    ];
    for (const [text, message] of cases) {
      const file = join(dir, "bad.json");
      writeFileSync(file, text);
      const r = runCli(["replay", file]);
      expect(r.status, text).toBe(1);
      expect(`${r.stdout}${r.stderr}`, text).toContain(message);
    }
    expect(runCli(["replay", join(dir, "missing.json")]).stderr).toContain("no such file");
    expect(runCli(["replay"]).status).toBe(2);
    expect(runCli(["replay", "12"], "", { XDG_CONFIG_HOME: dir }).stderr).toContain("--server URL is needed");
  });
});
