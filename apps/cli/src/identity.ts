/**
 * The terminal player's identity on a game server (docs/service.md "Players"): the id, secret and
 * recovery code from `POST /api/players`, kept in `$XDG_CONFIG_HOME/blockarcade/player.json` (else
 * `~/.config/blockarcade/player.json`), readable by its owner only (mode 0600), with the server it
 * belongs to. `blockarcade player new|recover|show` manage it; the proxied JSON-lines mode signs
 * its requests with it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
  type CommandRefused,
  type Connection,
  createPlayer,
  type Failure,
  recoverPlayer,
} from "@blockarcade/client";
import { quoteArg } from "./args.js";
import { fail } from "./fail.js";
import type { TerminalIo } from "./play/types.js";

export interface Identity {
  /** The server's base URL (no trailing slash): the player exists there only. */
  server: string;
  player: string;
  secret: string;
  recoveryCode: string;
}

export const PLAYER_USAGE = `Usage: blockarcade player new --server URL [--replace]
       blockarcade player recover <code> --server URL
       blockarcade player show

A player on a game server, without a password: 'new' asks the server for one, 'recover' brings one
from another device with its recovery code (the old secret and code stop working), 'show' prints the
player kept here and its recovery code. Kept in $XDG_CONFIG_HOME/blockarcade/player.json
(default ~/.config/blockarcade/player.json), readable by you only.

Options:
  --server URL  the game server, e.g. http://localhost:8080
  --replace     with 'new': replace the player kept here (note its recovery code first)
  -h, --help    show this help
`;

/** Where the identity is kept, from the environment (XDG Base Directory). */
export function identityPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.startsWith("/") ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(base, "blockarcade", "player.json");
}

/** The kept identity, undefined when there is none, or what is wrong with the file. */
export function readIdentity(path = identityPath()): Identity | undefined | { error: string } {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<Identity>;
    for (const key of ["server", "player", "secret", "recoveryCode"] as const) {
      if (typeof value[key] !== "string") throw new Error(`no "${key}"`);
    }
    return value as Identity;
  } catch (err) {
    return {
      error: `${path} is not a player file (${(err as Error).message}): remove it, or recover your player`,
    };
  }
}

/** Writes the identity whole (a temp file renamed over the old one), mode 0600 in a 0700 folder. */
export function writeIdentity(identity: Identity, path = identityPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
  // The umask can only narrow the mode; chmod makes it exactly 0600 whatever the umask.
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** A server URL as the base of its API paths, or what is wrong with it. */
export function serverBase(text: string | undefined): { base: string } | { error: string } {
  if (text === undefined || text === "")
    return { error: "--server needs the server's URL, e.g. http://localhost:8080" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--server is not a URL: ${quoteArg(text)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { error: `--server needs an http:// or https:// URL, not ${quoteArg(text)}` };
  }
  return { base: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** The client's connection (@blockarcade/client) to `base`, signed by `auth` when given. */
export function connect(base: string, auth?: Pick<Identity, "player" | "secret">): Connection {
  return auth === undefined ? { base } : { base, player: { player: auth.player, secret: auth.secret } };
}

/** A failed call as one line for a person: the server's code and message, or why nothing answered. */
export function failureText(failure: Failure | CommandRefused): string {
  if (failure.kind === "network") return failure.message;
  if (failure.kind === "bad-reply") return `the server answered ${failure.status} with no JSON`;
  return `${failure.code}: ${failure.message}`;
}

function usage(io: TerminalIo, message: string): number {
  io.stderr.write(`blockarcade: ${message}\nTry 'blockarcade player --help'.\n`);
  return 2;
}

/** `blockarcade player ...`: the exit status. */
export async function runPlayer(args: string[], io: TerminalIo, path = identityPath()): Promise<number> {
  let parsed: ReturnType<typeof parsePlayerArgs>;
  try {
    parsed = parsePlayerArgs(args);
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(PLAYER_USAGE);
    return 0;
  }
  const [action, ...extra] = positionals;
  const expected = action === "recover" ? 1 : 0;
  if (extra.length !== expected) {
    return usage(
      io,
      action === "recover"
        ? "player recover takes one recovery code"
        : `unexpected ${quoteArg(extra[0] ?? "")}`,
    );
  }
  if (action === "show") {
    if (values.server !== undefined || values.replace) return usage(io, "player show takes no options");
    return show(io, path);
  }
  if (action !== "new" && action !== "recover") {
    return usage(
      io,
      action === undefined
        ? "player needs new, recover or show"
        : `unknown player command ${quoteArg(action)}`,
    );
  }
  const server = serverBase(values.server);
  if ("error" in server) return usage(io, server.error);
  if (action === "recover" && values.replace) return usage(io, "--replace goes with player new");
  const kept = readIdentity(path);
  if (action === "new" && kept !== undefined && !values.replace) {
    const which = "error" in kept ? "a player file" : `player ${kept.player} of ${kept.server}`;
    return fail(
      io,
      `${path} already holds ${which}; 'blockarcade player show' shows its recovery code; --replace makes a new one`,
    );
  }
  const conn = connect(server.base);
  const answer = action === "new" ? await createPlayer(conn) : await recoverPlayer(conn, String(extra[0]));
  if (!answer.ok) {
    return fail(
      io,
      answer.kind === "network" ? answer.message : `the server refused: ${failureText(answer)}`,
    );
  }
  const got = answer.value;
  if (kept !== undefined && !("error" in kept) && kept.player !== got.player) {
    io.stderr.write(
      `blockarcade: replaced player ${kept.player} of ${kept.server} (its recovery code: ${kept.recoveryCode})\n`,
    );
  }
  const identity = {
    server: server.base,
    player: got.player,
    secret: got.secret,
    recoveryCode: got.recoveryCode,
  };
  writeIdentity(identity, path);
  io.stdout.write(describe(identity, path));
  return 0;
}

function parsePlayerArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      server: { type: "string" },
      replace: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function show(io: TerminalIo, path: string): number {
  const kept = readIdentity(path);
  if (kept === undefined)
    return fail(io, `no player kept in ${path}: 'blockarcade player new --server URL' makes one`);
  if ("error" in kept) return fail(io, kept.error);
  io.stdout.write(describe(kept, path));
  return 0;
}

function describe(identity: Identity, path: string): string {
  return `player    ${identity.player}
server    ${identity.server}
recovery  ${identity.recoveryCode}
kept in   ${path}
The recovery code brings this player to another device: blockarcade player recover <code> --server URL
`;
}
