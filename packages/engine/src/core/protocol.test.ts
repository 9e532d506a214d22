import { describe, expect, it } from "vitest";
import { toyGame } from "../testing/toy-game.js";
import { handleCommand, handleLine, replay, startGame } from "./protocol.js";

const start = () => {
  const s = startGame(toyGame, 5, undefined);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

describe("protocol", () => {
  it("answers BAD_JSON, UNKNOWN_COMMAND and BAD_ARGUMENT with the state unchanged", () => {
    const state = start();
    const bad = handleLine(toyGame, state, "{oops");
    expect(bad.reply).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    expect(bad.state).toBe(state);
    expect(handleLine(toyGame, state, '{"cmd":"nope"}').reply).toMatchObject({
      error: { code: "UNKNOWN_COMMAND" },
    });
    expect(handleLine(toyGame, state, '{"cmd":"fill","row":"a"}').reply).toMatchObject({
      error: { code: "BAD_ARGUMENT" },
    });
    expect(handleLine(toyGame, state, "[1]").reply).toMatchObject({ error: { code: "BAD_ARGUMENT" } });
    expect(handleLine(toyGame, state, '{"cmd":"__proto__"}').reply).toMatchObject({
      error: { code: "UNKNOWN_COMMAND" },
    });
  });

  it("answers state and legal", () => {
    const state = start();
    expect(handleCommand(toyGame, state, { cmd: "state" }).reply).toMatchObject({ ok: true, state });
    const legal = handleCommand(toyGame, state, { cmd: "legal" }).reply;
    expect(legal.ok && legal.legal?.length).toBe(9);
  });

  it("refuses an illegal move with ILLEGAL_MOVE and GAME_OVER once over", () => {
    let state = start();
    state = handleCommand(toyGame, state, { cmd: "fill", row: 0, col: 0 }).state;
    const again = handleCommand(toyGame, state, { cmd: "fill", row: 0, col: 0 });
    expect(again.reply).toMatchObject({ ok: false, error: { code: "ILLEGAL_MOVE" } });
    const full = handleCommand(toyGame, state, {
      cmd: "load",
      state: { board: ["###", "###", "###"] },
    }).state;
    expect(full.over).toBe(true);
    expect(handleCommand(toyGame, full, { cmd: "fill", row: 0, col: 0 }).reply).toMatchObject({
      error: { code: "GAME_OVER" },
    });
  });

  it("starts new games: a given seed, else one drawn from the current game", () => {
    const state = start();
    const a = handleCommand(toyGame, state, { cmd: "new", seed: 9 }).state;
    expect(a.seed).toBe(9);
    const b = handleCommand(toyGame, state, { cmd: "new" }).state;
    const c = handleCommand(toyGame, state, { cmd: "new" }).state;
    expect(b.seed).toBe(c.seed);
    expect(b.seed).not.toBe(state.seed);
    expect(handleCommand(toyGame, state, { cmd: "new", seed: -1 }).reply).toMatchObject({
      error: { code: "BAD_ARGUMENT" },
    });
    expect(handleCommand(toyGame, state, { cmd: "new", config: { size: 99 } }).reply).toMatchObject({
      error: { code: "BAD_CONFIG" },
    });
    const big = handleCommand(toyGame, state, { cmd: "new", config: { size: 4 } }).state;
    expect(handleCommand(toyGame, big, { cmd: "new" }).state.board).toHaveLength(4);
  });

  it("loads positions, reseeding from a seed field, and refuses broken ones", () => {
    const state = start();
    const loaded = handleCommand(toyGame, state, {
      cmd: "load",
      state: { board: ["#..", "...", "..x"], seed: 3 },
    });
    expect(loaded.reply.ok).toBe(true);
    expect(loaded.state.seed).toBe(3);
    expect(loaded.state.board).toEqual(["#..", "...", "..x"]);
    expect(handleCommand(toyGame, state, { cmd: "load", state: { board: ["#.."] } }).reply).toMatchObject({
      error: { code: "BAD_STATE" },
    });
    expect(handleCommand(toyGame, state, { cmd: "load" }).reply).toMatchObject({
      error: { code: "BAD_ARGUMENT" },
    });
  });

  it("replays to the same state, byte for byte", () => {
    const commands = [{ cmd: "fill", row: 0, col: 0 }, { cmd: "fill", row: 0, col: 0 }, { cmd: "state" }];
    const a = replay(toyGame, 12, undefined, commands);
    const b = replay(toyGame, 12, undefined, commands);
    expect(a.ok && b.ok).toBe(true);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.ok && a.value.replies.map((r) => r.ok)).toEqual([true, false, true]);
  });
});
