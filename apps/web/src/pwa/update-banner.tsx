/**
 * The bar that says a new version of the arcade is ready. It never takes focus (a game may be in
 * play); it is a status region, so screen readers hear it once, and Reload is the next button a
 * keyboard user reaches from the end of the page.
 */
export function UpdateBanner({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  return (
    <div class="update-banner" role="status" data-testid="update-banner">
      <span>A new version is ready</span>
      <button type="button" class="update-banner-reload" onClick={onReload}>
        Reload
      </button>
      <button type="button" class="update-banner-later" aria-label="Not now" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
