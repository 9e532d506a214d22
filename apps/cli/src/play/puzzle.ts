/**
 * Block Puzzle in the terminal: the tray games' driver (tray-play.ts) with the grid size as options.
 * The picture is the engine's `toText`; the rules are the engine's (docs/games/puzzle.md), and so is
 * the computer player behind `hint` and `--ai` (docs/games/puzzle.md "Computer player").
 */
import { MAX_SIDE, MIN_SIDE, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { type OptionSpecs, type OptionValues, parseIntOption, readOptions } from "../args.js";
import { playTrayGame, type TrayPlayOptions, trayPlayer } from "./tray-play.js";
import type { PlayModule } from "./types.js";

export const usage = `Usage: blockarcade puzzle [--rows M] [--cols N] [--seed N] [--ai]
  --rows M, --cols N   the grid, ${MIN_SIDE} to ${MAX_SIDE} on each side (default 8 x 8)
  --seed N             play that exact game again
  --ai                 the computer plays the game by itself, printing each move, to game over
Type 'help' in the game for its commands: '<block> <row> <col>' places a block (1 to 3), 'hint' shows the
computer's move and why.
`;

const OPTIONS: OptionSpecs = {
  rows: { type: "string", help: `--rows needs a whole number from ${MIN_SIDE} to ${MAX_SIDE}` },
  cols: { type: "string", help: `--cols needs a whole number from ${MIN_SIDE} to ${MAX_SIDE}` },
};

/** `--rows` and `--cols` as read into the engine's config; the engine checks it again on start. */
function toConfig(values: OptionValues): { config: unknown } | { error: string } {
  const config: { rows?: number; cols?: number } = {};
  for (const name of ["rows", "cols"] as const) {
    const value = values[name];
    if (typeof value !== "string") continue;
    const read = parseIntOption(`--${name}`, value, MIN_SIDE, MAX_SIDE);
    if ("error" in read) return read;
    config[name] = read.value;
  }
  return { config: Object.keys(config).length > 0 ? config : undefined };
}

/** `--rows` and `--cols` (`--rows 10` or `--rows=10`) into the engine's config. */
export function parseOptions(args: string[]): { config: unknown } | { error: string } {
  const read = readOptions(args, OPTIONS);
  return "error" in read ? read : toConfig(read.values);
}

export const tray: TrayPlayOptions = {
  game: puzzleGame,
  render: (state) => puzzleGame.toText(state as Parameters<typeof puzzleGame.toText>[0]),
  // The picture numbers the tray [1] [2] [3]; prompts, help and refusals say the same.
  firstPiece: 1,
  revives: false,
  options: OPTIONS,
  toConfig,
  usage,
};

export const play = trayPlayer(tray);

export const playSession: PlayModule["playSession"] = (driver, io, mode) =>
  playTrayGame(tray, driver, io, mode);
