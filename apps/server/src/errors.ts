/**
 * One error shape for every refusal: `{"error":{"code","message"}}`, whoever answers: a route, the
 * schema validator, the body parser, the router (a bad or over-long URL) or the socket itself (a
 * request line or headers Node cannot parse). A response that ends the connection says so.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface ApiError {
  error: { code: string; message: string };
}

export function apiError(code: string, message: string): ApiError {
  return { error: { code, message } };
}

/** Registered with `addSchema`: routes refer to it as `Error#`, OpenAPI lists it as a component. */
export const errorSchema = {
  $id: "Error",
  type: "object",
  description: 'Every refusal: {"error":{"code","message"}}; the code is stable, the message is for people.',
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    },
  },
} as const;

export const errorRef = { $ref: "Error#" } as const;

/** The 503 of a route that needs no database: only a shutdown makes it. */
export const CLOSING_RESPONSE = {
  description: "CLOSING: the server is shutting down (the response says Connection: close)",
  ...errorRef,
} as const;

/** The 503 of a route that reads or writes the database (see databaseTrouble below). */
export const UNAVAILABLE_RESPONSE = {
  description:
    "DATABASE_UNAVAILABLE: the database does not answer (down, restarting, out of reach, or no connection free in time); DATABASE_BUSY: it kept refusing a write under contention; both with Retry-After, and the same request may be sent again (a command answered 503 may or may not have been logged: read the session's seq first). CLOSING: the server is shutting down (Connection: close)",
  headers: {
    "retry-after": {
      type: "integer",
      description: "Seconds to wait before trying again (DATABASE_UNAVAILABLE, DATABASE_BUSY)",
    },
  },
  ...errorRef,
} as const;

/**
 * An error a route or hook throws for a request it will not serve: the handler below answers it with
 * its status and code, so routes need no handlers of their own.
 */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A stored game played under another version of its rules than this server plays (engine
 * `GameDefinition.rulesVersion`): a session to go on with, or a replay to show. It would play as
 * another game, or not load at all, so it is refused for good: 410 RULES_CHANGED.
 */
export function rulesChanged(
  what: string,
  title: string,
  stored: number,
  current: number,
  then: string,
): ClientError {
  return new ClientError(
    410,
    "RULES_CHANGED",
    `${what} was played under version ${stored} of the rules of ${title}; this server plays version ${current}, under which it would be another game: ${then}`,
  );
}

/** Fastify's own error codes, as the API names them. */
const FASTIFY_CODES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "BAD_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_CONTENT_LENGTH",
  FST_ERR_BAD_URL: "BAD_URL",
  FST_ERR_MAX_PARAM_LENGTH: "URI_TOO_LONG",
};

/** Seconds a client is told to wait (`Retry-After`) when the database does not answer. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Socket failures on the way to the database: refused, reset, unreachable, timed out. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a database that is not there for now: 57P01 admin_shutdown (a fast stop or
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
 * in recovery); class 08 (connection exceptions) and class 53 (too many connections, out of memory
 * or disk) are matched by prefix below.
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03"]);

/** node-postgres and its pool report a lost or missing connection with these messages, no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|timeout expired)/;

/** A refusal of the database's own (deadlock victim, serialization failure) after the storage's retries. */
const BUSY_STATES = new Set(["40P01", "40001"]);

/**
 * What a database error means for the client, or undefined when it is not one of those: the
 * database is down or out of reach (DATABASE_UNAVAILABLE) or kept refusing a write under contention
 * (DATABASE_BUSY). Either is answered 503 with Retry-After, never 500: the request was good and may
 * succeed later, and no restart of the service is needed (docs/service.md "Operations").
 */
export function databaseTrouble(err: unknown): "DATABASE_UNAVAILABLE" | "DATABASE_BUSY" | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    const { code, syscall, message, cause, errors } = e as {
      code?: unknown;
      syscall?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (BUSY_STATES.has(code)) return "DATABASE_BUSY";
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^(08|53)[0-9A-Z]{3}$/.test(code))
        return "DATABASE_UNAVAILABLE";
    }
    // A connect that failed for any reason (a missing Unix socket is ENOENT).
    if (syscall === "connect") return "DATABASE_UNAVAILABLE";
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return "DATABASE_UNAVAILABLE";
    // The pool wraps a timeout around its cause; Node gives AggregateError for every address tried.
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
}

const DATABASE_MESSAGES = {
  DATABASE_UNAVAILABLE: "the database does not answer; try again shortly (see Retry-After)",
  DATABASE_BUSY: "the database kept refusing this write under contention; try again shortly",
} as const;

/** Maps Fastify's own client errors (bad JSON, schema, size, media type) to the API's error shape. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ClientError, request, reply) => {
    if (err instanceof ClientError) {
      request.log.warn({ err }, "request refused");
      return reply.status(err.statusCode).send(apiError(err.code, err.message));
    }
    const status = err.statusCode ?? 500;
    if (err.validation) {
      return reply
        .status(400)
        .send(apiError("BAD_REQUEST", `${err.validationContext ?? "request"} ${err.message}`));
    }
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[err.code] ?? "BAD_REQUEST";
      return reply.status(status).send(apiError(code, err.message));
    }
    const trouble = databaseTrouble(err);
    if (trouble !== undefined) {
      request.log.warn({ err }, "database unavailable");
      app.metrics?.databaseError(trouble);
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .send(apiError(trouble, DATABASE_MESSAGES[trouble]));
    }
    request.log.error({ err }, "unexpected error");
    return reply.status(500).send(apiError("INTERNAL", "unexpected server error"));
  });
}

/**
 * Fastify's `frameworkErrors` option: the router's refusals before any route runs. A bad
 * percent-encoding is a 400, a path segment longer than the router takes is a 414.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "a path segment is too long (an id has at most 64 characters)"
      : error.code === "FST_ERR_BAD_URL"
        ? "the URL is not validly percent-encoded"
        : "the request cannot be routed";
  void reply
    .status(status)
    .header("cache-control", "no-store")
    .send(apiError(FASTIFY_CODES[error.code] ?? "BAD_REQUEST", message));
}

const answeredSockets = new WeakSet<Socket>();

/** How long a refused connection may go on sending before it is cut. */
const LINGER_MS = 2000;

/**
 * Fastify's `clientErrorHandler` option: Node could not parse the request (a request line or headers
 * over the size limit, a malformed request line), so there is no request object and the connection
 * cannot go on. The answer has the one error shape and `Connection: close`; the socket is half-closed
 * and what the client still sends is read and dropped for a moment, so the client reads the answer
 * and a clean end instead of a reset.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed || answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  const [status, code, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "HEADERS_TOO_LARGE", "the request line and headers exceed 16 KiB"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "REQUEST_TIMEOUT", "the request took too long to arrive"]
        : [400, "BAD_HTTP", "the request is not valid HTTP/1.1"];
  const body = JSON.stringify(apiError(code, message));
  // The answer to a HEAD has no body, even when the request around it was refused.
  const head = (err as { rawPacket?: Buffer }).rawPacket?.toString("latin1", 0, 5) === "HEAD ";
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        "Cache-Control: no-store\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? "" : body}`,
    );
  }
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
