/**
 * The five games of the arcade. A game that is not built yet has no `load` and shows an honest
 * "coming soon" card. Each game's helper sets its own `load` line.
 */
import type { CatalogEntry } from "./types";

export const CATALOG: CatalogEntry[] = [
  {
    id: "blast",
    name: "Block Blast",
    tagline: "Fit three pieces on an 8x8 board; clear rows and columns, keep the streak alive.",
    load: () => import("../games/blast/screen"),
  },
  {
    id: "puzzle",
    name: "Block Puzzle",
    tagline: "A calm grid of any size from 5 to 20, with 32 shapes to place.",
    load: () => import("../games/puzzle/screen"),
  },
  {
    id: "stacker",
    name: "Block Stacker",
    tagline: "Falling tetrominoes: rotate, drop, clear lines, speed up.",
    load: () => import("../games/stacker/screen"),
  },
  {
    id: "match3",
    name: "Match-3 Bricks",
    tagline: "Steer falling bricks of three symbols; line up three to clear them.",
    load: () => import("../games/match3/screen"),
  },
  {
    id: "blocky",
    name: "Blocky",
    tagline: "Rotate, swap and smash a quad-tree of colours for 1-4 players.",
    load: () => import("../games/blocky/screen"),
  },
];

export function findGame(id: string): CatalogEntry | undefined {
  return CATALOG.find((g) => g.id === id);
}
