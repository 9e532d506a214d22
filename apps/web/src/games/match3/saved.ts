/**
 * The Match-3 game kept in storage across a page reload: the engine state, the frame number the
 * screen shows and the command chosen so far in the current frame. A save is restored only through
 * the engine's own `load` (the protocol's `{"cmd":"load"}`), so a corrupt, foreign or tampered save
 * (a run of three on the board, a broken brick, a field of another size) is refused, and the loaded
 * state must then equal the stored one field for field: a save is always a position the game emitted.
 */
import { isPlainObject, seedRng } from "@blockarcade/engine";
import { type Match3State, type MoveCommand, match3Game } from "@blockarcade/engine/games/match3";
import { restoreSavedGame as restoreEngineState, sameJson } from "../../shell/saved-game";

export const GAME_KEY = "blockarcade-match3-game";
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
