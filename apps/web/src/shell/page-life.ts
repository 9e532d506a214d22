/**
 * The page's comings and goings for a game page: the tab hidden or shown again (a real-time game
 * pauses, a save is written) and the page going away (the last save). Listened to once; the latest
 * handlers are called.
 */
import { useEffect } from "preact/hooks";
import { useLatest } from "./use-latest";

export interface PageLifeHandlers {
  /** The page was hidden (`true`) or shown again (`false`). */
  visibility?(hidden: boolean): void;
  /** The page is going away (pagehide): write what is left to write. */
  leave?(): void;
}

export function listenPageLife(
  doc: EventTarget & { readonly hidden: boolean },
  win: EventTarget,
  handlers: { readonly current: PageLifeHandlers },
): () => void {
  const visibility = () => handlers.current.visibility?.(doc.hidden);
  const leave = () => handlers.current.leave?.();
  doc.addEventListener("visibilitychange", visibility);
  win.addEventListener("pagehide", leave);
  return () => {
    doc.removeEventListener("visibilitychange", visibility);
    win.removeEventListener("pagehide", leave);
  };
}

export function usePageLife(handlers: PageLifeHandlers): void {
  const latest = useLatest(handlers);
  useEffect(() => listenPageLife(document, window, latest), []);
}
