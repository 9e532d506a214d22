/**
 * The leaderboard service: draws ranked seeds, names the day's seed, verifies posted games by
 * replaying them, enters ended server sessions, and answers the boards. Routes and the Sessions
 * service call it; it throws ClientError for every refusal, so callers need no error mapping.
 */
import { randomInt } from "node:crypto";
import {
  type AnyGame,
  type BaseState,
  describeValue,
  type GameId,
  type LoggedCommand,
  MAX_SEED,
} from "@blockarcade/engine/core";
import { type ComputeRunner, inlineRunner, RetryLater } from "../compute/pool.js";
import { ClientError } from "../errors.js";
import { OFFERED_IDS, offeredGame } from "../games.js";
import { nameTaken } from "../players.js";
import type { EndedGame } from "../sessions.js";
import { type Claim, type EnterResult, type ScoreStorage, seedRefusal } from "../store/scores.js";
import { configOfState, type ResolvedConfig, resolveConfig } from "./config-key.js";
import { dailySeed, isDailySeed, utcDay } from "./daily.js";
import { MAX_POSTED_AI, SEED_LIFETIME_MS } from "./limits.js";
import { cleanName } from "./names.js";
import { checkPosted, commandsHash, replayHash } from "./verify.js";

export interface ScoreSubmission {
  game: string;
  seed: number;
  config?: unknown;
  commands: unknown[];
  name: string;
  score?: number;
}

export interface EnteredScore {
  id: number;
  game: string;
  config: unknown;
  name: string;
  score: number;
  rank: number;
  date: string;
}

export interface Board {
  game: string;
  config: unknown;
  entries: { rank: number; name: string; score: number; date: string }[];
}

/** A ranked server session whose game ended: what sessions.ts hands to onGameOver. */
export type EndedSession = EndedGame;

/** Tries before giving up drawing a seed not yet issued (2^32 seeds: a second try is already rare). */
const DRAW_ATTEMPTS = 5;
const ANONYMOUS = "Anonymous";

/** A posted game's replay, as the worker answered it. */
interface Replayed {
  state: BaseState;
  moves: LoggedCommand[];
  cpuMs: number;
}

export class Leaderboards {
  /** CPU time of the latest posted game's replay, measured in its worker: what tests and benches read. */
  lastReplayCpuMs: number | undefined;
  /** Replays of posted games under way, by posted identity: a copy waits for the first's. */
  private readonly replaying = new Map<string, Promise<Replayed>>();

  constructor(
    private readonly storage: ScoreStorage,
    private readonly now: () => Date = () => new Date(),
    private readonly compute: ComputeRunner = inlineRunner,
  ) {}

  async issueSeed(gameId: string): Promise<{ game: string; seed: number; ranked: true }> {
    const game = findGame(gameId, 400);
    for (let attempt = 0; attempt < DRAW_ATTEMPTS; attempt++) {
      const seed = randomInt(0, MAX_SEED + 1);
      if (await this.storage.issueSeed(game.id, seed, this.now()))
        return { game: game.id, seed, ranked: true };
    }
    throw new Error("could not draw a seed that was not issued before");
  }

  daily(gameId: string): { game: string; seed: number; date: string } {
    const game = findGame(gameId, 404);
    const date = utcDay(this.now());
    return { game: game.id, seed: dailySeed(game.id, date), date };
  }

  /**
   * Verifies and enters a posted game. Every cheap refusal comes before the replay: the game, the
   * name, the config, the seed's status, a load or new, too many `ai` commands, and a copy of a game
   * already entered (by the hash of its commands as posted). The replay runs in the compute pool,
   * charged to `client`; a copy posted while the first is replaying waits for that replay.
   */
  async submit(post: ScoreSubmission, client = "local", player?: string): Promise<EnteredScore> {
    const game = findGame(post.game, 400);
    const name = checkName(post.name);
    const config = checked(resolveConfig(game, post.config));
    const claim = await this.claimFor(game.id, post.seed);
    checkPosted(post.commands, MAX_POSTED_AI[game.id as GameId]);
    const posted = commandsHash(config.key, post.commands);
    if (await this.storage.hasPosted(game.id, post.seed, posted))
      throw refusal("DUPLICATE", game.id, post.seed);
    const verified = await this.replay(game, post, config.config, posted, client);
    const score = verified.state.score;
    if (post.score !== undefined && post.score !== score) {
      throw new ClientError(
        422,
        "SCORE_MISMATCH",
        `the replay reaches ${score}, not the claimed ${post.score}`,
      );
    }
    const createdAt = this.now();
    const hash = replayHash(config.key, verified.moves);
    const entered = await this.storage.enter(
      {
        game: game.id,
        configKey: config.key,
        name,
        score,
        seed: post.seed,
        replayHash: hash,
        commandsHash: posted,
        createdAt,
        player,
      },
      claim,
      this.seedsIssuedSince(),
    );
    if (!entered.ok) throw refusal(entered.code, game.id, post.seed);
    return {
      id: entered.id,
      game: game.id,
      config: config.config,
      name: entered.name,
      score,
      rank: entered.rank,
      date: createdAt.toISOString(),
    };
  }

