/**
 * The schemas the games check input with (games/<game>/input-schema.ts) are the published ones
 * (schema/<game>.ts), written out by `npm run schemas`: one source for the engine's checks, the
 * server's routes and the documents.
 */
import { describe, expect, it } from "vitest";
import { GAME_IDS } from "../core/game.js";
import * as blast from "../games/blast/input-schema.js";
import * as blocky from "../games/blocky/input-schema.js";
import * as match3 from "../games/match3/input-schema.js";
import * as puzzle from "../games/puzzle/input-schema.js";
import * as stacker from "../games/stacker/input-schema.js";
import { inputSchemas } from "./index.js";

const MODULES = { blast, puzzle, stacker, match3, blocky };

describe.each(GAME_IDS)("%s's input-schema.ts", (id) => {
  it("holds the game's command and config input schemas (else run npm run schemas)", () => {
    const expected = inputSchemas(id);
    expect(MODULES[id].COMMAND_INPUT).toEqual(expected.command);
    expect(MODULES[id].CONFIG_INPUT).toEqual(expected.config);
  });
});
