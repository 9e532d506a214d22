/**
 * Each game's name and one-line description, in one place for the CLI's help, the web's home cards
 * and page titles, and the definitions. Kept apart from the rules so a page that lists the games
 * downloads no game's rules.
 */
import type { GameId } from "./game.js";

export interface GameInfo {
  title: string;
  tagline: string;
}

export const GAME_INFO: Readonly<Record<GameId, GameInfo>> = {
  blast: {
    title: "Block Blast",
    tagline: "Fit three pieces on an 8x8 board; clear rows and columns, keep the streak alive.",
  },
  puzzle: {
    title: "Block Puzzle",
    tagline: "A calm grid of any size from 5 to 20, with 32 shapes to place.",
  },
  stacker: {
    title: "Block Stacker",
    tagline: "Falling tetrominoes: rotate, drop, clear lines, speed up.",
  },
  match3: {
    title: "Match-3 Falling Bricks",
    tagline: "Steer falling bricks of three symbols; line up three to clear them.",
  },
  blocky: {
    title: "Blocky",
    tagline: "Rotate, swap and smash a quad-tree of colours for 1-4 players.",
  },
};
