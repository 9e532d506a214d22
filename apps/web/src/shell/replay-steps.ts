/**
 * A replay as the viewer steps through it: the engine replays the game's commands from its seed and
 * config (pure, as the server verifies a game), and every move (a command other than the clock's
 * `tick`) is one step. The clock's ticks before a move belong to that move; ticks after the last
 * move (a piece that locks and tops out by itself) are one last step of their own. A leading `load`
 * (a game that began from a saved position) is the starting position, not a move.
 */
import {
  type AnyGame,
  type BaseState,
  handleCommand,
  isPlainObject,
  startGame,
} from "@blockarcade/engine/core";
import { t } from "../replay/messages";

export interface ReplayStep {
  /** The position after this step. */
  state: BaseState;
  /** The position the move was made from (after the ticks before it); absent for the start. */
  before?: BaseState;
  /** The move this step played (undefined for the start, and for the clock's last ticks). */
  move?: Record<string, unknown>;
}

export interface ReplaySteps {
  steps: ReplayStep[];
  /** Commands the rules refused (a hand-edited link): they change nothing and are not steps. */
  refused: number;
}

export type StepsResult = { ok: true; value: ReplaySteps } | { ok: false; message: string };

const cmdOf = (command: unknown): string =>
  isPlainObject(command) && typeof command.cmd === "string" ? command.cmd : "";

export function replaySteps(
  game: AnyGame,
  seed: number,
  config: unknown,
  commands: readonly unknown[],
): StepsResult {
  const started = startGame(game, seed, config);
  if (!started.ok) return { ok: false, message: t("cannotStart") };
  let state = started.value;
  let at = 0;
  if (cmdOf(commands[0]) === "load") {
    const loaded = handleCommand(game, state, commands[0]);
    if (!loaded.reply.ok) {
      return {
        ok: false,
        message: t("startRefused", { reason: loaded.reply.error.message }),
      };
    }
    state = loaded.state;
    at = 1;
  }
  const steps: ReplayStep[] = [{ state }];
  let refused = 0;
  let ticked = false;
  for (; at < commands.length; at++) {
    const command = commands[at];
    const before = state;
    const step = handleCommand(game, state, command);
    if (!step.reply.ok) {
      refused++;
      continue;
    }
    state = step.state;
    if (cmdOf(command) === "tick") {
      ticked = true;
      continue;
    }
    ticked = false;
    steps.push({ state, before, move: command as Record<string, unknown> });
  }
  if (ticked && state !== steps[steps.length - 1]?.state) steps.push({ state });
  return { ok: true, value: { steps, refused } };
}

/** The score after each step (the chart's line). */
export function scoresOf(steps: readonly ReplayStep[]): number[] {
  return steps.map((s) => s.state.score);
}
