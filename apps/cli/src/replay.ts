/**
 * `blockarcade replay <id|file>`: a game played again move by move in the terminal, from its seed,
 * config and commands through the engine's runner (the rules decide every position; nothing is
 * taken on trust but the moves). A file holds `{"game","seed","config"?,"commands"}`; an id is a
 * game server's replay (`GET /api/replays/{id}`, docs/cli.md "On a game server: daily, leaderboard,
 * replay"). Real-time games'
 * `tick`s are the clock: they are played between moves, never shown as moves of their own.
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { getReplay } from "@blockarcade/client";
import { getGame } from "@blockarcade/engine";
import { type AnyGame, type BaseState, createRunner, GAME_IDS, startGame } from "@blockarcade/engine/core";
import { type OptionSpecs, quoteArg, readOptions } from "./args.js";
import { fail } from "./fail.js";
import { connect, failureText, identityPath } from "./identity.js";
import { serverAndPlayer } from "./leaderboard.js";
import { catchInterrupt, INTERRUPTED_STATUS } from "./play/interrupt.js";
import type { TerminalIo } from "./play/types.js";

/** The pause between moves on a terminal at speed 1. */
export const MOVE_MS = 500;

export const REPLAY_USAGE = `Usage: blockarcade replay <id|file> [--server URL] [--speed X]

Plays a game again move by move in the terminal, each move with the board after it, to its final
score. <id> is a replay on a game server (the Replay column of 'blockarcade leaderboard'); <file>
is a JSON file {"game","seed","config","commands"} (a replay saved from the server is one too).

Options:
  --server URL  the game server of <id> (default: the server of the player kept here)
  --speed X     on a terminal, X times the normal pace of ${MOVE_MS} ms a move (0.1 to 100; default 1);
                piped, the moves are printed without waiting
  -h, --help    show this help
`;

const OPTIONS: OptionSpecs = {
  server: { type: "string", help: "--server needs the server's URL, e.g. http://localhost:8080" },
  speed: { type: "string", help: "--speed needs a number from 0.1 to 100" },
  help: { type: "boolean" },
};

/** What a replay holds; a server's answer has more (who, when, the recorded score). */
export interface ReplayData {
  game: string;
  seed: number;
  config?: unknown;
  commands: Record<string, unknown>[];
  score?: number;
  name?: string;
  date?: string;
  id?: number;
}

function usage(io: TerminalIo, message: string): number {
  io.stderr.write(`blockarcade: ${message}\nTry 'blockarcade replay --help'.\n`);
  return 2;
}

/** A parsed file or answer as a replay, or what is wrong with it. */
export function readReplay(value: unknown): ReplayData | { error: string } {
  const v = value as Partial<ReplayData> | null;
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { error: "a replay is a JSON object" };
  if (typeof v.game !== "string" || !getGame(v.game))
    return { error: `"game" must be one of ${GAME_IDS.join(", ")}` };
  if (!Number.isSafeInteger(v.seed)) return { error: '"seed" must be an integer' };
  if (
    !Array.isArray(v.commands) ||
    v.commands.some((c) => c === null || typeof c !== "object" || Array.isArray(c))
  )
    return { error: '"commands" must be an array of command objects' };
  return v as ReplayData;
}

/** A command as a person reads it: `place 2 3 4` (the tray numbered as the game shows it), `key Left`. */
export function describeCommand(gameId: string, command: Record<string, unknown>): string {
  const { cmd, ...rest } = command;
  if (cmd === "place" && typeof rest.piece === "number") {
    // Block Puzzle's terminal numbers its tray from 1, Block Blast's from 0 (tray-play.ts).
    return `place ${rest.piece + (gameId === "puzzle" ? 1 : 0)} ${rest.row} ${rest.col}`;
  }
  const parts = Object.values(rest).map((v) => (Array.isArray(v) ? v.join("") || "-" : String(v)));
  return [String(cmd), ...parts].join(" ");
}

