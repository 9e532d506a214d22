/**
 * Block Puzzle in the terminal: the tray games' driver (tray-play.ts) with the grid size as options.
 * The picture is the engine's `toText`; the rules are the engine's (docs/games/puzzle.md), and so is
 * the computer player behind `hint` and `--ai` (docs/games/puzzle.md "Computer player").
 */
import { MAX_SIDE, MIN_SIDE, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { parseIntOption } from "../args.js";
import { trayPlayer } from "./tray-play.js";

export const usage = `Usage: blockarcade puzzle [--rows M] [--cols N] [--seed N] [--ai]
  --rows M, --cols N   the grid, ${MIN_SIDE} to ${MAX_SIDE} on each side (default 8 x 8)
  --seed N             play that exact game again
  --ai                 the computer plays the game by itself, printing each move, to game over
Type 'help' in the game for its commands: '<block> <row> <col>' places a block, 'hint' shows the
computer's move and why.
`;

/** `--rows` and `--cols` into the engine's config; the engine checks it again on start. */
export function parseOptions(args: string[]): { config: unknown } | { error: string } {
  const config: { rows?: number; cols?: number } = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    if (name !== "--rows" && name !== "--cols") return { error: `unknown option '${name}'` };
    const read = parseIntOption(name, args[++i], MIN_SIDE, MAX_SIDE);
    if ("error" in read) return read;
    config[name === "--rows" ? "rows" : "cols"] = read.value;
  }
  return { config: Object.keys(config).length > 0 ? config : undefined };
}

export const play = trayPlayer({
  game: puzzleGame,
  render: (state) => puzzleGame.toText(state as Parameters<typeof puzzleGame.toText>[0]),
  firstPiece: 1,
  parseOptions,
  usage,
});
