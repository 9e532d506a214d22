/** One error shape for every client mistake: `{"error":{"code","message"}}` with a 4xx status. */
import type { FastifyError, FastifyInstance } from "fastify";

export interface ApiError {
  error: { code: string; message: string };
}

export function apiError(code: string, message: string): ApiError {
  return { error: { code, message } };
}

export const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    },
  },
} as const;

/**
 * An error a route throws for a request it cannot serve (a 4xx): the handler below answers it with
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
      const code =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
          ? "BAD_JSON"
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "BODY_TOO_LARGE"
            : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
              ? "UNSUPPORTED_MEDIA_TYPE"
              : "BAD_REQUEST";
      return reply.status(status).send(apiError(code, err.message));
    }
    request.log.error({ err }, "unexpected error");
    return reply.status(500).send(apiError("INTERNAL", "unexpected server error"));
  });
}
