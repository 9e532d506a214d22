/** The replay pages, loaded on demand (the home page never downloads them): see replay/pages.tsx. */
import { useEffect, useState } from "preact/hooks";
import { t } from "./messages";

type Pages = typeof import("../replay/pages");
let loaded: Pages | undefined;

export function ReplayRoute(props: { path: string; hash: string }) {
  const [pages, setPages] = useState<Pages | undefined>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    import("../replay/pages").then(
      (m) => {
        loaded = m;
        if (alive) setPages(m);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  if (failed) {
    return (
      <main class="coming-soon">
        <h1>{t("replays")}</h1>
        <p class="note">{t("replaysFailed")}</p>
        <a class="button primary" href="/">
          {t("backToArcade")}
        </a>
      </main>
    );
  }
  if (!pages) return <main class="loading" aria-busy="true" />;
  const path = props.path.replace(/\/+$/, "");
  return path === "/replays" ? <pages.ReplaysPage /> : <pages.ReplayPage path={path} hash={props.hash} />;
}
