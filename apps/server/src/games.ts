/**
 * The games this service offers: every game of the engine, each through its own entry point (front
 * ends never import the engine's root barrel). A game missing here is a type error.
 */
import type { AnyGame, GameId } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { stackerGame } from "@blockarcade/engine/games/stacker";

const OFFERED: Readonly<Record<GameId, AnyGame>> = {
  blast: blastGame,
  puzzle: puzzleGame,
  stacker: stackerGame,
  match3: match3Game,
  blocky: blockyGame,
};

export const OFFERED_IDS = Object.keys(OFFERED) as GameId[];

export function offeredGame(id: string): AnyGame | undefined {
  return Object.hasOwn(OFFERED, id) ? OFFERED[id as GameId] : undefined;
}
