/**
 * The game service (docs/service.md): sessions of any game this server offers.
 *   POST /api/games               {"game","seed"?,"config"?,"name"?,"ranked"?,"daily"?} -> 201 {"id","game","seq","ranked","state"}
 *   POST /api/games/:id/commands  a protocol command  (If-Match: "<seq>") -> 200 reply | 4xx
 *   GET  /api/games/:id                                     -> 200 {"id","game","seq","ranked","state"}
 * `seq` is the number of logged commands, also sent as the ETag: a client that sends it back in
 * If-Match gets 409 SEQ_MISMATCH instead of acting on a session another client has moved.
 * Every status a route can answer is in its response schemas: they are the OpenAPI document.
 * A ranked session (`ranked` or `daily`, a player required) plays on a seed the client never sees:
 * every state it answers is the game's public view (docs/service.md "Fair play").
 */
import { randomInt } from "node:crypto";
import { describeValue, findProblem, type InputSchema, MAX_SEED } from "@blockarcade/engine/core";
import { GAME_SCHEMAS, toJsonSchema2020 } from "@blockarcade/engine/schema";
import type { FastifyInstance } from "fastify";
import { COMPUTE_REFUSALS, sayWhenToRetry } from "../compute/pool.js";
import { ifNoneMatchHeaders, noneMatchHits } from "../conditional.js";
import { apiError, CLOSING_RESPONSE, ClientError, errorRef, UNAVAILABLE_RESPONSE } from "../errors.js";
import { OFFERED_IDS } from "../games.js";
import { MAX_ID_LENGTH } from "../limits.js";
import { requirePlayer } from "../plugins/players.js";
import { componentName } from "../schemas.js";
import { cleanName } from "../scores/names.js";
import { type RankedStart, type Session, visibleState } from "../sessions.js";

const stateSchema = {
  $id: "State",
  description:
    "The game's state (docs/protocol.md), by game (the schemas of GET /api/schemas/). A ranked session's states are public views: no seed, no rng, nothing the game keeps hidden.",
  anyOf: OFFERED_IDS.flatMap((game) => [
    { $ref: `${componentName(game, "state")}#` },
    { $ref: `${componentName(game, "public-state")}#` },
  ]),
} as const;

/** The fields of POST /api/games's body besides `game` and `config`, the same for every game. */
const createFields = {
  seed: {
    type: "integer",
    minimum: 0,
    maximum: MAX_SEED,
    description:
      "Seed of an unranked game; drawn at random by the server when left out. A ranked game takes none: its seed stays on the server.",
  },
  ranked: {
    type: "boolean",
    description:
      "A ranked game (a player required): the server draws a hidden seed, answers public views only, and enters the score when the game ends.",
  },
  daily: {
    type: "boolean",
    description:
      "The day's game, ranked (a player required), with the day's config (GET /api/daily/{game}): the player's first daily session of the day and game is ranked, later ones are practice on a seed of their own.",
  },
  name: {
    type: "string",
    minLength: 1,
    maxLength: 24,
    description: "The player's name on the leaderboard when a ranked game ends (default Anonymous).",
  },
} as const;

/**
 * POST /api/games's body: one member per offered game, told apart by `game`, whose `config` is that
 * game's config schema from the engine (the one source, @blockarcade/engine/schema). The route checks
 * it with the engine's own checker (`validateCreateBody`), so a refused config reads as the engine
 * words it, and a bad config is refused before any name or daily lookup.
 */
const createBodySchema = {
  $id: "CreateGame",
  description: `Which game to start (${OFFERED_IDS.join(", ")}) and how; no config is the game's defaults.`,
  anyOf: OFFERED_IDS.map((game) => ({
    type: "object",
    required: ["game"],
    additionalProperties: false,
    properties: {
      game: { const: game, type: "string" },
      ...createFields,
      config: toJsonSchema2020(GAME_SCHEMAS[game].configInput),
    },
  })),
};

