/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the routes' own
 * schemas (bodies, parameters, every response status), so the document cannot drift from the code.
 */
import type { FastifyInstance } from "fastify";
import { CLOSING_RESPONSE } from "../errors.js";

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
          503: CLOSING_RESPONSE,
        },
      },
    },
    (_request, reply) => reply.send(app.swagger()),
  );
}
