/**
 * Blocky's storage: the unfinished game under the key it has always used, as the engine state JSON,
 * restored through the engine's `load` (a corrupt or foreign save reads as none).
 */
import { type BlockyConfig, type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import { createBestScores } from "../../shell/best-scores";
import { createSavedGame } from "../../shell/saved-game";
import { createStore } from "../../shell/storage";

export const SAVE_KEY = "blockarcade-blocky-game";

export const savedGame = createSavedGame(blockyGame, SAVE_KEY);

/**
 * A Blocky score is player 1's (the engine's `score`), so only a game whose one human player sits
 * in seat 1 is posted: the others' points are the computer's, or another person's.
 */
export function isRankedSeating(state: BlockyState): boolean {
  return state.players[0]?.kind === "human" && state.players.filter((p) => p.kind === "human").length === 1;
}
export const RANKED_SEATS = "only a game with one human player, in seat 1, is ranked.";

/** How a game page starts: a saved game to resume, or a new game from the setup page. */
export type GameStart = { resume: BlockyState } | { config: BlockyConfig; seed: number };

/** The first state of a game page; a config the setup page made is always valid. */
export function firstState(start: GameStart): BlockyState {
  if ("resume" in start) return start.resume;
  const parsed = blockyGame.parseConfig(start.config);
  return blockyGame.newGame(parsed.ok ? parsed.value : blockyGame.defaultConfig, start.seed);
}

/** The saved game to offer for resuming: only one still being played. */
export function resumableGame(): BlockyState | undefined {
  const saved = savedGame.restore();
  return saved && !saved.over ? saved : undefined;
}

/**
 * Player 1's best final score per configuration (docs/games/blocky.md "Best scores"): a table
 * `{"d4-t5-human-smart5": 23}` keyed by depth, turns and every seat's kind (a smart seat with its
 * difficulty), since a 5-turn game against a random player and a 20-turn game against the expert
 * are not the same contest.
 */
export const BEST_KEY = "blockarcade-blocky-best";

const VARIANT = /^d[0-8]-t\d{1,4}(-(human|random|expert|smart\d{1,4})){1,4}$/;
export const bestScores = createBestScores(BEST_KEY, (v) => VARIANT.test(v));

/** The best-score table's key for a game, or null when player 1 is not a human (nothing to beat). */
export function bestVariant(state: Pick<BlockyState, "maxDepth" | "turns" | "players">): string | null {
  if (state.players[0]?.kind !== "human") return null;
  const seats = state.players.map((p) => (p.kind === "smart" ? `smart${p.difficulty ?? 1}` : p.kind));
  return `d${state.maxDepth}-t${state.turns}-${seats.join("-")}`;
}

/**
 * Records a finished game's score as player 1's best for its configuration, and returns it with
 * the best before it (for "New best!"), or null when player 1 is not a human.
 */
export function recordBest(state: BlockyState): { score: number; previous: number } | null {
  const variant = bestVariant(state);
  const score = state.players[0]?.score;
  if (variant === null || score === undefined) return null;
  const previous = bestScores.best(variant);
  bestScores.record(variant, score);
  return { score, previous };
}

/** Whether the tutorial was finished or skipped once: the setup page then stops offering it first. */
export const TUTORIAL_KEY = "blockarcade-blocky-tutorial";
export const tutorialDone = createStore(TUTORIAL_KEY, (v): v is true => v === true);
