/**
 * Players without passwords (docs/service.md "Players"): the server gives a first visit an id, a
 * secret and a recovery code. Clients sign every request with `Authorization: Bearer <player>.<secret>`;
 * the recovery code carries the identity to another device and, used, replaces both the secret and
 * itself. Only SHA-256 hashes are stored: the secret and the code are 256 and 100 random bits, so a
 * slow password hash would add cost and no safety.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { ClientError } from "./errors.js";
import { nameKey } from "./scores/names.js";
import type { PlayerStorage } from "./store/players.js";

export interface Player {
  id: string;
}

/** What a client keeps: the id, the secret it signs with, and the code that recovers both. */
export interface Credentials {
  player: string;
  secret: string;
  recoveryCode: string;
}

const ID_PATTERN = /^p_[A-Za-z0-9_-]{22}$/;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_GROUPS = 5;
const CODE_GROUP_LENGTH = 4;
const CODE_LENGTH = CODE_GROUPS * CODE_GROUP_LENGTH;

/** How long a verified secret is trusted without asking the database again (docs/service.md "Players"). */
export const VERIFIED_FOR_MS = 10_000;
const CACHE_SIZE = 10_000;

/** Why a header or a code was refused: the message for the 4xx. */
export type Refusal = { refused: string };

export class Players {
  /** sha256(header token) -> the player and until when it is trusted. */
  private readonly verified = new Map<string, { id: string; until: number }>();

  constructor(private readonly storage: PlayerStorage) {}

  async create(): Promise<Credentials> {
    const player = `p_${randomBytes(16).toString("base64url")}`;
    const secret = newSecret();
    const recoveryCode = newRecoveryCode();
    await this.storage.create({
      id: player,
      secretHash: sha256(secret),
      recoveryHash: sha256(compactCode(recoveryCode) as string),
      createdAt: new Date(),
    });
    return { player, secret, recoveryCode };
  }

  /** The player an Authorization header names, or why it does not verify. */
  async verify(header: string): Promise<Player | Refusal> {
    const match = /^Bearer +(\S+)$/i.exec(header.trim());
    if (!match) return { refused: "the Authorization header must be 'Bearer <player>.<secret>'" };
    const token = match[1] as string;
    const dot = token.indexOf(".");
    const id = token.slice(0, dot);
    const secret = token.slice(dot + 1);
    if (dot < 0 || !ID_PATTERN.test(id) || !SECRET_PATTERN.test(secret)) {
      return { refused: "the bearer token must be '<player>.<secret>' as POST /api/players gave them" };
    }
    const key = sha256(token);
    const now = Date.now();
    const cached = this.verified.get(key);
    if (cached !== undefined && cached.until > now) return { id: cached.id };
    const stored = await this.storage.secretHash(id);
    if (stored === undefined || !sameHash(stored, sha256(secret))) {
      this.verified.delete(key);
      return {
        refused: "this player and secret do not match (a recovered player's old secret stops working)",
      };
    }
    if (this.verified.size >= CACHE_SIZE) this.verified.clear();
    this.verified.set(key, { id, until: now + VERIFIED_FOR_MS });
    return { id };
  }

  /** A new secret and a new code for the player the code belongs to; the old ones stop working. */
  async recover(code: string): Promise<Credentials | Refusal | undefined> {
    const compact = compactCode(code);
    if (compact === undefined) {
      return {
        refused: `a recovery code is ${CODE_LENGTH} letters and digits, in ${CODE_GROUPS} groups of ${CODE_GROUP_LENGTH}`,
      };
    }
    const secret = newSecret();
    const recoveryCode = newRecoveryCode();
    const player = await this.storage.recover(
      sha256(compact),
      sha256(secret),
      sha256(compactCode(recoveryCode) as string),
      new Date(),
    );
    if (player === undefined) return undefined;
    // This process forgets the old secret now; others within VERIFIED_FOR_MS.
    for (const [key, entry] of this.verified) if (entry.id === player) this.verified.delete(key);
    return { player, secret, recoveryCode };
  }

  names(id: string): Promise<string[]> {
    return this.storage.names(id);
  }

  /**
   * Refuses (409 NAME_TAKEN) a clean name whose look-alike another player owns, before any work is
   * done under it. The entry checks again in its own transaction (store/names.ts), which decides a race.
   */
  async checkName(name: string, player: Player | null): Promise<void> {
    const owner = await this.storage.nameOwner(nameKey(name));
    if (typeof owner === "string" && owner !== player?.id) throw nameTaken(name);
  }
}

/** The refusal of a name another player owns (or one that looks like it). */
export function nameTaken(name?: string): ClientError {
  const which = name === undefined ? "this name" : `the name ${JSON.stringify(name)}`;
  return new ClientError(
    409,
    "NAME_TAKEN",
    `${which} (or one that looks the same) belongs to another player: choose another name`,
  );
}

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** 20 symbols of 32 (100 bits): 256 is a multiple of 32, so `byte & 31` is uniform. */
function newRecoveryCode(): string {
  const symbols = [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let i = 0; i < CODE_LENGTH; i += CODE_GROUP_LENGTH)
    groups.push(symbols.slice(i, i + CODE_GROUP_LENGTH).join(""));
  return groups.join("-");
}

/**
 * A code as typed, without its separators, in capitals, with Crockford's look-alikes read as digits
 * (O as 0, I and L as 1); undefined when it is not a code.
 */
export function compactCode(code: string): string | undefined {
  const compact = code.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (compact.length !== CODE_LENGTH) return undefined;
  for (const c of compact) if (!CODE_ALPHABET.includes(c)) return undefined;
  return compact;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
