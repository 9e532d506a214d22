/** Terminal versions of the games, loaded on demand so a run loads one game's front end only. */
import type { GameId } from "@blockarcade/engine/core";
import type { PlayModule } from "./types.js";

export const PLAYERS: Readonly<Record<GameId, () => Promise<PlayModule>>> = {
  blast: () => import("./blast.js"),
  blocky: () => import("./blocky.js"),
  match3: () => import("./match3.js"),
  puzzle: () => import("./puzzle.js"),
  stacker: () => import("./stacker.js"),
};
