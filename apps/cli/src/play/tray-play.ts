/**
 * Terminal play for the tray games (Block Blast, Block Puzzle): the position as text, then one typed
 * command per line: `<piece> <row> <col>` places a piece, and a few words do the rest. Works the
 * same typed or piped. The game runs in the engine's runner (the one loop every front end uses);
 * tray games have no clock, so none is given. `hint` asks the game's computer player for a move;
 * `--ai` lets it play the whole game, one placement at a time.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type AnyGame, type BaseState, createRunner, type Runner, startGame } from "@blockarcade/engine/core";
import { clockSeed, parseSeedOption } from "../args.js";
import { LineQueue } from "./line-queue.js";
import type { PlayFn, TerminalIo } from "./types.js";

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
  hint                  the computer player's move and why (not played)
  new                   start a new game
  help                  show this help
  quit                  leave`;

/** The pause between the computer's moves on a terminal: long enough to follow each placement. */
export const AI_PACE_MS = 400;

/** `--seed N`, `--ai` and the rest of the options, or an error for the user. */
export function splitSeed(
  args: string[],
): { seed: number | undefined; ai: boolean; rest: string[] } | { error: string } {
  let seed: number | undefined;
  let ai = false;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--ai") {
      ai = true;
      continue;
    }
    if (args[i] !== "--seed") {
      rest.push(args[i] as string);
      continue;
    }
    const read = parseSeedOption(args[++i]);
    if ("error" in read) return read;
    seed = read.seed;
  }
  return { seed, ai, rest };
}

/** A typed line as a protocol command, a word of the terminal's own, or undefined when it is neither. */
export function readLine(
  line: string,
  firstPiece: number,
): { command: Record<string, unknown> } | { word: "quit" | "help" | "hint" | "empty" } | undefined {
  const words = line
    .trim()
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const [word] = words;
  if (word === undefined) return { word: "empty" };
  if (word === "q" || word === "quit" || word === "exit") return { word: "quit" };
  if (word === "h" || word === "help" || word === "?") return { word: "help" };
  if (word === "hint") return { word: "hint" };
  if (word === "n" || word === "new") return { command: { cmd: "new" } };
  if (word === "r" || word === "revive") return { command: { cmd: "revive" } };
  if (words.length === 3 && words.every((w) => /^\d{1,6}$/.test(w))) {
    const [piece, row, col] = words.map(Number) as [number, number, number];
    return { command: { cmd: "place", piece: piece - firstPiece, row, col } };
  }
  return undefined;
}

/** A hinted command as the player would type it: `<piece> <row> <col>` (numbered as shown), or its word. */
export function describeMove(command: Record<string, unknown>, firstPiece: number): string {
  if (command.cmd === "place" && typeof command.piece === "number") {
    return `${command.piece + firstPiece} ${command.row} ${command.col}`;
  }
  return String(command.cmd);
}

type HintReply = { commands: Record<string, unknown>[]; reason: string };

export function trayPlayer(options: TrayPlayOptions): PlayFn {
  return async function play(args: string[], io: TerminalIo): Promise<number> {
    const out = (text: string) => io.stdout.write(`${text}\n`);
    const refuse = (message: string) => {
      io.stderr.write(`blockarcade: ${message}\n${options.usage}`);
      return 2;
    };
    const split = splitSeed(args);
    if ("error" in split) return refuse(split.error);
    const parsed = options.parseOptions(split.rest);
    if ("error" in parsed) return refuse(parsed.error);
    const started = startGame(options.game, split.seed ?? clockSeed(), parsed.config);
    if (!started.ok) return refuse(started.error.message);

    const runner = createRunner(options.game, started.value as BaseState, {
      render(state, events) {
        // The computer's moves are printed by watchAi, each line before its picture.
        if (split.ai) return;
        const scored = events.find((e) => e.type === "scored") as { points?: number } | undefined;
        if (scored?.points) out(`+${scored.points}`);
        out(options.render(state));
        if (state.over) out(`Game over with ${state.score} points. Type 'new' to play again or 'quit'.`);
      },
    });
    if (split.ai) {
      out(`${options.game.title}: the computer plays. Press Ctrl-C to stop.`);
      out(options.render(runner.state));
      return watchAi(runner, io, options);
    }
    const input = new LineQueue(io.stdin);
    out(`${options.game.title}. Type 'help' for the commands.`);
    out(options.render(runner.state));
    for (;;) {
      io.stdout.write(runner.state.over ? "Game over> " : "> ");
      const line = await input.next();
      if (line === null) {
        out("");
        return 0;
      }
      const read = readLine(line, options.firstPiece);
      if (read === undefined) {
        out(`Not a command: '${line.trim().slice(0, 40)}'. Type 'help' for the commands.`);
        continue;
      }
      if ("word" in read) {
        if (read.word === "quit") {
          out(`Final score: ${runner.state.score}. Thanks for playing!`);
          return 0;
        }
        if (read.word === "help") out(HELP(options.firstPiece));
        if (read.word === "hint") {
          const reply = runner.dispatch({ cmd: "hint" });
          if (!reply.ok) out(`No hint: ${reply.error.message}.`);
          else {
            const hint = reply.hint as HintReply;
            const moves = hint.commands.map((c) => describeMove(c, options.firstPiece)).join(", ");
            out(`Hint: ${moves} (${hint.reason})`);
          }
        }
        continue;
      }
      const reply = runner.dispatch(read.command);
      if (!reply.ok) out(`Refused: ${reply.error.message}.`);
    }
  };
}

/**
 * `--ai`: the computer plays the game by itself through the protocol's `ai`, printing each move
 * and the picture after it, until the game is over. On a terminal it waits AI_PACE_MS between
 * moves so a person can follow; piped, it runs flat out. Standard input is never read.
 */
async function watchAi(runner: Runner<BaseState>, io: TerminalIo, options: TrayPlayOptions): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const pause = io.stdout.isTTY ? AI_PACE_MS : 0;
  for (let move = 1; ; move++) {
    if (pause > 0) await sleep(pause);
    const reply = runner.dispatch({ cmd: "ai" });
    if (!reply.ok) {
      if (reply.error.code !== "GAME_OVER") out(`The computer stops: ${reply.error.message}.`);
      out(`Game over with ${runner.state.score} points after ${move - 1} moves.`);
      return 0;
    }
    const hint = reply.hint as HintReply;
    const moves = hint.commands.map((c) => describeMove(c, options.firstPiece)).join(", ");
    const scored = reply.events.find((e) => e.type === "scored") as { points?: number } | undefined;
    out(`Move ${move}: ${moves} (${hint.reason})${scored?.points ? ` +${scored.points}` : ""}`);
    out(options.render(runner.state));
  }
}
