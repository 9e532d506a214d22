/**
 * The leaderboards (docs/service.md "Leaderboards", "Fair play"):
 *   GET  /api/daily/:game    -> 200 {"game","date","config","nextAt","leader","yesterday","me"?}
 *   GET  /api/leaderboards/:game  ?config=<JSON>&board=unaided|help&day=YYYY-MM-DD|period=all|week|today
 *                                 &limit=<1..100>&offset=<0..10^6>&around=me
 *        -> 200 {"game","config","board","period","day"?,"total","offset","limit","entries","me"?}
 *   POST /api/seeds, POST /api/scores                            -> 410 RANKED_BY_SESSION
 * Ranked games are server sessions (POST /api/games {"ranked":true}): a seed a client holds is a
 * future it can see, so the routes that ranked posted games are gone, and say where to go.
 */
import type { FastifyInstance } from "fastify";
import {
  CONTENT_ETAG_HEADER,
  contentEtag,
  ifNoneMatchHeaders,
  NOT_MODIFIED_RESPONSE,
  noneMatchHits,
} from "../conditional.js";
import { apiError, ClientError, errorRef } from "../errors.js";
import { OFFERED_IDS } from "../games.js";
import { requirePlayer } from "../plugins/players.js";
import type { Period } from "../scores/leaderboards.js";
import { DEFAULT_TOP, MAX_CONFIG_QUERY, MAX_OFFSET, MAX_TOP } from "../scores/limits.js";
import { COMMON_RESPONSES, NO_DATABASE_RESPONSES } from "./games.js";

const refusal = (description: string) => ({ description, ...errorRef });

const gameField = {
  type: "string",
  maxLength: 32,
  description: `The game: ${OFFERED_IDS.join(", ")}.`,
} as const;
const gameParams = { type: "object", required: ["game"], properties: { game: gameField } } as const;

const entrySchema = {
  type: "object",
  required: ["rank", "name", "score", "date", "replay"],
  properties: {
    rank: {
      type: "integer",
      description: "1 + the entries strictly higher on the board: equal scores share a rank.",
    },
    name: { type: "string" },
    score: { type: "integer" },
    date: { type: "string", format: "date-time", description: "When the entry was entered." },
    replay: { type: "integer", description: "The entry's id: its replay is GET /api/replays/{replay}." },
  },
} as const;

const boardSchema = {
  type: "object",
  required: ["game", "config", "board", "period", "total", "offset", "limit", "entries"],
  properties: {
    game: { type: "string" },
    config: { description: "The resolved config of this board." },
    board: { type: "string", enum: ["unaided", "help"], description: "Unaided, or games played with help." },
    period: {
      type: "string",
      enum: ["all", "week", "today"],
      description:
        "all (every entry), week (entered since Monday 00:00 UTC), today (since 00:00 UTC); all on a day's board.",
    },
    day: { type: "string", description: "The UTC day of a daily board; absent for the all-time board." },
    rules: {
      type: "integer",
      description:
        "An archived board's rules version (asked with rules=); absent for the current rules' board.",
    },
    total: { type: "integer", description: "Entries on this board (in this period)." },
    offset: { type: "integer", description: "The position of the first entry answered (0: the best)." },
    limit: { type: "integer", description: "At most this many entries were asked for." },
    entries: { type: "array", items: entrySchema },
    me: {
      description:
        "With around=me: the player's best entry on this board (in this period), its rank, and up to 2 entries above and 2 below it with it in board order; null when the player has no entry here.",
      anyOf: [
        { type: "null" },
        {
          type: "object",
          required: ["rank", "entry", "around"],
          properties: {
            rank: { type: "integer" },
            entry: entrySchema,
            around: { type: "array", items: entrySchema },
          },
        },
      ],
    },
  },
} as const;

