/**
 * A page of a game's screen loaded on demand (the leaderboard page): a game page does not carry it.
 * A failed download gets an honest line, as app/game-route.tsx does for a game.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

// Keyed by the loader (one module-level function per page): a second visit draws at once.
const loaded = new Map<unknown, ComponentType<never>>();

export function LazyView<P extends object>(props: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [View, setView] = useState<ComponentType<P> | undefined>(
    () => loaded.get(props.load) as ComponentType<P> | undefined,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (View) return undefined;
    let alive = true;
    props.load().then(
      (v) => {
        loaded.set(props.load, v as ComponentType<never>);
        if (alive) setView(() => v);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  if (failed)
    return (
      <main class="coming-soon">
        <p class="note">This page could not be loaded. Check your connection and reload the page.</p>
      </main>
    );
  return View ? <View {...props.props} /> : <main class="loading" aria-busy="true" />;
}
