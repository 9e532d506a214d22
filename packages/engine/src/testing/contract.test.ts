import { registeredGames } from "../games/registry.js";
import { runContractSuite } from "./contract.js";
import { toyGame } from "./toy-game.js";

// The toy game proves the suite itself; every registered game must pass it too.
runContractSuite(toyGame, { configs: [undefined, { size: 4 }] });

for (const game of registeredGames()) {
  runContractSuite(game, game.contract);
}
