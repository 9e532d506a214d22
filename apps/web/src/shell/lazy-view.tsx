/**
 * A page or panel kept out of a game's first download (docs/architecture.md "What a page downloads"): its code
 * is fetched when it is first shown, with an empty busy page meanwhile and an honest line if the
 * download fails. Once loaded it stays loaded.
 */
import type { ComponentType, JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "./messages";

export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** What failed to load, in the current language (read when shown). */
  what: () => string = () => t("thisPage"),
  /** "panel": nothing shows while loading and a failure is an alert line, not a page. */
  kind: "page" | "panel" = "page",
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function LazyView(props: P): JSX.Element | null {
    const [View, setView] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (View) return;
      let alive = true;
      load().then(
        (v) => {
          loaded = v;
          if (alive) setView(() => v);
        },
        () => alive && setFailed(true),
      );
      return () => {
        alive = false;
      };
    }, []);
    if (View) return <View {...props} />;
    if (failed && kind === "panel")
      return (
        <p class="note" role="alert">
          {t("loadFailed", { what: what() })}
        </p>
      );
    if (kind === "panel") return null;
    if (failed)
      return (
        <main class="coming-soon">
          <p class="note">{t("loadFailed", { what: what() })}</p>
        </main>
      );
    return <main class="loading" aria-busy="true" />;
  };
}
