/** The `blockarcade` command line: help, version, JSON-lines mode and terminal play. */
import { readFileSync } from "node:fs";
import { getGame } from "@blockarcade/engine";
import { GAME_IDS, GAME_INFO, type GameId } from "@blockarcade/engine/core";
import { clockSeed, type OptionSpecs, quoteArg, readOptions, SEED_OPTION, seedOf } from "./args.js";
import { DAILY_USAGE, runDaily } from "./daily.js";
import { runPlayer, serverBase } from "./identity.js";
import { runJsonMode } from "./json-mode.js";
import { runLeaderboard } from "./leaderboard.js";
import { PLAYERS } from "./play/index.js";
import type { TerminalIo } from "./play/types.js";
import { runProxyMode } from "./proxy-mode.js";
import { isTerminalRanked, RANKED_USAGE, runRanked } from "./ranked.js";
import { runReplay } from "./replay.js";

const JSON_USAGE = "blockarcade <game> --json [--seed N] [--config '<json>']";
const SERVER_USAGE =
  "blockarcade <game> --json --server URL [--ranked] [--name NAME] [--seed N] [--config '<json>']";

export function helpText(): string {
  const games = GAME_IDS.map((id) => `  ${id.padEnd(8)} ${GAME_INFO[id].title}: ${GAME_INFO[id].tagline}`);
  return `Usage: blockarcade <game> [options]
       ${JSON_USAGE}
       ${SERVER_USAGE}
       blockarcade <game> --daily [--json] [--server URL]   (today's challenge on a game server)
       blockarcade leaderboard <game> [--server URL] [--period all|week|today] [--around-me] ...
       blockarcade replay <id|file> [--server URL] [--speed X]   (a game played again move by move)
       blockarcade player new|recover|show   (a player on a game server; 'blockarcade player --help')

Play a Block Arcade game in the terminal, or drive it with the JSON-lines protocol.

Games:
${games.join("\n")}

Options:
  --json            speak the JSON-lines protocol: one reply per line read on stdin
  --seed N          seed of the game (0 to 4294967295); default: drawn from the clock
  --config '<json>' the game's config, e.g. '{"rows":10,"cols":6}' for puzzle
  --server URL      with --json: play as a session on that game server, e.g. http://localhost:8080
  --ranked          with --server: a ranked session (as the player 'blockarcade player' keeps)
  --name NAME       with --server: the name on the leaderboard
  -h, --help        show this help; 'blockarcade <game> --help' shows that game's options
  -v, --version     show the version

Terminal play takes the game's own options, e.g. \`blockarcade stacker --size 12\`.
Protocol: docs/protocol.md.
`;
}

/** `blockarcade <game> --help`: the game's own usage from its terminal version, then the protocol's. */
export async function gameHelpText(id: GameId): Promise<string> {
  const { usage } = await PLAYERS[id]();
  if (usage === undefined) return helpText();
  const json = usage.includes("--json")
    ? ""
    : `\nJSON-lines protocol: ${JSON_USAGE.replace("<game>", id)} (docs/protocol.md).\n`;
  const ranked = id === "stacker" || id === "match3" ? `${RANKED_USAGE(id)}\n` : "";
  const server = `\nOn a game server (docs/service.md "Players"): ${SERVER_USAGE.replace("<game>", id)}.\n${DAILY_USAGE(id)}\n${ranked}`;
  return `${GAME_INFO[id].title}: ${GAME_INFO[id].tagline}\n\n${usage.trimEnd()}\n${json}${server}`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

function usageError(io: TerminalIo, message: string, help = "blockarcade --help"): number {
  io.stderr.write(`blockarcade: ${message}\nTry '${help}'.\n`);
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
  if (first.startsWith("-")) return usageError(io, `unknown option ${quoteArg(first)}`);
  if (first === "player") return runPlayer(rest, io);
  if (first === "leaderboard") return runLeaderboard(rest, io);
  if (first === "replay") return runReplay(rest, io);
  const game = getGame(first);
  if (!game) return usageError(io, `unknown game ${quoteArg(first)}; games: ${GAME_IDS.join(", ")}`);
  if (rest.includes("-h") || rest.includes("--help")) {
    io.stdout.write(await gameHelpText(game.id));
    return 0;
  }
  if (rest.includes("--daily")) return runDaily(game, rest, io);
  if (isTerminalRanked(game, rest)) return runRanked(game, rest, io);
  if (!rest.includes("--json")) {
    const { play } = await PLAYERS[game.id]();
    return play(rest, io);
  }
  const options = parseJsonOptions(rest);
  if ("error" in options)
    return usageError(io, `${options.error} (${game.id} --json)`, `blockarcade ${game.id} --help`);
  if (options.server !== undefined) {
    return runProxyMode(
      game,
      {
        server: options.server,
        ranked: options.ranked,
        seed: options.seed,
        config: options.config,
        name: options.name,
      },
      io,
    );
  }
  // The clock is read here, in the front end, never in the engine.
  return runJsonMode(game, options.seed ?? clockSeed(), options.config, io);
}

export interface JsonOptions {
  seed?: number;
  config?: unknown;
  /** The game server's base URL: the lines go to a session there. */
  server?: string;
  ranked: boolean;
  name?: string;
}

const JSON_OPTIONS: OptionSpecs = {
  json: { type: "boolean" },
  seed: SEED_OPTION,
  config: { type: "string", help: "--config needs a JSON object" },
  server: { type: "string", help: "--server needs the server's URL, e.g. http://localhost:8080" },
  ranked: { type: "boolean" },
  name: { type: "string", help: "--name needs a name" },
};

/**
 * Options of the JSON-lines mode: `--json`, `--seed N`, `--config '<json>'`, and for a session on a
 * server `--server URL`, `--ranked` (the server draws the seed) and `--name NAME`.
 */
export function parseJsonOptions(args: string[]): JsonOptions | { error: string } {
  const read = readOptions(args, JSON_OPTIONS);
  if ("error" in read) return read;
  const { values } = read;
  const seed = seedOf(values);
  if ("error" in seed) return seed;
  let config: unknown;
  if (values.config !== undefined) {
    try {
      config = JSON.parse(values.config as string);
    } catch {
      return { error: `--config is not valid JSON: ${quoteArg(values.config as string)}` };
    }
  }
  let server: string | undefined;
  if (values.server !== undefined) {
    const base = serverBase(values.server as string);
    if ("error" in base) return base;
    server = base.base;
  }
  const ranked = values.ranked === true;
  const name = values.name as string | undefined;
  if (server === undefined && (ranked || name !== undefined)) {
    return { error: `${ranked ? "--ranked" : "--name"} goes with --server URL` };
  }
  // A seed the client picks is a future it can see: the server draws a ranked game's.
  if (ranked && seed.seed !== undefined)
    return { error: "--ranked takes no --seed: the server draws a ranked game's seed" };
  return { seed: seed.seed, config, server, ranked, name };
}
