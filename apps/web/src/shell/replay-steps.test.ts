/**
 * The recorder (as the shell's use-ranked runs it for every game page) and the viewer's stepping,
 * for all five games: a game played to its end through the engine's runner is kept as the last
 * finished game, and the viewer's replay of it reaches the same final position, move by move.
 */
import { GAMES } from "@blockarcade/engine";
import {
  type AnyGame,
  type BaseState,
  canonicalJson,
  createRunner,
  GAME_IDS,
  type GameId,
  handleCommand,
} from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import type { FinishedGame } from "./finished-games";
import { createGameRecorder } from "./game-recorder";
import { replaySteps, scoresOf } from "./replay-steps";

const LOCAL = { kind: "unranked", why: "a chosen seed.", assisted: false } as const;

/** Small, quick configs: every game ends within the move budget. */
const CONFIGS: Record<GameId, unknown> = {
  blast: {},
  puzzle: { rows: 5, cols: 5 },
  stacker: { size: 10 },
  match3: { mode: "arcade", width: 5, height: 10, bricks: "classic", level: 1 },
  blocky: undefined,
};

/** Plays `game` to its end as a page would: moves through a runner, the clock's ticks between them. */
function playToEnd(id: GameId, seed: number, from?: (s: BaseState) => BaseState) {
  const game = GAMES[id] as AnyGame;
  const parsed = game.parseConfig(CONFIGS[id]);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let start = game.newGame(parsed.value, seed);
  if (from) start = from(start);
  const kept: FinishedGame[] = [];
  const recorder = createGameRecorder(game, start, LOCAL, {
    keep: (entry) => kept.push(entry),
    now: () => new Date("2026-11-27T12:00:00Z"),
    newId: () => `game-${kept.length}`,
  });
  const runner = createRunner(game, start, {
    log: (record, s) => recorder.log(record, s),
    render: (s) => recorder.shown(s),
  });
  const ticking = game.commands.includes("tick");
  for (let i = 0; i < 3000 && !runner.state.over; i++) {
    if (ticking && i % 3 === 0) {
      runner.dispatch({ cmd: "tick" });
      continue;
    }
    const legal = game.legal(runner.state).filter((c: { cmd: string }) => c.cmd !== "tick");
    // Nothing but the clock to play (Match-3 Arcade while a chain settles): a tick.
    if (legal.length === 0 && !ticking) break;
    runner.dispatch(legal.length === 0 ? { cmd: "tick" } : legal[(i * 7) % legal.length]);
  }
  return { game, final: runner.state, kept };
}

/** The steps of a kept game's replay, from what this device kept of it. */
function replayOf(game: AnyGame, entry: FinishedGame) {
  const steps = replaySteps(game, entry.local?.seed ?? -1, entry.local?.config, entry.local?.commands ?? []);
  if (!steps.ok) throw new Error(steps.message);
  return steps.value;
}

describe.each(GAME_IDS)("%s: recorded and replayed step by step", (id) => {
  it("keeps the finished game once, and its replay ends on the same position, one step per move", () => {
    const { game, final, kept } = playToEnd(id, 11);
    expect(final.over).toBe(true);
    expect(kept).toHaveLength(1);
    const entry = kept[0] as FinishedGame;
    expect(entry).toMatchObject({
      id: "game-0",
      game: id,
      score: final.score,
      date: "2026-11-27T12:00:00.000Z",
    });
    expect(entry.local?.seed).toBe(11);
    const { steps: list, refused } = replayOf(game, entry);
    expect(refused).toBe(0);
    expect(canonicalJson(list[list.length - 1]?.state)).toBe(canonicalJson(final));
    const moves = (entry.local?.commands ?? []).filter((c) => (c as { cmd: string }).cmd !== "tick").length;
    expect(entry.moves).toBe(moves);
    // A move per step, plus the start (and the clock's last ticks when the game ended on one).
    expect(list.length - 1 - moves).toBeGreaterThanOrEqual(0);
    expect(list.length - 1 - moves).toBeLessThanOrEqual(1);
    // Each move's step is that move applied to the position before it.
    for (const step of list.slice(1)) {
      if (!step.move || !step.before) continue;
      expect(canonicalJson(handleCommand(game, step.before, step.move).state)).toBe(
        canonicalJson(step.state),
      );
    }
    expect(scoresOf(list)[list.length - 1]).toBe(final.score);
    expect(list[0]?.state.score).toBe(0);
  });

  it("a game that began from a saved position replays from a load of it", () => {
    // Two moves in, as a restored save would begin.
    let begun: BaseState | undefined;
    const { game, final, kept } = playToEnd(id, 12, (s) => {
      let state = s;
      for (let i = 0; i < 2; i++) {
        const legal = GAMES[id].legal(state).filter((c: { cmd: string }) => c.cmd !== "tick");
        state = handleCommand(GAMES[id], state, legal[0]).state;
      }
      begun = state;
      return state;
    });
    const entry = kept[0] as FinishedGame;
    expect(entry.local?.commands[0]).toMatchObject({ cmd: "load" });
    const list = replayOf(game, entry).steps;
    expect(canonicalJson(list[list.length - 1]?.state)).toBe(canonicalJson(final));
    // The replay starts where the game began, not at the seed's first position.
    expect(canonicalJson(list[0]?.state)).toBe(canonicalJson(begun));
    expect(list.length - 1).toBeGreaterThanOrEqual(entry.moves);
  });
});

describe("replay steps", () => {
  it("groups the clock's ticks with the move after them and ends on trailing ticks", () => {
    const game = GAMES.stacker;
    const commands = [
      { cmd: "tick" },
      { cmd: "tick" },
      { cmd: "key", key: "A" },
      { cmd: "tick" },
      { cmd: "key", key: " " },
      { cmd: "tick" },
    ];
    const got = replaySteps(game, 3, { size: 10 }, commands);
    if (!got.ok) throw new Error(got.message);
    const { steps } = got.value;
    expect(steps.map((s) => s.move?.key ?? null)).toEqual([null, "A", " ", null]);
    const direct = commands.reduce((s, c) => handleCommand(game, s, c).state, game.newGame({ size: 10 }, 3));
    expect(canonicalJson(steps[3]?.state)).toBe(canonicalJson(direct));
  });

  it("leaves refused commands out and counts them; a bad config or start is a clear error", () => {
    const game = GAMES.puzzle;
    const got = replaySteps(game, 1, { rows: 5, cols: 5 }, [
      { cmd: "place", piece: 9, row: 0, col: 0 },
      { cmd: "nope" },
      "junk",
      ...game.legal(game.newGame({ rows: 5, cols: 5 }, 1)).slice(0, 1),
    ]);
    expect(got.ok && got.value.refused).toBe(3);
    expect(got.ok && got.value.steps.length).toBe(2);
    const badConfig = replaySteps(game, 1, { rows: 99 }, []);
    expect(badConfig.ok).toBe(false);
    if (!badConfig.ok) expect(badConfig.message).toMatch(/cannot start/);
    const badLoad = replaySteps(game, 1, undefined, [{ cmd: "load", state: { board: ["x"] } }]);
    expect(badLoad.ok).toBe(false);
    if (!badLoad.ok) expect(badLoad.message).toMatch(/starting position is refused/);
  });
});
