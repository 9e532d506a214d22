/**
 * The tutorial (docs/games/blocky.md "Playing on a phone"): one small board and eight steps, one per
 * action; the player performs each one. Pure: the view dispatches the moves through the shell's
 * runner and asks these functions what to outline and say. The board is fixed, so every player
 * meets the same first lesson.
 */
import {
  type Action,
  type Block,
  type BlockyConfig,
  type BlockyState,
  blockyGame,
  PENALTY,
  validMoves,
} from "@blockarcade/engine/games/blocky";
import { type BlockyMessage, t } from "./messages";
import { actionLabel, colourName } from "./words";

/** Upper-right yellow (smash it), upper-left mostly blue (combine it), two mixed quadrants below. */
export const TUTORIAL_TREE: Block = ["Y", ["B", "B", "R", "B"], ["R", "G", "B", "Y"], ["B", "R", "Y", "G"]];

const TUTORIAL_CONFIG: BlockyConfig = {
  maxDepth: 2,
  turns: 20,
  players: [{ kind: "human", goal: { type: "blob", colour: "B" } }],
};

/** The tutorial's first position: one human player (blue blob) on the fixed 4 x 4 board. */
export function tutorialState(): BlockyState {
  const parsed = blockyGame.parseConfig(TUTORIAL_CONFIG);
  const fresh = blockyGame.newGame(parsed.ok ? parsed.value : blockyGame.defaultConfig, 1);
  const loaded = blockyGame.load({ tree: TUTORIAL_TREE }, fresh);
  return loaded.ok ? loaded.value : fresh;
}

export interface TutorialStep {
  action: Action;
  /** The level whose block the step outlines; the view selects that level for the player. */
  level: number;
  /** The step's words in the current language. */
  readonly text: string;
}

const key = (k: string) => `(${k})`;
const COSTS: Partial<Record<Action, number>> = {
  smash: PENALTY.smash,
  paint: PENALTY.paint,
  combine: PENALTY.combine,
};
const KEYS: Record<Action, string> = {
  rotate_cw: "D",
  rotate_ccw: "A",
  swap_h: "Q",
  swap_v: "E",
  smash: "Space",
  paint: "R",
  combine: "C",
  pass: "P",
};

function tutorialStep(action: Action, level: number): TutorialStep {
  return {
    action,
    level,
    get text() {
      return t(`step_${action}` as BlockyMessage, {
        key: key(KEYS[action]),
        cost: COSTS[action] ?? 0,
        colour: colourName("B"),
      });
    },
  };
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  tutorialStep("rotate_cw", 1),
  tutorialStep("rotate_ccw", 1),
  tutorialStep("swap_h", 0),
  tutorialStep("swap_v", 1),
  tutorialStep("smash", 1),
  tutorialStep("paint", 2),
  tutorialStep("combine", 1),
  tutorialStep("pass", 1),
];

/** The block a step outlines: the first valid move of its action at its level, else at any level. */
export function stepTarget(state: BlockyState, step: TutorialStep): number[] | null {
  if (step.action === "pass") return null;
  const colour = state.players[0]?.goal.colour ?? "B";
  const moves = validMoves(state.tree, state.maxDepth, colour).filter((m) => m.action === step.action);
  return (moves.find((m) => m.path.length === step.level) ?? moves[0])?.path ?? null;
}

/** What a move means for the tutorial: the step is done, or the player is nudged to the step's action. */
export function checkAction(
  step: TutorialStep,
  action: Action,
): { done: true } | { done: false; text: string } {
  if (action === step.action) return { done: true };
  return {
    done: false,
    text: t("notYet", { action: actionLabel(step.action) }),
  };
}