/**
 * The create route's validator (Fastify's `validatorCompiler`): the body against `createBodySchema`
 * by core/check-input.ts, the field at fault naming the code: UNKNOWN_GAME (a game this server does
 * not offer), BAD_CONFIG, else BAD_REQUEST.
 */
function validateCreateBody(body: unknown): { value: unknown } | { error: ClientError } {
  const wrong = findProblem(createBodySchema as InputSchema, body, "body");
  if (wrong === undefined) return { value: body };
  const game = typeof body === "object" && body !== null ? (body as { game?: unknown }).game : undefined;
  if (wrong.path === "game" && typeof game === "string") {
    return {
      error: new ClientError(
        400,
        "UNKNOWN_GAME",
        `${describeValue(game)} is not offered by this server; games: ${OFFERED_IDS.join(", ")}`,
      ),
    };
  }
  const code = wrong.path === "config" || wrong.path.startsWith("config.") ? "BAD_CONFIG" : "BAD_REQUEST";
  return { error: new ClientError(400, code, wrong.message) };
}

const commandBodySchema = {
  $id: "Command",
  type: "object",
  required: ["cmd"],
  additionalProperties: true,
  description:
    'A protocol command: the game\'s own (match3 {"cmd":"frame","commands":"LR"}, stacker {"cmd":"tick"}, blocky {"cmd":"move",...}) or state, new, load, legal, hint (the computer player\'s move, nothing changes), ai (the computer player plays it).',
  properties: { cmd: { type: "string", maxLength: 64 } },
} as const;

const seqSchema = {
  type: "integer",
  minimum: 0,
  description:
    "Commands logged so far (also the ETag); send it back in If-Match to act only on this position.",
} as const;

const sessionSchema = {
  $id: "Session",
  type: "object",
  required: ["id", "game", "seq", "ranked", "state"],
  properties: {
    id: { type: "string" },
    game: { type: "string" },
    seq: seqSchema,
    ranked: {
      type: "boolean",
      description:
        "A ranked session, not practice, never loaded or restarted: enters the leaderboard when it ends.",
    },
    kind: { type: "string", enum: ["ranked", "daily"], description: "A ranked session's kind." },
    day: { type: "string", description: "The UTC day of a daily session." },
    practice: {
      type: "boolean",
      description: "A daily session after the player's first of the day: played, never entered.",
    },
    assisted: {
      type: "boolean",
      description: 'Hint or ai was used: the game goes on the "with help" board.',
    },
    state: { $ref: "State#" },
  },
} as const;

/** What the service adds to the engine's reply. */
const serviceReplyFields = {
  type: "object",
  required: ["seq"],
  properties: {
    seq: seqSchema,
    assisted: { type: "boolean", description: "A ranked session in which the computer player was asked." },
    entry: {
      type: "object",
      description:
        "The reply to the command that ended a ranked game: where it was entered (its board, a daily game's day, the name it went in under, its score and rank) and its replay's id.",
      required: ["board", "name", "score", "rank", "replay"],
      properties: {
        board: { type: "string", enum: ["unaided", "help"] },
        day: { type: "string" },
        name: { type: "string" },
        score: { type: "integer" },
        rank: { type: "integer" },
        replay: {
          type: "integer",
          description: "The entry's id: GET /api/replays/{replay} answers the game.",
        },
      },
    },
  },
} as const;

const replySchema = {
  $id: "Reply",
  description:
    "The engine's reply (each game's own: BlastReply, ...): ok with the state and events (and legal for legal, hint for hint and ai), or ok false with the error and the unchanged state; with the session's seq.",
  allOf: [
    { anyOf: OFFERED_IDS.map((game) => ({ $ref: `${componentName(game, "reply")}#` })) },
    serviceReplyFields,
  ],
} as const;

const refusedSchema = {
  $id: "RefusedCommand",
  type: "object",
  description: "A command the engine refused: its reply with ok false, the error and the unchanged state.",
  required: ["ok", "error", "state", "seq"],
  properties: {
    ok: { const: false },
    error: { $ref: "EngineError#" },
    state: { $ref: "State#" },
    seq: seqSchema,
  },
} as const;

