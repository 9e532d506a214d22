/**
 * The words the Blocky screens use for actions, goals and players, in one place so the toolbar, the
 * narration and the game-over table agree. Colour names come from the engine.
 */
import {
  type Action,
  COLOUR_NAMES,
  type Colour,
  type Goal,
  type Player,
} from "@blockarcade/engine/games/blocky";

export const ACTION_LABELS: Record<Action, string> = {
  rotate_cw: "Rotate clockwise",
  rotate_ccw: "Rotate counter-clockwise",
  swap_h: "Swap horizontally",
  swap_v: "Swap vertically",
  smash: "Smash",
  paint: "Paint",
  combine: "Combine",
  pass: "Pass",
};

/** "rotating a block clockwise": what a player is doing, for the line under the board. */
export function doingText(action: Action, paint: Colour): string {
  switch (action) {
    case "rotate_cw":
      return "rotating a block clockwise";
    case "rotate_ccw":
      return "rotating a block counter-clockwise";
    case "swap_h":
      return "swapping a block horizontally";
    case "swap_v":
      return "swapping a block vertically";
    case "smash":
      return "smashing a block";
    case "paint":
      return `painting a cell ${COLOUR_NAMES[paint]}`;
    case "combine":
      return "combining a block";
    case "pass":
      return "passing";
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** "rotated a block clockwise": the same, once done, with the penalty it cost. */
export function doneText(action: Action, paint: Colour, penalty: number): string {
  const cost = penalty > 0 ? ` (-${penalty})` : "";
  switch (action) {
    case "rotate_cw":
      return "rotated a block clockwise";
    case "rotate_ccw":
      return "rotated a block counter-clockwise";
    case "swap_h":
      return "swapped a block horizontally";
    case "swap_v":
      return "swapped a block vertically";
    case "smash":
      return `smashed a block${cost}`;
    case "paint":
      return `painted a cell ${COLOUR_NAMES[paint]}${cost}`;
    case "combine":
      return `combined a block${cost}`;
    case "pass":
      return "passed";
    default: {
      const never: never = action;
      return never;
    }
  }
}

export function goalSentence(goal: Goal): string {
  return goal.type === "blob"
    ? `Make the largest connected blob of ${COLOUR_NAMES[goal.colour]}.`
    : `Put the most ${COLOUR_NAMES[goal.colour]} on the outer edge (corners count twice).`;
}

export function goalShort(goal: Goal): string {
  return goal.type === "blob"
    ? `${COLOUR_NAMES[goal.colour]} blob`
    : `${COLOUR_NAMES[goal.colour]} perimeter`;
}

export function kindText(p: Pick<Player, "kind" | "difficulty">): string {
  switch (p.kind) {
    case "human":
      return "human";
    case "random":
      return "random computer";
    case "smart":
      return `smart computer, ${p.difficulty ?? 1}`;
    case "expert":
      return "expert computer";
    default: {
      const never: never = p.kind;
      return never;
    }
  }
}
