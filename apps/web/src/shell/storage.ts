/**
 * localStorage as validated JSON: a missing, corrupt or foreign value reads as undefined, and a
 * full or forbidden storage never throws into the game.
 */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  let text: string | null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a value; returns false when the storage refused it (quota, privacy mode). */
export function writeJson(key: string, value: unknown): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

/** One stored value under one key: validated on read, never throwing on write. */
export interface Store<T> {
  read(): T | undefined;
  /** False when the storage refused it (quota, privacy mode). */
  write(value: T): boolean;
  remove(): void;
}

export function createStore<T>(key: string, isValid: (value: unknown) => value is T): Store<T> {
  return {
    read: () => readJson(key, isValid),
    write: (value) => writeJson(key, value),
    remove: () => removeKey(key),
  };
}
