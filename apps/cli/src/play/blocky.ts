/**
 * `blockarcade blocky`: Blocky in the terminal, line by line. The human types an action and the
 * path of a block (digits 0-3 from the top-level block: 0 upper-right, 1 upper-left, 2 lower-left,
 * 3 lower-right; `-` for the top-level block); computer players move by themselves. `hint` prints the
 * expert's move for the human to move and why; `--ai` lets the computer play every seat (human seats
 * by the expert). Every move goes through the engine's runner and protocol, as in the browser. The
 * rules do not depend on time, so the runner needs no clock; only `--ai` on a terminal waits between
 * moves so a person can follow.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createRunner } from "@blockarcade/engine/core";
import {
  type Action,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
  COLOUR_NAMES,
  type Colour,
  MAX_CONFIG_DEPTH,
  MAX_DIFFICULTY,
  MAX_TURNS,
  MIN_CONFIG_DEPTH,
  PENALTY,
  type PlayerConfig,
  statusText,
} from "@blockarcade/engine/games/blocky";
import { clockSeed, type OptionSpecs, parseIntOption, readOptions, SEED_OPTION, seedOf } from "../args.js";
import { type BestResult, BestScores, bestKey, bestLine, bestWords } from "../best-scores.js";
import { catchInterrupt, INTERRUPTED_STATUS } from "./interrupt.js";
import { LineQueue } from "./line-queue.js";
import { terminalColour } from "./realtime-session.js";
import type { DriverMode, DriverReply, GameDriver, PlayFn, PlayModule, TerminalIo } from "./types.js";

export const usage = `Usage: blockarcade blocky [--depth ${MIN_CONFIG_DEPTH}-${MAX_CONFIG_DEPTH}] [--turns 1-${MAX_TURNS}] [--players human,expert,smart:5,random] [--seed N] [--ai]
  --players: 1 to 4 of human, random, smart[:difficulty 1-${MAX_DIFFICULTY}], expert
  --ai: the computer plays every seat (human seats by the expert), printing each move and why
`;

/** Milliseconds between the computer's moves under --ai on a terminal (piped output runs flat out). */
export const AI_PACE_MS = 600;

const HELP = `Moves: <action> <path>, e.g. "cw 01" rotates the upper-left child of the upper-right block.
  actions: cw (rotate clockwise), ccw, swaph, swapv, smash, paint, combine, pass
  path: digits from the top-level block, 0 upper-right, 1 upper-left, 2 lower-left, 3 lower-right;
        "-" or nothing is the top-level block
  Other: hint (the expert's move for you and why, not played), help, quit
`;

/** The words a player may type, the original's keys (d, a, q, e, r, c, tab) among them. */
const ACTION_WORDS: Record<string, Action> = {
  cw: "rotate_cw",
  rotate_cw: "rotate_cw",
  d: "rotate_cw",
  ccw: "rotate_ccw",
  rotate_ccw: "rotate_ccw",
  a: "rotate_ccw",
  swaph: "swap_h",
  swap_h: "swap_h",
  q: "swap_h",
  swapv: "swap_v",
  swap_v: "swap_v",
  e: "swap_v",
  smash: "smash",
  paint: "paint",
  r: "paint",
  combine: "combine",
  c: "combine",
  pass: "pass",
  tab: "pass",
};

const ANSI: Record<Colour, string> = { B: "44", R: "41", G: "42", Y: "43" };

function boardText(state: BlockyState, colour: boolean): string {
  return state.board
    .map((row) =>
      colour ? [...row].map((c) => `\x1b[${ANSI[c as Colour]};30m${c}${c}\x1b[0m`).join("") : row,
    )
    .join("\n");
}

/** A move as the player would type it: "paint 013", "cw -", "pass". */
function typedMove(action: Action, path: readonly number[]): string {
  const word: Record<Action, string> = {
    rotate_cw: "cw",
    rotate_ccw: "ccw",
    swap_h: "swaph",
    swap_v: "swapv",
    smash: "smash",
    paint: "paint",
    combine: "combine",
    pass: "pass",
  };
  return action === "pass" ? "pass" : `${word[action]} ${path.length ? path.join("") : "-"}`;
}

function describeMove(event: BlockyEvent & { type: "moved" }, state: BlockyState): string {
  const where = event.path.length ? `block ${event.path.join("")}` : "the top-level block";
  const paint = state.players[event.player]?.goal.colour ?? "B";
  const cost = PENALTY[event.action] > 0 ? ` (-${PENALTY[event.action]})` : "";
  const what: Record<Action, string> = {
    rotate_cw: `rotated ${where} clockwise`,
    rotate_ccw: `rotated ${where} counter-clockwise`,
    swap_h: `swapped ${where} horizontally`,
    swap_v: `swapped ${where} vertically`,
    smash: `smashed ${where}${cost}`,
    paint: `painted ${where} ${COLOUR_NAMES[paint]}${cost}`,
    combine: `combined ${where}${cost}`,
    pass: "passed",
  };
  return `Player ${event.player + 1} ${what[event.action]}.`;
}