  async top(gameId: string, configText: string | undefined, limit: number): Promise<Board> {
    const game = findGame(gameId, 404);
    const config = checked(resolveConfig(game, parseConfigQuery(configText)));
    const rows = await this.storage.top(game.id, config.key, limit);
    let rank = 0;
    const entries = rows.map((row, i) => {
      // Equal scores share a rank (1 + the scores strictly higher), as an entered score's rank does.
      if (i === 0 || row.score !== rows[i - 1]?.score) rank = i + 1;
      return { rank, name: row.name, score: row.score, date: row.createdAt.toISOString() };
    });
    return { game: game.id, config: config.config, entries };
  }

  /** Enters a ranked server session that ended; a session entered before is left as it is. */
  async enterSession(ended: EndedSession): Promise<void> {
    const clean = cleanName(ended.name);
    const config: ResolvedConfig = configOfState(ended.game, ended.state);
    await this.storage.enter(
      {
        game: ended.game.id,
        configKey: config.key,
        name: clean.ok ? clean.value : ANONYMOUS,
        score: ended.state.score,
        seed: ended.seed,
        replayHash: `session:${ended.sessionId}`,
        createdAt: this.now(),
      },
      "once-per-replay",
    );
  }

  /** The posted game's replay in the pool; one replay for copies posted while it runs. */
  private async replay(
    game: AnyGame,
    post: ScoreSubmission,
    config: unknown,
    posted: string,
    client: string,
  ): Promise<Replayed> {
    const key = `${game.id} ${post.seed} ${posted}`;
    const running = this.replaying.get(key);
    if (running) {
      // The same commands replay the same way: the first's outcome is this one's, unless the first
      // was turned away for its own client's reasons (its CPU share, a full queue).
      try {
        return await running;
      } catch (err) {
        if (!(err instanceof RetryLater)) throw err;
      }
    }
    const task = this.compute.run(
      {
        kind: "verify",
        game: game.id,
        seed: post.seed,
        config,
        commands: post.commands,
        maxAi: MAX_POSTED_AI[game.id as GameId],
      },
      client,
    );
    this.replaying.set(key, task);
    try {
      const done = await task;
      this.lastReplayCpuMs = done.cpuMs;
      return done;
    } finally {
      if (this.replaying.get(key) === task) this.replaying.delete(key);
    }
  }

  /** Deletes the issued seeds that expired unclaimed (the hourly sweep); answers how many. */
  deleteExpiredSeeds(): Promise<number> {
    return this.storage.deleteExpiredSeeds(this.seedsIssuedSince());
  }

  /** How a posted seed may be ranked: the day's seed once per replay, an issued seed once. */
  private async claimFor(game: string, seed: number): Promise<Claim> {
    if (isDailySeed(game, seed, this.now())) return "once-per-replay";
    const status = await this.storage.seedStatus(game, seed, this.seedsIssuedSince());
    if (status === "open") return "issued-seed";
    throw refusal(seedRefusal(status), game, seed);
  }

  /** Seeds issued before this have expired (SEED_LIFETIME_MS). */
  private seedsIssuedSince(): Date {
    return new Date(this.now().getTime() - SEED_LIFETIME_MS);
  }
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

function checkName(raw: string): string {
  const clean = cleanName(raw);
  if (!clean.ok) throw new ClientError(400, "BAD_NAME", clean.message);
  return clean.value;
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

function refusal(code: Exclude<EnterResult, { ok: true }>["code"], game: string, seed: number): ClientError {
  switch (code) {
    case "UNRANKED_SEED":
      return new ClientError(
        422,
        code,
        `seed ${seed} was not issued for ${game} by POST /api/seeds and is not the day's seed: the game is not ranked`,
      );
    case "SEED_CLAIMED":
      return new ClientError(409, code, `seed ${seed} of ${game} already has its score`);
    case "SEED_EXPIRED":
      return new ClientError(
        422,
        code,
        `seed ${seed} of ${game} was issued more than ${SEED_LIFETIME_MS / 3_600_000} hours ago and is no longer ranked: draw a new one with POST /api/seeds`,
      );
    case "DUPLICATE":
      return new ClientError(409, code, "this very game is already on the leaderboard");
    case "NAME_TAKEN":
      return nameTaken();
  }
}
