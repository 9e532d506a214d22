/**
 * Players (docs/service.md "Players"):
 *   POST /api/players           (no body, or {})   -> 201 {"player","secret","recoveryCode"}
 *   POST /api/players/recover   {"recoveryCode"}   -> 200 {"player","secret","recoveryCode"} (new secret, new code)
 *   GET  /api/players/me        (signed in)        -> 200 {"player","names"}
 */
import type { FastifyInstance } from "fastify";
import { ClientError, errorRef } from "../errors.js";
import { requirePlayer } from "../plugins/players.js";
import { COMMON_RESPONSES } from "./games.js";

/** A recovery code, an empty object: a small body is all these routes take. */
const PLAYER_BODY_LIMIT = 1024;

const credentialsSchema = {
  type: "object",
  required: ["player", "secret", "recoveryCode"],
  properties: {
    player: { type: "string", description: "The player's id (p_ and 22 base64url characters); public." },
    secret: {
      type: "string",
      description:
        "43 base64url characters; sign requests with 'Authorization: Bearer <player>.<secret>'. Keep it private.",
    },
    recoveryCode: {
      type: "string",
      description:
        "XXXX-XXXX-XXXX-XXXX-XXXX: carries the player to another device (POST /api/players/recover). Keep it private.",
    },
  },
} as const;

const refusal = (description: string) => ({ description, ...errorRef });
const notJson = refusal("UNSUPPORTED_MEDIA_TYPE: the body is not application/json");
const tooLarge = refusal(`BODY_TOO_LARGE: the body is over ${PLAYER_BODY_LIMIT} bytes`);

export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const players = app.players;

  app.post(
    "/players",
    {
      bodyLimit: PLAYER_BODY_LIMIT,
      schema: {
        summary: "A new player: an id, a secret and a recovery code",
        description: "No body, or an empty JSON object: the server makes everything.",
        response: {
          201: { description: "The new player's credentials, shown this once", ...credentialsSchema },
          400: refusal("BAD_JSON, BAD_REQUEST (a field: this route takes none), TOO_DEEP"),
          413: tooLarge,
          415: notJson,
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      // No body schema: a schema of "object" would refuse the empty request the route is for.
      const body = request.body;
      if (
        body !== undefined &&
        (typeof body !== "object" || body === null || Array.isArray(body) || Object.keys(body).length > 0)
      ) {
        throw new ClientError(400, "BAD_REQUEST", "POST /api/players takes no fields: send no body, or {}");
      }
      return reply.status(201).send(await players.create());
    },
  );

  app.post<{ Body: { recoveryCode: string } }>(
    "/players/recover",
    {
      bodyLimit: PLAYER_BODY_LIMIT,
      schema: {
        summary: "Carry a player to this device: a new secret and a new recovery code",
        body: {
          type: "object",
          required: ["recoveryCode"],
          additionalProperties: false,
          properties: {
            recoveryCode: {
              type: "string",
              maxLength: 64,
              description: "As given (case, spaces and dashes do not matter; O reads as 0, I and L as 1).",
            },
          },
        },
        response: {
          200: {
            description: "The player's new secret and new recovery code; the old ones no longer work",
            ...credentialsSchema,
          },
          400: refusal(
            "BAD_RECOVERY_CODE: not the shape of a recovery code; BAD_JSON, BAD_REQUEST, TOO_DEEP",
          ),
          413: tooLarge,
          415: notJson,
          401: refusal(
            "BAD_RECOVERY_CODE: no player has this recovery code (a used code is replaced); BAD_PLAYER: see Authorization",
          ),
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request) => {
      const found = await players.recover(request.body.recoveryCode);
      if (found === undefined) {
        throw new ClientError(
          401,
          "BAD_RECOVERY_CODE",
          "no player has this recovery code (a used code is replaced by a new one)",
        );
      }
      if ("refused" in found) throw new ClientError(400, "BAD_RECOVERY_CODE", found.refused);
      return found;
    },
  );

  app.get(
    "/players/me",
    {
      schema: {
        summary: "The signed-in player and the names it owns",
        response: {
          200: {
            description: "The player and the names it took first, in the order taken",
            type: "object",
            required: ["player", "names"],
            properties: {
              player: { type: "string" },
              names: { type: "array", items: { type: "string" } },
            },
          },
          401: refusal("PLAYER_REQUIRED: no Authorization header; BAD_PLAYER: it does not verify"),
          ...COMMON_RESPONSES,
        },
      },
    },
    async (request) => {
      const player = requirePlayer(request.player, "GET /api/players/me");
      return { player: player.id, names: await players.names(player.id) };
    },
  );
}
