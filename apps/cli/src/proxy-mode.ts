/**
 * `blockarcade <game> --json --server URL [--ranked]`: the JSON-lines protocol played as a session on
 * a game server. The process makes one session (ranked: `{"ranked":true}`, signed as the player kept
 * by `blockarcade player`), then sends each line read, as read, to the session and prints the
 * server's reply: one line at start, one per line read, as the local mode does. The deals of a
 * ranked game are the server's: this process never holds its random source.
 */
import { once } from "node:events";
import { type CommandResult, type CreateGame, sendCommand, startGame } from "@blockarcade/client";
import type { AnyGame } from "@blockarcade/engine/core";
import { fail } from "./fail.js";
import { connect, failureText, identityPath, readIdentity } from "./identity.js";
import { LineQueue, MAX_LINE_LENGTH } from "./play/line-queue.js";
import type { TerminalIo } from "./play/types.js";

export interface ProxyOptions {
  /** The server's base URL (identity.ts serverBase). */
  server: string;
  ranked: boolean;
  /** Today's challenge (`--daily`): ranked the first time a day, practice after (said on stderr). */
  daily?: boolean;
  seed?: number;
  config?: unknown;
  name?: string;
}

export async function runProxyMode(
  game: AnyGame,
  options: ProxyOptions,
  io: TerminalIo,
  path = identityPath(),
): Promise<number> {
  const kept = readIdentity(path);
  if (kept !== undefined && "error" in kept) return fail(io, kept.error);
  // A player belongs to one server: another server's is not sent.
  const player = kept !== undefined && kept.server === options.server ? kept : undefined;
  if ((options.ranked || options.daily) && player === undefined) {
    const why =
      kept === undefined ? `no player is kept in ${path}` : `the player kept in ${path} is ${kept.server}'s`;
    return fail(
      io,
      `a ${options.daily ? "daily" : "ranked"} game needs a player of ${options.server}: ${why}; run 'blockarcade player new --server ${options.server}'`,
    );
  }
  const create = {
    game: game.id,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.ranked ? { ranked: true } : {}),
    ...(options.daily ? { daily: true } : {}),
  } as CreateGame;
  const conn = connect(options.server, player);
  const created = await startGame(conn, create);
  if (!created.ok) {
    if (created.kind === "network") return fail(io, created.message);
    return fail(io, `the server refused the game: ${failureText(created)}`);
  }
  const session = created.value;
  if (options.daily) {
    // Said beside the protocol, never in it: stdout stays one reply per line.
    io.stderr.write(
      session.practice
        ? "blockarcade: today's ranked attempt is played: this daily game is practice (other deals, not entered)\n"
        : "blockarcade: today's ranked attempt: it goes on today's board when it ends\n",
    );
  }
  let state: unknown = session.state;
  await write(io, { ok: true, events: [], ...session });
  const input = new LineQueue(io.stdin);
  for (;;) {
    const line = await input.next();
    if (line === null) return 0;
    // The line as read: the server judges its JSON, as the local mode would.
    const reply =
      line.length > MAX_LINE_LENGTH
        ? tooLong(state)
        : replyOf(await sendCommand(conn, session.id, line), state);
    if (reply.state !== undefined) state = reply.state;
    await write(io, reply);
  }
}

function tooLong(state: unknown): Record<string, unknown> {
  const message = `a line may hold at most ${MAX_LINE_LENGTH} characters; this one was longer`;
  return { ok: false, error: { code: "BAD_JSON", message }, state };
}

/**
 * The protocol reply for one answer: the server's own when it sent one (applied or refused), else
 * its error (rate limits, a full session, the server gone) as a refused reply with the last state.
 */
function replyOf(answer: CommandResult, state: unknown): Record<string, unknown> {
  if (answer.ok) return answer.value as unknown as Record<string, unknown>;
  if (answer.kind === "refused") return answer.reply as unknown as Record<string, unknown>;
  if (answer.kind === "network")
    return { ok: false, error: { code: "NO_SERVER", message: answer.message }, state };
  const error =
    answer.kind === "http"
      ? { code: answer.code, message: answer.message }
      : { code: "BAD_ANSWER", message: `the server answered ${answer.status}` };
  return { ok: false, error, state };
}

/** One reply line; waits while the reader is behind. */
async function write(io: TerminalIo, reply: unknown): Promise<void> {
  if (!io.stdout.write(`${JSON.stringify(reply)}\n`)) await once(io.stdout, "drain");
}
