/**
 * The leaderboard service: names the day's game, enters ended ranked server sessions on their board
 * (unaided or "with help", all-time or the day's), and answers the boards. Ranked games are server
 * sessions only (docs/service.md "Fair play"): a seed a client holds is a future it can see, so no
 * posted game is ranked. It throws ClientError for every refusal, so callers need no error mapping.
 */

import type {
  Board as ClientBoard,
  BoardEntry as ClientBoardEntry,
  Daily as ClientDaily,
  DailyMe as ClientDailyMe,
} from "@blockarcade/client";
import type { AnyGame, GameId } from "@blockarcade/engine/core";
import { describeValue, rulesVersionOf } from "@blockarcade/engine/core";
import { ClientError } from "../errors.js";
import { OFFERED_IDS, offeredGame } from "../games.js";
import type { EndedGame, GameEntry } from "../sessions.js";
import type { BoardEntry, BoardKind, BoardSelector, ScoreStorage } from "../store/scores.js";
import { configOfState, type ResolvedConfig, resolveConfig } from "./config-key.js";
import { dailySeed, utcDay } from "./daily.js";
import { SEED_LIFETIME_MS } from "./limits.js";
import { ANONYMOUS, cleanName } from "./names.js";

/**
 * What the boards and the day's game answer: the typed client's own types (@blockarcade/client),
 * so the service and its clients share one definition. `replay` is an entry's id (scores.id), the
 * key of GET /api/replays/:id.
 */
export type RankedEntry = ClientBoardEntry;
export type Board = ClientBoard;
/** The all-time board, or its entries of this week (since Monday 00:00 UTC) or of today (UTC). */
export type Period = Board["period"];

/** Which board and which part of it a client asks for (GET /api/leaderboards/:game). */
export interface BoardQuery {
  /** The config as JSON text; the game's default when absent. */
  config?: string;
  board?: BoardKind;
  day?: string;
  period?: Period;
  limit: number;
  offset: number;
  /** `around=me`: the verified player whose place is answered too. */
  around?: string;
  /** An earlier rules version: its archived board (`#rules<n>` after the config key). */
  rules?: number;
}

/** The day's game as GET /api/daily/:game answers it; with a player, their attempt and streak. */
export type Daily = ClientDaily;
export type DailyMe = ClientDailyMe;

/** Neighbours shown above and below the player's own entry ("around me"). */
export const AROUND = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Daily attempts read per query while counting a streak. */
const STREAK_PAGE = 400;

