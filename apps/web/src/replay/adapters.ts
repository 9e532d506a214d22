/**
 * Each game's replay view, loaded on demand: the viewer downloads only the game it shows, and a
 * game's page never downloads its replay view (docs/architecture.md "What a page downloads").
 */
import type { GameId } from "@blockarcade/engine/core";
import type { ReplayAdapter } from "../shell/replay-adapter";

const LOADERS: Record<GameId, () => Promise<{ replay: ReplayAdapter }>> = {
  blast: () => import("../games/blast/replay-view"),
  puzzle: () => import("../games/puzzle/replay-view"),
  stacker: () => import("../games/stacker/replay-view"),
  match3: () => import("../games/match3/replay-view"),
  blocky: () => import("../games/blocky/replay-view"),
};

export async function loadAdapter(game: GameId): Promise<ReplayAdapter> {
  return (await LOADERS[game]()).replay;
}
