/**
 * The Block Blast leaderboard (spec 10): top 5 `{score, date}` in localStorage under
 * `blockblast-leaderboard`, highest first, with a one-time migration of the old single
 * `blockblast-highscore`. Whatever is stored is validated: a corrupt or foreign value is ignored.
 */
export const LEADERBOARD_KEY = "blockblast-leaderboard";
export const LEGACY_HIGHSCORE_KEY = "blockblast-highscore";
export const LEADERBOARD_SIZE = 5;

export interface LeaderboardEntry {
  score: number;
  /** ISO 8601 date-time of the game's end. */
  date: string;
}

/** The bit of localStorage we use; tests pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isEntry(v: unknown): v is LeaderboardEntry {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.score === "number" &&
    Number.isSafeInteger(e.score) &&
    e.score >= 0 &&
    typeof e.date === "string" &&
    e.date.length <= 40 &&
    !Number.isNaN(Date.parse(e.date))
  );
}

function sorted(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  // Equal scores keep the earlier game first.
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.score - a.e.score || a.i - b.i)
    .map(({ e }) => ({ score: e.score, date: e.date }))
    .slice(0, LEADERBOARD_SIZE);
}

/** The valid entries of a stored text, sorted and capped; anything unreadable gives []. */
export function parseLeaderboard(text: string | null): LeaderboardEntry[] {
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return sorted(value.filter(isEntry));
}

/** The list with a new score in its place (kept only if it makes the top 5). */
export function withScore(
  list: readonly LeaderboardEntry[],
  score: number,
  date: string,
): LeaderboardEntry[] {
  return sorted([...list, { score, date }]);
}

function safeGet(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(store: KeyValueStore, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // A full or forbidden storage loses the record, never the game.
  }
}

/**
 * Reads the leaderboard, first folding an old `blockblast-highscore` (a number, or a number in a
 * string) into it. The old key is removed once migrated; a corrupt old value is dropped.
 */
export function loadLeaderboard(
  store: KeyValueStore,
  now: () => string = () => new Date().toISOString(),
): LeaderboardEntry[] {
  let list = parseLeaderboard(safeGet(store, LEADERBOARD_KEY));
  const legacy = safeGet(store, LEGACY_HIGHSCORE_KEY);
  if (legacy !== null) {
    let score: unknown;
    try {
      score = JSON.parse(legacy);
    } catch {
      score = undefined;
    }
    if (typeof score === "string" && /^\d+$/.test(score.trim())) score = Number(score.trim());
    if (typeof score === "number" && Number.isSafeInteger(score) && score > 0) {
      list = withScore(list, score, now());
      safeSet(store, LEADERBOARD_KEY, JSON.stringify(list));
    }
    try {
      store.removeItem(LEGACY_HIGHSCORE_KEY);
    } catch {
      // Nothing to do: the old key stays and is read again next time.
    }
  }
  return list;
}

/** Records a finished game's score; returns the new list. */
export function recordScore(
  store: KeyValueStore,
  score: number,
  date: string = new Date().toISOString(),
): LeaderboardEntry[] {
  const list = withScore(loadLeaderboard(store), score, date);
  safeSet(store, LEADERBOARD_KEY, JSON.stringify(list));
  return list;
}

/** The browser's localStorage, or a store that holds nothing when it is unavailable. */
export function browserStore(): KeyValueStore {
  try {
    if (typeof window !== "undefined" && window.localStorage) return window.localStorage;
  } catch {
    // Access itself can throw (privacy settings).
  }
  return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
}
