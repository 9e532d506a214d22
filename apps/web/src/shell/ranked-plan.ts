/**
 * How a play page asks for its game (shell/ranked-session.ts `StartPlan`), the same in every game:
 * a saved game goes on in the ranked session it came from when the server agrees it is that one
 * (else here, unranked: its random source is this device's), a chosen `?seed=` plays that seed
 * locally with one tap to a ranked game instead, and anything else is a ranked server session, with
 * a local game from a fresh seed when the server cannot be reached.
 */
import type { BaseState } from "@blockarcade/engine/core";
import { NAME_KEY } from "./player";
import { lastRankedSession, NOT_RANKED, type StartPlan } from "./ranked-session";
import { randomSeed } from "./seed";

export interface PlanInput<S extends BaseState> {
  /** The game's id: the shell keeps the last ranked session per game. */
  game: string;
  /** A new game of the page's config from `seed`. */
  newGame: (seed: number) => S;
  /** The config the server starts the ranked game with (the engine's own config object). */
  config: unknown;
  /** The URL's chosen seed, if any. */
  seed?: number;
  /** A saved game to continue. */
  resume?: S;
}

export function rankedPlan<S extends BaseState>(input: PlanInput<S>): StartPlan<S> {
  const name = rememberedName();
  const named = name ? { name } : {};
  const saved = input.resume;
  if (saved) {
    const id = input.seed === undefined ? lastRankedSession(input.game) : undefined;
    if (id)
      return {
        kind: "ranked",
        config: input.config,
        ...named,
        fallback: () => saved,
        resume: { id, state: saved },
      };
    return { kind: "local", state: saved, why: NOT_RANKED.restored, canRank: true };
  }
  if (input.seed !== undefined) {
    return { kind: "local", state: input.newGame(input.seed), why: NOT_RANKED.chosenSeed, canRank: true };
  }
  return {
    kind: "ranked",
    config: input.config,
    ...named,
    fallback: () => input.newGame(randomSeed()),
  };
}

/** The name set on this device (shell/player.ts NAME_KEY): a ranked game is entered under it. */
export function rememberedName(): string | undefined {
  try {
    const raw = typeof window === "undefined" ? null : window.localStorage.getItem(NAME_KEY);
    const name = raw === null ? undefined : JSON.parse(raw);
    return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a page's URL asks for the day's game (`?daily`, from the daily page's Play). */
export function isDailySearch(search: string): boolean {
  return new URLSearchParams(search).has("daily");
}

/**
 * The day's game (shell/daily-page.tsx Play): a daily server session, the player's first of the day
 * ranked and any later one practice, as the server decides; a daily game of today still being played
 * on this device goes on. Offline it is a local game of the day's config from a fresh seed (not the
 * day's: that seed never leaves the server).
 */
export function dailyPlan<S extends BaseState>(input: Omit<PlanInput<S>, "seed" | "resume">): StartPlan<S> {
  const name = rememberedName();
  return {
    kind: "ranked",
    daily: true,
    config: input.config,
    ...(name ? { name } : {}),
    fallback: () => input.newGame(randomSeed()),
  };
}
