/**
 * `blockarcade stacker --ranked` and `blockarcade match3 --arcade --ranked`: a ranked real-time game
 * on a game server (docs/service.md "Fair play"), played in the terminal's real-time view with every
 * command, the clock's ticks included, sent to the session (play/remote-session.ts), as the player
 * kept by `blockarcade player`. The server draws the seed and keeps it; the game goes on its board
 * when it ends, and the entry (rank, board, replay id) is said after the final line. The line games
 * play ranked through `--json --server URL --ranked` (proxy-mode.ts).
 */

import { startGame } from "@blockarcade/client";
import type { AnyGame, BaseState } from "@blockarcade/engine/core";
import { type OptionSpecs, quoteArg, readOptions } from "./args.js";
import { fail } from "./fail.js";
import { connect, failureText, identityPath } from "./identity.js";
import { serverAndPlayer } from "./leaderboard.js";
import { PLAYERS } from "./play/index.js";
import { hasRawTerminal } from "./play/realtime-session.js";
import type { TerminalIo } from "./play/types.js";

const OPTIONS: OptionSpecs = {
  ranked: { type: "boolean" },
  arcade: { type: "boolean" },
  server: { type: "string", help: "--server needs the server's URL, e.g. http://localhost:8080" },
  name: { type: "string", help: "--name needs a name" },
  config: { type: "string", help: "--config needs a JSON object" },
};

export const RANKED_USAGE = (id: string) =>
  `blockarcade ${id}${id === "match3" ? " --arcade" : ""} --ranked [--server URL] [--name NAME] [--config '<json>']   (a ranked game in the terminal, on the server's clock)`;

/** Whether `blockarcade <game> ... --ranked` (without --json) is a ranked real-time game here. */
export function isTerminalRanked(game: AnyGame, args: string[]): boolean {
  return (
    (game.id === "stacker" || game.id === "match3") && args.includes("--ranked") && !args.includes("--json")
  );
}

export async function runRanked(
  game: AnyGame,
  args: string[],
  io: TerminalIo,
  path = identityPath(),
): Promise<number> {
  const read = readOptions(args, OPTIONS);
  const usage = `Try 'blockarcade ${game.id} --help'.`;
  if ("error" in read) return fail(io, `${read.error} (${game.id} --ranked)\n${usage}`, 2);
  const { values } = read;
  if (values.arcade === true && game.id !== "match3")
    return fail(io, `unknown option '--arcade' (${game.id} --ranked)\n${usage}`, 2);
  let config: Record<string, unknown> | undefined;
  if (values.config !== undefined) {
    try {
      config = JSON.parse(values.config as string);
    } catch {
      return fail(io, `--config is not valid JSON: ${quoteArg(values.config as string)}`, 2);
    }
    if (config === null || typeof config !== "object" || Array.isArray(config))
      return fail(io, "--config needs a JSON object", 2);
  }
  if (game.id === "match3") {
    // The terminal's ranked Match-3 is Arcade; the dialogue is played ranked through --json.
    if (config?.mode !== undefined && config.mode !== "arcade")
      return fail(
        io,
        `the terminal plays ranked Match-3 in Arcade mode; for the dialogue use 'blockarcade match3 --json --server URL --ranked'`,
        2,
      );
    config = { ...config, mode: "arcade" };
  }
  if (!hasRawTerminal(io.stdin)) {
    return fail(
      io,
      `a ranked ${game.id} game is real-time and needs an interactive terminal (stdin is not a TTY); for scripts use 'blockarcade ${game.id} --json --server URL --ranked'`,
      2,
    );
  }
  const target = serverAndPlayer(values.server as string | undefined, path);
  if ("error" in target) return fail(io, target.error, 2);
  const player = target.player;
  if (player === undefined) {
    return fail(
      io,
      `a ranked game needs your player on ${target.base}: run 'blockarcade player new --server ${target.base}'`,
    );
  }
  const name = values.name as string | undefined;
  const answer = await startGame(connect(target.base, player), {
    game: game.id,
    ranked: true,
    ...(config !== undefined ? { config: config as never } : {}),
    ...(name !== undefined ? { name } : {}),
  });
  if (!answer.ok) {
    if (answer.kind === "network") return fail(io, answer.message);
    return fail(io, `the server refused the ranked game: ${failureText(answer)}`);
  }
  const session = answer.value as unknown as { id: string; state: BaseState & { config?: unknown } };
  const { playRemote } = await PLAYERS[game.id]();
  if (playRemote === undefined) return fail(io, `the terminal has no ranked real-time game of ${game.id}`, 2);
  const out = (text: string) => io.stdout.write(`${text}\n`);
  out(
    `${game.title}: a ranked game on ${target.base} (config ${JSON.stringify(session.state.config)}): it goes on the board when it ends.`,
  );
  return playRemote({ base: target.base, id: session.id, view: session.state, player }, io, {
    daily: true,
    after: async (end) => {
      const entry = end?.entry;
      if (!entry) {
        out("Not entered: a ranked game goes on the board only when it is over.");
        return;
      }
      const board = entry.board === "help" ? " of games played with help" : "";
      out(`Entered on the board${board} as ${entry.name}: #${entry.rank} with ${entry.score}.`);
      if (entry.replay !== undefined) out(`Its replay: blockarcade replay ${entry.replay}`);
    },
  });
}
