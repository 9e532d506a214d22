import type { AnyGame, GameId } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { stackerGame } from "@blockarcade/engine/games/stacker";

/** Every game's definition, for tests that compare the binary with the engine in-process. */
export const GAME_DEFINITIONS: Readonly<Record<GameId, AnyGame>> = {
  blast: blastGame,
  blocky: blockyGame,
  match3: match3Game,
  puzzle: puzzleGame,
  stacker: stackerGame,
};
