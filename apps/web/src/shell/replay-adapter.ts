/**
 * What the replay viewer needs of a game (apps/web/src/games/<id>/replay-view.tsx): its rules, its
 * own board view drawing one position read-only, and the way into a practice game at a position.
 */
import type { AnyGame, BaseState, Hint } from "@blockarcade/engine/core";
import type { ComponentType } from "preact";

export interface ReplayBoardProps {
  state: BaseState;
  /** The coach's move from this position, drawn as the game draws a hint (when the coach is on). */
  hint?: Hint;
}

export interface ReplayAdapter {
  game: AnyGame;
  /** The game's own board view for one position: drawing only, no input. */
  Board: ComponentType<ReplayBoardProps>;
  /**
   * Puts `state` where the game resumes a saved game from and answers the page to open: an
   * unranked practice game at that position (the shell's ranked-session says "practice").
   * `moves` is how many moves led there.
   */
  practice(state: BaseState, moves: number): string;
  /** What the coach's move does, played on `state`, in the game's catalogue words (not the engine's English reason). */
  outcome(state: BaseState, hint: Hint): string;
}
