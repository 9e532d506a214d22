/**
 * What Match-3 keeps in localStorage, under the keys and in the format it has always used so no
 * player loses a game:
 *
 * - `blockarcade-match3-game`: the game across a reload, `{"version":1,"game":"match3","state":
 *   <engine state>,"frame":N,"pending":["L"]}`: the engine state plus the frame number the screen
 *   shows and the command chosen so far in the current frame. The state is restored only through
 *   the engine's own `load` (the shell's restoreSavedGame), so a corrupt, foreign or tampered save
 *   (a run of three on the board, a broken brick, a field of another size) is refused, and the loaded
 *   state must then equal the stored one field for field: a save is always a position the game emitted.
 * - `blockarcade-match3-input`: the last init line, shown again on the setup page.
 * - Arcade mode (new keys, so the classic save above keeps its format): `blockarcade-match3-arcade`
 *   (the unfinished Arcade game, the bare engine state through the shell's createSavedGame),
 *   `blockarcade-match3-arcade-setup` (the last Arcade config chosen), `blockarcade-match3-mode`
 *   ("arcade" or "classic", the mode the setup page opens on), `blockarcade-match3-best` (Arcade's
 *   best score per field size, `{"7x14": 820}`) and `blockarcade-match3-classic-best` (the classic
 *   game's most cells removed per field size).
 *
 * The shell's createSavedGame stores a bare engine state; Match-3's save also holds the frame and the
 * pending command, so it uses the shell's createStore for the wrapper and its restore for the state.
 */
import { isPlainObject, type Runner, seedRng } from "@blockarcade/engine/core";
import {
  ARCADE_DEFAULTS,
  ARCADE_MAX_HEIGHT,
  ARCADE_MAX_WIDTH,
  ARCADE_MIN_HEIGHT,
  ARCADE_MIN_WIDTH,
  type ArcadeConfig,
  isArcade,
  isArcadeConfig,
  MAX_SIDE,
  type Match3State,
  type MoveCommand,
  match3Game,
} from "@blockarcade/engine/games/match3";
import { createBestScores } from "../../shell/best-scores";
import { createSavedGame, restoreSavedGame as restoreEngineState, sameJson } from "../../shell/saved-game";
import { createStore } from "../../shell/storage";

export const GAME_KEY = "blockarcade-match3-game";
export const INPUT_KEY = "blockarcade-match3-input";
export const ARCADE_GAME_KEY = "blockarcade-match3-arcade";
export const ARCADE_SETUP_KEY = "blockarcade-match3-arcade-setup";
export const MODE_KEY = "blockarcade-match3-mode";
export const BEST_KEY = "blockarcade-match3-best";
export const CLASSIC_BEST_KEY = "blockarcade-match3-classic-best";
const VERSION = 1;

export interface SavedGame {
  state: Match3State;
  /** The frame the screen shows, from 1. */
  frame: number;
  /** Commands chosen in the current frame: at most one (the second one runs the frame). */
  pending: MoveCommand[];
}

/** What goes into storage: plain JSON, tagged so another game's or an older format's save is refused. */
export function toSavedJson(game: SavedGame): unknown {
  return { version: VERSION, game: "match3", state: game.state, frame: game.frame, pending: game.pending };
}

const isMove = (value: unknown): value is MoveCommand => value === "L" || value === "R" || value === "D";

/** The saved game, or undefined for anything that is not exactly a position this game emitted. */
export function restoreSavedGame(raw: unknown): SavedGame | undefined {
  if (!isPlainObject(raw) || raw.version !== VERSION || raw.game !== match3Game.id) return undefined;
  const { state, frame, pending } = raw;
  if (!Number.isSafeInteger(frame) || (frame as number) < 1) return undefined;
  if (!Array.isArray(pending) || pending.length > 1 || !pending.every(isMove)) return undefined;
  // Without its config the load would fall back on the example field: a save must name its own.
  if (!isPlainObject(state) || state.game !== match3Game.id || !isPlainObject(state.config)) return undefined;
  const loaded = restoreEngineState(match3Game, state);
  // Arcade games have their own save: this one is the classic game's frames.
  if (!loaded || isArcade(loaded)) return undefined;
  // Match-3 never draws from its random source, so a genuine save's rng is still its seed's own.
  if (!sameJson(loaded.rng, seedRng(loaded.seed))) return undefined;
  if (loaded.over && pending.length > 0) return undefined;
  return { state: loaded, frame: frame as number, pending: [...pending] };
}

