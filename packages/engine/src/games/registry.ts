/**
 * Every game the engine offers. Registering a game here puts it under the contract suite
 * (src/testing/contract.test.ts) and in the CLI's JSON-lines mode (apps/cli/src/main.ts). The other
 * front ends keep their own tables, each a `Record<GameId, ...>` so a new id is a type error there
 * until it is added: the HTTP service's (apps/server/src/games.ts), the CLI's terminal play
 * (apps/cli/src/play/index.ts) and the web app's screens (apps/web/src/app/catalog.ts).
 */
import { type AnyGame, GAME_IDS, type GameId, isGameId } from "../core/game.js";
import { blastGame } from "./blast/index.js";
import { blockyGame } from "./blocky/index.js";
import { match3Game } from "./match3/index.js";
import { puzzleGame } from "./puzzle/index.js";
import { stackerGame } from "./stacker/index.js";

export const GAMES: Readonly<Record<GameId, AnyGame>> = {
  blast: blastGame,
  blocky: blockyGame,
  match3: match3Game,
  puzzle: puzzleGame,
  stacker: stackerGame,
};

export function getGame(id: string): AnyGame | undefined {
  return isGameId(id) ? GAMES[id] : undefined;
}

export function registeredGames(): AnyGame[] {
  return GAME_IDS.map((id) => GAMES[id]);
}
