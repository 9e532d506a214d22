/** Keys of the Match-3 screen: L / R / D as in the terminal, arrows too; Enter ends the frame. */
import type { MoveCommand } from "@blockarcade/engine/games/match3";

export type KeyIntent = { kind: "move"; command: MoveCommand } | { kind: "advance" };

export function keyToIntent(key: string): KeyIntent | null {
  switch (key) {
    case "l":
    case "L":
    case "ArrowLeft":
      return { kind: "move", command: "L" };
    case "r":
    case "R":
    case "ArrowRight":
      return { kind: "move", command: "R" };
    case "d":
    case "D":
    case "ArrowDown":
      return { kind: "move", command: "D" };
    case "Enter":
    case "n":
    case "N":
      return { kind: "advance" };
    default:
      return null;
  }
}
