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
