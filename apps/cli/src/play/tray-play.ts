/**
 * Terminal play for the tray games (Block Blast, Block Puzzle): the position as text, then one typed
 * command per line: `<piece> <row> <col>` places a piece, and a few words do the rest. Works the
 * same typed or piped. The game runs in the engine's runner (the one loop every front end uses);
 * tray games have no clock, so none is given. `hint` asks the game's computer player for a move;
 * `--ai` lets it play the whole game, one placement at a time. Every way out (quit, end of input,
 * Ctrl-C, the end of `--ai`) prints the final score beside the best kept (best-scores.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type AnyGame, type BaseState, createRunner, type Runner, startGame } from "@blockarcade/engine/core";
import { clockSeed, type OptionSpecs, type OptionValues, readOptions, SEED_OPTION, seedOf } from "../args.js";
import {
  type BestResult,
  BestScores,
  bestKey,
  bestLine,
  computerFinalLine,
  finalLine,
} from "../best-scores.js";
import { catchInterrupt, INTERRUPTED_STATUS } from "./interrupt.js";
import { LineQueue } from "./line-queue.js";
import type { DriverMode, DriverReply, GameDriver, PlayFn, TerminalIo } from "./types.js";

/** Pieces in a tray, in both tray games. */
export const TRAY_PIECES = 3;

export interface TrayPlayOptions {
  game: AnyGame;
  render: (state: BaseState) => string;
  /** The number the picture shows above the first tray piece (0 or 1): every message uses it. */
  firstPiece: number;
  /** Whether the game has revives (Block Blast): only then does help offer `revive`. */
  revives: boolean;
  /** Options of this game besides --seed and --ai. */
  options: OptionSpecs;
  /** The game's options as its config. */
  toConfig: (values: OptionValues) => { config: unknown } | { error: string };
  usage: string;
}

export function helpText(first: number, revives: boolean, daily = false): string {
  const last = first + TRAY_PIECES - 1;
  return [
    "Commands:",
    `  <piece> <row> <col>   place a tray piece (${first}-${last}) with its top-left cell at row, col`,
    ...(revives ? ["  revive                after a game over, use a revive"] : []),
    daily
      ? "  hint                  the computer player's move and why (the game goes on the board 'with help')"
      : "  hint                  the computer player's move and why (not played)",
    ...(daily ? [] : ["  new                   start a new game"]),
    "  help                  show this help",
    "  quit                  leave",
  ].join("\n");
}

/** The pause between the computer's moves on a terminal: long enough to follow each placement. */
export const AI_PACE_MS = 400;

/** A typed line as a protocol command, a word of the terminal's own, or what is wrong with it. */
export function readLine(
  line: string,
  firstPiece: number,
  revives = true,
):
  | { command: Record<string, unknown> }
  | { word: "quit" | "help" | "hint" | "empty" }
  | { refused: string }
  | undefined {
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
  if (revives && (word === "r" || word === "revive")) return { command: { cmd: "revive" } };
  if (words.length === 3 && words.every((w) => /^\d{1,6}$/.test(w))) {
    const [piece, row, col] = words.map(Number) as [number, number, number];
    const last = firstPiece + TRAY_PIECES - 1;
    if (piece < firstPiece || piece > last)
      return { refused: `the tray pieces are numbered ${firstPiece} to ${last}, not ${piece}` };
    return { command: { cmd: "place", piece: piece - firstPiece, row, col } };
  }
  return undefined;
}

/** An engine message about "piece N" (numbered from 0) in the numbers the picture shows. */
export function renumber(message: string, firstPiece: number): string {
  return firstPiece === 0
    ? message
    : message.replace(/\bpiece (\d+)\b/g, (_, n) => `piece ${Number(n) + firstPiece}`);
}

