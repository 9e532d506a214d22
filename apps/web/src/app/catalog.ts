/**
 * The five games of the arcade: each one's screen is loaded on demand, so a game's page downloads
 * its own rules only. Names and taglines are read in the current language (app/messages.ts).
 */
import { GAME_IDS, type GameId } from "@blockarcade/engine/core";
import type { ComponentType } from "preact";
import type { GameScreenProps } from "../shell/types";
import { gameName, gameTagline } from "./messages";

export interface CatalogEntry {
  id: GameId;
  readonly name: string;
  readonly tagline: string;
  load: () => Promise<{ default: ComponentType<GameScreenProps> }>;
}

const SCREENS: Record<GameId, CatalogEntry["load"]> = {
  blast: () => import("../games/blast/screen"),
  puzzle: () => import("../games/puzzle/screen"),
  stacker: () => import("../games/stacker/screen"),
  match3: () => import("../games/match3/screen"),
  blocky: () => import("../games/blocky/screen"),
};

export const CATALOG: CatalogEntry[] = GAME_IDS.map((id) => ({
  id,
  get name() {
    return gameName(id);
  },
  get tagline() {
    return gameTagline(id);
  },
  load: SCREENS[id],
}));

export function findGame(id: string): CatalogEntry | undefined {
  return CATALOG.find((g) => g.id === id);
}
