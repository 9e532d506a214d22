/**
 * Keyboard input adapter: keys to intents, nothing else (the screen decides what they do).
 * 1/2/3 choose a block; while one is chosen, Tab / Shift+Tab switch to the next / previous block,
 * arrows move its preview, Enter (or Space) places it and Escape puts it back.
 */
export type Intent =
  | { type: "select"; piece: number }
  | { type: "cycle"; step: 1 | -1 }
  | { type: "move"; dr: number; dc: number }
  | { type: "place" }
  | { type: "cancel" };

export function keyToIntent(key: string, shift: boolean, hasSelection: boolean): Intent | null {
  if (key === "1" || key === "2" || key === "3") return { type: "select", piece: Number(key) - 1 };
  // Without a chosen block, Tab and Enter keep their usual meaning (focus, buttons).
  if (!hasSelection) return null;
  switch (key) {
    case "Tab":
      return { type: "cycle", step: shift ? -1 : 1 };
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
    case "Escape":
      return { type: "cancel" };
    default:
      return null;
  }
}

/** The next remaining block after `from` (wrapping), or null when none is left. */
export function cycleBlock(available: readonly boolean[], from: number, step: 1 | -1): number | null {
  const n = available.length;
  for (let i = 1; i <= n; i++) {
    const j = (((from + step * i) % n) + n) % n;
    if (available[j]) return j;
  }
  return null;
}
