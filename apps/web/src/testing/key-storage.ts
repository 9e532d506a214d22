/** Test support: a Map-backed localStorage for the node test environment, read by the key bindings. */
import { KEYS_STORAGE_KEY, reloadKeyBindings } from "../shell/key-bindings";
import { installMemoryStorage } from "./memory-storage";

/** A Map-backed localStorage for the node test environment. */
export function installKeyStorage(initial?: string): Map<string, string> {
  const data = installMemoryStorage();
  if (initial !== undefined) data.set(KEYS_STORAGE_KEY, initial);
  reloadKeyBindings();
  return data;
}
