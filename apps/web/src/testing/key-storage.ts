/** Test support: a Map-backed localStorage for the node test environment, read by the key bindings. */
import { KEYS_STORAGE_KEY, reloadKeyBindings } from "../shell/key-bindings";

/** A Map-backed localStorage for the node test environment. */
export function installKeyStorage(initial?: string): Map<string, string> {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(KEYS_STORAGE_KEY, initial);
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
  Object.defineProperty(globalThis, "window", { value: { localStorage: storage }, configurable: true });
  reloadKeyBindings();
  return data;
}
