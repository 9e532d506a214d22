/**
 * Block Stacker and Blocky sessions over HTTP: create, the games' own commands, refused moves, reading
 * back, and a Blocky session of computer players that reads back byte for byte after a restart and
 * plays on exactly as the engine alone would.
 */
import { type AnyGame, type BaseState, handleCommand, startGame } from "@blockarcade/engine/core";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import { type App, closeApp, create, type Json, openApp, send } from "./support.js";

/** The engine's own states for a command list: what the service must agree with. */
function engineStates(game: AnyGame, seed: number, config: unknown, commands: unknown[]): BaseState[] {
  const started = startGame(game, seed, config);
  if (!started.ok) throw new Error(started.error.message);
  const states = [started.value];
  for (const command of commands) states.push(handleCommand(game, states.at(-1) as BaseState, command).state);
  return states;
}

/** Every command sent, refused ones too: the engine refuses them the same way, changing nothing. */
let sent: unknown[] = [];

async function command(app: App, id: string, body: unknown) {
  sent.push(body);
  return send(app, "POST", `/api/games/${id}/commands`, body);
}

describe("Block Stacker over HTTP", () => {
  it("moves, ticks, hard-drops, refuses a move into the wall and reads back", async () => {
    const { app } = await openApp();
    const config = { size: 10 };
    const id = await create(app, "stacker", 5, config);
    sent = [];
    const start = (await send(app, "GET", `/api/games/${id}`)).body.state;
    expect(start).toMatchObject({ game: "stacker", seed: 5, score: 0, over: false, lines: 0, level: 1 });
    expect(start.board).toEqual(Array(10).fill(".........."));
    expect(start.active.cells.length).toBe(4);

    const tick = await command(app, id, { cmd: "tick" });
    expect(tick.status).toBe(200);
    expect(tick.body.events.map((e: Json) => e.type)).toEqual(["fell"]);
    expect(tick.body.state.active.cells).toEqual(
      start.active.cells.map(([r, c]: [number, number]) => [r + 1, c]),
    );

    // Left until the wall: the refused move is a 422 with the unchanged state.
    let last = tick.body.state;
    let refused: Json;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await command(app, id, { cmd: "key", key: i % 2 ? "ArrowLeft" : "a" });
      if (res.status === 422) refused = res.body;
      else {
        expect(res.status).toBe(200);
        expect(res.body.events[0]).toMatchObject({ type: "moved", direction: "left" });
        last = res.body.state;
      }
    }
    expect(refused).toMatchObject({ ok: false, error: { code: "ILLEGAL_MOVE" } });
    expect(refused.state).toEqual(last);
    expect(Math.min(...last.active.cells.map((cell: number[]) => cell[1]))).toBe(0);

    const bad = await command(app, id, { cmd: "key", key: "F1" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("BAD_ARGUMENT");

    const drop = await command(app, id, { cmd: "key", key: "Space" });
    expect(drop.status).toBe(200);
    const types = drop.body.events.map((e: Json) => e.type);
    expect(types[0]).toBe("hard_dropped");
    expect(types).toEqual(expect.arrayContaining(["scored", "locked", "spawned"]));
    const rows = drop.body.events[0].rows as number;
    expect(rows).toBeGreaterThan(0);
    expect(drop.body.state.score).toBe(2 * rows);
    expect(drop.body.state.board.join("")).toMatch(/[IOTSZJL]/);

    const read = await send(app, "GET", `/api/games/${id}`);
    expect(read.body).toMatchObject({ id, game: "stacker", ranked: false, state: drop.body.state });
    expect(read.body.seq).toBe(drop.body.seq);
    expect(JSON.stringify(engineStates(stackerGame, 5, config, sent).at(-1))).toBe(
      JSON.stringify(drop.body.state),
    );
  });

  it("ends with GAME_OVER refusals once the spawn is blocked", async () => {
    const { app } = await openApp();
    const id = await create(app, "stacker", 2, { size: 10 });
    let over: Json;
    for (let i = 0; i < 60 && !over; i++) {
      const res = await command(app, id, { cmd: "key", key: "Space" });
      expect(res.status).toBe(200);
      if (res.body.state.over) over = res.body;
    }
    expect(over.events.at(-1).type).toBe("game_over");
    expect(over.state.active).toBeNull();
    for (const body of [{ cmd: "tick" }, { cmd: "key", key: "D" }]) {
      const res = await command(app, id, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ ok: false, error: { code: "GAME_OVER" }, state: over.state });
    }
  });
});

