/**
 * The player's identity, without a password (docs/service.md "Players"): on the first ranked game the
 * browser asks the server for a player id and a secret (POST /api/players) and keeps them, with the
 * recovery code that carries them to another device, in localStorage. Ranked calls send
 * `Authorization: Bearer <player>.<secret>`. The settings panel shows the code and takes one
 * (POST /api/players/recover: a new secret and code; the old ones stop working).
 */
import { createPlayer, recoverPlayer as recoverOnServer } from "@blockarcade/client";
import { type ApiOptions, type ApiResult, badReply, connection, fromClient } from "./leaderboard";
import { createStore } from "./storage";

export const PLAYER_KEY = "blockarcade-player";

/** The name the player's ranked games are entered under (the settings panel sets it), on this device. */
export const NAME_KEY = "blockarcade-player-name";
export const MAX_NAME_LENGTH = 24;

export interface PlayerIdentity {
  player: string;
  secret: string;
  recoveryCode: string;
}

const isText = (v: unknown, max: number): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= max;

export function isPlayerIdentity(v: unknown): v is PlayerIdentity {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Record<string, unknown>;
  return isText(p.player, 100) && isText(p.secret, 200) && isText(p.recoveryCode, 100);
}

const store = createStore(PLAYER_KEY, isPlayerIdentity);
const listeners = new Set<(p: PlayerIdentity | undefined) => void>();
/** The identity for this page's life when localStorage cannot keep it (privacy mode, tests). */
let inMemory: PlayerIdentity | undefined;

/** The identity this browser keeps, if any. */
export function readPlayer(): PlayerIdentity | undefined {
  return store.read() ?? inMemory;
}

function keep(identity: PlayerIdentity): void {
  store.write(identity);
  for (const l of listeners) l(identity);
}

/** Hears each new or recovered identity (the settings panel); returns the way to stop. */
export function onPlayerChange(listener: (p: PlayerIdentity | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header every ranked call carries. */
export function authorization(identity: PlayerIdentity): Record<string, string> {
  return { authorization: `Bearer ${identity.player}.${identity.secret}` };
}

const readIdentity = (value: Record<string, unknown>): ApiResult<PlayerIdentity> => {
  const identity = { player: value.player, secret: value.secret, recoveryCode: value.recoveryCode };
  return isPlayerIdentity(identity) ? { ok: true, value: identity } : badReply();
};

let creating: Promise<ApiResult<PlayerIdentity>> | undefined;

/** The kept identity, or a new one from the server (once: calls while one is being made share it). */
export function ensurePlayer(options: ApiOptions = {}): Promise<ApiResult<PlayerIdentity>> {
  const kept = readPlayer();
  if (kept) return Promise.resolve({ ok: true, value: kept });
  creating ??= createPlayer(connection(options)).then((answer) => {
    const reply = fromClient(answer);
    creating = undefined;
    if (!reply.ok) return reply;
    const identity = readIdentity(reply.value);
    if (identity.ok) {
      inMemory = identity.value;
      keep(identity.value);
    }
    return identity;
  });
  return creating;
}

/** Takes a recovery code from another device: this browser becomes that player. */
export async function recoverPlayer(
  code: string,
  options: ApiOptions = {},
): Promise<ApiResult<PlayerIdentity>> {
  const recoveryCode = code.trim().toUpperCase();
  const reply = fromClient(await recoverOnServer(connection(options), recoveryCode));
  if (!reply.ok) return reply;
  const identity = readIdentity(reply.value);
  if (identity.ok) {
    inMemory = identity.value;
    keep(identity.value);
  }
  return identity;
}

/** Forgets the identity a server no longer knows (401 BAD_PLAYER): the next ranked game makes a new one. */
export function forgetPlayer(): void {
  inMemory = undefined;
  store.remove();
  for (const l of listeners) l(undefined);
}