/** A ranked server session whose game ended: what sessions.ts hands to onGameOver. */
export type EndedSession = EndedGame;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class Leaderboards {
  constructor(
    private readonly storage: ScoreStorage,
    /** The daily secret (scores/daily.ts): the day's seeds are HMACs under it. */
    private readonly dailySecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The UTC day now (YYYY-MM-DD): the day whose game a daily session plays. */
  today(): string {
    return utcDay(this.now());
  }

  /**
   * The day's game as a client may know it (never the seed): the game, the UTC day, the config, when
   * the next one starts, today's leader and yesterday's best three; with a player, their attempt and
   * streak. `ended` says whether a session's game is over (the sessions know; absent: once entered).
   */
  async daily(
    gameId: string,
    player?: string | null,
    ended?: (sessionId: string) => Promise<boolean>,
    finished?: (sessionId: string) => Promise<boolean>,
  ): Promise<Daily> {
    const game = findGame(gameId, 404);
    const now = this.now();
    const date = utcDay(now);
    const config = dailyConfig(game);
    const startOfDay = Date.parse(`${date}T00:00:00.000Z`);
    const yesterday = utcDay(new Date(startOfDay - DAY_MS));
    const [leaders, best] = await Promise.all([
      this.storage.page(game.id, config.key, { board: "unaided", day: date }, 1, 0),
      this.storage.page(game.id, config.key, { board: "unaided", day: yesterday }, 3, 0),
    ]);
    const leader = leaders[0];
    const answer: Daily = {
      game: game.id,
      date,
      config: config.config,
      nextAt: new Date(startOfDay + DAY_MS).toISOString(),
      leader: leader ? { name: leader.name, score: leader.score, replay: leader.id } : null,
      yesterday: (
        await this.ranked(game.id, config.key, { board: "unaided", day: yesterday }, best, 0, null)
      ).map(({ rank, name, score, replay }) => ({ rank, name, score, replay })),
    };
    if (player) answer.me = await this.dailyMe(game, date, player, ended, finished);
    return answer;
  }

  private async dailyMe(
    game: AnyGame,
    date: string,
    player: string,
    ended: ((sessionId: string) => Promise<boolean>) | undefined,
    finished?: (sessionId: string) => Promise<boolean>,
  ): Promise<DailyMe> {
    const streak = await this.streak(game.id, player, date);
    const [latest] = await this.storage.dailyAttempts(game.id, player, date, 1);
    if (latest?.day !== date) return { attempt: "none", streak };
    const session = latest.sessionId;
    const entry = await this.storage.sessionEntry(game.id, this.dailySeed(game.id, date), session);
    const over = ended ? await ended(session) : entry !== undefined;
    const me: DailyMe = { attempt: over ? "done" : "playing", session, streak };
    if (finished) me.canWatch = over && (await finished(session));
    if (entry) {
      const which = { board: entry.board, day: entry.day };
      me.score = entry.score;
      me.rank = (await this.storage.higher(game.id, entry.configKey, which, entry.score)) + 1;
      me.board = entry.board;
    }
    return me;
  }

  /** Days in a row with a daily attempt, ending today, or yesterday when today has none yet. */
  private async streak(game: string, player: string, today: string): Promise<number> {
    let expect = today;
    let upTo = today;
    let streak = 0;
    for (;;) {
      const rows = await this.storage.dailyAttempts(game, player, upTo, STREAK_PAGE);
      for (const { day } of rows) {
        // Today not started yet: the streak that ended yesterday still stands.
        if (streak === 0 && expect === today && day === dayBefore(today)) expect = day;
        if (day !== expect) return streak;
        streak += 1;
        expect = dayBefore(day);
      }
      if (rows.length < STREAK_PAGE) return streak;
      upTo = expect;
    }
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

  /**
   * A page of one board (config, kind, day, or a period of the all-time board), its size, and with
   * `around` the player's best entry with its neighbours. Every rank is 1 + the entries strictly
   * higher on that board (equal scores share a rank), counted on the index, never in JS.
   */
  async board(gameId: string, query: BoardQuery): Promise<Board> {
    const game = findGame(gameId, 404);
    const resolved = checked(resolveConfig(game, parseConfigQuery(query.config)));
    const current = rulesVersionOf(game, resolved.config);
    if (query.rules !== undefined && query.rules > current) {
      throw new ClientError(
        400,
        "BAD_REQUEST",
        `rules: ${game.title} with this config plays version ${current} of its rules; an archived board is of an earlier version`,
      );
    }
    // An earlier version's entries were moved to their archived board (store/migrations.ts archiveRules).
    const archived = query.rules !== undefined && query.rules < current ? query.rules : undefined;
    const config =
      archived === undefined ? resolved : { ...resolved, key: `${resolved.key}#rules${archived}` };
    const { day, limit, offset } = query;
    const board = query.board ?? "unaided";
    if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))) {
      throw new ClientError(400, "BAD_REQUEST", "day must be a UTC date such as 2030-01-02");
    }
    if (day !== undefined && query.period !== undefined) {
      throw new ClientError(
        400,
        "BAD_REQUEST",
        "period is for the all-time board; a day's board (day=...) is that day's entries: give one of them",
      );
    }
    const period = query.period ?? "all";
    const since = periodStart(period, this.now());
    const which: BoardSelector = { board, day: day ?? "", ...(since === undefined ? {} : { since }) };
    const [total, entries] = await Promise.all([
      this.storage.count(game.id, config.key, which),
      this.page(game.id, config.key, which, limit, offset),
    ]);
    const answer: Board = {
      game: game.id,
      config: config.config,
      board,
      period,
      ...(day === undefined ? {} : { day }),
      ...(archived === undefined ? {} : { rules: archived }),
      total,
      offset,
      limit,
      entries,
    };
    if (query.around !== undefined) answer.me = await this.around(game.id, config.key, which, query.around);
    return answer;
  }

  /** The player's best entry on the board, its rank, and up to AROUND entries either side. */
  private async around(
    game: string,
    configKey: string,
    which: BoardSelector,
    player: string,
  ): Promise<Board["me"]> {
    const best = await this.storage.best(game, configKey, which, player);
    if (best === undefined) return null;
    // One count (the strictly higher, the rank), the ties before it, and index seeks either side:
    // one more above than shown, whose score tells the rank of the first shown without a count.
    const [higher, tied, near] = await Promise.all([
      this.storage.higher(game, configKey, which, best.score),
      this.storage.tiedBefore(game, configKey, which, best),
      this.storage.neighbours(game, configKey, which, best, AROUND + 1, AROUND),
    ]);
    const shown = near.above.slice(-AROUND);
    const before = near.above.length > AROUND ? (near.above[0] as BoardEntry) : null;
    const start = higher + tied - shown.length;
    const rows = [...shown, best, ...near.below];
    const around = await this.ranked(game, configKey, which, rows, start, before, {
      score: best.score,
      rank: higher + 1,
    });
    const entry = around[shown.length] as RankedEntry;
    return { rank: entry.rank, entry, around };
  }

  /** A page with its ranks: the row before it is read too, so its first rank needs no count. */
  private async page(
    game: string,
    configKey: string,
    which: BoardSelector,
    limit: number,
    offset: number,
  ): Promise<RankedEntry[]> {
    if (offset === 0) {
      return this.ranked(
        game,
        configKey,
        which,
        await this.storage.page(game, configKey, which, limit, 0),
        0,
        null,
      );
    }
    const [before, ...rows] = await this.storage.page(game, configKey, which, limit + 1, offset - 1);
    return this.ranked(game, configKey, which, rows, offset, before);
  }

  /**
   * Ranks consecutive rows of a board that start at position `start`. The first: 1 at the top; the
   * rank `known` for its score; its place when the row `before` it scores more; else 1 + a count
   * of the strictly higher. Each next one: the same as the row before, or its place when lower.
   */
  private async ranked(
    game: string,
    configKey: string,
    which: BoardSelector,
    rows: BoardEntry[],
    start: number,
    before: BoardEntry | null | undefined,
    known?: { score: number; rank: number },
  ): Promise<RankedEntry[]> {
    const first = rows[0];
    if (first === undefined) return [];
    let rank: number;
    if (start === 0 && before === null) rank = 1;
    else if (known?.score === first.score) rank = known.rank;
    else if (before && before.score !== first.score) rank = start + 1;
    else rank = (await this.storage.higher(game, configKey, which, first.score)) + 1;
    return rows.map((row, i) => {
      // A lower score than the row before: every row before it scores more, so its rank is its place.
      if (i > 0 && row.score !== rows[i - 1]?.score) rank = start + i + 1;
      return { rank, name: row.name, score: row.score, date: row.createdAt.toISOString(), replay: row.id };
    });
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
        rules: rulesVersionOf(ended.game, config.config),
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
 * The day's configs, written out so that no change of a game's defaults changes the daily game (or
 * splits its boards): Puzzle 8x8, Stacker 12, Match-3 Arcade on a 7x14 field with the classic bricks
 * from level 1 (Match-3's default is the classic example, a fixed brick list no seed changes), Blocky
 * against one smart computer opponent (its default). docs/service.md "Daily" lists them.
 */
export const DAILY_CONFIGS: Readonly<Record<GameId, unknown>> = {
  blast: {},
  puzzle: { rows: 8, cols: 8 },
  stacker: { size: 12 },
  match3: { mode: "arcade", width: 7, height: 14, bricks: "classic", level: 1 },
  blocky: {
    maxDepth: 4,
    players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }],
    turns: 5,
  },
};

function dailyConfig(game: AnyGame): ResolvedConfig {
  const config = DAILY_CONFIGS[game.id];
  return checked(resolveConfig(game, config));
}

/** The start of a period of the all-time board (UTC; weeks start on Monday); undefined for "all". */
export function periodStart(period: Period, now: Date): Date | undefined {
  if (period === "all") return undefined;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === "today") return new Date(today);
  // getUTCDay: 0 is Sunday; Monday is 0 days into its week, Sunday 6.
  return new Date(today - ((now.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The UTC day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS));
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
