/**
 * After a page change, keyboard and screen-reader users land on the new page: focus moves to its
 * `<h1>` (or its `<main>`) and a polite live region says which page it is. A game page downloads
 * first, so this waits for its `<main>`; a page that has already put focus inside itself (a board,
 * a text field) keeps it.
 */
import type { RefObject } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** Gives up on a page that never shows its `<main>` (its download failed and was reported). */
const WAIT_MS = 10_000;

/** The page's heading text to announce, or the document title when the page has none. */
function pageName(main: HTMLElement): string {
  // "Five block games. Free, no ads." is announced as "…no ads, page loaded": one stop, not two.
  const text = main
    .querySelector("h1")
    ?.textContent?.replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  return text || document.title;
}

/** Focuses the page inside `root` once it is there; false while it is still loading. */
export function focusPage(root: HTMLElement, announce: (text: string) => void): boolean {
  const main = root.querySelector<HTMLElement>("main");
  if (!main || main.classList.contains("loading")) return false;
  const active = document.activeElement;
  if (!(active && active !== document.body && main.contains(active))) {
    const target = main.querySelector<HTMLElement>("h1") ?? main;
    if (!target.hasAttribute("tabindex")) {
      // Focusable only for this visit: a click on the page later must not focus the heading or main.
      target.setAttribute("tabindex", "-1");
      target.addEventListener("blur", () => target.removeAttribute("tabindex"), { once: true });
    }
    target.focus({ preventScroll: true });
  }
  announce(pageName(main));
  return true;
}

/** Runs `focusPage` each time `page` changes (not on the first page: the browser starts there). */
export function usePageFocus(
  page: string,
  root: RefObject<HTMLElement>,
  announce: (text: string) => void,
): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = root.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => schedule());
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(giveUp);
    };
    // After the page's own effects: a game that focuses its board on opening keeps that focus.
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (focusPage(el, announce)) stop();
      }, 0);
    };
    const giveUp = setTimeout(stop, WAIT_MS);
    observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
    schedule();
    return stop;
  }, [page]);
}
