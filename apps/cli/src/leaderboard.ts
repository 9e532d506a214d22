/**
 * `blockarcade leaderboard <game>`: a game server's board as a table (docs/service.md
 * "Leaderboards"): rank, name, score, date and the replay id (`blockarcade replay <id>` plays it).
 * With the player kept here (`blockarcade player`) for that server the request is signed with
 * `around=me`, so the player's own line is marked; `--around-me` also prints their place with its
 * neighbours.
 */

import { request } from "@blockarcade/client";
import { getGame } from "@blockarcade/engine";
import { GAME_IDS } from "@blockarcade/engine/core";
import { type OptionSpecs, parseIntOption, quoteArg, readOptions } from "./args.js";
import { fail } from "./fail.js";
import { connect, failureText, type Identity, identityPath, readIdentity, serverBase } from "./identity.js";
import type { TerminalIo } from "./play/types.js";

export const LEADERBOARD_USAGE = `Usage: blockarcade leaderboard <game> [--server URL] [--config JSON] [--period all|week|today]
                               [--day YYYY-MM-DD] [--help-board] [--limit N] [--offset N] [--around-me]

A game server's board as a table: rank, name, score, date and the replay id ('blockarcade replay
<id>' plays it move by move). Your own line is marked with '>' when the player kept here
('blockarcade player') has an entry on the board.

Options:
  --server URL      the game server (default: the server of the player kept here)
  --config JSON     the board of that config, e.g. '{"rows":10,"cols":6}' (default: the game's default)
  --period P        all (default), week (since Monday 00:00 UTC) or today (since 00:00 UTC)
  --day YYYY-MM-DD  that day's daily-challenge board (not with --period)
  --help-board      the board of games played with hints or the computer's help
  --limit N         entries to show, 1 to 100 (default 10)
  --offset N        skip the first N entries (0 to 1000000)
  --around-me       also show your place with the entries around it (needs your player)
  -h, --help        show this help
`;

const OPTIONS: OptionSpecs = {
  server: { type: "string", help: "--server needs the server's URL, e.g. http://localhost:8080" },
  config: { type: "string", help: "--config needs a JSON object" },
  period: { type: "string", help: "--period needs all, week or today" },
  day: { type: "string", help: "--day needs a date, YYYY-MM-DD" },
  "help-board": { type: "boolean" },
  limit: { type: "string", help: "--limit needs a whole number from 1 to 100" },
  offset: { type: "string", help: "--offset needs a whole number from 0 to 1000000" },
  "around-me": { type: "boolean" },
  help: { type: "boolean" },
};

export interface BoardEntry {
  rank: number;
  name: string;
  score: number;
  date: string;
  replay: number;
}

interface BoardAnswer {
  game: string;
  config: unknown;
  board: "unaided" | "help";
  period: "all" | "week" | "today";
  day?: string;
  total: number;
  offset: number;
  limit: number;
  entries: BoardEntry[];
  me?: { rank: number; entry: BoardEntry; around: BoardEntry[] } | null;
}

function usage(io: TerminalIo, message: string): number {
  io.stderr.write(`blockarcade: ${message}\nTry 'blockarcade leaderboard --help'.\n`);
  return 2;
}

/**
 * The server to ask and the player to sign with: `--server` if given, else the kept player's; the
 * player only when it belongs to that server. An error when neither names a server.
 */
export function serverAndPlayer(
  given: string | undefined,
  path = identityPath(),
): { base: string; player: Identity | undefined } | { error: string } {
  const kept = readIdentity(path);
  const identity = kept !== undefined && !("error" in kept) ? kept : undefined;
  if (given === undefined) {
    if (identity === undefined)
      return { error: "--server URL is needed (no player is kept here to take its server from)" };
    return { base: identity.server, player: identity };
  }
  const base = serverBase(given);
  if ("error" in base) return base;
  return { base: base.base, player: identity?.server === base.base ? identity : undefined };
}

