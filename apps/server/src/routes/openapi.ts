/**
 * GET /api/openapi.json: a hand-written OpenAPI 3.1 document of the service, built from the same
 * JSON schemas the routes validate with, so the two cannot drift apart.
 */
import type { FastifyInstance } from "fastify";
import { errorSchema } from "../errors.js";
import { commandBodySchema, createBodySchema, replySchema, sessionSchema } from "./games.js";

const json = (schema: unknown, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const idParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The session id returned by POST /api/games.",
  schema: { type: "string" },
};

const clientError = json(
  { $ref: "#/components/schemas/Error" },
  "Bad input: bad JSON, an unknown game, a config the game refuses, a body over 16 KiB",
);

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Block Arcade game service",
    version: "0.1.0",
    description:
      "Every game of the arcade over HTTP, speaking the commands of docs/protocol.md. Sessions are stored as (game, seed, config) and the log of accepted commands, and survive restarts.",
  },
  paths: {
    "/api/health": {
      get: {
        summary: "Liveness and database check",
        responses: { 200: json({ type: "object", properties: { status: { type: "string" } } }, "Healthy") },
      },
    },
    "/api/games": {
      post: {
        summary: "Start a game session",
        requestBody: {
          required: true,
          ...json({ $ref: "#/components/schemas/CreateGame" }, "The game to start"),
        },
        responses: {
          201: json({ $ref: "#/components/schemas/Session" }, "The new session and its first state"),
          400: clientError,
          413: clientError,
          415: clientError,
        },
      },
    },
    "/api/games/{id}": {
      get: {
        summary: "Read a session's current state",
        parameters: [idParameter],
        responses: {
          200: json({ $ref: "#/components/schemas/Session" }, "The session"),
          404: json({ $ref: "#/components/schemas/Error" }, "No such session"),
        },
      },
    },
    "/api/games/{id}/commands": {
      post: {
        summary: "Send one command to a session",
        description:
          'Any protocol command: the game\'s own (match3: {"cmd":"frame","commands":"LR"}) or state, new, load, legal. Commands are applied one at a time, in order.',
        parameters: [idParameter],
        requestBody: { required: true, ...json({ $ref: "#/components/schemas/Command" }, "The command") },
        responses: {
          200: json({ $ref: "#/components/schemas/Reply" }, "Applied: the new state and its events"),
          400: json(
            { oneOf: [{ $ref: "#/components/schemas/Reply" }, { $ref: "#/components/schemas/Error" }] },
            "A malformed command (unknown cmd, bad arguments, bad JSON): nothing changed",
          ),
          404: json({ $ref: "#/components/schemas/Error" }, "No such session"),
          413: clientError,
          422: json(
            { $ref: "#/components/schemas/Reply" },
            "A move the rules refuse (ILLEGAL_MOVE, GAME_OVER): nothing changed",
          ),
        },
      },
    },
  },
  components: {
    schemas: {
      CreateGame: createBodySchema,
      Command: commandBodySchema,
      Session: sessionSchema,
      Reply: replySchema,
      Error: errorSchema,
    },
  },
} as const;

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/openapi.json",
    {
      schema: {
        summary: "This document",
        response: { 200: { type: "object", required: ["openapi", "paths"], additionalProperties: true } },
      },
    },
    (_request, reply) => reply.send(openApiDocument),
  );
}
