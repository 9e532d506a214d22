/**
 * The leaderboards (docs/service.md "Leaderboards"):
 *   POST /api/seeds               {"game"}                                   -> 201 {"game","seed","ranked"}
 *   GET  /api/daily/:game                                                     -> 200 {"game","seed","date"}
 *   POST /api/scores              {"game","seed","config"?,"commands","name","score"?}
 *                                                                            -> 201 {"id","game","config","name","score","rank","date"}
 *   GET  /api/leaderboards/:game  ?config=<JSON>&limit=<1..100>              -> 200 {"game","config","entries"}
 * The server replays every posted game itself; only seeds it drew (or the day's seed) are ranked.
 */
import { describeValue, MAX_SCORE, MAX_SEED } from "@blockarcade/engine/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { COMPUTE_REFUSALS, sayWhenToRetry } from "../compute/pool.js";
import { apiError, ClientError, errorRef } from "../errors.js";
import { OFFERED_IDS } from "../games.js";
import { SEED_BODY_LIMIT } from "../limits.js";
import type { ScoreSubmission } from "../scores/leaderboards.js";
import {
  DEFAULT_TOP,
  GAME_BODY_LIMITS,
  MAX_CONFIG_QUERY,
  MAX_REPLAY_COMMANDS,
  MAX_TOP,
  SCORE_BODY_LIMIT,
} from "../scores/limits.js";
import { cleanName } from "../scores/names.js";
import { COMMON_RESPONSES, computeUnavailable, NO_DATABASE_RESPONSES } from "./games.js";

const refusal = (description: string) => ({ description, ...errorRef });

const gameField = {
  type: "string",
  maxLength: 32,
  description: `The game: ${OFFERED_IDS.join(", ")}.`,
} as const;
const gameParams = { type: "object", required: ["game"], properties: { game: gameField } } as const;

const SCORE_FIELDS = ["game", "seed", "config", "commands", "name", "score"];

const scorePostSchema = {
  type: "object",
  required: ["game", "seed", "commands", "name"],
  description: "A finished game to verify and rank. Fields other than these are refused.",
  properties: {
    game: gameField,
    seed: {
      type: "integer",
      minimum: 0,
      maximum: MAX_SEED,
      description:
        "A seed from POST /api/seeds for this game (drawn within the last day), or the day's seed (today's or yesterday's).",
    },
    config: { description: "The game's config; the game's default when left out." },
    commands: {
      type: "array",
      description: `The accepted commands of the game, in order (at most ${MAX_REPLAY_COMMANDS}); no load or new.`,
    },
    name: {
      type: "string",
      maxLength: 1024,
      description:
        "1 to 24 letters, digits, spaces and . _ - ' (NFKC); one script per word; a look-alike of a name on the boards enters under that name (docs/service.md, Names)",
    },
    score: {
      type: "integer",
      minimum: 0,
      maximum: MAX_SCORE,
      description: "The score the player saw; refused when the replay reaches another.",
    },
  },
} as const;

const enteredSchema = {
  type: "object",
  required: ["id", "game", "config", "name", "score", "rank", "date"],
  properties: {
    id: { type: "integer" },
    game: { type: "string" },
    config: { description: "The resolved config: the board the score is on." },
    name: { type: "string" },
    score: { type: "integer", description: "The score the server's replay reached." },
    rank: { type: "integer", description: "1 + the number of strictly higher scores on the board." },
    date: { type: "string", format: "date-time" },
  },
} as const;

const boardSchema = {
  type: "object",
  required: ["game", "config", "entries"],
  properties: {
    game: { type: "string" },
    config: { description: "The resolved config of this board." },
    entries: {
      type: "array",
      items: {
        type: "object",
        required: ["rank", "name", "score", "date"],
        properties: {
          rank: { type: "integer" },
          name: { type: "string" },
          score: { type: "integer" },
          date: { type: "string", format: "date-time" },
        },
      },
    },
  },
} as const;

const unknownGame = (status: number) =>
  refusal(
    status === 404
      ? "UNKNOWN_GAME: no such game"
      : "UNKNOWN_GAME, BAD_JSON, BAD_REQUEST (the schema, an unknown field), TOO_DEEP",
  );

const tooLongGame = refusal("URI_TOO_LONG: the game is over 100 characters");

