/** `blockarcade blast`: Block Blast in the terminal, on the tray games' shared player. */
import { type BlastState, blastGame, toText } from "@blockarcade/engine/games/blast";
import { playTrayGame, type TrayPlayOptions, trayPlayer } from "./tray-play.js";
import type { PlayModule } from "./types.js";

export const usage = `Usage: blockarcade blast [--seed N] [--ai]
  --seed N   play that exact game again
  --ai       the computer plays the game by itself, printing each placement

Place the three tray pieces on the 8x8 board; full rows and columns clear.
Type '<piece> <row> <col>' (the tray is numbered [0] [1] [2]), 'hint' for the computer's move,
'revive' after a game over, 'new', 'help' or 'quit'.
`;

export const tray: TrayPlayOptions = {
  game: blastGame,
  render: (state) => toText(state as BlastState),
  // The picture numbers the tray [0] [1] [2], as the protocol does.
  firstPiece: 0,
  revives: true,
  options: {},
  toConfig: () => ({ config: undefined }),
  usage,
};

export const play = trayPlayer(tray);

export const playSession: PlayModule["playSession"] = (driver, io, mode) =>
  playTrayGame(tray, driver, io, mode);
