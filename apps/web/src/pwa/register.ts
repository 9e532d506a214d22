/**
 * Registers the service worker the build writes (/sw.js, vite.config.ts) and says when a new
 * version of the arcade has been installed and waits: the page then offers a reload
 * (docs/architecture.md "Offline and installing"). The new worker takes over only when the player
 * accepts, so a game in progress is never swapped under them.
 */

/** What the page may do once a new version waits: activate it and reload into it. */
export type ApplyUpdate = () => void;

/** The part of the browser's ServiceWorkerContainer this module uses (tests pass their own). */
export interface WorkerContainer {
  readonly controller: unknown;
  register(url: string, options: { scope: string }): Promise<ServiceWorkerRegistration | undefined>;
  addEventListener(type: "controllerchange", listener: () => void, options?: { once: boolean }): void;
}

/** How often a long-lived page (a single-page app never navigates) asks for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Watches a registration: `onWaiting` is called once per new worker that has installed while an
 * older one controls the page. The very first install (nothing controlled the page) is not an
 * update: it only makes the next visit work offline.
 */
export function watchRegistration(
  registration: ServiceWorkerRegistration,
  container: WorkerContainer,
  onWaiting: (apply: ApplyUpdate) => void,
  reload: () => void,
): void {
  const offer = (worker: ServiceWorker) =>
    onWaiting(() => {
      container.addEventListener("controllerchange", reload, { once: true });
      // The generated worker waits for this message before it takes over (registerType "prompt").
      worker.postMessage({ type: "SKIP_WAITING" });
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) offer(worker);
    });
  });
}

/**
 * Registers /sw.js after the page has loaded (precaching then does not compete with the page's own
 * downloads) and checks for a new version when the page comes back into view, at most hourly.
 * Failures are silent: without a worker the arcade still works online.
 */
export function registerServiceWorker(onWaiting: (apply: ApplyUpdate) => void): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const start = () => {
    container.register("/sw.js", { scope: "/" }).then(
      (registration) => {
        // Browser tests may block workers: register then answers nothing.
        if (!registration) return;
        watchRegistration(registration, container, onWaiting, () => window.location.reload());
        let checked = Date.now();
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState !== "visible" || Date.now() - checked < CHECK_EVERY_MS) return;
          checked = Date.now();
          registration.update().catch(() => {});
        });
      },
      () => {},
    );
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
