/**
 * The keys both tray games (Block Blast, Block Puzzle) read the same way: 1/2/3 choose a piece of the
 * tray, the arrows move its preview, Enter or Space place it. Each game adds its own keys (Escape,
 * Tab) and decides when they count; see its keyboard.ts.
 */
export type TrayKeyIntent =
  | { type: "select"; piece: number }
  | { type: "move"; dr: number; dc: number }
  | { type: "place" };

export function trayKeyIntent(key: string): TrayKeyIntent | null {
  switch (key) {
    case "1":
    case "2":
    case "3":
      return { type: "select", piece: Number(key) - 1 };
    case "ArrowUp":
      return { type: "move", dr: -1, dc: 0 };
    case "ArrowDown":
      return { type: "move", dr: 1, dc: 0 };
    case "ArrowLeft":
      return { type: "move", dr: 0, dc: -1 };
    case "ArrowRight":
      return { type: "move", dr: 0, dc: 1 };
    case "Enter":
    case " ":
      return { type: "place" };
    default:
      return null;
  }
}