/** `blockarcade leaderboard ...`: the exit status. */
export async function runLeaderboard(args: string[], io: TerminalIo, path = identityPath()): Promise<number> {
  if (args.includes("-h")) {
    io.stdout.write(LEADERBOARD_USAGE);
    return 0;
  }
  const read = readOptions(args, OPTIONS, { positionals: true });
  if ("error" in read) return usage(io, read.error);
  const { values, positionals } = read;
  if (values.help) {
    io.stdout.write(LEADERBOARD_USAGE);
    return 0;
  }
  const [gameName, ...extra] = positionals;
  if (gameName === undefined) return usage(io, `leaderboard needs a game: ${GAME_IDS.join(", ")}`);
  if (extra.length > 0) return usage(io, `unexpected ${quoteArg(extra[0] as string)}`);
  const game = getGame(gameName);
  if (!game) return usage(io, `unknown game ${quoteArg(gameName)}; games: ${GAME_IDS.join(", ")}`);

  const query = new URLSearchParams();
  if (values.config !== undefined) {
    try {
      JSON.parse(values.config as string);
    } catch {
      return usage(io, `--config is not valid JSON: ${quoteArg(values.config as string)}`);
    }
    query.set("config", values.config as string);
  }
  const period = values.period as string | undefined;
  if (period !== undefined && period !== "all" && period !== "week" && period !== "today")
    return usage(io, "--period needs all, week or today");
  const day = values.day as string | undefined;
  if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
    return usage(io, "--day needs a date, YYYY-MM-DD");
  if (day !== undefined && period !== undefined)
    return usage(io, "--day is one day's board: it takes no --period");
  if (period !== undefined) query.set("period", period);
  if (day !== undefined) query.set("day", day);
  if (values["help-board"]) query.set("board", "help");
  for (const [name, max, min] of [
    ["limit", 100, 1],
    ["offset", 1_000_000, 0],
  ] as const) {
    if (values[name] === undefined) continue;
    const n = parseIntOption(`--${name}`, values[name] as string, min, max);
    if ("error" in n) return usage(io, n.error);
    query.set(name, String(n.value));
  }
  const target = serverAndPlayer(values.server as string | undefined, path);
  if ("error" in target) return usage(io, target.error);
  const aroundMe = values["around-me"] === true;
  if (aroundMe && target.player === undefined) {
    return fail(
      io,
      `--around-me needs your player on ${target.base}: run 'blockarcade player new --server ${target.base}'`,
    );
  }
  // Signed whenever the player is known: the answer's `me` marks the player's own line.
  if (target.player !== undefined) query.set("around", "me");
  // The query as typed (--config is the user's JSON text, sent as given): the client's own route call.
  const answer = await request<BoardAnswer>(
    connect(target.base, target.player),
    "GET",
    `/api/leaderboards/${encodeURIComponent(game.id)}?${query}`,
  );
  if (!answer.ok) {
    if (answer.kind === "network") return fail(io, answer.message);
    return fail(io, `the server refused: ${failureText(answer)}`);
  }
  if (answer.notModified) return fail(io, "the server answered 304 to a request that held no ETag");
  io.stdout.write(boardText(game.title, answer.value, aroundMe));
  return 0;
}

/** The board as the terminal prints it: a heading, the table, and with `aroundMe` the player's place. */
export function boardText(title: string, board: BoardAnswer, aroundMe: boolean): string {
  const when = board.day !== undefined ? `daily challenge of ${board.day}` : PERIOD_WORDS[board.period];
  const kind = board.board === "help" ? "played with help" : "unaided";
  const first = board.entries.length > 0 ? board.offset + 1 : board.offset;
  const shown = board.entries.length > 0 ? `, ${first}-${board.offset + board.entries.length} shown` : "";
  const lines = [
    `${title} leaderboard (${kind}, ${when}), config ${JSON.stringify(board.config)}`,
    `${board.total} ${board.total === 1 ? "entry" : "entries"}${shown}.`,
    "",
  ];
  const mine = board.me?.entry.replay;
  if (board.entries.length === 0)
    lines.push(board.offset > 0 ? "No entries this far down." : "No entries yet.");
  else lines.push(...table(board.entries, mine));
  if (aroundMe) {
    lines.push("");
    if (!board.me) lines.push("You have no entry on this board yet.");
    else lines.push(`Your place: #${board.me.rank} of ${board.total}.`, ...table(board.me.around, mine));
  } else if (board.me && !board.entries.some((e) => e.replay === mine)) {
    lines.push(
      "",
      `Your best: #${board.me.rank} with ${board.me.entry.score} (--around-me shows the entries around it).`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const PERIOD_WORDS = { all: "all time", week: "this week", today: "today" } as const;

/** Rows padded to columns; the player's own entry marked with `>`. */
function table(entries: readonly BoardEntry[], mine: number | undefined): string[] {
  const rows = entries.map((e) => [
    e.replay === mine ? ">" : " ",
    `#${e.rank}`,
    printable(e.name),
    String(e.score),
    e.date.slice(0, 10),
    String(e.replay),
  ]);
  const header = [" ", "Rank", "Name", "Score", "Date", "Replay"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  // Numbers right-aligned, words left-aligned.
  const right = [false, true, false, true, false, true];
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** A name as the terminal may print it: control characters (escape sequences) become "?". */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is replaced.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}