const dailySchema = {
  description: "The day's game",
  type: "object",
  required: ["game", "date", "config", "nextAt", "leader", "yesterday"],
  properties: {
    game: { type: "string" },
    date: { type: "string", description: "The UTC day, YYYY-MM-DD" },
    config: { description: 'The day\'s config, the same every day (docs/service.md "Daily").' },
    nextAt: {
      type: "string",
      format: "date-time",
      description: "When the next day's game starts (00:00 UTC).",
    },
    leader: {
      description: "Today's #1 on the unaided daily board; null before anyone finished.",
      anyOf: [
        { type: "null" },
        {
          type: "object",
          required: ["name", "score", "replay"],
          properties: { name: { type: "string" }, score: { type: "integer" }, replay: { type: "integer" } },
        },
      ],
    },
    yesterday: {
      type: "array",
      description: "The best 3 of yesterday's unaided daily board.",
      items: {
        type: "object",
        required: ["rank", "name", "score", "replay"],
        properties: {
          rank: { type: "integer" },
          name: { type: "string" },
          score: { type: "integer" },
          replay: { type: "integer" },
        },
      },
    },
    me: {
      type: "object",
      description:
        "Only with a player (Authorization: Bearer): their ranked attempt of today and their streak.",
      required: ["attempt", "streak"],
      properties: {
        attempt: {
          type: "string",
          enum: ["none", "playing", "done"],
          description:
            "none: not started today; playing: started, its game not over; done: its game is over.",
        },
        session: {
          type: "string",
          description: "The attempt's session (GET /api/games/{id}): resume it while playing.",
        },
        score: { type: "integer", description: "The attempt's entered score (once its game ended)." },
        rank: { type: "integer", description: "Its rank on today's board." },
        board: {
          type: "string",
          enum: ["unaided", "help"],
          description: "The board it went on (help when assisted).",
        },
        streak: {
          type: "integer",
          description:
            "Days in a row with a daily attempt of this game, ending today (or yesterday when today is not started yet).",
        },
        canWatch: {
          type: "boolean",
          description:
            "Whether today's replays of this game open for the player (GET /api/replays/{id}'s daily lock): their attempt is over with nothing left to play (a Block Blast game over with a revive left is not).",
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
          200: dailySchema,
          400: refusal("BAD_REQUEST: the game is over 32 characters"),
          404: unknownGame(404),
          414: tooLongGame,
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { game } = request.params as { game: string };
      const player = request.player?.id ?? null;
      // Over when the session's game is over; a session gone or unreadable cannot be played on.
      const ended = async (id: string) => {
        try {
          const session = await app.sessions.get(id, request.ip);
          return session === undefined || session.state.over;
        } catch (err) {
          if (err instanceof ClientError) return true;
          throw err;
        }
      };
      // The replays' daily lock (scores/replays.ts): over with nothing left to play, as the session says.
      const finished = async (id: string) => {
        try {
          const session = await app.sessions.get(id, request.ip);
          return session?.state.over === true && session.game.legal(session.state).length === 0;
        } catch (err) {
          if (err instanceof ClientError) return false;
          throw err;
        }
      };
      return reply.send(await leaderboards.daily(game, player, ended, finished));
    },
  );

  app.get(
    "/leaderboards/:game",
    {
      schema: {
        summary: "A game's leaderboard",
        description:
          "A page of one board: one config (the game's default when left out), unaided or with help, all-time (or its entries of this week or today) or one day's; its size; and with around=me the player's own place.",
        params: gameParams,
        headers: ifNoneMatchHeaders,
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
            period: {
              type: "string",
              enum: ["all", "week", "today"],
              description:
                "Of the all-time board: all (the default), week (entered since Monday 00:00 UTC), today (since 00:00 UTC). Not with day.",
            },
            offset: {
              type: "string",
              pattern: "^(0|[1-9][0-9]{0,5}|1000000)$",
              description: `The position of the first entry, 0 (the best, the default) to ${MAX_OFFSET}.`,
            },
            rules: {
              type: "string",
              pattern: "^[1-9][0-9]{0,2}$",
              description:
                "An earlier version of the game's rules: the archived board of the entries played under it (docs/service.md \"Rules versions\"). The current rules' board when left out.",
            },
            around: {
              type: "string",
              enum: ["me"],
              description:
                "me: also answer the player's (Authorization: Bearer) best entry with its neighbours.",
            },
          },
        },
        response: {
          200: {
            description: "A page of the board, and with around=me the player's place",
            headers: CONTENT_ETAG_HEADER,
            ...boardSchema,
          },
          304: NOT_MODIFIED_RESPONSE,
          400: refusal(
            "BAD_REQUEST (a query parameter; period with day; rules above the current version), BAD_CONFIG (not JSON, or a config the game refuses)",
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
        offset?: string;
        board?: "unaided" | "help";
        day?: string;
        period?: Period;
        around?: "me";
        rules?: string;
      };
      const around = query.around === undefined ? undefined : requirePlayer(request.player, "around=me").id;
      const page = await leaderboards.board(game, {
        config: query.config,
        board: query.board,
        day: query.day,
        period: query.period,
        limit: query.limit === undefined ? DEFAULT_TOP : Number(query.limit),
        offset: query.offset === undefined ? 0 : Number(query.offset),
        around,
        rules: query.rules === undefined ? undefined : Number(query.rules),
      });
      // A poller of a board that has not changed gets 304 and no page.
      const etag = contentEtag(page);
      reply.header("etag", etag);
      if (noneMatchHits(request.headers["if-none-match"], etag)) return reply.status(304).send();
      return reply.send(page);
    },
  );
}
