/**
 * What the leaderboard tests share: finished games (recorded once by scripts/record-fixtures.mjs, or
 * short seeded ones), and migrated databases of both backends. No test plays a whole game with the
 * computer player: its cost grows with the machine's load and its moves change with its search.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  type AnyGame,
  type BaseState,
  canonicalJson,
  handleCommand,
  type LoggedCommand,
  startGame,
} from "@blockarcade/engine/core";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { offeredGame } from "../src/games.js";
import { MIGRATIONS } from "../src/store/migrations.js";
import { PostgresScoreStorage } from "../src/store/postgres-scores.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";

export interface PlayedGame {
  seed: number;
  config?: unknown;
  /** `step.record` of every accepted command, as a front end logs them. */
  records: LoggedCommand[];
  /** The same game as placements: `place` commands only (an `ai` record written out as its moves). */
  moves: LoggedCommand[];
  state: BaseState;
}

/** A finished game as scripts/record-fixtures.mjs stored it (apps/server/test/fixtures). */
export interface RecordedGame {
  game: string;
  seed: number;
  config?: unknown;
  /** Who chose the moves when it was recorded: the computer player, or seeded legal picks. */
  player: "ai" | "picks";
  score: number;
  /** SHA-256 of the final state's canonical JSON: a rule change shows as another hash. */
  stateHash: string;
  moves: LoggedCommand[];
}

export const RECORDED = ["blast-1", "blast-2", "blast-3", "blast-7", "puzzle-8x8", "puzzle-10x10"] as const;
export type RecordedName = (typeof RECORDED)[number];

/** A recorded game as stored, not replayed: what a test posts and the score it must be given. */
export function recordedGame(name: RecordedName): RecordedGame {
  const file = new URL(`./fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as RecordedGame;
}

/**
 * A recorded game replayed by the engine: its final state, which must be the recorded one (the score
 * and state hash), else a rule changed and `npm run fixtures` must record the games again.
 */
export function replayRecorded(name: RecordedName): PlayedGame {
  const recorded = recordedGame(name);
  const game = offeredGame(recorded.game);
  if (!game) throw new Error(`${recorded.game} is not offered`);
  let state = begin(game, recorded.seed, recorded.config);
  for (const [i, move] of recorded.moves.entries()) {
    const step = handleCommand(game, state, move);
    if (!step.reply.ok) throw new Error(`${name}: move ${i} refused: ${JSON.stringify(step.reply.error)}`);
    state = step.state;
  }
  return {
    seed: recorded.seed,
    config: recorded.config,
    records: recorded.moves,
    moves: recorded.moves,
    state,
  };
}

/** SHA-256 of a state's canonical JSON, as the recorder writes `stateHash`. */
export function stateHash(state: BaseState): string {
  return createHash("sha256").update(canonicalJson(state)).digest("hex");
}

/**
 * Marks `seed` as drawn by POST /api/seeds (straight in the app's score storage), so a recorded game on that
 * seed is ranked: the server draws seeds at random, and a recorded game needs its own.
 */
export async function issueSeed(app: FastifyInstance, game: string, seed: number): Promise<void> {
  const handle = app.storage.handle;
  const storage =
    handle.kind === "sqlite" ? new SqliteScoreStorage(handle.db) : new PostgresScoreStorage(handle.pool);
  if (!(await storage.issueSeed(game, seed, new Date()))) throw new Error(`seed ${seed} was already issued`);
}

/**
 * Plays legal commands picked by a seeded counter until the game is over: a short finished game on
 * any seed (the day's seed too), without the computer player.
 */
export function playQuickly(game: AnyGame, seed: number, config: unknown): PlayedGame {
  return playMixed(game, seed, config, 0);
}

/**
 * `aiSteps` `ai` commands, then seeded legal picks to the end: a finished game whose `records` hold
 * `ai` commands and whose `moves` are the same game as placements. A few `ai` steps only, so its
 * cost does not grow with the computer player's strength; no test depends on which moves ai chose.
 */
export function playMixed(game: AnyGame, seed: number, config: unknown, aiSteps: number): PlayedGame {
  let state = begin(game, seed, config);
  const records: LoggedCommand[] = [];
  const moves: LoggedCommand[] = [];
  let pick = seed;
  while (!state.over) {
    let command: unknown = { cmd: "ai" };
    if (records.length >= aiSteps) {
      const legal = game.legal(state);
      pick = (pick * 1_103_515_245 + 12_345) >>> 0;
      command = legal[pick % legal.length];
    }
    const step = handleCommand(game, state, command);
    if (!step.reply.ok || !step.record) throw new Error(`refused: ${JSON.stringify(step.reply)}`);
    records.push(step.record);
    const hint = (step.reply as { hint?: { commands: LoggedCommand[] } }).hint;
    moves.push(...(step.record.cmd === "ai" ? (hint?.commands ?? []) : [step.record]));
    state = step.state;
  }
  return { seed, config, records, moves, state };
}

function begin(game: AnyGame, seed: number, config: unknown): BaseState {
  const started = startGame(game, seed, config);
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
}

/** An in-memory SQLite database with every migration applied. */
export function migratedSqlite(): Database.Database {
  const db = new Database(":memory:");
  for (const migration of MIGRATIONS) db.exec(migration.sqlite);
  return db;
}

/** A pool on a fresh PostgreSQL database with every migration applied. */
export async function migratedPostgres(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  for (const migration of MIGRATIONS) await pool.query(migration.postgres);
  return pool;
}
