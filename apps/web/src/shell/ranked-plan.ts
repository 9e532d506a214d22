/**
 * How a play page asks for its game (shell/ranked-session.ts `StartPlan`), the same in every game:
 * a saved game comes back locally (the ranked session it came from is not resumed), a chosen
 * `?seed=` plays that seed locally with one tap to a ranked game instead, and anything else is a
 * ranked server session, with a local game from a fresh seed when the server cannot be reached.
 */
import type { BaseState } from "@blockarcade/engine/core";
import { NAME_KEY } from "./post-score";
import { NOT_RANKED, type StartPlan } from "./ranked-session";
import { randomSeed } from "./seed";

export interface PlanInput<S extends BaseState> {
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
  if (input.resume) return { kind: "local", state: input.resume, why: NOT_RANKED.restored };
  if (input.seed !== undefined) {
    return { kind: "local", state: input.newGame(input.seed), why: NOT_RANKED.chosenSeed, canRank: true };
  }
  const name = rememberedName();
  return {
    kind: "ranked",
    config: input.config,
    ...(name ? { name } : {}),
    fallback: () => input.newGame(randomSeed()),
  };
}

/** The name this device last posted under (shell/post-score.tsx keeps it): a ranked game is entered under it. */
export function rememberedName(): string | undefined {
  try {
    const raw = typeof window === "undefined" ? null : window.localStorage.getItem(NAME_KEY);
    const name = raw === null ? undefined : JSON.parse(raw);
    return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}
