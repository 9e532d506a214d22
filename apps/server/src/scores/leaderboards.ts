/**
 * The leaderboard service: names the day's game, enters ended ranked server sessions on their board
 * (unaided or "with help", all-time or the day's), and answers the boards. Ranked games are server
 * sessions only (docs/service.md "Fair play"): a seed a client holds is a future it can see, so no
 * posted game is ranked. It throws ClientError for every refusal, so callers need no error mapping.
 */

import type { AnyGame } from "@blockarcade/engine/core";
import { describeValue } from "@blockarcade/engine/core";
import { ClientError } from "../errors.js";
import { OFFERED_IDS, offeredGame } from "../games.js";
import type { EndedGame, GameEntry } from "../sessions.js";
import type { BoardKind, ScoreStorage } from "../store/scores.js";
import { configOfState, type ResolvedConfig, resolveConfig } from "./config-key.js";
import { dailySeed, utcDay } from "./daily.js";
import { SEED_LIFETIME_MS } from "./limits.js";
import { cleanName } from "./names.js";

export interface Board {
  game: string;
  config: unknown;
  board: BoardKind;
  /** The day of a daily board; absent for the all-time board. */
  day?: string;
  entries: { rank: number; name: string; score: number; date: string }[];
}

/** A ranked server session whose game ended: what sessions.ts hands to onGameOver. */
export type EndedSession = EndedGame;

const ANONYMOUS = "Anonymous";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class Leaderboards {
  constructor(
    private readonly storage: ScoreStorage,
    /** The daily secret (scores/daily.ts): the day's seeds are HMACs under it. */
    private readonly dailySecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The day's game as a client may know it: the game, the UTC day and the config (never the seed). */
  daily(gameId: string): { game: string; date: string; config: unknown } {
    const game = findGame(gameId, 404);
    return { game: game.id, date: utcDay(this.now()), config: dailyConfig(game).config };
  }

  /**
   * The config a daily session plays: the day's (a `config` given must be that one, in any spelling:
   * one day's game for everyone, one daily board). 400 BAD_CONFIG otherwise.
   */
  dailyConfigFor(gameId: string, raw: unknown): unknown {
    const game = findGame(gameId, 400);
    const day = dailyConfig(game);
    if (raw === undefined) return day.config;
    const given = checked(resolveConfig(game, raw));
    if (given.key !== day.key) {
      throw new ClientError(
        400,
        "BAD_CONFIG",
        `the day's ${game.id} game is played with config ${day.key} (GET /api/daily/${game.id})`,
      );
    }
    return day.config;
  }

  /** The day's seed of a game, for the daily session the server starts (never sent to a client). */
  dailySeed(gameId: string, day: string): number {
    return dailySeed(this.dailySecret, gameId, day);
  }

  async top(
    gameId: string,
    configText: string | undefined,
    limit: number,
    board: BoardKind = "unaided",
    day?: string,
  ): Promise<Board> {
    const game = findGame(gameId, 404);
    const config = checked(resolveConfig(game, parseConfigQuery(configText)));
    if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))) {
      throw new ClientError(400, "BAD_REQUEST", "day must be a UTC date such as 2030-01-02");
    }
    const rows = await this.storage.top(game.id, config.key, limit, { board, day: day ?? "" });
    let rank = 0;
    const entries = rows.map((row, i) => {
      // Equal scores share a rank (1 + the scores strictly higher), as an entered score's rank does.
      if (i === 0 || row.score !== rows[i - 1]?.score) rank = i + 1;
      return { rank, name: row.name, score: row.score, date: row.createdAt.toISOString() };
    });
    return { game: game.id, config: config.config, board, ...(day === undefined ? {} : { day }), entries };
  }

  /**
   * Enters a ranked server session that ended, on its board: "help" when the computer player was
   * asked, the day's board for the day's game. A session entered before is left as it is.
   */
  async enterSession(ended: EndedSession): Promise<GameEntry | undefined> {
    const clean = cleanName(ended.name);
    const config: ResolvedConfig = configOfState(ended.game, ended.state);
    const fair = ended.fair ?? null;
    const board: BoardKind = fair?.assisted ? "help" : "unaided";
    const day = fair?.kind === "daily" ? (fair.day ?? "") : "";
    const entered = await this.storage.enter(
      {
        game: ended.game.id,
        configKey: config.key,
        name: clean.ok ? clean.value : ANONYMOUS,
        score: ended.state.score,
        seed: ended.seed,
        replayHash: `session:${ended.sessionId}`,
        createdAt: this.now(),
        board,
        day,
        player: fair?.player,
      },
      "session",
    );
    if (!entered.ok) return undefined;
    return {
      board,
      ...(day === "" ? {} : { day }),
      name: entered.name,
      score: ended.state.score,
      rank: entered.rank,
      replay: entered.id,
    };
  }

  /** Deletes the seeds that expired unclaimed (the hourly sweep); answers how many. */
  deleteExpiredSeeds(): Promise<number> {
    return this.storage.deleteExpiredSeeds(new Date(this.now().getTime() - SEED_LIFETIME_MS));
  }
}

/**
 * The day's config: the game's default, save Match-3, whose default is the classic example (a fixed
 * brick list, the same whatever the seed): its daily game is Arcade's.
 */
const DAILY_CONFIGS: Partial<Record<string, unknown>> = { match3: { mode: "arcade" } };

function dailyConfig(game: AnyGame): ResolvedConfig {
  return checked(resolveConfig(game, DAILY_CONFIGS[game.id]));
}

function findGame(id: string, status: 400 | 404): AnyGame {
  const game = offeredGame(id);
  if (game) return game;
  throw new ClientError(
    status,
    "UNKNOWN_GAME",
    `${describeValue(id)} is not offered by this server; games: ${OFFERED_IDS.join(", ")}`,
  );
}

function checked(result: ReturnType<typeof resolveConfig>): ResolvedConfig {
  if (!result.ok) throw new ClientError(400, result.error.code, result.error.message);
  return result.value;
}

/** The `config` query parameter: JSON text, absent for the game's default. */
function parseConfigQuery(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ClientError(
      400,
      "BAD_CONFIG",
      'the config parameter is not JSON (e.g. config={"rows":10,"cols":10})',
    );
  }
}
