/** The `blockarcade` command line: help, version, JSON-lines mode and terminal play. */
import { readFileSync } from "node:fs";
import { GAME_IDS, getGame, isValidSeed } from "@blockarcade/engine";
import { runJsonMode } from "./json-mode.js";
import { PLAYERS } from "./play/index.js";
import type { TerminalIo } from "./play/types.js";

const GAME_LINES: Record<(typeof GAME_IDS)[number], string> = {
  blast: "Block Blast: 8x8, a tray of 3, rows and columns clear, streaks and revives",
  puzzle: "Block Puzzle: an M x N grid, 32 shapes from rotations and mirrors",
  stacker: "Block Stacker: falling tetrominoes on an N x N board",
  match3: "Match-3 Falling Bricks: the terminal game of prompts and frames",
  blocky: "Blocky: the recursive quad-tree colour game, 1-4 players",
};

export function helpText(): string {
  const games = GAME_IDS.map((id) => `  ${id.padEnd(8)} ${GAME_LINES[id]}`).join("\n");
  return `Usage: blockarcade <game> [options]
       blockarcade <game> --json [--seed N] [--config '<json>']

Play a Block Arcade game in the terminal, or drive it with the JSON-lines protocol.

Games:
${games}

Options:
  --json            speak the JSON-lines protocol: one reply per line read on stdin
  --seed N          seed of the game (0 to 4294967295); default: drawn from the clock
  --config '<json>' the game's config, e.g. '{"rows":10,"cols":6}' for puzzle
  -h, --help        show this help
  -v, --version     show the version

Terminal play takes the game's own options, e.g. \`blockarcade stacker --size 12\`.
Protocol: docs/protocol.md.
`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

function usageError(io: TerminalIo, message: string): number {
  io.stderr.write(`blockarcade: ${message}\nTry 'blockarcade --help'.\n`);
  return 2;
}

export async function run(argv: string[], io: TerminalIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(helpText());
    return 2;
  }
  if (first === "-h" || first === "--help" || first === "help") {
    io.stdout.write(helpText());
    return 0;
  }
  if (first === "-v" || first === "--version") {
    io.stdout.write(`blockarcade ${version()}\n`);
    return 0;
  }
  if (first.startsWith("-")) return usageError(io, `unknown option '${first}'`);
  const game = getGame(first);
  if (!game) {
    const known = (GAME_IDS as readonly string[]).includes(first);
    return usageError(
      io,
      known ? `'${first}' is not built yet` : `unknown game '${first}'; games: ${GAME_IDS.join(", ")}`,
    );
  }
  if (rest.includes("-h") || rest.includes("--help")) {
    io.stdout.write(helpText());
    return 0;
  }
  if (!rest.includes("--json")) {
    const player = PLAYERS[game.id];
    if (!player) return usageError(io, `${game.id} has no terminal version yet; use '${game.id} --json'`);
    const { play } = await player();
    return play(rest, io);
  }
  const options = parseJsonOptions(rest);
  if ("error" in options) return usageError(io, `${options.error} (${game.id} --json)`);
  // The clock is read here, in the front end, never in the engine.
  return runJsonMode(game, options.seed ?? Date.now() % 0x100000000, options.config, io);
}

/** Options of the JSON-lines mode: `--json`, `--seed N`, `--config '<json>'`. */
export function parseJsonOptions(args: string[]): { seed?: number; config?: unknown } | { error: string } {
  let seed: number | undefined;
  let config: unknown;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--json") continue;
    if (arg === "--seed") {
      const value = args[++i];
      const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!isValidSeed(n)) return { error: "--seed needs an integer from 0 to 4294967295" };
      seed = n;
    } else if (arg === "--config") {
      const value = args[++i];
      if (value === undefined) return { error: "--config needs a JSON object" };
      try {
        config = JSON.parse(value);
      } catch {
        return { error: `--config is not valid JSON: ${value}` };
      }
    } else {
      return { error: `unknown option '${arg}'` };
    }
  }
  return { seed, config };
}
