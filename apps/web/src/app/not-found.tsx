/** Any URL that is not a page of the arcade (the server answers it with 404 too). */
import { useEffect } from "preact/hooks";
import { useLanguage } from "../shell/i18n";
import { t } from "./messages";

export function NotFound({ path }: { path: string }) {
  const language = useLanguage();
  useEffect(() => {
    document.title = t("notFoundTitle");
  }, [path, language]);
  return (
    <main class="coming-soon" data-testid="not-found">
      <h1>{t("notFound")}</h1>
      <p class="note">{t("nothingAt", { path })}</p>
      <a class="button primary" href="/">
        {t("backToArcade")}
      </a>
    </main>
  );
}