const BLOCKY_CONFIG = {
  maxDepth: 3,
  turns: 4,
  players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }],
};

describe("Blocky over HTTP", () => {
  it("plays a human move and the computer's ai, refuses illegal moves, reads back", async () => {
    const { app } = await openApp();
    const id = await create(app, "blocky", 11, BLOCKY_CONFIG);
    const start = (await send(app, "GET", `/api/games/${id}`)).body.state;
    expect(start).toMatchObject({ game: "blocky", maxDepth: 3, turns: 4, turn: 0, current: 0, over: false });
    expect(start.board).toHaveLength(8);

    // A human seat's hint is the expert's move, nothing played (`ai` there would play it).
    const hint = await command(app, id, { cmd: "hint" });
    expect(hint.status).toBe(200);
    expect(hint.body.state).toEqual(start);
    expect(hint.body.hint.commands).toHaveLength(1);
    const badPath = await command(app, id, { cmd: "move", action: "rotate_cw", path: [4] });
    expect(badPath.status).toBe(400);
    expect(badPath.body.error.code).toBe("BAD_ARGUMENT");
    // Painting needs a unit cell; the top-level block never is one.
    const paint = await command(app, id, { cmd: "move", action: "paint", path: [] });
    expect(paint.status).toBe(422);
    expect(paint.body.error.code).toBe("ILLEGAL_MOVE");

    const legal = await command(app, id, { cmd: "legal" });
    expect(legal.status).toBe(200);
    expect(legal.body.legal).toContainEqual({ cmd: "move", action: "rotate_cw", path: [] });
    // Moves only: ai is a command every game takes, not a move.
    expect(legal.body.legal.every((c: { cmd: string }) => c.cmd === "move")).toBe(true);

    const human = await command(app, id, { cmd: "move", action: "rotate_cw", path: [] });
    expect(human.status).toBe(200);
    expect(human.body.state.current).toBe(1);
    expect(human.body.state.board).not.toEqual(start.board);
    const ai = await command(app, id, { cmd: "ai" });
    expect(ai.status).toBe(200);
    expect(ai.body.state).toMatchObject({ current: 0, turn: 1 });

    const commands = [{ cmd: "move", action: "rotate_cw", path: [] }, { cmd: "ai" }];
    const expected = engineStates(blockyGame, 11, BLOCKY_CONFIG, commands).at(-1);
    expect(ai.body.state).toEqual(JSON.parse(JSON.stringify(expected)));
    const read = await send(app, "GET", `/api/games/${id}`);
    expect(read.body).toMatchObject({ id, game: "blocky", ranked: false, state: ai.body.state });
    expect(read.body.seq).toBe(ai.body.seq);
  });

  it("replays an ai session after a restart byte for byte and plays on identically", async () => {
    const config = {
      maxDepth: 4,
      turns: 6,
      players: [{ kind: "smart", difficulty: 4 }, { kind: "random" }, { kind: "smart", difficulty: 2 }],
    };
    const first = await openApp();
    const id = await create(first.app, "blocky", 2024, config);
    sent = [];
    for (let i = 0; i < 7; i++) expect((await command(first.app, id, { cmd: "ai" })).status).toBe(200);
    const before = await send(first.app, "GET", `/api/games/${id}`);
    await closeApp(first.app);

    const second = await openApp(first.dataDir);
    const after = await send(second.app, "GET", `/api/games/${id}`);
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);

    const states = engineStates(blockyGame, 2024, config, Array(18).fill({ cmd: "ai" }));
    for (let i = 7; i < 18; i++) {
      const res = await command(second.app, id, { cmd: "ai" });
      expect(res.status).toBe(200);
      expect(res.text).toContain('"ok":true');
      expect(res.body.state).toEqual(JSON.parse(JSON.stringify(states[i + 1])));
    }
    const end = await send(second.app, "GET", `/api/games/${id}`);
    expect(end.body.state).toMatchObject({ over: true, turn: 6 });
    expect(end.body.state.winner).not.toBeNull();
    const more = await command(second.app, id, { cmd: "ai" });
    expect(more.status).toBe(422);
    expect(more.body.error.code).toBe("GAME_OVER");
  });
});
