/**
 * Golden replays: a fixed seed, config and command list must give exactly the pinned text picture
 * and score. The HTTP service rebuilds stored sessions by replay, so a rule change that alters any
 * game's course fails here first instead of silently changing people's saved games.
 *
 * To pin a new golden, write the seed, config and commands, run the test, and copy the text it
 * prints on failure after checking it by hand against the rules in docs/games/<game>.md.
 */
import { expect } from "vitest";
import type { AnyGame } from "../core/game.js";
import { replay } from "../core/protocol.js";
import { publicView } from "../core/public-view.js";
import { createSchemaChecker } from "./schema-check.js";

export interface Golden {
  seed: number;
  config: unknown;
  commands: readonly unknown[];
  /** `toText` of the final state, exactly. */
  text: string;
  score: number;
  over: boolean;
}

export function expectGolden(game: AnyGame, golden: Golden): void {
  const result = replay(game, golden.seed, golden.config, golden.commands);
  if (!result.ok) throw new Error(`golden does not start: ${result.error.message}`);
  const refused = result.value.replies.findIndex((r) => !r.ok);
  expect(refused, "every command of a golden replay is accepted").toBe(-1);
  expect(game.toText(result.value.state)).toBe(golden.text);
  expect(result.value.state.score).toBe(golden.score);
  expect(result.value.state.over).toBe(golden.over);
  expectSchemasAgree(game, golden);
}

/**
 * The published schemas (schema/index.ts) hold for the whole replay: its config and every command
 * validate, and so does every reply with its state (full, and as a ranked client's public view) and
 * events.
 */
function expectSchemasAgree(game: AnyGame, golden: Golden): void {
  const check = createSchemaChecker();
  const id = game.id;
  if (golden.config !== undefined) expect(check.problems(id, "config-input", golden.config)).toBeNull();
  const result = replay(game, golden.seed, golden.config, golden.commands);
  if (!result.ok) throw new Error(result.error.message);
  expect(check.problems(id, "state", result.value.state)).toBeNull();
  for (const [i, command] of golden.commands.entries()) {
    expect(check.problems(id, "command", command), `command ${i}`).toBeNull();
    const reply = result.value.replies[i];
    if (!reply) throw new Error(`no reply to command ${i}`);
    expect(check.replyProblems(id, reply, "full"), `reply ${i}`).toBeNull();
    const view = { ...reply, state: publicView(game, reply.state) };
    expect(check.replyProblems(id, view, "public"), `public reply ${i}`).toBeNull();
  }
}
