/** Keyboard focus helpers of the shell: what can take focus inside an element, and Tab's cycle. */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab visits inside `root`, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[inert]"),
  );
}

/**
 * Where Tab (or Shift+Tab with `back`) goes from `current` within `items`, wrapping around at
 * either end; from anywhere outside the list it enters at the first (or last) item. Undefined when
 * there is nothing to visit.
 */
export function nextInCycle<T>(items: readonly T[], current: unknown, back: boolean): T | undefined {
  if (items.length === 0) return undefined;
  const i = items.indexOf(current as T);
  if (i < 0) return back ? items[items.length - 1] : items[0];
  return items[(i + (back ? -1 : 1) + items.length) % items.length];
}

/**
 * For a real-time game's controls: a mouse click on a button there leaves keyboard focus where it
 * was, so the next Space drops the piece instead of pressing that button again (a pointerdown
 * handler on the controls' box). Touch and pen keep their ordinary focus.
 */
export function keepFocusOnClick(event: {
  pointerType: string;
  target: EventTarget | { closest?(selector: string): unknown } | null;
  preventDefault(): void;
}): void {
  const target = event.target as { closest?(selector: string): unknown } | null;
  if (event.pointerType === "mouse" && target?.closest?.("button")) event.preventDefault();
}
