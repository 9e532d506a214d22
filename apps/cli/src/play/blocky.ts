/**
 * `blockarcade blocky`: Blocky in the terminal, line by line. The human types an action and the
 * path of a block (digits 0-3 from the top-level block: 0 upper-right, 1 upper-left, 2 lower-left,
 * 3 lower-right; `-` for the top-level block); computer players move by themselves. Every move
 * goes through the engine's protocol, as in the browser.
 */
import { handleCommand, isValidSeed } from "@blockarcade/engine";
import {
  type Action,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
  COLOUR_NAMES,
  type Colour,
  goalText,
  type PlayerConfig,
} from "@blockarcade/engine/games/blocky";
import { LineQueue } from "./line-queue.js";
import type { TerminalIo } from "./types.js";

const USAGE = `Usage: blockarcade blocky [--depth 2-6] [--turns T] [--players human,smart:5,random] [--seed N]
`;

const HELP = `Moves: <action> <path>, e.g. "cw 01" rotates the upper-left child of the upper-right block.
  actions: cw (rotate clockwise), ccw, swaph, swapv, smash, paint, combine, pass
  path: digits from the top-level block, 0 upper-right, 1 upper-left, 2 lower-left, 3 lower-right;
        "-" or nothing is the top-level block
  Other: help, quit
`;

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

function statusText(state: BlockyState): string {
  const lines = state.players.map((p, i) => {
    const mark = !state.over && i === state.current ? ">" : " ";
    const kind = p.kind === "smart" ? `smart ${p.difficulty ?? 1}` : p.kind;
    return `${mark} Player ${i + 1} (${kind}): ${p.score} points, penalty ${p.penalty}; goal: ${goalText(p.goal)}`;
  });
  if (!state.over) lines.push(`Turn ${state.turn + 1} of ${state.turns}.`);
  return lines.join("\n");
}

function describeMove(event: BlockyEvent & { type: "moved" }, state: BlockyState): string {
  const where = event.path.length ? `block ${event.path.join("")}` : "the top-level block";
  const paint = state.players[event.player]?.goal.colour ?? "B";
  const what: Record<Action, string> = {
    rotate_cw: `rotated ${where} clockwise`,
    rotate_ccw: `rotated ${where} counter-clockwise`,
    swap_h: `swapped ${where} horizontally`,
    swap_v: `swapped ${where} vertically`,
    smash: `smashed ${where} (-3)`,
    paint: `painted ${where} ${COLOUR_NAMES[paint]} (-1)`,
    combine: `combined ${where} (-1)`,
    pass: "passed",
  };
  return `Player ${event.player + 1} ${what[event.action]}.`;
}

export function parseOptions(
  args: string[],
): { config: unknown; seed: number | undefined } | { error: string } {
  const config: { maxDepth?: number; turns?: number; players?: PlayerConfig[] } = {};
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    const value = args[++i];
    if (value === undefined) return { error: `${name} needs a value` };
    switch (name) {
      case "--depth":
        if (!/^\d+$/.test(value)) return { error: "--depth needs a number from 2 to 6" };
        config.maxDepth = Number(value);
        break;
      case "--turns":
        if (!/^\d+$/.test(value)) return { error: "--turns needs a positive number" };
        config.turns = Number(value);
        break;
      case "--seed":
        if (!/^\d+$/.test(value) || !isValidSeed(Number(value)))
          return { error: "--seed needs a number from 0 to 4294967295" };
        seed = Number(value);
        break;
      case "--players": {
        const players: PlayerConfig[] = [];
        for (const item of value.split(",")) {
          const [kind, difficulty] = item.trim().split(":");
          if (kind !== "human" && kind !== "random" && kind !== "smart") {
            return { error: `--players: "${item}" is not human, random or smart[:difficulty]` };
          }
          if (difficulty !== undefined && !/^\d+$/.test(difficulty)) {
            return { error: `--players: the difficulty in "${item}" must be a number` };
          }
          players.push(difficulty === undefined ? { kind } : { kind, difficulty: Number(difficulty) });
        }
        config.players = players;
        break;
      }
      default:
        return { error: `unknown option '${name}'` };
    }
  }
  return { config: Object.keys(config).length ? config : undefined, seed };
}

export async function play(args: string[], io: TerminalIo): Promise<number> {
  const options = parseOptions(args);
  if ("error" in options) {
    io.stderr.write(`blockarcade: ${options.error}\n${USAGE}`);
    return 2;
  }
  const parsed = blockyGame.parseConfig(options.config);
  if (!parsed.ok) {
    io.stderr.write(`blockarcade: ${parsed.error.message}\n${USAGE}`);
    return 2;
  }
  const seed = options.seed ?? Date.now() % 0x100000000;
  let state = blockyGame.newGame(parsed.value, seed);
  const colour = io.stdout.isTTY === true;
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const input = new LineQueue(io.stdin);
  out(`Blocky, seed ${seed}. ${HELP}`);

  // The board is shown again only after something changed, not after every refused line.
  let showBoard = true;
  while (!state.over) {
    const player = state.players[state.current];
    if (!player) break;
    let command: unknown;
    if (player.kind !== "human") {
      command = { cmd: "ai" };
    } else {
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
      const action = ACTION_WORDS[word];
      if (!action) {
        out(`Unknown action "${word}". Type help for the moves.`);
        continue;
      }
      if (!/^(-|[0-3]*)$/.test(pathText)) {
        out(`A path is digits 0-3 (or - for the top-level block), not "${pathText}".`);
        continue;
      }
      const path = pathText === "-" ? [] : [...pathText].map(Number);
      command = { cmd: "move", action, path };
    }
    const step = handleCommand(blockyGame, state, command);
    if (!step.reply.ok) {
      out(`Not a valid move: ${step.reply.error.message}. Nothing was spent; try again.`);
      continue;
    }
    const before = state;
    state = step.state as BlockyState;
    showBoard = true;
    for (const event of step.reply.events as BlockyEvent[]) {
      if (event.type === "moved") out(describeMove(event, before));
    }
  }
  out(`\n${boardText(state, colour)}\nGame over.`);
  state.players.forEach((p, i) => {
    out(`  Player ${i + 1}: goal ${p.score + p.penalty} - penalty ${p.penalty} = ${p.score}`);
  });
  out(`Player ${(state.winner ?? 0) + 1} wins.`);
  return 0;
}