function parsePlayers(value: string | undefined): { players: PlayerConfig[] } | { error: string } {
  if (value === undefined) return { error: "--players needs a list such as human,smart:5" };
  const players: PlayerConfig[] = [];
  for (const item of value.split(",")) {
    const [kind, difficulty] = item.trim().split(":");
    if (kind !== "human" && kind !== "random" && kind !== "smart" && kind !== "expert") {
      return {
        error: `--players: "${item.slice(0, 20)}" is not human, random, smart[:difficulty] or expert`,
      };
    }
    if (difficulty === undefined || kind !== "smart") {
      if (difficulty !== undefined) return { error: `--players: only a smart player takes a difficulty` };
      players.push({ kind });
      continue;
    }
    const read = parseIntOption("--players difficulty", difficulty, 1, MAX_DIFFICULTY);
    if ("error" in read) return read;
    players.push({ kind, difficulty: read.value });
  }
  return { players };
}

const OPTIONS: OptionSpecs = {
  depth: { type: "string" },
  turns: { type: "string" },
  players: { type: "string", help: "--players needs a list such as human,smart:5" },
  seed: SEED_OPTION,
  ai: { type: "boolean" },
};

export function parseOptions(
  args: string[],
): { config: unknown; seed: number | undefined; ai: boolean } | { error: string } {
  const read = readOptions(args, OPTIONS);
  if ("error" in read) return read;
  const { values } = read;
  const config: { maxDepth?: number; turns?: number; players?: PlayerConfig[] } = {};
  if (values.depth !== undefined) {
    const depth = parseIntOption("--depth", values.depth as string, MIN_CONFIG_DEPTH, MAX_CONFIG_DEPTH);
    if ("error" in depth) return depth;
    config.maxDepth = depth.value;
  }
  if (values.turns !== undefined) {
    const turns = parseIntOption("--turns", values.turns as string, 1, MAX_TURNS);
    if ("error" in turns) return turns;
    config.turns = turns.value;
  }
  if (values.players !== undefined) {
    const players = parsePlayers(values.players as string);
    if ("error" in players) return players;
    config.players = players.players;
  }
  const seed = seedOf(values);
  if ("error" in seed) return seed;
  return { config: Object.keys(config).length ? config : undefined, seed: seed.seed, ai: values.ai === true };
}

/** The best human score of a game (undefined when every seat is the computer's). */
function humanScore(state: BlockyState): number | undefined {
  const scores = state.players.filter((p) => p.kind === "human").map((p) => p.score);
  return scores.length > 0 ? Math.max(...scores) : undefined;
}

/** "Final score: Player 1 (you) 12, Player 2 30." and what it did to the best. */
function finalScoreLine(state: BlockyState, result: BestResult | undefined): string {
  const scores = state.players
    .map((p, i) => `Player ${i + 1}${p.kind === "human" ? " (you)" : ""} ${p.score}`)
    .join(", ");
  const words = result === undefined ? "" : bestWords(result);
  return `Final score: ${scores}.${words ? ` ${words}` : ""}`;
}

export const play: PlayFn = async (args, io) => {
  const options = parseOptions(args);
  if ("error" in options) {
    io.stderr.write(`blockarcade: ${options.error}\n${usage}`);
    return 2;
  }
  const parsed = blockyGame.parseConfig(options.config);
  if (!parsed.ok) {
    io.stderr.write(`blockarcade: ${parsed.error.message}\n${usage}`);
    return 2;
  }
  const seed = options.seed ?? clockSeed();
  const runner = createRunner(blockyGame, blockyGame.newGame(parsed.value, seed), { render() {} });
  if (!options.ai) {
    const driver: GameDriver<BlockyState> = {
      get state() {
        return runner.state;
      },
      dispatch: async (command) => runner.dispatch(command) as DriverReply,
    };
    return playBlockyGame(driver, io, `Blocky, seed ${seed}.`);
  }
  // Colour only on a terminal, and never when the user asked for none (NO_COLOR, TERM=dumb).
  const colour = io.stdout.isTTY === true && terminalColour();
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const best = new BestScores(io).get(bestKey(blockyGame.id, parsed.value));
  const finish = (status: number, note = "") => {
    out(
      `${note}${finalScoreLine(runner.state, undefined)} Played by the computer (not kept as your best). ${bestLine(best)}`,
    );
    return status;
  };
  const interrupt = catchInterrupt();
  try {
    out(`Blocky, seed ${seed}: the computer plays every seat. ${bestLine(best)}`);
    out(`${boardText(runner.state, colour)}\n${statusText(runner.state)}`);
    const pause = io.stdout.isTTY ? AI_PACE_MS : 0;
    while (!runner.state.over) {
      await (pause > 0 ? Promise.race([sleep(pause), interrupt.interrupted]) : sleep(0));
      if (interrupt.fired) return finish(INTERRUPTED_STATUS, "Stopped. ");
      const before = runner.state;
      const kind = before.players[before.current]?.kind;
      // Human and expert seats play the expert's move: say why before its line.
      if (kind === "human" || kind === "expert") {
        const asked = runner.dispatch({ cmd: "hint" });
        const label = kind === "human" ? "expert for the human seat" : "expert";
        if (asked.ok)
          out(`Player ${before.current + 1} (${label}): ${(asked.hint as { reason: string }).reason}.`);
      }
      const reply = runner.dispatch({ cmd: "ai" });
      if (!reply.ok) {
        out(`The computer stops: ${reply.error.message}.`);
        break;
      }
      for (const event of reply.events as BlockyEvent[])
        if (event.type === "moved") out(describeMove(event, runner.state));
      if (!runner.state.over) out(`${boardText(runner.state, colour)}\n${statusText(runner.state)}`);
    }
    printResult(runner.state, colour, out);
    return finish(0);
  } finally {
    interrupt.dispose();
  }
};

