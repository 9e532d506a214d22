/**
 * The bar that says a new version of the arcade is ready. It never takes focus (a game may be in
 * play); it is a status region, so screen readers hear it once, and Reload is the next button a
 * keyboard user reaches from the end of the page.
 */
import { t } from "../app/messages";

export function UpdateBanner({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  return (
    <div class="update-banner" role="status" data-testid="update-banner">
      <span>{t("updateReady")}</span>
      <button type="button" class="update-banner-reload" onClick={onReload}>
        {t("reload")}
      </button>
      <button type="button" class="update-banner-later" aria-label={t("notNow")} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
