/**
 * The leaderboards (docs/service.md "Leaderboards", "Fair play"):
 *   GET  /api/daily/:game                                        -> 200 {"game","date","config"}
 *   GET  /api/leaderboards/:game  ?config=<JSON>&limit=<1..100>&board=unaided|help&day=YYYY-MM-DD
 *                                                                -> 200 {"game","config","board","day"?,"entries"}
 *   POST /api/seeds, POST /api/scores                            -> 410 RANKED_BY_SESSION
 * Ranked games are server sessions (POST /api/games {"ranked":true}): a seed a client holds is a
 * future it can see, so the routes that ranked posted games are gone, and say where to go.
 */
import type { FastifyInstance } from "fastify";
import { apiError, errorRef } from "../errors.js";
import { OFFERED_IDS } from "../games.js";
import { DEFAULT_TOP, MAX_CONFIG_QUERY, MAX_TOP } from "../scores/limits.js";
import { COMMON_RESPONSES, NO_DATABASE_RESPONSES } from "./games.js";

const refusal = (description: string) => ({ description, ...errorRef });

const gameField = {
  type: "string",
  maxLength: 32,
  description: `The game: ${OFFERED_IDS.join(", ")}.`,
} as const;
const gameParams = { type: "object", required: ["game"], properties: { game: gameField } } as const;

const boardSchema = {
  type: "object",
  required: ["game", "config", "board", "entries"],
  properties: {
    game: { type: "string" },
    config: { description: "The resolved config of this board." },
    board: { type: "string", enum: ["unaided", "help"], description: "Unaided, or games played with help." },
    day: { type: "string", description: "The UTC day of a daily board; absent for the all-time board." },
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

/** The answer of the routes that ranked posted games. */
const GONE = apiError(
  "RANKED_BY_SESSION",
  'ranked games are played as server sessions: POST /api/games {"ranked":true}',
);

const goneResponses = {
  400: refusal("BAD_JSON: the body is not JSON (it is read before the answer, as on every route)"),
  413: refusal("BODY_TOO_LARGE: the body is over 16 KiB"),
  415: refusal("UNSUPPORTED_MEDIA_TYPE: the body is not application/json"),
  410: refusal(
    'RANKED_BY_SESSION: ranked games are played as server sessions, POST /api/games {"ranked":true} (docs/service.md "Fair play")',
  ),
  ...NO_DATABASE_RESPONSES,
} as const;

export async function scoreRoutes(app: FastifyInstance): Promise<void> {
  // The service is built in app.ts, beside the sessions whose ended ranked games it enters.
  const leaderboards = app.leaderboards;

  // Gone, whatever the body: the answer names the way that replaced them. The body is not read.
  for (const url of ["/seeds", "/scores"]) {
    app.post(
      url,
      {
        schema: {
          summary: url === "/seeds" ? "Gone: ranked seeds" : "Gone: posted games",
          description:
            'Ranked games are played as server sessions (POST /api/games {"ranked":true}): a seed a client holds is a future it can see.',
          response: goneResponses,
        },
      },
      (_request, reply) => reply.status(410).send(GONE),
    );
  }

  app.get(
    "/daily/:game",
    {
      schema: {
        summary: "The day's game",
        description:
          'The same for everyone on a UTC day; play it with POST /api/games {"game","daily":true}. Its seed stays on the server.',
        params: gameParams,
        response: {
          200: {
            description: "The day's game",
            type: "object",
            required: ["game", "date", "config"],
            properties: {
              game: { type: "string" },
              date: { type: "string", description: "The UTC day, YYYY-MM-DD" },
              config: { description: "The config of the day's board (the game's default)." },
            },
          },
          400: refusal("BAD_REQUEST: the game is over 32 characters"),
          404: unknownGame(404),
          414: tooLongGame,
          // The day's game is computed, not stored: only a shutdown makes this route answer 503.
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    (request, reply) => reply.send(leaderboards.daily((request.params as { game: string }).game)),
  );

  app.get(
    "/leaderboards/:game",
    {
      schema: {
        summary: "A game's leaderboard",
        description:
          "The best scores on one board: one config (the game's default when left out), unaided or with help, all-time or one day's.",
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
            board: {
              type: "string",
              enum: ["unaided", "help"],
              description:
                "unaided (the default): games played alone; help: games in which Hint, Watch or ai was used.",
            },
            day: {
              type: "string",
              maxLength: 10,
              description: "A UTC day, YYYY-MM-DD: that day's daily board. The all-time board when left out.",
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
      const query = request.query as {
        config?: string;
        limit?: string;
        board?: "unaided" | "help";
        day?: string;
      };
      const limit = query.limit === undefined ? DEFAULT_TOP : Number(query.limit);
      return reply.send(await leaderboards.top(game, query.config, limit, query.board, query.day));
    },
  );
}
