/** Loads a game's screen on demand; a game not built yet gets an honest "coming soon" card. */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { navigate } from "./router";
import { useSettings } from "./settings";
import { Thumbnail } from "./thumbnails";
import type { CatalogEntry, GameScreenProps } from "./types";

const loaded = new Map<string, ComponentType<GameScreenProps>>();

export function GameRoute({
  entry,
  subpath,
  search,
}: {
  entry: CatalogEntry;
  subpath: string;
  search: string;
}) {
  const settings = useSettings();
  const [Screen, setScreen] = useState<ComponentType<GameScreenProps> | undefined>(() =>
    loaded.get(entry.id),
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = `${entry.name} - Block Arcade`;
    if (!entry.load || loaded.has(entry.id)) {
      setScreen(() => loaded.get(entry.id));
      return;
    }
    let alive = true;
    entry.load().then(
      (m) => {
        loaded.set(entry.id, m.default);
        if (alive) setScreen(() => m.default);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [entry]);

  if (!entry.load) {
    return (
      <main class="coming-soon">
        <Thumbnail id={entry.id} />
        <h1>{entry.name}</h1>
        <p>{entry.tagline}</p>
        <p class="note">Coming soon: this game is still being built. The other games are ready to play.</p>
        <a class="button primary" href="/">
          Back to the arcade
        </a>
      </main>
    );
  }
  if (failed) {
    return (
      <main class="coming-soon">
        <h1>{entry.name}</h1>
        <p class="note">The game could not be loaded. Check your connection and reload the page.</p>
        <a class="button primary" href="/">
          Back to the arcade
        </a>
      </main>
    );
  }
  if (!Screen) return <main class="loading" aria-busy="true" />;
  const base = `/games/${entry.id}`;
  return (
    <Screen
      subpath={subpath}
      search={search}
      settings={settings}
      navigate={(sub, options) => navigate(base + sub, options)}
      exit={() => navigate("/")}
    />
  );
}
