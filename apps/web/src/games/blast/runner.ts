/**
 * The game runner (2048's game manager): dispatch(command) -> engine apply -> save -> render(state,
 * events). It knows nothing of input or drawing; both are passed in, so it is tested without a DOM.
 */
import { handleCommand, type Reply } from "@blockarcade/engine";
import { type BlastEvent, type BlastState, blastGame } from "@blockarcade/engine/games/blast";

export interface RunnerHooks {
  save(state: BlastState): void;
  render(state: BlastState, events: BlastEvent[]): void;
}

export interface Runner {
  readonly state: BlastState;
  /** Applies one protocol command; a refused command changes, saves and renders nothing. */
  dispatch(command: unknown): Reply;
}

export function createRunner(initial: BlastState, hooks: RunnerHooks): Runner {
  let state = initial;
  return {
    get state() {
      return state;
    },
    dispatch(command) {
      const step = handleCommand(blastGame, state, command);
      if (!step.reply.ok) return step.reply;
      state = step.state as BlastState;
      hooks.save(state);
      hooks.render(state, step.reply.events as BlastEvent[]);
      return step.reply;
    },
  };
}
