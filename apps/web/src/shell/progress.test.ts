import { blastGame } from "@blockarcade/engine/games/blast";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as blastProgress from "../games/blast/progress";
import * as blastStorage from "../games/blast/storage";
import * as blockyProgress from "../games/blocky/progress";
import * as blockyStorage from "../games/blocky/storage";
import * as match3Progress from "../games/match3/progress";
import * as match3Storage from "../games/match3/storage";
import * as puzzleProgress from "../games/puzzle/progress";
import * as puzzleStorage from "../games/puzzle/storage";
import * as stackerProgress from "../games/stacker/progress";
import * as stackerStorage from "../games/stacker/storage";
import { highest, tableBest } from "./progress";

let stored: Record<string, string>;
function put(key: string, value: unknown) {
  stored[key] = typeof value === "string" ? value : JSON.stringify(value);
}
beforeEach(() => {
  stored = {};
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => stored[k] ?? null,
      setItem: (k: string, v: string) => {
        stored[k] = v;
      },
      removeItem: (k: string) => {
        delete stored[k];
      },
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe("the progress readers use the games' own storage keys", () => {
  it("names the keys storage.ts writes", () => {
    expect(blastProgress.PROGRESS_KEYS).toEqual({
      leaderboard: blastStorage.LEADERBOARD_KEY,
      legacyHighscore: blastStorage.LEGACY_HIGHSCORE_KEY,
      game: blastStorage.GAME_KEY,
    });
    expect(puzzleProgress.PROGRESS_KEYS).toEqual({
      best: puzzleStorage.BEST_KEY,
      game: puzzleStorage.GAME_KEY,
    });
    expect(stackerProgress.PROGRESS_KEYS).toEqual({
      best: stackerStorage.BEST_KEY,
      game: stackerStorage.GAME_KEY,
    });
    expect(match3Progress.PROGRESS_KEYS).toEqual({
      game: match3Storage.GAME_KEY,
      arcadeGame: match3Storage.ARCADE_GAME_KEY,
      arcadeBest: match3Storage.BEST_KEY,
    });
    expect(blockyProgress.PROGRESS_KEYS).toEqual({
      game: blockyStorage.SAVE_KEY,
      best: blockyStorage.BEST_KEY,
    });
  });
});

describe("empty, missing or corrupt storage", () => {
  const all = [blastProgress, puzzleProgress, stackerProgress, match3Progress, blockyProgress];
  it("reads as no best and nothing waiting", () => {
    for (const p of all) expect(p.progress()).toEqual({ best: null, waiting: false });
  });
  it("survives garbage under every key", () => {
    for (const p of all) for (const key of Object.values(p.PROGRESS_KEYS)) put(key, "{not json");
    for (const p of all) expect(p.progress()).toEqual({ best: null, waiting: false });
    for (const p of all) for (const key of Object.values(p.PROGRESS_KEYS)) put(key, "null");
    for (const p of all) expect(p.progress()).toEqual({ best: null, waiting: false });
    for (const p of all) for (const key of Object.values(p.PROGRESS_KEYS)) put(key, [1, { score: -5 }, "x"]);
    for (const p of all) expect(p.progress().waiting).toBe(false);
  });
  it("survives a storage that throws (privacy mode)", () => {
    vi.stubGlobal("window", {
      get localStorage(): Storage {
        throw new Error("SecurityError");
      },
    });
    for (const p of all) expect(p.progress()).toEqual({ best: null, waiting: false });
  });
});

describe("Block Blast", () => {
  it("shows the leaderboard's top score, or the old high score when higher", () => {
    put("blockblast-leaderboard", [
      { score: 120, date: "2026-01-01T00:00:00Z" },
      { score: 300, date: "2026-01-02T00:00:00Z" },
      { score: "999", date: "x" },
    ]);
    expect(blastProgress.progress().best).toBe(300);
    put("blockblast-highscore", "450");
    expect(blastProgress.progress().best).toBe(450);
    put("blockblast-highscore", 1e16);
    expect(blastProgress.progress().best).toBe(300);
  });
  it("waits for a game in play and a game over with revives left, not a final one", () => {
    const s = json(blastGame.newGame(blastGame.defaultConfig, 12));
    put("blockblast-game", s);
    expect(blastProgress.progress().waiting).toBe(true);
    put("blockblast-game", { ...s, over: true, revivesLeft: 1 });
    expect(blastProgress.progress().waiting).toBe(true);
    put("blockblast-game", { ...s, over: true, revivesLeft: 0 });
    expect(blastProgress.progress().waiting).toBe(false);
    put("blockblast-game", { ...s, game: "puzzle" });
    expect(blastProgress.progress().waiting).toBe(false);
  });
});

describe("Block Puzzle and Block Stacker", () => {
  it("show the best over every size, ignoring bad entries", () => {
    put("blockarcade-puzzle-best", { "8x8": 120, "10x6": 400, "3x3": "x", junk: -1 });
    expect(puzzleProgress.progress().best).toBe(400);
    put("blockarcade-stacker-best", { "20": 1200, "10": 3.5 });
    expect(stackerProgress.progress().best).toBe(1200);
    put("blockarcade-stacker-best", [5]);
    expect(stackerProgress.progress().best).toBeNull();
  });
  it("wait for an unfinished game only", () => {
    const p = json(puzzleGame.newGame(puzzleGame.defaultConfig, 3));
    put("blockarcade-puzzle-game", p);
    expect(puzzleProgress.progress().waiting).toBe(true);
    put("blockarcade-puzzle-game", { ...p, over: true });
    expect(puzzleProgress.progress().waiting).toBe(false);
    const s = json(stackerGame.newGame(stackerGame.defaultConfig, 3));
    put("blockarcade-stacker-game", s);
    expect(stackerProgress.progress().waiting).toBe(true);
    put("blockarcade-stacker-game", { ...s, active: null });
    expect(stackerProgress.progress().waiting).toBe(false);
  });
});

describe("Match-3 and Blocky", () => {
  it("wait for an unfinished game of either Match-3 mode", () => {
    const m = json(match3Game.newGame(match3Game.defaultConfig, 1));
    put("blockarcade-match3-game", { version: 1, game: "match3", state: m, frame: 1, pending: [] });
    expect(match3Progress.progress()).toEqual({ best: null, waiting: !m.over });
    put("blockarcade-match3-game", { version: 1, game: "match3", state: { ...m, over: true }, frame: 9 });
    expect(match3Progress.progress().waiting).toBe(false);
    put("blockarcade-match3-arcade", { ...m, over: false });
    expect(match3Progress.progress().waiting).toBe(true);
    put("blockarcade-match3-arcade", { ...m, over: true });
    expect(match3Progress.progress().waiting).toBe(false);
  });
  it("show Arcade's best, never the classic game's cells removed", () => {
    put("blockarcade-match3-classic-best", { "5x8": 12 });
    expect(match3Progress.progress().best).toBeNull();
    put("blockarcade-match3-best", { "7x14": 820, "6x12": 300 });
    expect(match3Progress.progress().best).toBe(820);
  });
  it("Blocky: player 1's best over every setup, and an unfinished game waits", () => {
    const b = json(blockyGame.newGame(blockyGame.defaultConfig, 1));
    put("blockarcade-blocky-game", b);
    expect(blockyProgress.progress()).toEqual({ best: null, waiting: true });
    put("blockarcade-blocky-game", { ...b, over: true });
    expect(blockyProgress.progress().waiting).toBe(false);
    put("blockarcade-blocky-best", { "d4-t5-human-smart5": 23, "d5-t10-human-random": 41 });
    expect(blockyProgress.progress().best).toBe(41);
  });
});

describe("helpers", () => {
  it("highest keeps whole scores in range only", () => {
    expect(highest([3, 7.5, -1, "9", 1e16, 5])).toBe(5);
    expect(highest([])).toBeNull();
    expect(tableBest({ a: 0 })).toBe(0);
  });
});
