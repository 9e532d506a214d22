/**
 * Replays of entered ranked games (docs/service.md "Replays"):
 *   GET /api/replays/:id         -> 200 {"id","game","config","seed","commands","score","name","date","board","day"?,"moves"}
 *                                   403 REPLAY_LOCKED (a daily game before its UTC day is over), 404 UNKNOWN_REPLAY
 *   GET /api/replays/:id/scores  -> 200 {"id","name","score","scores"} (never locked)
 * `id` is a board entry's `replay` (scores.id). The answers are built as text by the Replays service
 * (a replay's commands are sent as kept, never parsed and serialized again); the schemas below are
 * the OpenAPI document.
 */
import type { FastifyInstance } from "fastify";
import { ClientError, errorRef } from "../errors.js";
import { COMMON_RESPONSES, computeUnavailable } from "./games.js";

const refusal = (description: string) => ({ description, ...errorRef });

/** Longest id the routes read: 15 digits is past every id a table of safe integers holds. */
const MAX_REPLAY_ID_DIGITS = 15;

const idParams = {
  type: "object",
  required: ["id"],
  properties: {
    id: {
      type: "string",
      maxLength: 32,
      description: "The replay's id: the `replay` of a board entry (the entry's own id).",
    },
  },
} as const;

const replaySchema = {
  type: "object",
  required: ["id", "game", "config", "seed", "commands", "score", "name", "date", "board", "moves"],
  properties: {
    id: { type: "integer" },
    game: { type: "string" },
    config: { description: "The config the game was played with, defaults filled in." },
    seed: { type: "integer", description: "The game's seed: startGame(game, seed, config) is its start." },
    commands: {
      type: "array",
      description:
        "Every command of the game as the server verified and logged it, in order, ticks included (Stacker, Match-3 Arcade): replaying them from seed and config reaches `score`. At most the session's command cap (100,000).",
      items: {
        type: "object",
        required: ["cmd"],
        additionalProperties: true,
        properties: { cmd: { type: "string" } },
      },
    },
    score: { type: "integer", description: "The entry's score: the replay's final score." },
    name: { type: "string", description: "Who played: the name the entry went in under." },
    date: { type: "string", format: "date-time", description: "When the entry was made (or last raised)." },
    board: { type: "string", enum: ["unaided", "help"] },
    day: { type: "string", description: "The UTC day of a daily game; absent for the all-time boards." },
    moves: { type: "integer", description: "The commands that are not ticks: the game's moves." },
  },
} as const;

const scoresSchema = {
  type: "object",
  required: ["id", "name", "score", "scores"],
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    score: { type: "integer", description: "The entry's score: the last of `scores`." },
    scores: {
      type: "array",
      items: { type: "integer" },
      description:
        "The score after each move (each command that is not a tick), in order: as long as the replay's `moves`.",
    },
  },
} as const;

const badId = refusal("BAD_REQUEST: the id is not a whole number (a board entry's `replay`)");
const unknown = refusal("UNKNOWN_REPLAY: no replay is kept under this id");
const tooLong = refusal("URI_TOO_LONG: the id is over 100 characters");

/** The id as a number: 400 BAD_REQUEST for anything but a whole number. */
function replayId(text: string): number {
  if (!new RegExp(`^(0|[1-9][0-9]{0,${MAX_REPLAY_ID_DIGITS - 1}})$`).test(text)) {
    throw new ClientError(
      400,
      "BAD_REQUEST",
      "a replay id is a whole number: the `replay` of a board entry (GET /api/leaderboards/{game})",
    );
  }
  return Number(text);
}

const rulesChangedReplay = refusal(
  "RULES_CHANGED: the game was played under an earlier version of its rules (its entry is on the archived board, rules=); under the current rules its commands make another game",
);

export async function replayRoutes(app: FastifyInstance): Promise<void> {
  // The service is built in app.ts, beside the leaderboards whose entries it keeps the games of.
  const replays = app.replays;

  app.get(
    "/replays/:id",
    {
      schema: {
        summary: "A kept game, move by move",
        description:
          "An entered ranked game's seed, config and every verified command, with its entry. A daily game's replay is locked until its UTC day is over, except for a player (Authorization: Bearer) whose own attempt of that game and day has ended.",
        params: idParams,
        response: {
          200: { description: "The replay", ...replaySchema },
          400: badId,
          403: refusal(
            "REPLAY_LOCKED: a daily game whose UTC day is not over, asked by no player or by one whose own attempt of that game and day has not ended; the message says when it unlocks",
          ),
          404: unknown,
          410: rulesChangedReplay,
          414: tooLong,
          ...COMMON_RESPONSES,
          // The lock may rebuild the asking player's own session in the compute pool.
          503: computeUnavailable,
        },
      },
    },
    async (request, reply) => {
      const id = replayId((request.params as { id: string }).id);
      const text = await replays.read(id, request.player?.id ?? null, request.ip);
      return reply.type("application/json; charset=utf-8").send(text);
    },
  );

  app.get(
    "/replays/:id/scores",
    {
      schema: {
        summary: "A kept game's score after each move",
        description:
          "The score after each move of an entered game (what 'race the best' compares against); never locked: scores reveal no deal. Worked out in the compute pool when first asked for, then kept.",
        params: idParams,
        response: {
          200: { description: "The score after each move", ...scoresSchema },
          400: badId,
          404: unknown,
          409: refusal("REPLAY_UNREADABLE: the kept commands no longer replay on this server (damaged rows)"),
          410: rulesChangedReplay,
          414: tooLong,
          ...COMMON_RESPONSES,
          503: computeUnavailable,
        },
      },
    },
    async (request, reply) => {
      const id = replayId((request.params as { id: string }).id);
      const text = await replays.scores(id, request.ip);
      return reply.type("application/json; charset=utf-8").send(text);
    },
  );
}
