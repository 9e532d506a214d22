import { type BlastState, blastGame, toText as blastToText } from "@blockarcade/engine/games/blast";
import { trayPlayer } from "./tray-play.js";

export const play = trayPlayer({
  game: blastGame,
  render: (state) => blastToText(state as BlastState),
  // The picture numbers the tray [0] [1] [2], as the protocol does.
  firstPiece: 0,
  parseOptions(args) {
    if (args.length > 0) return { error: `unknown option '${args[0]}'` };
    return { config: undefined };
  },
  usage: "Usage: blockarcade blast [--seed N]\n",
});
