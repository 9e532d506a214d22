/**
 * What the logs say (docs/service.md "Protections"): no line per request, a line per refusal (debug)
 * and per failure (error), and no session id anywhere, the only key to a session.
 * Tests: test/security.test.ts "logs".
 */
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";

/**
 * No info line per request: a command costs microseconds and two info lines as much again. Refusals
 * and failures are logged by registerRequestLog's hook below and by errors.ts; Fastify's own error
 * lines (a response stream that failed, a serializer that threw) stay.
 */
export class QuietLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/** Any session id in a path, as written in a URL or in a message. */
const SESSION_PATH = /\/api\/games\/[^/?#\s"\\]+/g;
/** Session ids are UUIDs (sessions.ts): one inside a message is blanked too. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A URL as a log may show it: no query, no session id. */
export function redactPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.replace(SESSION_PATH, "/api/games/:id");
}

/**
 * The logger option with the serializers and the last-moment filter that keep session ids (the only
 * key to a session) out of every line: a request is logged by its route pattern, and any line
 * still holding a games path or a UUID has them blanked before it is written.
 */
export function loggerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === undefined || logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: request.routeOptions?.url ?? redactPath(request.url),
      }),
    },
    hooks: {
      ...base.hooks,
      streamWrite: (line: string) => line.replace(SESSION_PATH, "/api/games/:id").replace(UUID, "<id>"),
    },
  };
}

/** Refusals at debug, failures at error: with request logging off, these are the request lines. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    if (status >= 500) {
      request.log.error({ req: request, status, ms: Math.round(reply.elapsedTime) }, "request answered");
    } else if (status >= 400) {
      request.log.debug({ req: request, status }, "request answered");
    }
    done();
  });
}
