/** Loads a game's screen on demand; a failed download gets an honest card with a way back. */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useLanguage } from "../shell/i18n";
import { useSettings } from "../shell/settings";
import type { GameScreenProps } from "../shell/types";
import type { CatalogEntry } from "./catalog";
import { t } from "./messages";
import { navigate } from "./router";

const loaded = new Map<string, ComponentType<GameScreenProps>>();

/** The daily challenge page is the same for every game (shell/daily-page.tsx), loaded on demand. */
type DailyPageType = ComponentType<{ game: CatalogEntry["id"] }>;
let dailyPage: DailyPageType | undefined;

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

  const language = useLanguage();
  useEffect(() => {
    document.title = t("gameTitle", { game: entry.name });
  }, [entry, language]);
  useEffect(() => {
    if (loaded.has(entry.id)) {
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

  if (failed) {
    return (
      <main class="coming-soon">
        <h1>{entry.name}</h1>
        <p class="note">{t("gameFailed")}</p>
        <a class="button primary" href="/">
          {t("backToArcade")}
        </a>
      </main>
    );
  }
  if (subpath === "/daily") return <Daily game={entry.id} />;
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

function Daily({ game }: { game: CatalogEntry["id"] }) {
  const [Page, setPage] = useState<DailyPageType | undefined>(() => dailyPage);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Page) return;
    import("../shell/daily-page").then(
      (m) => {
        dailyPage = m.default;
        setPage(() => m.default);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) {
    return (
      <main class="coming-soon">
        <p class="note">{t("dailyFailed")}</p>
      </main>
    );
  }
  return Page ? <Page game={game} /> : <main class="loading" aria-busy="true" />;
}
