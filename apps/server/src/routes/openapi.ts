/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the routes' own
 * schemas (bodies, parameters, every response status), so the document cannot drift from the code.
 */
import type { FastifyInstance } from "fastify";
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
          },
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    (_request, reply) => reply.send(app.swagger()),
  );
}
