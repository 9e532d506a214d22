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
}
