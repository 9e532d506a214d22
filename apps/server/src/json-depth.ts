/**
 * Nesting refused while a body is read, before any JSON.parse: a JSON body nested millions of levels
 * deep fits in a few MiB and costs JSON.parse seconds of CPU (and a recursive reader its stack). A
 * byte scan that knows strings and their escapes counts the open arrays and objects as the chunks
 * arrive, O(n) with no allocation, and stops the body at the first level too deep.
 */
import type { Readable } from "node:stream";
import { errorCodes, type FastifyRequest } from "fastify";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** The scan's state between chunks: a string or an escape may be cut by a chunk's end. */
export class DepthScan {
  depth = 0;
  bytes = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Scans the next chunk; false as soon as the nesting passes `max`. */
  push(chunk: Uint8Array): boolean {
    this.bytes += chunk.length;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    const max = this.max;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) {
          this.depth = depth;
          return false;
        }
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        // Unbalanced closers are JSON.parse's to refuse; they never make the nesting deeper.
        if (depth > 0) depth--;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

type Done = (err: Error | null, body?: unknown) => void;
type TextParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * The application/json body parser: reads the body itself (Fastify hands a parser without `parseAs`
 * the raw stream), with the route's byte limit, the depth scan on every chunk, and Fastify's own
 * JSON parser (with its prototype-poisoning checks) on what passed. A refusal stops reading at once:
 * the rest of the body is never kept.
 */
export function jsonBodyParser(maxDepth: number, parseText: TextParser, tooDeep: () => Error) {
  return (request: FastifyRequest, payload: Readable, done: Done): void => {
    const limit = request.routeOptions.bodyLimit;
    const declared = Number(request.headers["content-length"]);
    if (declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const scan = new DepthScan(maxDepth);
    request.bodyScan = scan;
    const chunks: Buffer[] = [];
    const stop = () => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!scan.push(bytes)) {
        stop();
        done(tooDeep());
      } else if (scan.bytes > limit) {
        stop();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      } else {
        chunks.push(bytes);
      }
    }
    function onEnd() {
      stop();
      if (!Number.isNaN(declared) && scan.bytes !== declared) {
        done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      parseText(request, Buffer.concat(chunks, scan.bytes).toString("utf8"), done);
    }
    function onError(err: Error & { statusCode?: number }) {
      stop();
      if (!(typeof err.statusCode === "number" && err.statusCode >= 400)) err.statusCode = 400;
      done(err);
    }
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  };
}