/**
 * A person at the human seats, typed lines against `driver` (the runner here, or a daily session on
 * a server); the computer seats move by `ai`. Every way out prints the final line with the best.
 */
export async function playBlockyGame(
  driver: GameDriver<BlockyState>,
  io: TerminalIo,
  title: string,
  mode: DriverMode = {},
): Promise<number> {
  const colour = io.stdout.isTTY === true && terminalColour();
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const best = new BestScores(io);
  const key = bestKey(blockyGame.id, driver.state.config);
  // The board is shown again only after something changed, not after every refused line.
  let showBoard = true;
  /** An accepted move: what each seat did. */
  const show = (reply: DriverReply) => {
    if (!reply.ok) return;
    showBoard = true;
    for (const event of reply.events as BlockyEvent[])
      if (event.type === "moved") out(describeMove(event, driver.state));
  };
  const input = new LineQueue(io.stdin);
  const interrupt = catchInterrupt();
  /** Keeps the human's score (a daily attempt left unfinished goes on later) and says the final line. */
  const finish = async (status: number) => {
    input.close();
    const score = humanScore(driver.state);
    const keep = score !== undefined && (!mode.daily || driver.state.over);
    out(finalScoreLine(driver.state, keep ? best.record(key, score) : undefined));
    await mode.after?.();
    return status;
  };
  const help = mode.daily
    ? HELP.replace("not played)", "not played; the game goes on the board 'with help')")
    : HELP;
  try {
    out(`${title} ${bestLine(best.get(key))} ${help}`);
    while (!driver.state.over) {
      const state = driver.state;
      const player = state.players[state.current];
      if (!player) break;
      if (player.kind !== "human") {
        const reply = await driver.dispatch({ cmd: "ai" });
        if (!reply.ok) {
          out(`The computer stops: ${reply.error.message}.`);
          return await finish(1);
        }
        show(reply);
        continue;
      }
      if (showBoard) out(`\n${boardText(state, colour)}\n${statusText(state)}`);
      showBoard = false;
      io.stdout.write(`Player ${state.current + 1}> `);
      const line = await Promise.race([input.next(), interrupt.interrupted]);
      if (line === null || line === "interrupted") {
        out("");
        return await finish(line === null ? 0 : INTERRUPTED_STATUS);
      }
      const [word = "", pathText = "-"] = line.trim().toLowerCase().split(/\s+/);
      if (word === "quit" || word === "exit") return await finish(0);
      if (word === "help" || word === "") {
        out(help);
        continue;
      }
      if (word === "hint" || word === "h") {
        const reply = await driver.dispatch({ cmd: "hint" });
        if (!reply.ok) out(`No hint: ${reply.error.message}.`);
        else {
          const hint = reply.hint as { commands: { action: Action; path: number[] }[]; reason: string };
          const move = hint.commands[0];
          if (move) out(`Hint: ${typedMove(move.action, move.path)} (${hint.reason}).`);
        }
        continue;
      }
      const action = ACTION_WORDS[word];
      if (!action) {
        out(`Unknown action "${word.slice(0, 20)}". Type help for the moves.`);
        continue;
      }
      if (!/^(-|[0-3]*)$/.test(pathText)) {
        out(`A path is digits 0-3 (or - for the top-level block), not "${pathText.slice(0, 20)}".`);
        continue;
      }
      const path = pathText === "-" ? [] : [...pathText].map(Number);
      const reply = await driver.dispatch({ cmd: "move", action, path });
      if (!reply.ok) out(`Not a valid move: ${reply.error.message}. Nothing was spent; try again.`);
      else show(reply);
    }
    printResult(driver.state, colour, out);
    return await finish(0);
  } finally {
    interrupt.dispose();
  }
}

export const playSession: PlayModule["playSession"] = (driver, io, mode) =>
  playBlockyGame(driver as GameDriver<BlockyState>, io, "Blocky.", mode);

function printResult(state: BlockyState, colour: boolean, out: (text: string) => void): void {
  out(`\n${boardText(state, colour)}\nGame over.`);
  state.players.forEach((p, i) => {
    out(`  Player ${i + 1}: goal ${p.score + p.penalty} - penalty ${p.penalty} = ${p.score}`);
  });
  out(`Player ${(state.winner ?? 0) + 1} wins.`);
}
