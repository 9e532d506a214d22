import { puzzleGame, toText } from "@blockarcade/engine/games/puzzle";
import { trayPlayer } from "./tray-play.js";

export const play = trayPlayer({
  game: puzzleGame,
  render: (state) => toText(state as Parameters<typeof toText>[0]),
  firstPiece: 1,
  parseOptions(args) {
    const config: Record<string, number> = {};
    for (let i = 0; i < args.length; i++) {
      const name = args[i];
      if (name !== "--rows" && name !== "--cols") return { error: `unknown option '${name}'` };
      const value = args[++i];
      if (value === undefined || !/^\d+$/.test(value))
        return { error: `${name} needs a number from 5 to 20` };
      config[name.slice(2)] = Number(value);
    }
    return { config: Object.keys(config).length ? config : undefined };
  },
  usage: "Usage: blockarcade puzzle [--rows M] [--cols N] [--seed N]\n",
});
