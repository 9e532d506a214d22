/**
 * "Play from here" (the replay viewer): the position a practice game starts from, so the shell can
 * say "practice" when the game's page opens it (shell/ranked-session.ts `startGame`) instead of
 * trying to resume a ranked session with it. A practice game is never ranked.
 */
import { type BaseState, canonicalJson, isPlainObject } from "@blockarcade/engine/core";
import { readJson, writeJson } from "./storage";

export const PRACTICE_KEY = "blockarcade-practice";

/** What identifies a position: its board, score, random source and whether it is over. */
const mark = (state: BaseState): string =>
  canonicalJson({
    game: state.game,
    board: state.board,
    score: state.score,
    rng: state.rng,
    over: state.over,
  });

export function markPractice(state: BaseState): void {
  writeJson(PRACTICE_KEY, { mark: mark(state) });
}

/** Whether `state` is the position "Play from here" last started. */
export function isPracticeStart(state: BaseState): boolean {
  const stored = readJson(PRACTICE_KEY, isPlainObject);
  return stored !== undefined && stored.mark === mark(state);
}
