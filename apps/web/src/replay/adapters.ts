/** Each game's replay view, loaded on demand: the viewer downloads only the game it shows. */
import type { GameId } from "@blockarcade/engine/core";
import type { ReplayAdapter } from "../shell/replay-adapter";

const LOADERS: Record<GameId, () => Promise<{ replay: ReplayAdapter }>> = {
  blast: () => import("../games/blast/screen"),
  puzzle: () => import("../games/puzzle/screen"),
  stacker: () => import("../games/stacker/screen"),
  match3: () => import("../games/match3/screen"),
  blocky: () => import("../games/blocky/screen"),
};

export async function loadAdapter(game: GameId): Promise<ReplayAdapter> {
  return (await LOADERS[game]()).replay;
}
