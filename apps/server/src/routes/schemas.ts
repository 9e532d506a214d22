/**
 * GET /api/schemas/ lists the protocol's JSON Schemas, GET /api/schemas/{file} answers one
 * (docs/service.md "Schemas"). Built once when the routes are registered: they change only with
 * the engine.
 */
import type { FastifyInstance } from "fastify";
import { apiError, errorRef } from "../errors.js";
import { MAX_ID_LENGTH } from "../limits.js";
import { publishedSchemas, schemaFile, schemaIndex } from "../schemas.js";
import { NO_DATABASE_RESPONSES } from "./games.js";

const jsonAsIs = () => (data: unknown) => JSON.stringify(data);

export async function schemaRoutes(app: FastifyInstance): Promise<void> {
  const entries = publishedSchemas();
  const files = new Map(entries.map((entry) => [entry.file, JSON.stringify(schemaFile(entry))]));
  const index = schemaIndex("/api/schemas/");
  const indexSchema = {
    summary: "List the protocol's JSON Schemas",
    response: {
      200: {
        description: "Every game's schemas: config, commands, state, public state, events, reply",
        type: "object",
        required: ["dialect", "schemas"],
        properties: {
          dialect: { type: "string", description: "The JSON Schema dialect of every schema" },
          schemas: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "file", "game", "kind", "description", "url"],
              properties: {
                name: { type: "string", description: "Its component name in /api/openapi.json" },
                file: { type: "string" },
                game: { type: "string" },
                kind: { type: "string" },
                description: { type: "string" },
                url: { type: "string" },
              },
            },
          },
        },
      },
      ...NO_DATABASE_RESPONSES,
    },
  };
  const answerIndex = async () => index;
  app.get("/schemas", { serializerCompiler: jsonAsIs, schema: indexSchema }, answerIndex);
  // The same list at the path with a slash, left out of the document (a path ends without one).
  app.get("/schemas/", { serializerCompiler: jsonAsIs, schema: { ...indexSchema, hide: true } }, answerIndex);

  app.get(
    "/schemas/:file",
    {
      serializerCompiler: jsonAsIs,
      schema: {
        summary: "Read one of the protocol's JSON Schemas",
        params: {
          type: "object",
          required: ["file"],
          properties: {
            file: {
              type: "string",
              maxLength: MAX_ID_LENGTH,
              description: "A file the list names, e.g. blast-command.json",
            },
          },
        },
        response: {
          200: {
            description: "The schema (JSON Schema 2020-12)",
            type: "object",
            additionalProperties: true,
          },
          400: { description: "BAD_REQUEST: the name is over 64 characters", ...errorRef },
          404: { description: "NOT_FOUND: no schema has this name", ...errorRef },
          414: { description: "URI_TOO_LONG: the name is over 100 characters", ...errorRef },
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const text = files.get(file);
      if (text === undefined) {
        return reply.status(404).send(apiError("NOT_FOUND", "no such schema; GET /api/schemas/ lists them"));
      }
      return reply.type("application/json; charset=utf-8").send(text);
    },
  );
}
