/** A tiny history-API router: real URLs, the back button works, no dependency. */
import { useEffect, useState } from "preact/hooks";

export interface Location {
  path: string;
  search: string;
  /** The fragment, with its "#" ("" when none): a packed replay lives there (/replay#...). */
  hash: string;
}

const listeners = new Set<() => void>();

function current(): Location {
  return { path: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (to === here) return;
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    listeners.add(update);
    window.addEventListener("popstate", update);
    window.addEventListener("hashchange", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
      window.removeEventListener("hashchange", update);
    };
  }, []);
  return loc;
}

/** Lets plain `<a href="/...">` links navigate without a reload (left click, no modifier keys). */
export function interceptLinks(root: HTMLElement): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.("a");
    if (!a || a.target || a.hasAttribute("download")) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}

/** Splits `/games/<id>/<rest>` into the game id and the rest ("" or "/..."). */
export function matchGameRoute(path: string): { id: string; subpath: string } | undefined {
  const m = /^\/games\/([a-z0-9]+)(\/.*)?$/.exec(path);
  if (!m) return undefined;
  const subpath = (m[2] ?? "").replace(/\/+$/, "");
  return { id: m[1] as string, subpath };
}
