/**
 * Conditional GETs (RFC 9110 13.1.2, docs/service.md "The API"): If-None-Match compared weakly with
 * the answer's ETag, so a poller that holds the answer gets 304 and no body. Sessions' ETag is their
 * seq; a board's is a hash of its page.
 */
import { createHash } from "node:crypto";

/** The opaque part of an entity tag: `W/"12"` and `"12"` compare equal under weak comparison. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, "");
}

/**
 * Whether If-None-Match names this ETag: weak comparison, so "12" and W/"12" both match; `*`
 * matches any current answer; a list is searched. A malformed header matches nothing.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const wanted = opaque(etag);
  return header.split(",").some((tag) => opaque(tag) === wanted);
}

/**
 * A weak ETag of a JSON answer: the same content, the same tag (weak: the bytes sent differ with
 * the compression the client asked for).
 */
export function contentEtag(body: unknown): string {
  return `W/"${createHash("sha1").update(JSON.stringify(body)).digest("base64url").slice(0, 22)}"`;
}

/** The If-None-Match header as the routes' schemas document it. */
export const ifNoneMatchHeaders = {
  type: "object",
  properties: {
    "if-none-match": {
      type: "string",
      maxLength: 1024,
      description:
        'ETags the client already holds, e.g. "12": 304 with no body while the answer is the same.',
    },
  },
} as const;

/** The 304 as the routes' schemas document it. */
/** The weak ETag of an answer `contentEtag` tags, as the OpenAPI document declares it. */
export const CONTENT_ETAG_HEADER = {
  etag: {
    type: "string",
    description: 'A weak entity tag of the answer (W/"..."): send it back in If-None-Match',
  },
} as const;

export const NOT_MODIFIED_RESPONSE = {
  description: "Not modified: If-None-Match named the answer's ETag; no body",
  headers: CONTENT_ETAG_HEADER,
  type: "null",
} as const;
