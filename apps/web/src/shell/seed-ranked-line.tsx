/**
 * Transitional (until each page plays through shell/ranked-session.ts): the line a game shows from its first position: whether this game is ranked, and why not when it
 * is not (offline, a chosen `?seed=` link or a direct link that started before a server seed was on
 * hand, a loaded position), with one tap to start a ranked game instead where that can help; and
 * "with help" as soon as Hint or Watch is used (issue 22 items 2 and 7). The words come from the
 * game's journal, so the line and the game-over "Post score" never disagree.
 */
import { useState } from "preact/hooks";
import { type Journal, type JournalData, UNRANKED } from "./journal";
import { nextSeed, prepareSeed } from "./ranked-seed";

export interface RankedFacts {
  /** The game's journal (undefined before it began). */
  data: JournalData | undefined;
  /** The game was started from a chosen seed (`?seed=N` or a seeded link). */
  chosenSeed: boolean;
  /** The browser says it is online. */
  online: boolean;
}

export interface RankedWords {
  ranked: boolean;
  assisted: boolean;
  text: string;
  /** A new game from a server seed would be ranked: offer the one tap. */
  canRank: boolean;
}

export function rankedWords({ data, chosenSeed, online }: RankedFacts): RankedWords {
  const assisted = data?.assisted === true;
  if (data?.ranked && assisted) {
    return {
      ranked: false,
      assisted,
      text: "With help: Hint or Watch was used, so this game is not ranked among the unaided.",
      canRank: false,
    };
  }
  if (data?.ranked) {
    return {
      ranked: true,
      assisted,
      text: "Ranked: this game can go on the global leaderboard.",
      canRank: false,
    };
  }
  const helped = assisted ? " With help (Hint or Watch)." : "";
  const not = (why: string, canRank: boolean): RankedWords => ({
    ranked: false,
    assisted,
    text: `Not ranked: ${why}${helped}`,
    canRank,
  });
  if (data === undefined) return not("this game's moves are not recorded.", false);
  if (data.why === UNRANKED.loaded) return not("a saved position was loaded into this game.", online);
  if (data.why === UNRANKED.tooLong) return not(UNRANKED.tooLong, online);
  if (data.why === UNRANKED.unrecorded) return not(UNRANKED.unrecorded, online);
  if (chosenSeed) return not("its seed was chosen by the link (?seed=).", online);
  if (!online) return not("offline, so there was no server seed to start from.", false);
  return not("it started before a server seed was on hand (a direct link).", true);
}

/**
 * A server seed for a ranked game in place of this one: waits for the spare seed (fetched now if
 * none is kept) and drops a chosen `?seed=` from the address, so a reload does not bring it back.
 * Without a server seed (offline, refused) the seed is a local one and the new game says so.
 */
export async function drawRankedSeed(game: string): Promise<number> {
  await prepareSeed(game);
  if (typeof window !== "undefined" && window.location && window.history) {
    const params = new URLSearchParams(window.location.search);
    if (params.has("seed")) {
      params.delete("seed");
      const rest = params.toString();
      window.history.replaceState(null, "", window.location.pathname + (rest ? `?${rest}` : ""));
      // The app's router listens for popstate: the page's `search` follows the address.
      window.dispatchEvent(new PopStateEvent("popstate"));
    }
  }
  return nextSeed(game);
}

/**
 * How a play page picks each new game's seed: a chosen `?seed=` again and again, else a server seed
 * when one is on hand (never one per render: `next` is called once per game). `rank` is the one tap:
 * it drops the chosen seed and starts a game from a server seed through the page's own `start`.
 */
export function useRankedStart(game: string, urlSeed: number | undefined) {
  const [chosen, setChosen] = useState(urlSeed);
  return {
    chosen: chosen !== undefined,
    next: (): number => chosen ?? nextSeed(game),
    rank: async (start: (seed: number) => void) => {
      setChosen(undefined);
      start(await drawRankedSeed(game));
    },
  };
}

export interface RankedLineProps {
  journal: Journal;
  chosenSeed: boolean;
  /** Starts a ranked game in place of this one (the one tap). */
  onRank?: () => void;
  class?: string;
}

/** Shown from the game's first position until its end, above or beside the board. */
export function RankedLine({ journal, chosenSeed, onRank, class: extra }: RankedLineProps) {
  const online = typeof navigator === "undefined" || navigator.onLine !== false;
  const words = rankedWords({ data: journal.read(), chosenSeed, online });
  const kind = words.ranked ? "is-ranked" : words.assisted ? "is-assisted" : "is-unranked";
  return (
    <p
      class={`ranked-line ${kind} ${extra ?? ""}`}
      data-testid="ranked-line"
      data-ranked={String(words.ranked)}
    >
      <span>{words.text}</span>
      {words.canRank && onRank && (
        <button type="button" class="ranked-line-button" data-testid="make-ranked" onClick={onRank}>
          Make it ranked
        </button>
      )}
    </p>
  );
}