/** A hinted command as the player would type it: `<piece> <row> <col>` (numbered as shown), or its word. */
export function describeMove(command: Record<string, unknown>, firstPiece: number): string {
  if (command.cmd === "place" && typeof command.piece === "number") {
    return `${command.piece + firstPiece} ${command.row} ${command.col}`;
  }
  return String(command.cmd);
}

type HintReply = { commands: Record<string, unknown>[]; reason: string };

export type TrayReply = DriverReply;
export type TrayDriver = GameDriver<BaseState>;

export function trayPlayer(options: TrayPlayOptions): PlayFn {
  const spec: OptionSpecs = { ...options.options, seed: SEED_OPTION, ai: { type: "boolean" } };
  return async function play(args: string[], io: TerminalIo): Promise<number> {
    const out = (text: string) => io.stdout.write(`${text}\n`);
    const refuse = (message: string) => {
      io.stderr.write(`blockarcade: ${message}\n${options.usage}`);
      return 2;
    };
    const read = readOptions(args, spec);
    if ("error" in read) return refuse(read.error);
    const seed = seedOf(read.values);
    if ("error" in seed) return refuse(seed.error);
    const parsed = options.toConfig(read.values);
    if ("error" in parsed) return refuse(parsed.error);
    const started = startGame(options.game, seed.seed ?? clockSeed(), parsed.config);
    if (!started.ok) return refuse(started.error.message);
    const runner = createRunner(options.game, started.value as BaseState, { render() {} });
    if (read.values.ai !== true) {
      const driver: TrayDriver = {
        get state() {
          return runner.state;
        },
        dispatch: async (command) => runner.dispatch(command) as TrayReply,
      };
      return playTrayGame(options, driver, io);
    }
    const best = new BestScores(io).get(bestKey(options.game.id, configOf(runner.state)));
    const interrupt = catchInterrupt();
    try {
      out(`${options.game.title}: the computer plays. Press Ctrl-C to stop. ${bestLine(best)}`);
      out(options.render(runner.state));
      return await watchAi(runner, io, options, best, interrupt.interrupted);
    } finally {
      interrupt.dispose();
    }
  };
}

function configOf(state: BaseState): unknown {
  return (state as BaseState & { config?: unknown }).config;
}

/**
 * One person playing typed lines against `driver` until quit, end of input or Ctrl-C; every way out
 * prints the final score beside the best kept. Resolves to the exit status.
 */
