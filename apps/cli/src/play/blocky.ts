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
import { clockSeed, parseIntOption, parseSeedOption } from "../args.js";
import { LineQueue } from "./line-queue.js";
import type { PlayFn } from "./types.js";

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

export function parseOptions(
  args: string[],
): { config: unknown; seed: number | undefined; ai: boolean } | { error: string } {
  const config: { maxDepth?: number; turns?: number; players?: PlayerConfig[] } = {};
  let seed: number | undefined;
  let ai = false;
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    if (name === "--ai") {
      ai = true;
      continue;
    }
    const value = args[++i];
    switch (name) {
      case "--depth": {
        const read = parseIntOption("--depth", value, MIN_CONFIG_DEPTH, MAX_CONFIG_DEPTH);
        if ("error" in read) return read;
        config.maxDepth = read.value;
        break;
      }
      case "--turns": {
        const read = parseIntOption("--turns", value, 1, MAX_TURNS);
        if ("error" in read) return read;
        config.turns = read.value;
        break;
      }
      case "--seed": {
        const read = parseSeedOption(value);
        if ("error" in read) return read;
        seed = read.seed;
        break;
      }
      case "--players": {
        const read = parsePlayers(value);
        if ("error" in read) return read;
        config.players = read.players;
        break;
      }
      default:
        return { error: `unknown option '${name}'` };
    }
  }
  return { config: Object.keys(config).length ? config : undefined, seed, ai };
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
  const colour = io.stdout.isTTY === true;
  const out = (text: string) => io.stdout.write(`${text}\n`);
  // The board is shown again only after something changed, not after every refused line.
  let showBoard = true;
  const runner = createRunner(blockyGame, blockyGame.newGame(parsed.value, seed), {
    render(state, events) {
      showBoard = true;
      for (const event of events) if (event.type === "moved") out(describeMove(event, state));
    },
  });
  if (options.ai) {
    out(`Blocky, seed ${seed}: the computer plays every seat.`);
    out(`${boardText(runner.state, colour)}\n${statusText(runner.state)}`);
    const pause = io.stdout.isTTY ? AI_PACE_MS : 0;
    while (!runner.state.over) {
      if (pause > 0) await sleep(pause);
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
      if (!runner.state.over) out(`${boardText(runner.state, colour)}\n${statusText(runner.state)}`);
    }
    printResult(runner.state, colour, out);
    return 0;
  }
  const input = new LineQueue(io.stdin);
  out(`Blocky, seed ${seed}. ${HELP}`);

  while (!runner.state.over) {
    const state = runner.state;
    const player = state.players[state.current];
    if (!player) break;
    if (player.kind !== "human") {
      runner.dispatch({ cmd: "ai" });
      continue;
    }
    if (showBoard) out(`\n${boardText(state, colour)}\n${statusText(state)}`);
    showBoard = false;
    io.stdout.write(`Player ${state.current + 1}> `);
    const line = await input.next();
    if (line === null) {
      out("");
      return 0;
    }
    const [word = "", pathText = "-"] = line.trim().toLowerCase().split(/\s+/);
    if (word === "quit" || word === "exit") return 0;
    if (word === "help" || word === "") {
      out(HELP);
      continue;
    }
    if (word === "hint" || word === "h") {
      const reply = runner.dispatch({ cmd: "hint" });
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
    const reply = runner.dispatch({ cmd: "move", action, path });
    if (!reply.ok) out(`Not a valid move: ${reply.error.message}. Nothing was spent; try again.`);
  }
  printResult(runner.state, colour, out);
  return 0;
};

function printResult(state: BlockyState, colour: boolean, out: (text: string) => void): void {
  out(`\n${boardText(state, colour)}\nGame over.`);
  state.players.forEach((p, i) => {
    out(`  Player ${i + 1}: goal ${p.score + p.penalty} - penalty ${p.penalty} = ${p.score}`);
  });
  out(`Player ${(state.winner ?? 0) + 1} wins.`);
}
