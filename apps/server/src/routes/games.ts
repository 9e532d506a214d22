/**
 * The game service (protocol.md "HTTP"): sessions of any game registered in the engine.
 *   POST /api/games               {"game","seed","config"} -> 201 {"id","game","state"}
 *   POST /api/games/:id/commands  a protocol command       -> 200 reply | 4xx
 *   GET  /api/games/:id                                     -> 200 {"id","game","state"}
 */
import { randomInt } from "node:crypto";
import { GAME_IDS, MAX_SEED, registeredGames } from "@blockarcade/engine";
import type { FastifyInstance } from "fastify";
import { apiError, errorSchema } from "../errors.js";
import { SessionStore } from "../sessions.js";

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/** Largest body of a game request; a command or a config is a few hundred bytes. */
export const GAME_BODY_LIMIT = 16 * 1024;

const stateSchema = {
  type: "object",
  description: "The game's state (protocol.md); its fields depend on the game.",
  required: ["game", "seed", "score", "over", "board"],
  additionalProperties: true,
  properties: {
    game: { type: "string" },
    seed: { type: "integer" },
    score: { type: "integer" },
    over: { type: "boolean" },
    board: { type: "array", items: { type: "string" } },
  },
} as const;

const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", maxLength: 64 } },
} as const;

const CREATE_FIELDS = ["game", "seed", "config"];

export const createBodySchema = {
  type: "object",
  required: ["game"],
  properties: {
    game: { type: "string", maxLength: 32, description: `Which game to start: ${GAME_IDS.join(", ")}.` },
    seed: {
      type: "integer",
      minimum: 0,
      maximum: MAX_SEED,
      description: "Seed of the game; drawn at random when left out.",
    },
    config: { description: 'The game\'s config, e.g. {"input": "5 8 H^^* V*@^"} for match3.' },
  },
} as const;

export const commandBodySchema = {
  type: "object",
  required: ["cmd"],
  additionalProperties: true,
  description: 'A protocol command, e.g. {"cmd":"frame","commands":"LR"} or {"cmd":"state"}.',
  properties: { cmd: { type: "string", maxLength: 64 } },
} as const;

export const sessionSchema = {
  type: "object",
  required: ["id", "game", "state"],
  properties: { id: { type: "string" }, game: { type: "string" }, state: stateSchema },
} as const;

export const replySchema = {
  type: "object",
  required: ["ok", "state"],
  additionalProperties: true,
  description: "The engine's reply: ok with events (and legal for legal), or ok false with the error.",
  properties: {
    ok: { type: "boolean" },
    state: stateSchema,
    events: { type: "array", items: { type: "object", additionalProperties: true } },
    error: errorSchema.properties.error,
  },
} as const;

/** A 400 is either an engine refusal (a reply) or a request the schemas refuse (an error object). */
const badRequestSchema = {
  type: "object",
  required: ["error"],
  properties: { ...replySchema.properties },
} as const;

/** Refusals the rules make (a move they forbid) are 422; a malformed command is 400. */
function refusalStatus(code: string): 400 | 422 {
  return code === "ILLEGAL_MOVE" || code === "GAME_OVER" ? 422 : 400;
}

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const sessions = new SessionStore(app.db);
  app.decorate("sessions", sessions);

  app.post(
    "/games",
    {
      bodyLimit: GAME_BODY_LIMIT,
      schema: {
        summary: "Start a game session",
        body: createBodySchema,
        response: { 201: sessionSchema, 400: errorSchema },
      },
    },
    (request, reply) => {
      const body = request.body as { game: string; seed?: number; config?: unknown };
      // Checked here rather than by the schema: Fastify's validator would silently drop them.
      const unknown = Object.keys(body).filter((key) => !CREATE_FIELDS.includes(key));
      if (unknown.length > 0) {
        return reply
          .status(400)
          .send(
            apiError("BAD_REQUEST", `unknown field ${unknown.join(", ")}; a game takes game, seed, config`),
          );
      }
      const seed = body.seed ?? randomInt(0, 2 ** 32 - 1);
      const created = sessions.create(body.game, seed, body.config);
      if (!created.ok) {
        const known = registeredGames().map((g) => g.id);
        const message =
          created.error.code === "UNKNOWN_GAME"
            ? `${body.game} is not offered by this server; games: ${known.join(", ")}`
            : created.error.message;
        return reply.status(400).send(apiError(created.error.code, message));
      }
      const { id, game, state } = created.session;
      return reply.status(201).send({ id, game: game.id, state });
    },
  );

  app.get(
    "/games/:id",
    {
      schema: {
        summary: "Read a session's current state",
        params: idParams,
        response: { 200: sessionSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    (request, reply) => {
      const { id } = request.params as { id: string };
      const session = sessions.get(id);
      if (!session) return reply.status(404).send(apiError("NOT_FOUND", `no game session ${id}`));
      return reply.send({ id, game: session.game.id, state: session.state });
    },
  );

  app.post(
    "/games/:id/commands",
    {
      bodyLimit: GAME_BODY_LIMIT,
      schema: {
        summary: "Send one protocol command to a session",
        params: idParams,
        body: commandBodySchema,
        response: {
          200: replySchema,
          400: badRequestSchema,
          404: errorSchema,
          409: errorSchema,
          422: replySchema,
        },
      },
    },
    // Synchronous on purpose: nothing may be awaited between reading and writing a session.
    (request, reply) => {
      const { id } = request.params as { id: string };
      const result = sessions.command(id, request.body);
      if (!result.found) return reply.status(404).send(apiError("NOT_FOUND", `no game session ${id}`));
      const answer = result.reply;
      return reply.status(answer.ok ? 200 : refusalStatus(answer.error.code)).send(answer);
    },
  );
}
