/**
 * Whether the player has touched the page yet (a tap, a click or a key): browsers start audio only
 * after such a gesture, and the arcade's music waits for one. Watching starts with the page
 * (main.tsx), so the click on a game's card that opened the game counts. `pointerup`, not
 * `pointerdown`: a touch activates the page only when the finger lifts.
 */
export const GESTURES = ["pointerup", "keydown"] as const;

let seen = false;

function mark(): void {
  seen = true;
  for (const type of GESTURES) window.removeEventListener(type, mark, true);
}

export function watchFirstGesture(): void {
  if (seen) return;
  for (const type of GESTURES) window.addEventListener(type, mark, true);
}

export function hasGestured(): boolean {
  return seen;
}
