/** Terminal versions of the games, loaded on demand. Each game adds its line here. */
import type { GameId } from "@blockarcade/engine";
import type { PlayFn } from "./types.js";

export const PLAYERS: Partial<Record<GameId, () => Promise<{ play: PlayFn }>>> = {
  blast: () => import("./blast.js"),
  blocky: () => import("./blocky.js"),
  match3: () => import("./match3.js"),
  puzzle: () => import("./puzzle.js"),
  stacker: () => import("./stacker.js"),
};
