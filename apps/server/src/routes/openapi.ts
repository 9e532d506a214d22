/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the routes' own
 * schemas (bodies, parameters, headers, every response status), so the document cannot drift from
 * the code. `completeDocument` adds what a route schema cannot say (docs/service.md "The API
 * document"): each game's commands and configs, which the routes pass to the engine to check.
 */
import type { FastifyInstance } from "fastify";
import { OFFERED_IDS } from "../games.js";
import { componentName, schemaComponents } from "../schemas.js";
import { NO_DATABASE_RESPONSES } from "./games.js";

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/openapi.json",
    {
      schema: {
        summary: "This document",
        response: {
          200: {
            description: "The OpenAPI 3.1 document of the service",
            type: "object",
            required: ["openapi", "info", "paths"],
            additionalProperties: true,
            properties: {
              openapi: { type: "string" },
              info: { type: "object", additionalProperties: true },
              paths: { type: "object", additionalProperties: true },
            },
          },
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    (_request, reply) => reply.send(app.swagger()),
  );
}

/** Every operation's id, by method and route: a client generator names its functions after them. */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  "GET /api/health": "getHealth",
  "GET /api/ready": "getReady",
  "GET /api/openapi.json": "getOpenApi",
  "GET /api/schemas": "listSchemas",
  "GET /api/schemas/:file": "getSchema",
  "POST /api/games": "createGame",
  "GET /api/games/:id": "getGame",
  "POST /api/games/:id/commands": "sendCommand",
  "POST /api/seeds": "postSeed",
  "GET /api/daily/:game": "getDaily",
  "POST /api/scores": "postScore",
  "GET /api/leaderboards/:game": "getLeaderboard",
  "POST /api/players": "createPlayer",
  "POST /api/players/recover": "recoverPlayer",
  "GET /api/players/me": "getMe",
  "GET /api/replays/:id": "getReplay",
  "GET /api/replays/:id/scores": "getReplayScores",
};

/** The operationId of a route; a route missing from OPERATION_IDS fails at start, not in a client. */
export function operationIdOf(method: string, url: string): string {
  const id = OPERATION_IDS[`${method} ${url}`];
  if (id === undefined) throw new Error(`no operationId for ${method} ${url}: add it to OPERATION_IDS`);
  return id;
}

/** The game schemas as components, registered with `addSchema` (only documents refer to them). */
export function gameComponents(): Record<string, unknown>[] {
  return schemaComponents();
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The document's game schemas by name. A command's shape depends on the session's game, which the
 * command route learns only from the session: its schema checks the envelope (`{"cmd": string}`)
 * and the engine checks the rest with the game's schema (core/check-input.ts), answering its own
 * refusal (a 400 with the state); the document gives each game's union instead of the envelope.
 * POST /api/games's body holds each game's config schema itself (the route checks it); here each is
 * named by its component.
 */
export function completeDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const components = doc.components as { schemas: Record<string, Record<string, unknown>> };
  const schemas = components.schemas;
  const command = schemas.Command;
  if (command) {
    schemas.Command = {
      description: `${command.description as string} The command's shape depends on the session's game: each game's schema (BlastCommand, ...) lists them.`,
      anyOf: OFFERED_IDS.map((game) => ref(componentName(game, "command"))),
    };
  }
  const create = schemas.CreateGame as { anyOf?: { properties?: Record<string, unknown> }[] } | undefined;
  for (const [i, member] of (create?.anyOf ?? []).entries()) {
    const game = OFFERED_IDS[i];
    if (member.properties && game !== undefined)
      member.properties.config = ref(componentName(game, "config-input"));
  }
  return doc;
}
