/**
 * Block Stacker's storage (docs/games/stacker.md "Saved game in the browser"): the best score per
 * board size, the last size chosen, and the unfinished game. The keys and formats are the ones
 * players already have in their browsers: `blockarcade-stacker-best` ({"20": 1200}),
 * `blockarcade-stacker-size` (20) and `blockarcade-stacker-game` (the engine state as it is), and
 * beside the unfinished game the best it has to beat, `blockarcade-stacker-game-best`
 * ({"size": 12, "best": 424}).
 */
import type { Clock } from "@blockarcade/engine/core";
import { MAX_SIZE, MIN_SIZE, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { createBestScores } from "../../shell/best-scores";
import { createSavedGame, restoreSavedGame as restoreEngineState } from "../../shell/saved-game";
import { createStore } from "../../shell/storage";

export const BEST_KEY = "blockarcade-stacker-best";
export const SIZE_KEY = "blockarcade-stacker-size";
export const GAME_KEY = "blockarcade-stacker-game";
export const GAME_BEST_KEY = "blockarcade-stacker-game-best";

/**
 * The web's first board size, 12 x 12 (the daily challenge's size too): cells of at least 24 px on
 * a 360 x 640 phone, and lines a newcomer can fill. The engine's default (20) is the spec's and the
 * terminal's; a size the player chose is kept (docs/games/stacker.md "Browser").
 */
export const WEB_DEFAULT_SIZE = 12;

const isSize = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= MIN_SIZE && v <= MAX_SIZE;

/** A best-score table key: a board size written plainly ("20", never "020"). */
export const isSizeVariant = (variant: string): boolean =>
  /^[1-9]\d*$/.test(variant) && isSize(Number(variant));

const bestScores = createBestScores(BEST_KEY, isSizeVariant);
const sizeStore = createStore(SIZE_KEY, isSize);
const savedGame = createSavedGame(stackerGame, GAME_KEY);
const gameBestStore = createStore(
  GAME_BEST_KEY,
  (v): v is { size: number; best: number } =>
    typeof v === "object" &&
    v !== null &&
    isSize((v as { size?: unknown }).size) &&
    Number.isSafeInteger((v as { best?: unknown }).best) &&
    ((v as { best: number }).best ?? -1) >= 0,
);

export function readBest(size: number): number {
  return bestScores.best(String(size));
}

/** Records a score; returns the best for that size afterwards. */
export function recordScore(size: number, score: number): number {
  return bestScores.record(String(size), score).best;
}

/**
 * The best a new game has to beat: the best of the earlier games on its size, kept beside the save
 * so that the game, reloaded mid-way, still compares with them (its own scores are recorded as it
 * goes, so a lost tab loses no best).
 */
export function startGameBest(size: number): number {
  const best = readBest(size);
  gameBestStore.write({ size, best });
  return best;
}

/**
 * The best a resumed game has to beat: the one kept when it started (never its own score, recorded
 * mid-way), or for an older save without one, the stored best.
 */
export function resumedGameBest(size: number): number {
  const kept = gameBestStore.read();
  return kept && kept.size === size ? kept.best : readBest(size);
}

/** At a game's start: the best to beat (`previous`) and the stored best to show. */
export function bestsAtStart(size: number, resumed: boolean): { previous: number; best: number } {
  return { previous: resumed ? resumedGameBest(size) : startGameBest(size), best: readBest(size) };
}

export function readSize(): number | undefined {
  return sizeStore.read();
}

export function writeSize(size: number): void {
  sizeStore.write(size);
}

/** A stored value back as an unfinished game the engine accepts as it is, or undefined. */
export function restoreSavedGame(raw: unknown): StackerState | undefined {
  const state = restoreEngineState(stackerGame, raw);
  return state && !state.over && state.active !== null ? state : undefined;
}

/** The saved game, if there is one the engine accepts; anything else reads as no save. */
export function readSavedGame(): StackerState | undefined {
  const state = savedGame.restore();
  return state && !state.over && state.active !== null ? state : undefined;
}

/** Saves the game; a finished game clears the save instead (there is nothing left to resume). */
export function writeSavedGame(state: StackerState): void {
  if (state.over) savedGame.clear();
  else savedGame.save(state);
}

/**
 * When to save. Ticks arrive up to 60 times a second at high levels, so an ordinary change is
 * saved at most once per `intervalMs` (the latest one, on a timer of the given clock); what the
 * player would miss most (a lock or a spawn, a hold, a pause, the page going away) is saved at once.
 */
export class SaveThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private pending: StackerState | null = null;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly write: (state: StackerState) => void,
    private readonly clock: Clock,
    private readonly intervalMs = 1000,
  ) {}

  /** A new state; `urgent` saves it at once. */
  note(state: StackerState, urgent: boolean): void {
    this.pending = state;
    const now = this.clock.now();
    const wait = this.lastAt + this.intervalMs - now;
    if (urgent || state.over || wait <= 0) this.flush();
    else
      this.cancel ??= this.clock.after(wait, () => {
        this.cancel = undefined;
        this.flush();
      });
  }

  /** Saves a waiting state now (pause, page hidden or left). */
  flush(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (!this.pending) return;
    const state = this.pending;
    this.pending = null;
    this.lastAt = this.clock.now();
    this.write(state);
  }
}
