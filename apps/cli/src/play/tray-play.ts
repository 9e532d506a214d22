/**
 * Terminal play for the tray games (Block Blast, Block Puzzle): the position as text, then one typed
 * command per line: `<piece> <row> <col>` places a piece, and a few words do the rest. Works the
 * same typed or piped.
 */
import { type AnyGame, type BaseState, handleCommand, isValidSeed, startGame } from "@blockarcade/engine";
import { LineQueue } from "./line-queue.js";
import type { TerminalIo } from "./types.js";

export interface TrayPlayOptions {
  game: AnyGame;
  render: (state: BaseState) => string;
  /** The number the picture shows above the first tray piece (0 or 1). */
  firstPiece: number;
  /** Extra options of this game (besides --seed), turned into its config. */
  parseOptions: (args: string[]) => { config: unknown } | { error: string };
  usage: string;
}

const HELP = (first: number) => `Commands:
  <piece> <row> <col>   place a tray piece (${first}-${first + 2}) with its top-left cell at row, col
  revive                after a game over, use a revive (where the game has them)
  new                   start a new game
  help                  show this help
  quit                  leave`;

export function trayPlayer(options: TrayPlayOptions) {
  return async function play(args: string[], io: TerminalIo): Promise<number> {
    const out = (text: string) => io.stdout.write(`${text}\n`);
    let seed: number | undefined;
    const rest: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === "--seed") {
        const n = Number(args[++i]);
        if (!isValidSeed(n)) {
          io.stderr.write(`blockarcade: --seed needs an integer from 0 to 4294967295\n${options.usage}`);
          return 2;
        }
        seed = n;
      } else rest.push(args[i] as string);
    }
    const parsed = options.parseOptions(rest);
    if ("error" in parsed) {
      io.stderr.write(`blockarcade: ${parsed.error}\n${options.usage}`);
      return 2;
    }
    const started = startGame(options.game, seed ?? Date.now() % 0x100000000, parsed.config);
    if (!started.ok) {
      io.stderr.write(`blockarcade: ${started.error.message}\n${options.usage}`);
      return 2;
    }
    let state = started.value;
    const input = new LineQueue(io.stdin);
    out(`${options.game.title}. Type 'help' for the commands.`);
    out(options.render(state));
    for (;;) {
      io.stdout.write(state.over ? "Game over> " : "> ");
      const line = await input.next();
      if (line === null) {
        out("");
        return 0;
      }
      const words = line
        .trim()
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      const [word] = words;
      if (word === undefined) continue;
      if (word === "q" || word === "quit" || word === "exit") {
        out(`Final score: ${state.score}. Thanks for playing!`);
        return 0;
      }
      if (word === "h" || word === "help" || word === "?") {
        out(HELP(options.firstPiece));
        continue;
      }
      let command: Record<string, unknown>;
      if (word === "n" || word === "new") command = { cmd: "new" };
      else if (word === "r" || word === "revive") command = { cmd: "revive" };
      else if (words.length === 3 && words.every((w) => /^\d+$/.test(w))) {
        const [piece, row, col] = words.map(Number) as [number, number, number];
        command = { cmd: "place", piece: piece - options.firstPiece, row, col };
      } else {
        out(`Not a command: '${line.trim()}'. Type 'help' for the commands.`);
        continue;
      }
      const step = handleCommand(options.game, state, command);
      if (!step.reply.ok) {
        out(`Refused: ${step.reply.error.message}.`);
        continue;
      }
      state = step.state;
      const scored = step.reply.events.find((e) => e.type === "scored") as { points?: number } | undefined;
      if (scored?.points) out(`+${scored.points}`);
      out(options.render(state));
      if (state.over) out(`Game over with ${state.score} points. Type 'new' to play again or 'quit'.`);
    }
  };
}
