/**
 * `blockarcade <game> --daily`: today's challenge on a game server (docs/service.md "Fair play",
 * "The day's game, once"), as the player kept by `blockarcade player`. The server deals it from a
 * seed this process never sees; the first daily game of the day is the ranked attempt, later ones
 * are practice and say so. With `--json` the lines are the protocol's, as `--server --ranked`
 * (proxy-mode.ts); without it every game is played in the terminal (Block Blast, Block Puzzle and
 * Blocky through each game's `playSession`, each typed command sent to the session; Block Stacker and
 * Match-3 Arcade through `playRemote` in the real-time view, every command and tick sent to the
 * session, play/remote-session.ts) and the day's board follows the game: the player's rank,
 * the streak, the time to the next challenge and yesterday's winners.
 */

import { type GameId, getDaily, getSession, sendCommand, startGame } from "@blockarcade/client";
import type { AnyGame, BaseState } from "@blockarcade/engine/core";
import { type OptionSpecs, quoteArg, readOptions } from "./args.js";
import { fail } from "./fail.js";
import { connect, failureText, type Identity, identityPath } from "./identity.js";
import { serverAndPlayer } from "./leaderboard.js";
import { PLAYERS } from "./play/index.js";
import { hasRawTerminal } from "./play/realtime-session.js";
import type { DriverReply, GameDriver, TerminalIo } from "./play/types.js";
import { runProxyMode } from "./proxy-mode.js";

const OPTIONS: OptionSpecs = {
  daily: { type: "boolean" },
  json: { type: "boolean" },
  server: { type: "string", help: "--server needs the server's URL, e.g. http://localhost:8080" },
  name: { type: "string", help: "--name needs a name" },
  // Match-3's daily game is Arcade mode: `match3 --arcade --daily` says the same.
  arcade: { type: "boolean" },
};

export const DAILY_USAGE = (id: string) =>
  `blockarcade ${id} --daily [--json] [--server URL] [--name NAME]   (today's challenge; the first game of the day is ranked)`;

interface DailyAnswer {
  game: string;
  date: string;
  config: unknown;
  nextAt: string;
  leader: { name: string; score: number; replay: number } | null;
  yesterday: { rank: number; name: string; score: number; replay: number }[];
  me?: {
    attempt: "none" | "playing" | "done";
    session?: string;
    score?: number;
    rank?: number;
    board?: "unaided" | "help";
    streak: number;
  };
}

