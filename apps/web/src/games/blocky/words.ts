/**
 * The words the Blocky screens use for actions, goals and players, in one place so the toolbar, the
 * narration and the game-over table agree. The engine's colour codes name the colours here, in the
 * catalogue (messages.ts); the engine's COLOUR_NAMES stay its own (the terminal's).
 */
import type { Action, Colour, Goal, Player } from "@blockarcade/engine/games/blocky";
import { type BlockyMessage, t } from "./messages";

/** A colour's name in the current language ("blue"). */
export const colourName = (colour: Colour): string => t(`colour_${colour}` as BlockyMessage);

/** An action's name ("Rotate clockwise"). */
export const actionLabel = (action: Action): string => t(`action_${action}` as BlockyMessage);

/** "rotating a block clockwise": what a player is doing, for the line under the board. */
export function doingText(action: Action, paint: Colour): string {
  return t(`doing_${action}` as BlockyMessage, { colour: colourName(paint) });
}

/** "rotated a block clockwise": the same, once done, with the penalty it cost. */
export function doneText(action: Action, paint: Colour, penalty: number): string {
  const cost = penalty > 0 ? ` (-${penalty})` : "";
  return t(`done_${action}` as BlockyMessage, { colour: colourName(paint), cost });
}

export function goalSentence(goal: Goal): string {
  return t(goal.type === "blob" ? "goalBlob" : "goalPerimeter", { colour: colourName(goal.colour) });
}

export function goalShort(goal: Goal): string {
  return t(goal.type === "blob" ? "shortBlob" : "shortPerimeter", { colour: colourName(goal.colour) });
}

export function kindText(p: Pick<Player, "kind" | "difficulty">): string {
  return t(`kind_${p.kind}` as BlockyMessage, { n: p.difficulty ?? 1 });
}
