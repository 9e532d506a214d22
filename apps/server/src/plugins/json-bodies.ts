/**
 * Request bodies (docs/service.md "Limits"): JSON only, and nesting refused while the body is read,
 * before JSON.parse. A body nested thousands of levels deep (it fits in a few KiB) overflows the
 * stack of any recursive reader, JSON.stringify included, and one nested millions deep holds
 * JSON.parse for seconds. The parser (json-depth.ts) stops at the first level too deep, whatever the
 * length, and counts the bytes for the routes. Size limits are the constructor's and each route's.
 * Tests: test/body-limits.test.ts.
 */
import type { FastifyInstance } from "fastify";
import { ClientError } from "../errors.js";
import { type DepthScan, jsonBodyParser } from "../json-depth.js";
import { MAX_BODY_DEPTH } from "../limits.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The depth scan of a JSON body as it was read (its size in `bytes`); null without a body. */
    bodyScan: DepthScan | null;
  }
}

export function registerJsonBodies(app: FastifyInstance): void {
  // The API speaks JSON only: a text body is a 415, not a string the schemas then refuse.
  app.removeContentTypeParser("text/plain");
  app.decorateRequest("bodyScan", null);
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", jsonBodyParser(MAX_BODY_DEPTH, parseJson, tooDeep));
}

function tooDeep(): ClientError {
  return new ClientError(
    400,
    "TOO_DEEP",
    `a request body may nest at most ${MAX_BODY_DEPTH} levels of arrays and objects`,
  );
}