/** `blockarcade replay ...`: the exit status. */
export async function runReplay(args: string[], io: TerminalIo, path = identityPath()): Promise<number> {
  if (args.includes("-h")) {
    io.stdout.write(REPLAY_USAGE);
    return 0;
  }
  const read = readOptions(args, OPTIONS, { positionals: true });
  if ("error" in read) return usage(io, read.error);
  const { values, positionals } = read;
  if (values.help) {
    io.stdout.write(REPLAY_USAGE);
    return 0;
  }
  const [source, ...extra] = positionals;
  if (source === undefined) return usage(io, "replay needs a replay id or a file");
  if (extra.length > 0) return usage(io, `unexpected ${quoteArg(extra[0] as string)}`);
  let speed = 1;
  if (values.speed !== undefined) {
    speed = Number(values.speed);
    if (!/^\d+(\.\d+)?$/.test(values.speed as string) || speed < 0.1 || speed > 100)
      return usage(io, "--speed needs a number from 0.1 to 100");
  }
  let raw: unknown;
  if (/^\d{1,15}$/.test(source)) {
    const target = serverAndPlayer(values.server as string | undefined, path);
    if ("error" in target) return usage(io, target.error);
    const answer = await getReplay(connect(target.base, target.player), source);
    if (!answer.ok) {
      if (answer.kind === "network") return fail(io, answer.message);
      // The daily lock: the server's own words say when the replay opens.
      if (answer.kind === "http" && answer.code === "REPLAY_LOCKED") return fail(io, answer.message);
      return fail(io, `the server refused replay ${source}: ${failureText(answer)}`);
    }
    raw = answer.value;
  } else {
    if (values.server !== undefined) return usage(io, "--server goes with a replay id, not a file");
    try {
      raw = JSON.parse(readFileSync(source, "utf8"));
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
      return fail(io, `cannot read the replay ${quoteArg(source)}: ${why}`);
    }
  }
  const replay = readReplay(raw);
  if ("error" in replay) return fail(io, `${quoteArg(source)} is not a replay: ${replay.error}`);
  return play(replay, io, io.stdout.isTTY ? MOVE_MS / speed : 0);
}

async function play(replay: ReplayData, io: TerminalIo, pause: number): Promise<number> {
  const game = getGame(replay.game) as AnyGame;
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const started = startGame(game, replay.seed, replay.config);
  if (!started.ok) return fail(io, `the replay's game does not start: ${started.error.message}`);
  const runner = createRunner(game, started.value as BaseState, { render() {} });
  const moves = replay.commands.filter((c) => c.cmd !== "tick").length;
  const who = replay.name !== undefined ? ` by ${replay.name}` : "";
  const when = replay.date !== undefined ? ` on ${replay.date.slice(0, 10)}` : "";
  const recorded = replay.score !== undefined ? `, ${replay.score} points` : "";
  out(
    `${replay.id !== undefined ? `Replay ${replay.id}: ` : ""}${game.title}${who}${when}${recorded}, ${moves} moves (seed ${replay.seed}).`,
  );
  out(game.toText(runner.state));
  const interrupt = catchInterrupt();
  try {
    let move = 0;
    let ticks = 0;
    for (const command of replay.commands) {
      const reply = runner.dispatch(command);
      if (!reply.ok) {
        out(
          `Move ${move + 1} (${describeCommand(game.id, command)}) is refused by the rules: ${reply.error.message}.`,
        );
        return fail(io, "the replay does not match its game");
      }
      if (command.cmd === "tick") {
        ticks++;
        continue;
      }
      move++;
      if (pause > 0) await Promise.race([sleep(pause), interrupt.interrupted]);
      if (interrupt.fired) {
        out(`Stopped at move ${move - 1} of ${moves}. Score: ${runner.state.score}.`);
        return INTERRUPTED_STATUS;
      }
      const fell = ticks > 0 ? ` (after ${ticks} ${ticks === 1 ? "tick" : "ticks"})` : "";
      ticks = 0;
      out(`Move ${move}: ${describeCommand(game.id, command)}${fell}  score ${runner.state.score}`);
      out(game.toText(runner.state));
    }
    const score = runner.state.score;
    if (replay.score !== undefined && replay.score !== score) {
      out(`Final score: ${score}, but the replay says ${replay.score}.`);
      return fail(io, "the replay does not match its recorded score");
    }
    out(`Final score: ${score}.${replay.score !== undefined ? " The recorded score, move for move." : ""}`);
    return 0;
  } finally {
    interrupt.dispose();
  }
}
