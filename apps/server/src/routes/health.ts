import type { FastifyInstance } from "fastify";
import { COMMON_RESPONSES } from "./games.js";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/health",
    {
      schema: {
        summary: "Liveness and database check",
        response: {
          200: {
            description: "The process answers and so does its database",
            type: "object",
            required: ["status", "database"],
            properties: {
              status: { type: "string", enum: ["ok"] },
              database: {
                type: "string",
                enum: ["ok"],
                description: "A query on the database (SQLite or PostgreSQL) succeeded.",
              },
            },
          },
          ...COMMON_RESPONSES,
        },
      },
    },
    async () => {
      // A trivial query proves the database answers, not only the process.
      await app.storage.ping();
      return { status: "ok", database: "ok" };
    },
  );
}