export async function scoreRoutes(app: FastifyInstance): Promise<void> {
  // The service is built in app.ts, beside the sessions whose ended ranked games it enters.
  const leaderboards = app.leaderboards;
  sayWhenToRetry(app);

  app.post(
    "/seeds",
    {
      bodyLimit: SEED_BODY_LIMIT,
      schema: {
        summary: "Draw a ranked seed",
        description:
          "A seed the server draws and records: a game played from it may be posted to POST /api/scores once, within a day.",
        body: {
          type: "object",
          required: ["game"],
          additionalProperties: false,
          properties: { game: gameField },
        },
        response: {
          201: {
            description: "The seed",
            type: "object",
            required: ["game", "seed", "ranked"],
            properties: { game: { type: "string" }, seed: { type: "integer" }, ranked: { type: "boolean" } },
          },
          400: unknownGame(400),
          413: refusal(`BODY_TOO_LARGE: the body is over ${SEED_BODY_LIMIT} bytes`),
          415: refusal("UNSUPPORTED_MEDIA_TYPE: the body is not application/json"),
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { game } = request.body as { game: string };
      return reply.status(201).send(await leaderboards.issueSeed(game));
    },
  );

  app.get(
    "/daily/:game",
    {
      schema: {
        summary: "The day's shared seed",
        description: "The same for everyone on a UTC day; ranked on that day and the next.",
        params: gameParams,
        response: {
          200: {
            description: "The day's seed",
            type: "object",
            required: ["game", "seed", "date"],
            properties: {
              game: { type: "string" },
              seed: { type: "integer" },
              date: { type: "string", description: "The UTC day, YYYY-MM-DD" },
            },
          },
          400: refusal("BAD_REQUEST: the game is over 32 characters"),
          404: unknownGame(404),
          414: tooLongGame,
          // The day's seed is computed, not stored: only a shutdown makes this route answer 503.
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    (request, reply) => reply.send(leaderboards.daily((request.params as { game: string }).game)),
  );

  app.post(
    "/scores",
    {
      bodyLimit: SCORE_BODY_LIMIT,
      // The one place a body may be large: say so with the limit of this route.
      errorHandler: (err: FastifyError, request, reply) => {
        if (err.code !== "FST_ERR_CTP_BODY_TOO_LARGE") return app.errorHandler(err, request, reply);
        return reply
          .status(413)
          .send(apiError("TOO_LARGE", `a posted game's body is at most ${kib(SCORE_BODY_LIMIT)}`));
      },
      schema: {
        summary: "Post a finished game for the leaderboard",
        description:
          "The server replays the game itself from (game, seed, config, commands) and records the score the replay reaches.",
        body: scorePostSchema,
        response: {
          201: { description: "Verified and entered, with its rank", ...enteredSchema },
          400: refusal(
            "BAD_JSON, BAD_REQUEST (the schema, an unknown field), TOO_DEEP, UNKNOWN_GAME, BAD_CONFIG, BAD_NAME",
          ),
          409: refusal(
            "SEED_CLAIMED: the issued seed already has its score; DUPLICATE: this game is already entered; NAME_TAKEN: the name (or a look-alike) belongs to another player",
          ),
          413: refusal(
            `TOO_LARGE: over ${MAX_REPLAY_COMMANDS} commands, a body over ${kib(SCORE_BODY_LIMIT)} (over the game's own limit: ${gameLimits()}), or more ai commands than the game allows (docs/service.md "Leaderboards")`,
          ),
          415: refusal("UNSUPPORTED_MEDIA_TYPE: the body is not application/json"),
          422: refusal(
            "UNRANKED_SEED (not issued, not the day's), SEED_EXPIRED (issued over a day ago), NOT_RANKABLE (a load or new), BAD_REPLAY (a command the engine refuses), NOT_OVER, SCORE_MISMATCH",
          ),
          ...COMMON_RESPONSES,
          429: refusal(COMPUTE_REFUSALS[429]),
          503: computeUnavailable,
        },
      },
    },
    async (request, reply) => {
      const post = request.body as ScoreSubmission;
      // The route's limit is the largest game's; each game's own is checked before anything else.
      const limit = Object.hasOwn(GAME_BODY_LIMITS, post.game) ? GAME_BODY_LIMITS[post.game] : undefined;
      const bytes = request.bodyScan?.bytes ?? 0;
      if (limit !== undefined && bytes > limit) {
        throw new ClientError(
          413,
          "TOO_LARGE",
          `a posted ${post.game} game's body is at most ${kib(limit)}, not ${bytes} bytes`,
        );
      }
      checkFields(post);
      if (post.commands.length > MAX_REPLAY_COMMANDS) {
        throw new ClientError(
          413,
          "TOO_LARGE",
          `a posted game holds at most ${MAX_REPLAY_COMMANDS} commands, not ${post.commands.length}`,
        );
      }
      // A name another player owns is refused before the replay (and again when entered).
      const name = cleanName(post.name);
      if (name.ok) await app.players.checkName(name.value, request.player);
      return reply.status(201).send(await leaderboards.submit(post, request.ip, request.player?.id));
    },
  );

  app.get(
    "/leaderboards/:game",
    {
      schema: {
        summary: "A game's leaderboard",
        description: "The best scores on the board of one config (the game's default when left out).",
        params: gameParams,
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            config: {
              type: "string",
              maxLength: MAX_CONFIG_QUERY,
              description:
                'The config as JSON, e.g. {"rows":10,"cols":10} for puzzle; the default when left out.',
            },
            limit: {
              type: "string",
              pattern: "^([1-9]|[1-9][0-9]|100)$",
              description: `How many entries, 1 to ${MAX_TOP} (default ${DEFAULT_TOP}).`,
            },
          },
        },
        response: {
          200: { description: "The board's best scores", ...boardSchema },
          400: refusal(
            "BAD_REQUEST (a query parameter), BAD_CONFIG (not JSON, or a config the game refuses)",
          ),
          404: unknownGame(404),
          414: tooLongGame,
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { game } = request.params as { game: string };
      const query = request.query as { config?: string; limit?: string };
      const limit = query.limit === undefined ? DEFAULT_TOP : Number(query.limit);
      return reply.send(await leaderboards.top(game, query.config, limit));
    },
  );
}

function kib(bytes: number): string {
  return `${bytes / 1024} KiB`;
}

function gameLimits(): string {
  return Object.entries(GAME_BODY_LIMITS)
    .map(([game, bytes]) => `${game} ${kib(bytes)}`)
    .join(", ");
}

/** Unknown fields are refused by name (the schema validator's message would not name them). */
function checkFields(post: object): void {
  const unknown = Object.keys(post).filter((key) => !SCORE_FIELDS.includes(key));
  if (unknown.length === 0) return;
  const names = unknown.slice(0, 5).map((key) => describeValue(key));
  throw new ClientError(
    400,
    "BAD_REQUEST",
    `unknown field ${names.join(", ")}; a score takes ${SCORE_FIELDS.join(", ")}`,
  );
}
