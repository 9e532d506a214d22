/**
 * What Block Blast keeps in localStorage, all through the shell's stores (docs/games/blast.md
 * "Saved game and leaderboard"): the unfinished game, restored through the engine's `load`, and the
 * leaderboard under the key the rules fix, with the old single high score migrated once. The keys
 * and formats are the ones earlier versions wrote, so players lose nothing.
 */
import { type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { lastRankedSession, NOT_RANKED, type StartPlan } from "../../shell/ranked-session";
import { createSavedGame } from "../../shell/saved-game";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import { createStore } from "../../shell/storage";
import { type LeaderboardEntry, legacyScore, parseLeaderboard, withScore } from "./leaderboard";

/** The leaderboard's key, fixed by the rules: `Array<{score, date}>`, best first, at most 5. */
export const LEADERBOARD_KEY = "blockblast-leaderboard";
/** The single high score of the first version, folded into the leaderboard on first read. */
export const LEGACY_HIGHSCORE_KEY = "blockblast-highscore";
/** The unfinished game: the engine's state JSON, saved after every accepted command. */
export const GAME_KEY = "blockblast-game";

// The tray games' `load` derives `over` from the position: the save must come back with the same
// random source and `over` (shell/saved-game.ts).
export const savedGame = createSavedGame(blastGame, GAME_KEY, { derived: true });

const leaderboardStore = createStore(LEADERBOARD_KEY, (v): v is unknown[] => Array.isArray(v));
const legacyStore = createStore(LEGACY_HIGHSCORE_KEY, (v): v is unknown => v !== undefined);

/** Whether a saved game is one still to play (a final game over is finished). */
export function isFinal(state: BlastState): boolean {
  return state.over && state.revivesLeft === 0;
}

/** The leaderboard, after folding in (and removing) an old high score. */
export function loadLeaderboard(now: () => string = () => new Date().toISOString()): LeaderboardEntry[] {
  let list = parseLeaderboard(leaderboardStore.read());
  const legacy = legacyStore.read();
  if (legacy !== undefined) {
    const score = legacyScore(legacy);
    if (score !== undefined) {
      list = withScore(list, score, now());
      leaderboardStore.write(list);
    }
  }
  // Removed whether or not it was readable: a corrupt old value has nothing to give.
  legacyStore.remove();
  return list;
}

/** Records a finished game's score; returns the new list. */
export function recordScore(score: number, date: string = new Date().toISOString()): LeaderboardEntry[] {
  const list = withScore(loadLeaderboard(), score, date);
  leaderboardStore.write(list);
  return list;
}

/**
 * Records a game that is over when the player leaves it: a final game over, or one where the player
 * declines the revives left (Play Again, Menu). Returns the new list, or undefined when the game is
 * still going (nothing to record).
 */
export function recordIfOver(state: BlastState, date?: string): LeaderboardEntry[] | undefined {
  return state.over ? recordScore(state.score, date) : undefined;
}

/**
 * How the play page's game begins: the saved unfinished game goes on in its ranked session when it
 * was one (else here, unranked: its random source is this device's), a `?seed=` game is that exact
 * game (unranked, one tap from a ranked one), and anything else is a ranked game through the server
 * (a local one when it cannot be).
 */
export function startPlan(search: string, name?: string): StartPlan<BlastState> {
  const urlSeed = seedFromSearch(search);
  const saved = savedGame.restore();
  if (saved && !isFinal(saved) && (urlSeed === undefined || urlSeed === saved.seed)) {
    // A ranked game's saved position goes on in its session when the server agrees it is that one.
    const id = urlSeed === undefined ? lastRankedSession("blast") : undefined;
    if (id) return { kind: "ranked", name, fallback: () => saved, resume: { id, state: saved } };
    return { kind: "local", state: saved, why: NOT_RANKED.restored, canRank: true };
  }
  if (urlSeed !== undefined) {
    return { kind: "local", state: newBlastGame(urlSeed), why: NOT_RANKED.chosenSeed, canRank: true };
  }
  return { kind: "ranked", name, fallback: () => newBlastGame(randomSeed()) };
}

/** What a play page keeps of its one game: the save while it goes on, the score once it is over. */
export interface GameKeeper {
  /** Saves a position still to play; records a final game over instead. */
  keep(state: BlastState): LeaderboardEntry[] | undefined;
  /**
   * Records the game if it is over (a final game over, or the player leaving declines the revives
   * left), once per game, and drops its save. Returns the new leaderboard when it recorded.
   */
  finish(state: BlastState): LeaderboardEntry[] | undefined;
}

/** `onRecorded` hears the new leaderboard each time the keeper records the game (once). */
export function createGameKeeper(
  onRecorded: (list: LeaderboardEntry[]) => void = () => undefined,
): GameKeeper {
  let recorded = false;
  const finish = (state: BlastState) => {
    if (recorded) return undefined;
    const list = recordIfOver(state);
    if (!list) return undefined;
    recorded = true;
    savedGame.clear();
    onRecorded(list);
    return list;
  };
  return { finish, keep: (state) => (isFinal(state) ? finish(state) : void savedGame.save(state)) };
}
