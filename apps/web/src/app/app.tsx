import { useEffect, useRef, useState } from "preact/hooks";
import { useLanguage } from "../shell/i18n";
import { lazyView } from "../shell/lazy-view";
import { findGame } from "./catalog";
import { GameRoute } from "./game-route";
import { Home } from "./home";
import { t } from "./messages";
import { NotFound } from "./not-found";
import { usePageFocus } from "./page-focus";
import { isGamePage, isShellPage } from "./pages";
import { ReplayRoute } from "./replay-route";
import { interceptLinks, matchGameRoute, useLocation } from "./router";
import { SoundToggle } from "./sound-toggle";

/** The settings panel is fetched when first opened: no page needs it to show. */
const SettingsPanel = lazyView(
  () => import("./settings-panel").then((m) => m.SettingsPanel),
  () => t("settings"),
  "panel",
);

export function App() {
  const { path, search, hash } = useLocation();
  // Every view reads its words while rendering: a change of language re-renders the whole tree.
  const language = useLanguage();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? interceptLinks(root.current) : undefined), []);

  const route = matchGameRoute(path);
  const entry = route && isGamePage(route.id, route.subpath) ? findGame(route.id) : undefined;
  const isHome = path === "/";
  useEffect(() => {
    if (isHome) document.title = t("brand");
  }, [isHome, language]);
  usePageFocus(path, root, (text) => {
    // The same words twice in a row would not be read again: empty the region first.
    setAnnouncement("");
    setTimeout(() => setAnnouncement(t("pageLoaded", { page: text })), 50);
  });

  return (
    <div class="shell" ref={root}>
      <header class="topbar">
        <a class={isHome ? "brand" : "brand brand-back"} href="/">
          {!isHome && (
            <svg class="brand-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="none" stroke="currentColor" stroke-width="3" d="M15 5l-7 7 7 7" />
            </svg>
          )}
          <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true">
            <rect x="2" y="2" width="13" height="13" rx="3" fill="#e74c3c" />
            <rect x="17" y="2" width="13" height="13" rx="3" fill="#f1c40f" />
            <rect x="2" y="17" width="13" height="13" rx="3" fill="#2ecc71" />
            <rect x="17" y="17" width="13" height="13" rx="3" fill="#3498db" />
          </svg>
          {!isHome && <span class="visually-hidden">{t("backTo")}</span>}
          <span>{t("brand")}</span>
        </a>
        <span class="topbar-tools">
          {entry && <SoundToggle />}
          <button
            type="button"
            class="icon-button"
            aria-label={t("settings")}
            onClick={() => setSettingsOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
              />
            </svg>
          </button>
        </span>
      </header>
      {isHome ? (
        <Home />
      ) : entry && route ? (
        <GameRoute key={entry.id} entry={entry} subpath={route.subpath} search={search} />
      ) : isShellPage(path) ? (
        <ReplayRoute path={path} hash={hash} />
      ) : (
        <NotFound path={path} />
      )}
      <p class="visually-hidden" aria-live="polite" data-testid="page-announcer">
        {announcement}
      </p>
      {settingsOpen && <SettingsPanel onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
