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
  COLOUR_NAMES,
  PENALTY,
  validMoves,
} from "@blockarcade/engine/games/blocky";
import { ACTION_LABELS } from "./words";

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
  text: string;
}

const key = (k: string) => `(${k})`;

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    action: "rotate_cw",
    level: 1,
    text: `Tap the outlined block (or move to it with the arrow keys), then press Rotate CW ${key("D")}: the block turns a quarter turn clockwise. Free.`,
  },
  {
    action: "rotate_ccw",
    level: 1,
    text: `Now turn a block back: select it and press Rotate CCW ${key("A")}. Free.`,
  },
  {
    action: "swap_h",
    level: 0,
    text: `The level is the size a tap picks. Level 0 is the whole board: press Swap H ${key("Q")} to swap its left and right halves. Free.`,
  },
  {
    action: "swap_v",
    level: 1,
    text: `Swap V ${key("E")} swaps the top and bottom halves of the selected block. Free.`,
  },
  {
    action: "smash",
    level: 1,
    text: `A block of one colour above the smallest size can be smashed into four random blocks: select it and press Smash ${key("Space")}. Costs ${PENALTY.smash}.`,
  },
  {
    action: "paint",
    level: 2,
    text: `Level 2 is the unit cells. Paint ${key("R")} colours the selected cell in your goal's colour, ${COLOUR_NAMES.B}. Costs ${PENALTY.paint}.`,
  },
  {
    action: "combine",
    level: 1,
    text: `Combine ${key("C")} turns four cells into one block of their majority colour. Select the outlined block and combine it. Costs ${PENALTY.combine}.`,
  },
  {
    action: "pass",
    level: 1,
    text: `Pass ${key("P")} ends your turn without a move. Press it to finish.`,
  },
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
    text: `Not yet: this step is ${ACTION_LABELS[step.action]}. Nothing was played.`,
  };
}
