/** What the leaderboard tests share: real finished games, and migrated databases of both backends. */
import {
  type AnyGame,
  type BaseState,
  handleCommand,
  type LoggedCommand,
  startGame,
} from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import Database from "better-sqlite3";
import pg from "pg";
import { MIGRATIONS } from "../src/store/migrations.js";

export interface PlayedGame {
  seed: number;
  /** `step.record` of every accepted command, as a front end logs them. */
  records: LoggedCommand[];
  /** The same game as the computer player's placements: `place` commands only. */
  moves: LoggedCommand[];
  state: BaseState;
}

/** Plays Block Blast from `seed` with the computer player (`ai`) until the game is over. */
export function playBlast(seed: number): PlayedGame {
  return playWithAi(blastGame, seed, undefined);
}

/** Plays any game with the computer player (`ai`) until it is over. */
export function playWithAi(game: AnyGame, seed: number, config: unknown, maxSteps = 100_000): PlayedGame {
  const started = startGame(game, seed, config);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const records: LoggedCommand[] = [];
  const moves: LoggedCommand[] = [];
  while (!state.over) {
    if (records.length >= maxSteps) throw new Error(`${game.id} not over after ${maxSteps} ai commands`);
    const step = handleCommand(game, state, { cmd: "ai" });
    if (!step.reply.ok || !step.record) throw new Error(`ai refused: ${JSON.stringify(step.reply)}`);
    records.push(step.record);
    const hint = (step.reply as { hint?: { commands: LoggedCommand[] } }).hint;
    moves.push(...(hint?.commands ?? []));
    state = step.state;
  }
  return { seed, records, moves, state };
}

/**
 * Plays legal commands picked by a seeded counter until the game is over: a short finished game of
 * any size (the computer player can keep a 10x10 Puzzle going for thousands of moves).
 */
export function playQuickly(game: AnyGame, seed: number, config: unknown): PlayedGame {
  const started = startGame(game, seed, config);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const records: LoggedCommand[] = [];
  let pick = seed;
  while (!state.over) {
    const legal = game.legal(state);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    const step = handleCommand(game, state, legal[pick % legal.length]);
    if (!step.reply.ok || !step.record)
      throw new Error(`legal command refused: ${JSON.stringify(step.reply)}`);
    records.push(step.record);
    state = step.state;
  }
  return { seed, records, moves: records, state };
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
