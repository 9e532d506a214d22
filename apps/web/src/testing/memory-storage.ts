/** Test support: a Map-backed localStorage on globalThis.window, for the node test environment. */

/** Installs a fresh storage and returns its Map; a write longer than `quota` characters throws, as a full storage does. */
export function installMemoryStorage(quota = Number.POSITIVE_INFINITY): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (String(v).length > quota) throw new Error("QuotaExceededError");
      data.set(k, String(v));
    },
    removeItem: (k: string) => void data.delete(k),
  };
  Object.defineProperty(globalThis, "window", { value: { localStorage: storage }, configurable: true });
  return data;
}

/** Takes the window away again, so a later test sees no storage at all. */
export function removeMemoryStorage(): void {
  delete (globalThis as { window?: unknown }).window;
}
