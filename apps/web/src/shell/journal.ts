/**
 * A game's journal: its seed, config and every accepted command as the engine logs it, which is what
 * the server replays to verify a posted score (POST /api/scores). Kept in localStorage beside the
 * saved game, so a reloaded game can still be posted. A `new` starts it again; a `load` makes the
 * game unranked (the server never ranks one); past MAX_JOURNAL_CHARS the records are dropped and the
 * game is just unranked, so storage never overflows. Writes are batched (a falling-block game logs
 * every tick) and flushed when the page hides.
 */
import { type AnyGame, type BaseState, canonicalJson, type LoggedCommand } from "@blockarcade/engine/core";
import type { ScoreBody } from "./leaderboard";
import { isServerSeed, prepareSeed } from "./ranked-seed";
import { sameJson } from "./saved-game";
import { createStore } from "./storage";

/** Largest journal kept, in characters of its records' JSON (a long Block Blast game is ~40,000). */
export const MAX_JOURNAL_CHARS = 400_000;
const WRITE_DELAY_MS = 400;

export interface JournalData {
  game: string;
  seed: number;
  config: unknown;
  ranked: boolean;
  /** Why a game is unranked, in words for the player. */
  why?: string;
  records: LoggedCommand[];
  /** A fingerprint of the state the records reach: a restored game continues only the journal it matches. */
  at: string;
  /** The rank the server answered when this game was posted. */
  posted?: number;
}

/** Why a game is unranked, as the end of "Not ranked: ..." */
export const UNRANKED = {
  localSeed: "this game did not start from a server seed (offline, or a chosen seed).",
  loaded: "a saved position was loaded into this game.",
  tooLong: "this game is too long to post.",
  unrecorded: "this game's moves were not recorded on this device.",
} as const;

const isJournal = (v: unknown): v is JournalData => {
  if (typeof v !== "object" || v === null) return false;
  const j = v as Record<string, unknown>;
  return (
    typeof j.game === "string" &&
    typeof j.seed === "number" &&
    typeof j.ranked === "boolean" &&
    typeof j.at === "string" &&
    Array.isArray(j.records) &&
    j.records.every(
      (r) => typeof r === "object" && r !== null && typeof (r as LoggedCommand).cmd === "string",
    )
  );
};

export interface Journal {
  readonly game: string;
  /** A runner starts from `state`: continue the stored journal it matches, or begin a new one. */
  begin(state: BaseState): void;
  /** The runner's `log` hook. */
  log(record: LoggedCommand, state: BaseState): void;
  read(): JournalData | undefined;
  /** The body to post for a finished game, or why it cannot be posted. */
  entry(state: BaseState, name: string): { ok: true; body: ScoreBody } | { ok: false; why: string };
  markPosted(rank: number): void;
  flush(): void;
}

export function createJournal(game: AnyGame, key: string, maxChars = MAX_JOURNAL_CHARS): Journal {
  const store = createStore(key, isJournal);
  let data: JournalData | undefined;
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let listening = false;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (data) store.write(data);
  };
  const later = () => {
    if (!listening && typeof window !== "undefined" && typeof window.addEventListener === "function") {
      listening = true;
      window.addEventListener("pagehide", flush);
    }
    if (timer === undefined) timer = setTimeout(flush, WRITE_DELAY_MS);
  };
  const start = (state: BaseState, ranked: boolean, why?: string) => {
    data = {
      game: game.id,
      seed: state.seed,
      config: configOf(state),
      ranked,
      records: [],
      at: fingerprint(state),
    };
    if (!ranked) data.why = why;
    size = 0;
    flush();
  };
  const unrank = (why: string) => {
    if (!data?.ranked) return;
    data.ranked = false;
    data.why = why;
  };

  return {
    game: game.id,
    begin(state) {
      prepareSeed(game.id);
      const stored = store.read();
      if (
        stored &&
        stored.game === game.id &&
        stored.seed === state.seed &&
        stored.at === fingerprint(state)
      ) {
        data = stored;
        size = JSON.stringify(stored.records).length;
        return;
      }
      if (sameJson(state, game.newGame(configOf(state), state.seed))) {
        const ranked = isServerSeed(game.id, state.seed);
        start(state, ranked, UNRANKED.localSeed);
      } else {
        start(state, false, UNRANKED.unrecorded);
      }
    },
    log(record, state) {
      if (record.cmd === "new") {
        start(state, isServerSeed(game.id, state.seed), UNRANKED.localSeed);
        return;
      }
      if (!data) return;
      if (record.cmd === "load") unrank(UNRANKED.loaded);
      if (data.ranked) {
        size += JSON.stringify(record).length + 1;
        if (size > maxChars) {
          unrank(UNRANKED.tooLong);
          data.records = [];
        } else {
          data.records.push(record);
        }
      }
      data.at = fingerprint(state);
      if (state.over) flush();
      else later();
    },
    read: () => data,
    entry(state, name) {
      if (!data || data.at !== fingerprint(state)) return { ok: false, why: UNRANKED.unrecorded };
      if (!data.ranked) return { ok: false, why: data.why ?? UNRANKED.unrecorded };
      return {
        ok: true,
        body: {
          game: data.game,
          seed: data.seed,
          config: data.config,
          commands: data.records,
          name,
          score: state.score,
        },
      };
    },
    markPosted(rank) {
      if (!data) return;
      data.posted = rank;
      flush();
    },
    flush,
  };
}

/** Every game's state carries its resolved config. */
const configOf = (state: BaseState): unknown => (state as BaseState & { config?: unknown }).config;

/** A 32-bit FNV-1a hash of the state's canonical JSON (key order does not matter), in hex. */
export function fingerprint(value: unknown): string {
  const text = canonicalJson(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}
