/**
 * Who the player is (docs/service.md "Players"): every /api request with an Authorization header is
 * signed in or refused. `request.player` is the verified player, null without the header; a header
 * that does not verify is 401 BAD_PLAYER, never an anonymous request, so a client with a lost or
 * replaced secret learns it at once instead of playing unranked.
 * Tests: test/players.test.ts.
 */
import type { FastifyInstance } from "fastify";
import { ClientError, errorRef } from "../errors.js";
import type { Player, Players } from "../players.js";
import { isApiPath } from "../web-pages.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The player the Authorization header names, verified; null when the request has none. */
    player: Player | null;
  }
}

/** Documented on every /api route: any of them may be sent a header that does not verify. */
export const BAD_PLAYER_RESPONSE = {
  description:
    "BAD_PLAYER: the Authorization header is not 'Bearer <player>.<secret>' of a player (a recovered player's old secret no longer verifies); PLAYER_REQUIRED: the route needs a player and the request names none",
  ...errorRef,
} as const;

export function registerPlayers(app: FastifyInstance, players: Players): void {
  app.decorateRequest("player", null);
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.authorization;
    if (header === undefined || !isApiPath(request.url)) return done();
    players.verify(header).then(
      (found) => {
        if ("refused" in found) return done(new ClientError(401, "BAD_PLAYER", found.refused));
        request.player = found;
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });
  // Every /api route lists the 401 (test/openapi.test.ts: every status a route answers is documented).
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) return;
    const schema = route.schema ?? {};
    const responses = (schema.response ?? {}) as Record<string, unknown>;
    if (responses[401] !== undefined) return;
    route.schema = { ...schema, response: { ...responses, 401: BAD_PLAYER_RESPONSE } };
  });
}

/** The verified player of a route that needs one: 401 PLAYER_REQUIRED without. */
export function requirePlayer(player: Player | null, what: string): Player {
  if (player === null) {
    throw new ClientError(
      401,
      "PLAYER_REQUIRED",
      `${what} needs a player: send 'Authorization: Bearer <player>.<secret>' (POST /api/players makes one)`,
    );
  }
  return player;
}