export async function runDaily(
  game: AnyGame,
  args: string[],
  io: TerminalIo,
  path = identityPath(),
): Promise<number> {
  const read = readOptions(args, OPTIONS);
  if ("error" in read)
    return fail(io, `${read.error} (${game.id} --daily)\nTry 'blockarcade ${game.id} --help'.`, 2);
  const { values } = read;
  const target = serverAndPlayer(values.server as string | undefined, path);
  if ("error" in target) return fail(io, target.error, 2);
  const name = values.name as string | undefined;
  if (values.json === true) {
    return runProxyMode(game, { server: target.base, ranked: false, daily: true, name }, io, path);
  }
  const player = target.player;
  if (player === undefined) {
    return fail(
      io,
      `the daily challenge needs your player on ${target.base}: run 'blockarcade player new --server ${target.base}'`,
    );
  }
  if (values.arcade === true && game.id !== "match3")
    return fail(
      io,
      `unknown option '--arcade' (${game.id} --daily)\nTry 'blockarcade ${game.id} --help'.`,
      2,
    );
  const { playSession, playRemote } = await PLAYERS[game.id]();
  // A real-time game reads keys in raw mode: without a terminal there is --json.
  if (playRemote !== undefined && !hasRawTerminal(io.stdin)) {
    return fail(
      io,
      `${game.id}'s daily challenge is a real-time game and needs an interactive terminal (stdin is not a TTY); for scripts use 'blockarcade ${game.id} --daily --json'`,
      2,
    );
  }
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const today = await daily(game.id, target.base, player);
  if ("error" in today) return fail(io, today.error);
  out(`${game.title}: daily challenge of ${today.date} (config ${JSON.stringify(today.config)}).`);
  const leader = today.leader
    ? `Today's #1: ${today.leader.name} with ${today.leader.score}.`
    : "No one has finished today's game yet.";
  out(`${leader} Streak: ${plural(today.me?.streak ?? 0, "day")} in a row.`);

  // A ranked attempt left playing (the terminal closed) goes on; a new session would be practice.
  const resume = today.me?.attempt === "playing" ? today.me.session : undefined;
  const session =
    resume !== undefined
      ? await resumeSession(target.base, resume, player)
      : await createDaily(game.id, target.base, player, name);
  if ("error" in session) return fail(io, session.error);
  if (resume !== undefined) out("Your ranked attempt of today goes on where you left it.");
  else if (session.practice)
    out("You have played today's ranked attempt: this game is practice, on other deals, and is not entered.");
  else out("This is your ranked attempt of today: it goes on today's board when it ends.");

  const mode = {
    daily: true,
    after: async () => {
      const after = await daily(game.id, target.base, player);
      if ("error" in after) {
        io.stderr.write(`blockarcade: ${after.error}\n`);
        return;
      }
      for (const line of dayBoardLines(after, game.id)) out(line);
    },
  };
  if (playRemote !== undefined) {
    // Real time: every command, the clock's ticks included, goes to the session (remote-session.ts).
    return playRemote({ base: target.base, id: session.id, view: session.state, player }, io, mode);
  }
  if (playSession === undefined) return fail(io, `the terminal has no daily game of ${game.id}`, 2);
  return playSession(remoteDriver(target.base, session.id, session.state, player), io, mode);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The day's board after a game: the player's place, the streak, the next challenge, yesterday's best. */
export function dayBoardLines(day: DailyAnswer, gameId: string, now = Date.now()): string[] {
  const me = day.me;
  const lines: string[] = [];
  if (me?.attempt === "done" && me.rank !== undefined) {
    const board = me.board === "help" ? " (on the board of games played with help)" : "";
    lines.push(`Today's board: you are #${me.rank} with ${me.score}${board}.`);
  } else if (me?.attempt === "playing")
    lines.push("Your ranked attempt of today is not over: play it on with --daily.");
  if (me) lines.push(`Streak: ${plural(me.streak, "day")} in a row.`);
  const minutes = Math.max(0, Math.ceil((Date.parse(day.nextAt) - now) / 60_000));
  lines.push(`Next challenge in ${Math.floor(minutes / 60)} h ${minutes % 60} min (${day.nextAt}).`);
  if (day.yesterday.length > 0) {
    lines.push(
      `Yesterday's winners: ${day.yesterday.map((w) => `#${w.rank} ${w.name} ${w.score} (replay ${w.replay})`).join(", ")}.`,
    );
  }
  lines.push(`The whole board: blockarcade leaderboard ${gameId} --day ${day.date}`);
  return lines;
}

async function daily(
  gameId: string,
  base: string,
  player: Identity,
): Promise<DailyAnswer | { error: string }> {
  const answer = await getDaily(connect(base, player), gameId as GameId);
  if (!answer.ok) {
    if (answer.kind === "network") return { error: answer.message };
    return { error: `the server refused the daily challenge: ${failureText(answer)}` };
  }
  return answer.value as DailyAnswer;
}

interface Session {
  id: string;
  state: BaseState;
  practice?: boolean;
}

async function createDaily(
  gameId: string,
  base: string,
  player: Identity,
  name: string | undefined,
): Promise<Session | { error: string }> {
  const body = { game: gameId as GameId, daily: true as const, ...(name !== undefined ? { name } : {}) };
  const answer = await startGame(connect(base, player), body);
  if (!answer.ok) {
    if (answer.kind === "network") return { error: answer.message };
    return { error: `the server refused the daily game: ${failureText(answer)}` };
  }
  return answer.value as unknown as Session;
}

async function resumeSession(
  base: string,
  id: string,
  player: Identity,
): Promise<Session | { error: string }> {
  const answer = await getSession(connect(base, player), id);
  if (!answer.ok) {
    if (answer.kind === "network") return { error: answer.message };
    return { error: `the server cannot resume ${quoteArg(id)}: ${failureText(answer)}` };
  }
  if (answer.notModified) return { error: `the server cannot resume ${quoteArg(id)}: no state` };
  return answer.value as unknown as Session;
}

/** Each command a request to the session; the position is the server's answer (its public view). */
function remoteDriver(base: string, id: string, initial: BaseState, player: Identity): GameDriver<BaseState> {
  let state = initial;
  const conn = connect(base, player);
  return {
    get state() {
      return state;
    },
    async dispatch(command) {
      const answer = await sendCommand(conn, id, command as Record<string, unknown>);
      if (answer.ok || answer.kind === "refused") {
        const body = (answer.ok ? answer.value : answer.reply) as unknown as DriverReply & {
          state: BaseState;
        };
        state = body.state;
        return body.ok ? { ...body, events: body.events ?? [] } : body;
      }
      if (answer.kind === "network")
        return { ok: false, error: { code: "NO_SERVER", message: answer.message } };
      return { ok: false, error: { code: "BAD_ANSWER", message: failureText(answer) } };
    },
  };
}