/** The shared schemas, registered once by the app: OpenAPI names its components after their $id. */
export const gameSchemas = [
  stateSchema,
  createBodySchema,
  commandBodySchema,
  sessionSchema,
  replySchema,
  refusedSchema,
];

const idParams = {
  type: "object",
  required: ["id"],
  properties: {
    id: { type: "string", maxLength: MAX_ID_LENGTH, description: "The session id POST /api/games returned." },
  },
} as const;

/** A response that is the one error shape, described for this route and status. */
const refusal = (description: string) => ({ description, ...errorRef });

/**
 * The socket's own refusals, which any route may give whatever it does (errors.ts answerClientError:
 * a request line and headers over 16 KiB, a request that takes too long to arrive; both close the
 * connection).
 */
export const SOCKET_RESPONSES = {
  408: refusal(
    "REQUEST_TIMEOUT: the request line, headers and body did not arrive within the request timeout (10 s by default); the connection is closed",
  ),
  431: refusal(
    "HEADERS_TOO_LARGE: the request line and headers are over 16 KiB (a long URL); the connection is closed",
  ),
} as const;

/** Answers every route that reads or writes the database may give, whatever it does. */
export const COMMON_RESPONSES = { ...SOCKET_RESPONSES, 503: UNAVAILABLE_RESPONSE } as const;

/** Answers of a route that needs no database: the socket's refusals and the shutdown's 503. */
export const NO_DATABASE_RESPONSES = { ...SOCKET_RESPONSES, 503: CLOSING_RESPONSE } as const;

/** The 503 of a route that may also wait for the compute pool: the database's reasons and the pool's. */
export const computeUnavailable = {
  ...UNAVAILABLE_RESPONSE,
  description: `${COMPUTE_REFUSALS[503]}. ${UNAVAILABLE_RESPONSE.description}`,
} as const;

/** The ETag of a session's answers: its seq as a strong tag ("12"), for If-Match and If-None-Match. */
const sessionEtag = {
  etag: {
    type: "string",
    description:
      'The session\'s seq as a strong entity tag, e.g. "12": send it back in If-Match (commands) or If-None-Match (reads)',
  },
} as const;

const bodyRefusals = {
  413: refusal("BODY_TOO_LARGE: the body is over 16 KiB"),
  415: refusal("UNSUPPORTED_MEDIA_TYPE: the body is not application/json"),
} as const;

const unreadable =
  "SESSION_UNREADABLE: the stored session cannot be rebuilt (its game is gone, or its rows are damaged)";

const idRefusals = {
  404: refusal("NOT_FOUND: no session has this id"),
  409: refusal(unreadable),
  410: refusal(
    "RULES_CHANGED: the session was played under an earlier version of its game's rules; it has ended, start a new game",
  ),
  414: refusal("URI_TOO_LONG: the id is over 100 characters"),
} as const;

/**
 * The game routes answer with JSON.stringify, not a serializer compiled from their response schemas
 * (which stay, for the OpenAPI document): a state's fields depend on the game, and the compiled
 * serializer walked them one by one, 7 µs of a command's ~50 (docs/service.md "Throughput and scale").
 * The handlers build every answer field by field, so nothing unlisted can slip out.
 */
const jsonAsIs = () => (data: unknown) => JSON.stringify(data);

/** Refusals the rules make (a move they forbid) are 422; a malformed command is 400. */
function refusalStatus(code: string): 400 | 422 {
  return code === "ILLEGAL_MOVE" || code === "GAME_OVER" ? 422 : 400;
}

const ifMatchHeaders = {
  type: "object",
  properties: {
    "if-match": {
      type: "string",
      maxLength: 32,
      description:
        'The seq (ETag) the client expects the session to be at, e.g. "12": 409 SEQ_MISMATCH otherwise.',
    },
  },
} as const;

