/**
 * A local game packed into a link's fragment (`/replay#<packed>`): its game, seed, config and
 * commands as JSON, compressed with the browser's own CompressionStream("deflate-raw") and written
 * in base64url. The fragment never reaches a server, so a packed link opens on any device, offline
 * once the app is loaded. A bad or truncated link is a clear error, never an exception.
 */
import { exceedsDepth, type GameId, isGameId, isPlainObject, isValidSeed } from "@blockarcade/engine/core";
import { t } from "../replay/messages";

/** The game a link replays: what the engine's `replay` takes. */
export interface PackedGame {
  game: GameId;
  seed: number;
  config: unknown;
  commands: unknown[];
}

/** The version in a packed game; a link of another version is refused with a clear reason. */
const VERSION = 1;
/** A packed link's text and its commands at most: bigger is refused before anything is unpacked. */
export const MAX_PACKED_CHARS = 400_000;
export const MAX_COMMANDS = 50_000;
/** Unpacked JSON at most: a small link must not inflate into memory the page cannot hold. */
const MAX_JSON_BYTES = 8_000_000;

export type Unpacked = { ok: true; value: PackedGame } | { ok: false; message: string };

export async function packGame(packed: PackedGame): Promise<string> {
  const json = JSON.stringify({
    v: VERSION,
    game: packed.game,
    seed: packed.seed,
    config: packed.config ?? null,
    commands: packed.commands,
  });
  const bytes = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
  return toBase64Url(bytes ?? new Uint8Array(0));
}

// Read when said, in the current language.
const broken = () => t("broken");

export async function unpackGame(text: string): Promise<Unpacked> {
  const fragment = text.startsWith("#") ? text.slice(1) : text;
  if (fragment === "") return { ok: false, message: t("noGameInLink") };
  if (fragment.length > MAX_PACKED_CHARS) return { ok: false, message: t("tooLongLink") };
  const bytes = fromBase64Url(fragment);
  if (!bytes) return { ok: false, message: broken() };
  let json: string;
  try {
    const inflated = await pipe(bytes, new DecompressionStream("deflate-raw"), MAX_JSON_BYTES);
    if (!inflated) return { ok: false, message: t("tooMuch") };
    json = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    return { ok: false, message: broken() };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: broken() };
  }
  return readPacked(raw);
}

/** Checks an unpacked value's shape (the engine checks the config and every command itself). */
export function readPacked(raw: unknown): Unpacked {
  if (!isPlainObject(raw) || exceedsDepth(raw)) return { ok: false, message: broken() };
  if (raw.v !== VERSION) {
    return { ok: false, message: t("otherVersion") };
  }
  if (!isGameId(raw.game)) return { ok: false, message: t("noArcadeGame") };
  if (!isValidSeed(raw.seed) || !Array.isArray(raw.commands)) return { ok: false, message: broken() };
  if (raw.commands.length > MAX_COMMANDS) return { ok: false, message: t("tooLong") };
  const config = raw.config === null ? undefined : raw.config;
  return { ok: true, value: { game: raw.game, seed: raw.seed, config, commands: raw.commands } };
}

/** Runs bytes through a (de)compression stream; undefined when the output passes `limit` bytes. */
async function pipe(
  input: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit = Number.POSITIVE_INFINITY,
): Promise<Uint8Array | undefined> {
  const writer = transform.writable.getWriter();
  // The write's own promise rejects with the read's error on bad input: the read reports it.
  writer.write(input as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = transform.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Base64url (unpadded, as links carry it) to bytes; undefined for any other character or an impossible length. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}