export async function playTrayGame(
  options: TrayPlayOptions,
  driver: TrayDriver,
  io: TerminalIo,
  mode: DriverMode = {},
): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const best = new BestScores(io);
  const key = bestKey(options.game.id, configOf(driver.state));
  /** What keeping the game on the board did, once it ended; cleared while a game goes on. */
  let kept: BestResult | undefined;
  /** Keeps the game that ends here, once. */
  const keep = () => {
    // A daily attempt left unfinished goes on later: only its end is a game to keep.
    if (mode.daily && !driver.state.over) return undefined;
    kept ??= best.record(key, driver.state.score);
    return kept;
  };
  const revives = options.revives;
  /** An accepted command that changed the position: its points, the picture, the end. */
  const show = (reply: TrayReply & { ok: true }) => {
    const state = driver.state;
    // A game goes on (a new one, or revived): its end is kept when it comes.
    if (!state.over) kept = undefined;
    const scored = reply.events.find((e) => e.type === "scored");
    if (scored?.points) out(`+${scored.points}`);
    out(options.render(state));
    if (state.over) {
      const words = finalLine(state.score, keep());
      const choices = [...(revives ? ["'revive'"] : []), ...(mode.daily ? [] : ["'new'"]), "'quit'"];
      const last = choices.pop() as string;
      out(`Game over. ${words} Type ${choices.length > 0 ? `${choices.join(", ")} or ${last}` : last}.`);
    }
  };
  const interrupt = catchInterrupt();
  const input = new LineQueue(io.stdin);
  const end = async (line: string, status: number) => {
    input.close();
    out(line);
    await mode.after?.();
    return status;
  };
  try {
    out(`${options.game.title}. Type 'help' for the commands. ${bestLine(best.get(key))}`);
    out(options.render(driver.state));
    for (;;) {
      io.stdout.write(driver.state.over ? "Game over> " : "> ");
      const line = await Promise.race([input.next(), interrupt.interrupted]);
      if (line === null || line === "interrupted") {
        // End of input or Ctrl-C: a new line after the prompt, then the score as on quit.
        out("");
        return await end(finalLine(driver.state.score, keep()), line === null ? 0 : INTERRUPTED_STATUS);
      }
      const typed = readLine(line, options.firstPiece, revives);
      if (typed === undefined || (mode.daily && "command" in typed && typed.command.cmd === "new")) {
        out(`Not a command: '${line.trim().slice(0, 40)}'. Type 'help' for the commands.`);
        continue;
      }
      if ("refused" in typed) {
        out(`Refused: ${typed.refused}.`);
        continue;
      }
      if ("word" in typed) {
        if (typed.word === "quit")
          return await end(`${finalLine(driver.state.score, keep())} Thanks for playing!`, 0);
        if (typed.word === "help") out(helpText(options.firstPiece, revives, mode.daily === true));
        if (typed.word === "hint") {
          const reply = await driver.dispatch({ cmd: "hint" });
          if (!reply.ok) out(`No hint: ${renumber(reply.error.message, options.firstPiece)}.`);
          else {
            const hint = reply.hint as HintReply;
            const moves = hint.commands.map((c) => describeMove(c, options.firstPiece)).join(", ");
            out(`Hint: ${moves} (${hint.reason})`);
          }
        }
        continue;
      }
      // `new` ends the game on the board: it is kept before the next one starts.
      if (typed.command.cmd === "new") keep();
      const reply = await driver.dispatch(typed.command);
      if (!reply.ok) out(`Refused: ${renumber(reply.error.message, options.firstPiece)}.`);
      else show(reply);
    }
  } finally {
    interrupt.dispose();
  }
}

/**
 * `--ai`: the computer plays the game by itself through the protocol's `ai`, printing each move
 * and the picture after it, until the game is over or Ctrl-C. On a terminal it waits AI_PACE_MS
 * between moves so a person can follow; piped, it runs flat out. Standard input is never read.
 */
async function watchAi(
  runner: Runner<BaseState>,
  io: TerminalIo,
  options: TrayPlayOptions,
  best: number | undefined,
  interrupted: Promise<"interrupted">,
): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const pause = io.stdout.isTTY ? AI_PACE_MS : 0;
  const last = (moves: number) => `after ${moves} moves. ${computerFinalLine(runner.state.score, best)}`;
  let stopped = false;
  void interrupted.then(() => {
    stopped = true;
  });
  for (let move = 1; ; move++) {
    // Piped, the loop never waits for a timer: a yield lets a Ctrl-C be seen between moves.
    await (pause > 0 ? Promise.race([sleep(pause), interrupted]) : sleep(0));
    if (stopped) {
      out(`Stopped ${last(move - 1)}`);
      return INTERRUPTED_STATUS;
    }
    const reply = runner.dispatch({ cmd: "ai" });
    if (!reply.ok) {
      if (reply.error.code !== "GAME_OVER")
        out(`The computer stops: ${renumber(reply.error.message, options.firstPiece)}.`);
      out(`Game over ${last(move - 1)}`);
      return 0;
    }
    const hint = reply.hint as HintReply;
    const moves = hint.commands.map((c) => describeMove(c, options.firstPiece)).join(", ");
    const scored = reply.events.find((e) => e.type === "scored") as { points?: number } | undefined;
    out(`Move ${move}: ${moves} (${hint.reason})${scored?.points ? ` +${scored.points}` : ""}`);
    out(options.render(runner.state));
  }
}
