/**
 * Keys of the Match-3 play page: L / R / D as in the terminal, arrows too; Enter ends the frame.
 * Once the game is over, S and Q answer the end prompt as the terminal's lines do.
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";

export type KeyIntent = { type: "move"; command: MoveCommand } | { type: "advance" };

export function keyToIntent(key: string): KeyIntent | null {
  switch (key) {
    case "l":
    case "L":
    case "ArrowLeft":
      return { type: "move", command: "L" };
    case "r":
    case "R":
    case "ArrowRight":
      return { type: "move", command: "R" };
    case "d":
    case "D":
    case "ArrowDown":
      return { type: "move", command: "D" };
    case "Enter":
    case "n":
    case "N":
      return { type: "advance" };
    default:
      return null;
  }
}

/** The end prompt's answers: S starts over, Q quits (either case: a key has no Shift to forget). */
export function endKeyToChoice(key: string): "S" | "Q" | null {
  if (key === "s" || key === "S") return "S";
  if (key === "q" || key === "Q") return "Q";
  return null;
}