/**
 * The seq of an If-Match header ("12" or 12); undefined when absent or `*`. If-Match compares
 * strongly (RFC 9110 13.1.1): a weak tag (W/"12") never matches, so the precondition fails (412).
 */
export function readIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  if (/^\s*W\//.test(header)) {
    throw new ClientError(
      412,
      "PRECONDITION_FAILED",
      'If-Match compares strongly (RFC 9110): a weak tag such as W/"12" never matches; send the ETag "12" as given',
    );
  }
  const match = /^\s*"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) {
    throw new ClientError(400, "BAD_REQUEST", 'If-Match must be a session seq such as "12" (its ETag)');
  }
  return Number(match[1]);
}

function describeSession(session: Session) {
  const fair = session.fair;
  const base = { id: session.id, game: session.game.id, seq: session.length, ranked: session.ranked };
  if (!fair) return { ...base, state: session.state };
  return {
    ...base,
    kind: fair.kind,
    ...(fair.day === null ? {} : { day: fair.day }),
    practice: fair.practice,
    assisted: fair.assisted,
    state: visibleState(session),
  };
}

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const sessions = app.sessions;
  sayWhenToRetry(app);

  app.post(
    "/games",
    {
      serializerCompiler: jsonAsIs,
      // The body is checked against its schema by the engine's checker, not Fastify's ajv.
      validatorCompiler: ({ httpPart }) => (httpPart === "body" ? validateCreateBody : () => true),
      schema: {
        summary: "Start a game session",
        body: { $ref: "CreateGame#" },
        response: {
          201: { description: "The new session and its first state", headers: sessionEtag, $ref: "Session#" },
          401: refusal(
            "PLAYER_REQUIRED: a ranked or daily game needs a player (Authorization: Bearer <player>.<secret>); BAD_PLAYER: the header does not verify",
          ),
          400: refusal(
            "BAD_JSON, BAD_REQUEST (the schema, an unknown field, a seed for a ranked game), TOO_DEEP, UNKNOWN_GAME, BAD_CONFIG, BAD_ARGUMENT, BAD_NAME",
          ),
          409: refusal("NAME_TAKEN: the name (or a look-alike) belongs to another player"),
          429: refusal("TOO_MANY_SESSIONS: the service holds its maximum number of sessions"),
          ...bodyRefusals,
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        game: string;
        seed?: number;
        config?: unknown;
        name?: string;
        ranked?: boolean;
        daily?: boolean;
      };
      const name = body.name === undefined ? null : readPlayerName(body.name);
      // A name another player owns is refused now, not when the game ends.
      if (name !== null) await app.players.checkName(name, request.player);
      let start: RankedStart | undefined;
      let seed = body.seed ?? randomInt(0, MAX_SEED + 1);
      let config = body.config;
      if (body.ranked === true || body.daily === true) {
        // A client that picks or sees its seed sees its deals: a ranked game's seed is the server's.
        if (body.seed !== undefined) {
          throw new ClientError(
            400,
            "BAD_REQUEST",
            "a ranked game takes no seed: the server draws it and keeps it (leave seed out, or play unranked)",
          );
        }
        const player = requirePlayer(request.player, "a ranked game");
        if (body.daily === true) {
          const day = app.leaderboards.today();
          config = app.leaderboards.dailyConfigFor(body.game, body.config);
          seed = app.leaderboards.dailySeed(body.game, day);
          start = { kind: "daily", player: player.id, day };
        } else {
          start = { kind: "ranked", player: player.id };
        }
      }
      const created = await sessions.create(body.game, seed, config, false, name, start);
      if (!created.ok) {
        const message =
          created.error.code === "UNKNOWN_GAME"
            ? `${describeValue(body.game)} is not offered by this server; games: ${OFFERED_IDS.join(", ")}`
            : created.error.message;
        return reply.status(400).send(apiError(created.error.code, message));
      }
      return reply.status(201).header("etag", '"0"').send(describeSession(created.session));
    },
  );

  app.get(
    "/games/:id",
    {
      serializerCompiler: jsonAsIs,
      schema: {
        summary: "Read a session's current state",
        params: idParams,
        headers: ifNoneMatchHeaders,
        response: {
          200: { description: "The session", headers: sessionEtag, $ref: "Session#" },
          304: {
            description: "Not modified: If-None-Match named the session's ETag (its seq); no body",
            headers: sessionEtag,
            type: "null",
          },
          400: refusal("BAD_REQUEST: the id is over 64 characters"),
          ...idRefusals,
          // A session not in memory is rebuilt in the compute pool (charged, never refused for CPU).
          ...SOCKET_RESPONSES,
          503: computeUnavailable,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const session = await sessions.get(id, request.ip);
      if (!session) return reply.status(404).send(apiError("NOT_FOUND", `no game session ${id}`));
      const etag = `"${session.length}"`;
      // A poller that holds this position gets no state again (RFC 9110 15.4.5).
      if (noneMatchHits(request.headers["if-none-match"], etag))
        return reply.status(304).header("etag", etag).send();
      return reply.header("etag", etag).send(describeSession(session));
    },
  );

  app.post(
    "/games/:id/commands",
    {
      serializerCompiler: jsonAsIs,
      schema: {
        summary: "Send one protocol command to a session",
        description:
          "Commands on one session are applied one at a time, in the order they arrive, whichever server process receives them. A command that changes the state is stored before the reply is sent.",
        params: idParams,
        headers: ifMatchHeaders,
        body: { $ref: "Command#" },
        response: {
          200: { description: "Applied: the new state and its events", headers: sessionEtag, $ref: "Reply#" },
          400: {
            description:
              "Nothing changed. A command the engine refuses (UNKNOWN_COMMAND, BAD_ARGUMENT, BAD_STATE, BAD_CONFIG: its reply with ok false, the error and the unchanged state, and the ETag) or a request the service refuses (BAD_JSON, BAD_REQUEST, TOO_DEEP: an error object)",
            headers: sessionEtag,
            anyOf: [{ $ref: "RefusedCommand#" }, errorRef],
          },
          422: {
            description:
              "A move the rules refuse (ILLEGAL_MOVE, GAME_OVER: the engine's reply with ok false, the error and the unchanged state, and the ETag), or TICK_DUE (an error object: a ranked real-time game owes ticks to the server's clock); nothing changed",
            headers: sessionEtag,
            anyOf: [{ $ref: "RefusedCommand#" }, errorRef],
          },
          ...idRefusals,
          403: refusal("NOT_YOUR_GAME: a ranked session takes its own player's commands only"),
          429: refusal(
            `TOO_FAST: a tick of a ranked real-time game ahead of the server's clock; ${COMPUTE_REFUSALS[429]}`,
          ),
          412: refusal(
            'PRECONDITION_FAILED: If-Match held a weak tag (W/"12"), which never matches strongly',
          ),
          409: refusal(
            `SEQ_MISMATCH: If-Match named another seq (another client moved first); SESSION_FULL: the session holds its maximum number of commands; BUSY: other clients kept moving first; ${unreadable}`,
          ),
          ...bodyRefusals,
          ...COMMON_RESPONSES,
          503: computeUnavailable,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const expected = readIfMatch(request.headers["if-match"]);
      const result = await sessions.command(
        id,
        request.body,
        expected,
        request.ip,
        request.player?.id ?? null,
      );
      if (!result.found) return reply.status(404).send(apiError("NOT_FOUND", `no game session ${id}`));
      const answer = result.reply;
      return reply
        .status(answer.ok ? 200 : refusalStatus(answer.error.code))
        .header("etag", `"${result.length}"`)
        .send({ ...answer, seq: result.length });
    },
  );
}

/** A player's name as given at creation: the leaderboards' clean-name rule (scores/names.ts). */
function readPlayerName(raw: string): string {
  const name = cleanName(raw);
  if (!name.ok) throw new ClientError(400, "BAD_NAME", name.message);
  return name.value;
}
