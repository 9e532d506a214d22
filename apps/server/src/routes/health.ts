/**
 * GET /api/health is liveness: the process answers, without touching the database, so a database
 * outage never makes an orchestrator restart healthy processes (a restart cannot bring the database
 * back). GET /api/ready is readiness: a query on the database answered and found every migration
 * applied (and the process is not shutting down: app.ts answers 503 CLOSING), so a load balancer sends
 * requests only where they can be served; 503 with Retry-After while it does not (docs/service.md
 * "Operations").
 */
import type { FastifyInstance } from "fastify";
import { apiError, DATABASE_RETRY_AFTER_S, UNAVAILABLE_RESPONSE } from "../errors.js";
import { MIGRATIONS } from "../store/migrations.js";
import { NO_DATABASE_RESPONSES, SOCKET_RESPONSES } from "./games.js";

/** A database that holds a ping longer than this is not ready (a stopped server keeps its sockets open). */
export const READY_TIMEOUT_MS = 3000;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/health",
    {
      schema: {
        summary: "Liveness: the process answers (no database query)",
        response: {
          200: {
            description: "The process answers; says nothing of the database (see /api/ready)",
            type: "object",
            required: ["status"],
            properties: { status: { type: "string", enum: ["ok"] } },
          },
          ...NO_DATABASE_RESPONSES,
        },
      },
    },
    async () => ({ status: "ok" }),
  );

  app.get(
    "/ready",
    {
      schema: {
        summary: "Readiness: the process and its database answer",
        response: {
          200: {
            description:
              "A query on the database (SQLite or PostgreSQL) succeeded and every migration is applied",
            type: "object",
            required: ["status", "database"],
            properties: {
              status: { type: "string", enum: ["ok"] },
              database: { type: "string", enum: ["ok"] },
            },
          },
          ...SOCKET_RESPONSES,
          503: {
            ...UNAVAILABLE_RESPONSE,
            description:
              "DATABASE_UNAVAILABLE: the database did not answer within 3 s or lacks migrations this code needs (Retry-After says when to ask again); CLOSING: the server is shutting down (Connection: close)",
          },
        },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the database did not answer in time")), READY_TIMEOUT_MS);
      });
      try {
        const applied = await Promise.race([app.storage.ping(), late]);
        // A database replaced under a running process (a restore of an older backup) is not this
        // code's schema: not ready until a restart migrates it.
        if (applied < MIGRATIONS.length) {
          throw new Error(`the database has ${applied} of ${MIGRATIONS.length} migrations applied`);
        }
        return { status: "ok", database: "ok" };
      } catch (err) {
        // Whatever the failure, the answer is "not ready": a readiness probe wants a yes or a no.
        request.log.warn({ err }, "not ready");
        app.metrics?.databaseError("READY_FAILED");
        return reply
          .status(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_S))
          .send(apiError("DATABASE_UNAVAILABLE", "the database does not answer; try again shortly"));
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
