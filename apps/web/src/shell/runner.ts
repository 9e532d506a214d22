/**
 * The game runner (2048's game manager): dispatch(command) -> engine -> save -> render(state, events).
 * It knows nothing of input or drawing; both are passed in, so it is tested without a DOM. Generic
 * over the engine's GameDefinition, so every game's screen can use the same one.
 */
import {
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type GameDefinition,
  handleCommand,
  type Reply,
} from "@blockarcade/engine";

export interface RunnerHooks<S extends BaseState, E extends BaseEvent> {
  save(state: S): void;
  render(state: S, events: E[]): void;
}

export interface Runner<S extends BaseState> {
  readonly state: S;
  /** Applies one protocol command; a refused command changes, saves and renders nothing. */
  dispatch(command: unknown): Reply;
}

export function createRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  initial: S,
  hooks: RunnerHooks<S, E>,
): Runner<S> {
  let state = initial;
  return {
    get state() {
      return state;
    },
    dispatch(command) {
      // Through the protocol, so the browser plays exactly what the CLI and the service play.
      const step = handleCommand(game, state, command);
      if (!step.reply.ok) return step.reply;
      state = step.state as S;
      hooks.save(state);
      hooks.render(state, step.reply.events as E[]);
      return step.reply;
    },
  };
}
