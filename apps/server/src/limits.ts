/**
 * The service's limits, in one place for the routes, the tests and docs/service.md. A game request is
 * a few hundred bytes and a few levels deep; these leave ample room and bound the work per request.
 */
import { MAX_JSON_DEPTH } from "@blockarcade/engine/core";

/**
 * Largest body of a session request (a new game, a command), in bytes: the largest `load` of a game's
 * position (a Blocky tree 8 levels deep is about 15 KB) or config. Every route takes it.
 */
export const BODY_LIMIT = 16 * 1024;

/**
 * Deepest nesting of arrays and objects in a body: one level for the body itself above the deepest
 * config, command or state the engine takes, so the engine's own, more precise refusals still speak.
 * Checked byte by byte while the body is read (json-depth.ts): a deeper body is refused (400
 * TOO_DEEP) at that byte, before JSON.parse, whatever its length.
 */
export const MAX_BODY_DEPTH = MAX_JSON_DEPTH + 1;

/** Longest session id the routes take; the router refuses a path segment over MAX_PARAM_LENGTH. */
export const MAX_ID_LENGTH = 64;
export const MAX_PARAM_LENGTH = 100;

/** Node's limit on the request line plus headers (its default, stated so it cannot change quietly). */
export const MAX_HEADER_BYTES = 16 * 1024;
