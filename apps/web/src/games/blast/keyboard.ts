/**
 * Keyboard play, as intents: the adapter knows keys, the screen knows the game. 1/2/3 pick a piece
 * (Tab moves focus through the tray's pieces, which picks them too), arrows move its ghost, Enter
 * or Space places it, Escape pauses, H shows the computer's hint and V lets it play (or takes over).
 */
import { HINT_KEY, WATCH_KEY } from "../../shell/computer";
import { type TrayKeyIntent, trayKeyIntent } from "../tray/keys";

export type KeyIntent = TrayKeyIntent | { type: "pause" } | { type: "hint" } | { type: "watch" };

export function keyToIntent(key: string): KeyIntent | null {
  if (key === "Escape") return { type: "pause" };
  const lower = key.toLowerCase();
  if (lower === HINT_KEY) return { type: "hint" };
  if (lower === WATCH_KEY) return { type: "watch" };
  return trayKeyIntent(key);
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
