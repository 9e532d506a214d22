import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/health",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["status"],
            properties: { status: { type: "string" }, database: { type: "string" } },
          },
        },
      },
    },
    async () => {
      // A trivial query proves the database answers, not only the process.
      app.db.prepare("SELECT 1").get();
      return { status: "ok", database: "ok" };
    },
  );
}