/**
 * The runner as the watcher sees it: a frame it plays moves the frame counter on, as the player's
 * own frames do, before the state is saved (the save holds the frame number).
 */
export function countingFrames(runner: Runner<Match3State>, beforeFrame: () => void): Runner<Match3State> {
  return {
    get state() {
      return runner.state;
    },
    get paused() {
      return runner.paused;
    },
    dispatch(command) {
      const isFrame = (command as { cmd?: unknown } | null)?.cmd === "frame";
      if (isFrame && !runner.state.over) beforeFrame();
      return runner.dispatch(command);
    },
    setPaused: (paused) => runner.setPaused(paused),
    dispose: () => runner.dispose(),
  };
}

const gameStore = createStore(GAME_KEY, isPlainObject);
const isString = (value: unknown): value is string => typeof value === "string";

/** The game kept across a reload: written after every change, cleared when the player answers S or Q. */
export const savedGame = {
  restore: (): SavedGame | undefined => restoreSavedGame(gameStore.read()),
  save: (game: SavedGame): void => {
    gameStore.write(toSavedJson(game) as Record<string, unknown>);
  },
  clear: (): void => gameStore.remove(),
};

/** The last init line a game was started with. */
export const lastInput = createStore(INPUT_KEY, isString);

/** The last mode the setup page showed (a newcomer gets Arcade). */
export const lastMode = createStore(
  MODE_KEY,
  (v: unknown): v is "arcade" | "classic" => v === "arcade" || v === "classic",
);

/** The Arcade config the player chose last, read back through the engine's own config check. */
export function readArcadeSetup(): ArcadeConfig {
  const raw = arcadeSetupStore.read();
  if (raw === undefined) return ARCADE_DEFAULTS;
  const parsed = match3Game.parseConfig({ ...raw, mode: "arcade" });
  return parsed.ok && isArcadeConfig(parsed.value) ? parsed.value : ARCADE_DEFAULTS;
}
const arcadeSetupStore = createStore(ARCADE_SETUP_KEY, isPlainObject);
export function writeArcadeSetup(config: ArcadeConfig): void {
  arcadeSetupStore.write({ ...config });
}

const arcadeSave = createSavedGame(match3Game, ARCADE_GAME_KEY);

/** The unfinished Arcade game, if the engine accepts it as it is; anything else reads as none. */
export function readArcadeGame(): Match3State | undefined {
  const state = arcadeSave.restore();
  return state && isArcade(state) && !state.over && state.active !== null ? state : undefined;
}

/** Saves the Arcade game; a finished one clears the save (there is nothing left to resume). */
export function writeArcadeGame(state: Match3State): void {
  if (state.over) arcadeSave.clear();
  else arcadeSave.save(state);
}

export const clearArcadeGame = (): void => arcadeSave.clear();

/** A field size as a best-score table key, `7x14`. */
export const fieldKey = (width: number, height: number): string => `${width}x${height}`;

const sizeVariant =
  (minW: number, maxW: number, minH: number, maxH: number) =>
  (variant: string): boolean => {
    const m = /^([1-9]\d*)x([1-9]\d*)$/.exec(variant);
    if (!m) return false;
    const w = Number(m[1]);
    const h = Number(m[2]);
    return w >= minW && w <= maxW && h >= minH && h <= maxH;
  };

/** Arcade's best score per field size. */
export const arcadeBest = createBestScores(
  BEST_KEY,
  sizeVariant(ARCADE_MIN_WIDTH, ARCADE_MAX_WIDTH, ARCADE_MIN_HEIGHT, ARCADE_MAX_HEIGHT),
);
/** The classic game's most cells removed per field size. */
export const classicBest = createBestScores(CLASSIC_BEST_KEY, sizeVariant(1, MAX_SIDE, 1, MAX_SIDE));

/** The best-score table and key of a game's field. */
export function bestOf(state: Pick<Match3State, "config" | "board">): {
  table: typeof arcadeBest;
  key: string;
} {
  const width = state.board[0]?.length ?? 0;
  return { table: isArcade(state) ? arcadeBest : classicBest, key: fieldKey(width, state.board.length) };
}
