/**
 * The game runner (2048's game manager): dispatch(command) -> engine apply -> save -> render(state,
 * events). It knows nothing of input or drawing; both are passed in, so it is tested without a DOM.
 */
import { handleCommand, type Reply } from "@blockarcade/engine";
import { type PuzzleEvent, type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";

export interface RunnerHooks {
  save(state: PuzzleState): void;
  render(state: PuzzleState, events: PuzzleEvent[]): void;
}

export interface Runner {
  readonly state: PuzzleState;
  /** Applies one protocol command; a refused command changes, saves and renders nothing. */
  dispatch(command: unknown): Reply;
}

export function createRunner(initial: PuzzleState, hooks: RunnerHooks): Runner {
  let state = initial;
  return {
    get state() {
      return state;
    },
    dispatch(command) {
      const step = handleCommand(puzzleGame, state, command);
      if (!step.reply.ok) return step.reply;
      state = step.state as PuzzleState;
      hooks.save(state);
      hooks.render(state, step.reply.events as PuzzleEvent[]);
      return step.reply;
    },
  };
}
