import { GAME_IDS } from "@blockarcade/engine/core";
import { type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { newGame, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage, removeMemoryStorage } from "../testing/memory-storage";
import { realServerForTests } from "../testing/real-server";
import {
  DAILY_CONFIGS,
  dailyCopy,
  fetchDaily,
  fetchDailyBoard,
  fetchScoreCurve,
  nextDayStart,
  raceText,
  readDailyBoard,
  readDailyInfo,
} from "./daily-api";
import {
  attemptText,
  configWords,
  countdownText,
  countdownWords,
  dayWords,
  offlineText,
  playLabel,
  playText,
  streakText,
} from "./daily-words";
import { createRankedRunner, type RankedStatus, startGame } from "./ranked-session";

describe("the daily page's words", () => {
  it("counts down as H:MM:SS, rounding a part second up, never below zero", () => {
    expect(countdownText(0)).toBe("0:00:00");
    expect(countdownText(-5000)).toBe("0:00:00");
    expect(countdownText(999)).toBe("0:00:01");
    expect(countdownText(3_723_000)).toBe("1:02:03");
    expect(countdownText(86_400_000)).toBe("24:00:00");
  });

  it("says the time left in words for screen readers", () => {
    expect(countdownWords(59_000)).toBe("less than a minute");
    expect(countdownWords(60_000)).toBe("1 minute");
    expect(countdownWords(3_600_000)).toBe("1 hour");
    expect(countdownWords(2 * 3_600_000 + 5 * 60_000 + 30_000)).toBe("2 hours 5 minutes");
  });

  it("says the streak, asking for today's game when it is not played yet", () => {
    expect(streakText(0, "none")).toBe("No streak yet: play today's challenge to start one.");
    expect(streakText(1, "done")).toBe("1 day in a row.");
    expect(streakText(4, "playing")).toBe("4 days in a row.");
    expect(streakText(3, "none")).toBe("3 days in a row: play today to keep it going.");
  });

  it("says the attempt and what Play starts (practice once the ranked attempt is taken)", () => {
    expect(attemptText(undefined)).toMatch(/not played today's challenge yet/);
    expect(attemptText({ attempt: "playing", streak: 1 })).toBe("Your ranked attempt is under way.");
    expect(attemptText({ attempt: "done", score: 1240, rank: 3, streak: 2 })).toBe(
      "Done. You scored 1,240, #3 today.",
    );
    expect(playText(undefined)).toBe("Play today's challenge: one ranked attempt.");
    expect(playText({ attempt: "none", streak: 0 })).toBe("Play today's challenge: one ranked attempt.");
    expect(playText({ attempt: "playing", streak: 1 })).toMatch(/^Play practice: .*not entered/);
    expect(playText({ attempt: "done", streak: 1 })).toMatch(/^Play practice: /);
    // An attempt under way on this device goes on; one under way elsewhere leaves practice here.
    expect(playText({ attempt: "playing", streak: 1 }, true)).toMatch(/^Continue: /);
    expect(playText({ attempt: "done", streak: 1 }, true)).toMatch(/^Play practice: /);
    expect(playLabel(undefined)).toBe("Play today's challenge");
    expect(playLabel({ attempt: "playing", streak: 1 }, true)).toBe("Continue today's challenge");
    expect(playLabel({ attempt: "playing", streak: 1 }, false)).toBe("Play practice");
    expect(playLabel({ attempt: "done", streak: 1 }, true)).toBe("Play practice");
  });

  it("names each game's daily config in words", () => {
    expect(configWords("blast", DAILY_CONFIGS.blast)).toMatch(/8 x 8 board/);
    expect(configWords("puzzle", DAILY_CONFIGS.puzzle)).toBe("An 8 x 8 grid.");
    expect(configWords("puzzle", { rows: 10, cols: 12 })).toBe("A 10 x 12 grid.");
    expect(configWords("stacker", { size: 18 })).toBe("An 18 x 18 board.");
    expect(configWords("stacker", DAILY_CONFIGS.stacker)).toBe("A 12 x 12 board.");
    expect(configWords("match3", DAILY_CONFIGS.match3)).toBe(
      "Arcade on the 7 x 14 field, classic bricks, from level 1.",
    );
    expect(configWords("blocky", DAILY_CONFIGS.blocky)).toBe(
      "A 16 x 16 board, 5 turns, you against a smart computer (difficulty 3).",
    );
  });

  it("names the day and the next day's start in UTC", () => {
    expect(dayWords("2026-11-27")).toBe("Friday 27 November 2026");
    expect(nextDayStart("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
  });

  it("says when an offline copy was fetched, with the date when it is not today's", () => {
    const at = new Date(2026, 10, 27, 21, 40).getTime();
    expect(offlineText(at, at + 60_000)).toBe("Offline: last updated 21:40");
    expect(offlineText(at, at + 2 * 86_400_000)).toBe("Offline: last updated 27 Nov 21:40");
  });

  it("races the leader at the same move, or at their last move once past it", () => {
    const leader = { name: "Ana", scores: [10, 30, 60, 1580] };
    expect(raceText(25, 2, leader, false)).toBe("You 25 · #1 Ana 30 at move 2");
    expect(raceText(1240, 4, leader, false)).toBe("You 1,240 · #1 Ana 1,580 at move 4");
    expect(raceText(1300, 9, leader, false)).toBe("You 1,300 · #1 Ana 1,580 at the end (move 4)");
    expect(raceText(40, 3, leader, true)).toBe("You 40 · your best 60 at move 3");
    // Nothing to race before the first move, or against an empty curve.
    expect(raceText(0, 0, leader, false)).toBeUndefined();
    expect(raceText(5, 1, { name: "Ana", scores: [] }, false)).toBeUndefined();
  });
});

describe("reading the daily answers", () => {
  it("fills what an answer leaves out with plain defaults and drops unreadable winners", () => {
    const info = readDailyInfo({
      game: "puzzle",
      date: "2026-11-27",
      config: { rows: 8, cols: 8 },
      leader: { name: "Ana", score: 90 },
      yesterday: [{ rank: 1, name: "Bo", score: 50, replay: 7 }, { name: 3 }, "x"],
    });
    expect(info).toEqual({
      game: "puzzle",
      date: "2026-11-27",
      config: { rows: 8, cols: 8 },
      nextAt: "2026-11-28T00:00:00.000Z",
      // A leader without a replay cannot be raced: none.
      leader: null,
      yesterday: [{ rank: 1, name: "Bo", score: 50, replay: 7 }],
    });
    expect(readDailyInfo({ game: "puzzle", date: "27/11/2026" })).toBeUndefined();
    const me = readDailyInfo({
      game: "blast",
      date: "2026-11-27",
      me: { attempt: "done", score: 5, rank: 2, streak: 3 },
    });
    expect(me?.me).toEqual({ attempt: "done", score: 5, rank: 2, streak: 3 });
  });

  it("reads a board with the player's own line, and refuses a malformed entry", () => {
    const entry = { rank: 2, name: "Me", score: 40, date: "x", replay: 12 };
    const board = readDailyBoard({
      total: 30,
      entries: [{ rank: 1, name: "Ana", score: 90, replay: 11 }, entry],
      me: { rank: 2, entry, around: [] },
    });
    expect(board).toEqual({
      total: 30,
      entries: [
        { rank: 1, name: "Ana", score: 90, replay: 11 },
        { rank: 2, name: "Me", score: 40, replay: 12 },
      ],
      me: { rank: 2, entry: { rank: 2, name: "Me", score: 40, replay: 12 } },
    });
    expect(readDailyBoard({ entries: [], me: null })?.me).toBeNull();
    expect(readDailyBoard({ entries: [{ rank: "1", name: "x", score: 1 }] })).toBeUndefined();
  });
});

// The real service on a real port, reached through fetch as the page reaches it.
const server = realServerForTests("daily");

/** Plays a started Blast game to its end with the engine's first legal move each time. */
async function playToEnd(start: Awaited<ReturnType<typeof startGame<BlastState>>>) {
  const statuses: RankedStatus[] = [];
  const runner = createRankedRunner(
    blastGame,
    start,
    { render: () => {}, status: (s) => statuses.push(s) },
    server,
  );
  for (let i = 0; i < 600 && !runner.state.over; i++) {
    const move = blastGame.legal(runner.state)[0];
    if (!move) break;
    runner.dispatch(move);
    await runner.settled();
  }
  runner.dispose();
  return { runner, statuses };
}

describe("the day's game through the real server", () => {
  it("names today's game of every game, in UTC, with the next day's start", async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const game of GAME_IDS) {
      const info = await fetchDaily(game, server);
      expect(info.ok, game).toBe(true);
      if (!info.ok) continue;
      expect(info.value.date).toBe(today);
      expect(info.value.nextAt).toBe(nextDayStart(today));
    }
    const unknown = await fetchDaily("tetris", server);
    expect(unknown.ok).toBe(false);
  });

  it("plays the ranked attempt, says a second daily game is practice, and shows the attempt on the day's board", async () => {
    const plan = { kind: "ranked" as const, daily: true, name: "Daily Web", fallback: () => newBlastGame(1) };
    const first = await startGame(blastGame, plan, server);
    expect(first.kind).toBe("ranked");
    if (first.kind !== "ranked") return;
    expect(first.session.daily).toEqual({
      game: "blast",
      day: new Date().toISOString().slice(0, 10),
      practice: false,
    });

    const played = await playToEnd(first);
    expect(played.runner.state.over).toBe(true);
    const ranked = played.statuses.at(-1);
    expect(ranked?.kind).toBe("ranked");
    if (ranked?.kind !== "ranked") return;
    expect(ranked.daily?.practice).toBe(false);
    expect(ranked.entry?.rank).toBe(1);

    // The board of the day has the attempt, as the player's own line.
    const info = await fetchDaily("blast", server);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    const board = await fetchDailyBoard(info.value, 10, server);
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    expect(board.value.entries[0]).toMatchObject({
      rank: 1,
      name: "Daily Web",
      score: played.runner.state.score,
    });
    expect(board.value.me?.rank).toBe(1);
    expect(info.value.me).toMatchObject({
      attempt: "done",
      score: played.runner.state.score,
      rank: 1,
      streak: 1,
    });
    expect(info.value.leader).toMatchObject({ name: "Daily Web", score: played.runner.state.score });

    // The leader's score curve ends on the score, one score per move.
    const leader = info.value.leader;
    if (!leader) return;
    const curve = await fetchScoreCurve(leader.replay, server);
    expect(curve.ok).toBe(true);
    if (curve.ok) expect(curve.value.scores.at(-1)).toBe(played.runner.state.score);

    // A second daily game the same day is practice, on a seed of its own; the server says so.
    const second = await startGame(blastGame, plan, server);
    expect(second.kind).toBe("ranked");
    if (second.kind !== "ranked") return;
    expect(second.session.daily?.practice).toBe(true);
  });
});

describe("what this device keeps (an in-memory localStorage)", () => {
  let data: Map<string, string>;
  beforeEach(() => {
    data = installMemoryStorage();
  });
  afterEach(removeMemoryStorage);

  it("keeps the daily page's last copy per game, and ignores a damaged one", async () => {
    const info = await fetchDaily("puzzle", server);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    const copy = { info: info.value, board: { total: 0, entries: [] }, savedAt: 1_700_000_000_000 };
    expect(dailyCopy.write("puzzle", copy)).toBe(true);
    expect(dailyCopy.read("puzzle")).toEqual(copy);
    expect(dailyCopy.read("stacker")).toBeUndefined();
    data.set("blockarcade-daily-puzzle", JSON.stringify({ info: { game: "puzzle" }, savedAt: 1 }));
    expect(dailyCopy.read("puzzle")).toBeUndefined();
  });

  it("goes on in today's daily session after a reload instead of starting practice", async () => {
    // Puzzle: this file's player has not started its daily game yet.
    const plan = { kind: "ranked" as const, daily: true, fallback: () => newGame({ rows: 8, cols: 8 }, 1) };
    const first = await startGame(puzzleGame, plan, server);
    expect(first.kind).toBe("ranked");
    if (first.kind !== "ranked") return;
    expect(first.session.daily?.practice).toBe(false);
    // The page is opened again (a reload): the same session, still the ranked attempt.
    const again = await startGame(puzzleGame, plan, server);
    expect(again.kind).toBe("ranked");
    if (again.kind !== "ranked") return;
    expect(again.session.id).toBe(first.session.id);
    expect(again.session.daily?.practice).toBe(false);
    // Forgotten on this device, a new daily session is practice: the attempt was taken.
    data.delete("blockarcade-daily-session-puzzle");
    const other = await startGame(puzzleGame, plan, server);
    expect(other.kind === "ranked" && other.session.daily?.practice).toBe(true);
  });

  it("a player the server no longer knows is forgotten, and the day's page is answered without it", async () => {
    data.set(
      "blockarcade-player",
      JSON.stringify({ player: "p_unknown", secret: "not-a-secret", recoveryCode: "NOPE-NOPE" }),
    );
    const info = await fetchDaily("stacker", server);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.value.me).toBeUndefined();
    expect(data.has("blockarcade-player")).toBe(false);
    const board = await fetchDailyBoard(info.value, 10, server);
    expect(board.ok).toBe(true);
  });
});
