/**
 * Keyboard play, as intents: the adapter knows keys, the screen knows the game. 1/2/3 pick a piece
 * (Tab moves focus through the tray's pieces, which picks them too), arrows move its ghost, Enter
 * or Space places it, Escape pauses.
 */
export type KeyIntent =
  | { type: "select"; piece: number }
  | { type: "move"; dr: number; dc: number }
  | { type: "place" }
  | { type: "pause" };

export function keyToIntent(key: string): KeyIntent | undefined {
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
    case "Escape":
      return { type: "pause" };
    default:
      return undefined;
  }
}

/** Listens on the window while `active()`; returns the function that stops listening. */
export function attachKeyboard(handle: (intent: KeyIntent, event: KeyboardEvent) => boolean): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const intent = keyToIntent(event.key);
    if (intent && handle(intent, event)) event.preventDefault();
  };
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}
