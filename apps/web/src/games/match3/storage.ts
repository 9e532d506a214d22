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
 *
 * The shell's createSavedGame stores a bare engine state; Match-3's save also holds the frame and the
 * pending command, so it uses the shell's createStore for the wrapper and its restore for the state.
 */
import { isPlainObject, seedRng } from "@blockarcade/engine/core";
import { type Match3State, type MoveCommand, match3Game } from "@blockarcade/engine/games/match3";
import { createJournal } from "../../shell/journal";
import { restoreSavedGame as restoreEngineState, sameJson } from "../../shell/saved-game";
import { createStore } from "../../shell/storage";

export const GAME_KEY = "blockarcade-match3-game";
export const INPUT_KEY = "blockarcade-match3-input";
/** The game's journal (seed and frames) for posting its score (shell/journal.ts). */
export const JOURNAL_KEY = "blockarcade-match3-journal";
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
  if (!loaded) return undefined;
  // Match-3 never draws from its random source, so a genuine save's rng is still its seed's own.
  if (!sameJson(loaded.rng, seedRng(loaded.seed))) return undefined;
  if (loaded.over && pending.length > 0) return undefined;
  return { state: loaded, frame: frame as number, pending: [...pending] };
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

export const journal = createJournal(match3Game, JOURNAL_KEY);

/** The last init line a game was started with. */
export const lastInput = createStore(INPUT_KEY, isString);
