/**
 * The keys both tray games (Block Blast, Block Puzzle) read the same way: by default 1/2/3 choose a
 * piece of the tray, the arrows move its preview, Enter or Space place it (each game's bindings in
 * shell/key-bindings.ts, remappable in Settings). Each game adds its own keys (Escape, Tab) and
 * decides when they count; see its keyboard.ts.
 */
import { boundAction } from "../../shell/key-bindings";

export type TrayKeyIntent =
  | { type: "select"; piece: number }
  | { type: "move"; dr: number; dc: number }
  | { type: "place" };

export function trayKeyIntent(game: "blast" | "puzzle", key: string): TrayKeyIntent | null {
  switch (boundAction(game, key)) {
    case "piece1":
      return { type: "select", piece: 0 };
    case "piece2":
      return { type: "select", piece: 1 };
    case "piece3":
      return { type: "select", piece: 2 };
    case "up":
      return { type: "move", dr: -1, dc: 0 };
    case "down":
      return { type: "move", dr: 1, dc: 0 };
    case "left":
      return { type: "move", dr: 0, dc: -1 };
    case "right":
      return { type: "move", dr: 0, dc: 1 };
    case "place":
      return { type: "place" };
    default:
      return null;
  }
}
