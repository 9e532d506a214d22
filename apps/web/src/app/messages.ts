/** The app's own words: the top bar, the home page, the 404 page and the loading cards. */
import type { GameId } from "@blockarcade/engine/core";
import { messages } from "../shell/i18n";

export const en = {
  brand: "Block Arcade",
  backTo: "Back to ",
  settings: "Settings",
  pageLoaded: "{page}, page loaded",
  homeTitle: "Five block games. Free, no ads.",
  homeLead: "Play on your phone or your desktop, with touch, mouse or keyboard.",
  games: "Games",
  continue: "Continue",
  best: "Best {score}",
  notFoundTitle: "Page not found - Block Arcade",
  notFound: "Page not found",
  nothingAt: "There is nothing at {path}.",
  backToArcade: "Back to the arcade",
  gameTitle: "{game} - Block Arcade",
  gameFailed: "The game could not be loaded. Check your connection and reload the page.",
  dailyFailed: "The daily page could not be loaded. Check your connection and reload the page.",
  replays: "Replays",
  replaysFailed: "The replays could not be loaded. Check your connection and reload the page.",
  updateReady: "A new version is ready",
  reload: "Reload",
  notNow: "Not now",
  soundLabel: "Sound",
  soundOn: "Sound on: press to mute",
  soundOff: "Sound off: press to unmute",
  name_blast: "Block Blast",
  name_puzzle: "Block Puzzle",
  name_stacker: "Block Stacker",
  name_match3: "Match-3 Falling Bricks",
  name_blocky: "Blocky",
  tagline_blast: "Fit three pieces on an 8x8 board; clear rows and columns, keep the streak alive.",
  tagline_puzzle: "A calm grid of any size from 5 to 20, with 32 shapes to place.",
  tagline_stacker: "Falling tetrominoes: rotate, drop, clear lines, speed up.",
  tagline_match3: "Steer falling bricks of three symbols; line up three to clear them.",
  tagline_blocky: "Rotate, swap and smash a quad-tree of colours for 1-4 players.",
};

export const t = messages("app", en);

/** A game's name in the current language (the engine's GAME_INFO stays English for the CLI and API). */
export const gameName = (id: GameId): string => t(`name_${id}`);
export const gameTagline = (id: GameId): string => t(`tagline_${id}`);
