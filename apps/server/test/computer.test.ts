/**
 * The computer player over HTTP, for every game: `hint` answers the engine's move and changes nothing
 * (the session reads back the same, and the hint is not logged); `ai` plays it, is logged like any
 * move, and the session rebuilt after a restart is the engine's own state, byte for byte.
 */
import { type BaseState, type GameId, handleCommand, startGame } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { OFFERED_IDS, offeredGame } from "../src/games.js";
import { closeApp, create, openApp, send } from "./support.js";

const SETUPS: Readonly<Record<GameId, unknown>> = {
  blast: undefined,
  puzzle: { rows: 8, cols: 8 },
  stacker: { size: 10 },
  match3: { input: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" },
  blocky: { maxDepth: 3, turns: 3, players: [{ kind: "human" }, { kind: "smart", difficulty: 5 }] },
};

describe("hint and ai over HTTP", () => {
  for (const game of OFFERED_IDS) {
    it(`${game}: hint changes nothing, ai plays it, and both survive a restart as the engine says`, async () => {
      const definition = offeredGame(game);
      if (!definition) throw new Error(`${game} is not offered`);
      const { app, dataDir } = await openApp();
      const config = SETUPS[game];
      const id = await create(app, game, 7, config);
      const before = await send(app, "GET", `/api/games/${id}`);

      const hint = await send(app, "POST", `/api/games/${id}/commands`, { cmd: "hint" });
      expect(hint.status, hint.text).toBe(200);
      expect(hint.body.hint.commands.length).toBeGreaterThan(0);
      expect(hint.body.hint.reason.length).toBeGreaterThan(0);
      expect((await send(app, "GET", `/api/games/${id}`)).text).toBe(before.text);

      const started = startGame(definition, 7, config);
      if (!started.ok) throw new Error(started.error.message);
      let expected: BaseState = started.value;
      for (let i = 0; i < 3; i++) {
        const ai = await send(app, "POST", `/api/games/${id}/commands`, { cmd: "ai" });
        if (ai.status !== 200) {
          expect(ai.status).toBe(422);
          break;
        }
        expected = handleCommand(definition, expected, { cmd: "ai" }).state;
        expect(ai.body.state).toEqual(expected);
        expect(ai.body.hint.commands.length).toBeGreaterThan(0);
      }

      await closeApp(app);
      const { app: again } = await openApp(dataDir);
      const read = await send(again, "GET", `/api/games/${id}`);
      expect(JSON.stringify(read.body.state)).toBe(JSON.stringify(expected));
    });
  }
});
