/**
 * The server's replays (GET /api/replays/:id, docs/service.md): a ranked game's seed, config and the
 * commands the server verified, with who played it. A daily game whose day is not over answers 403
 * REPLAY_LOCKED (with the time it opens) unless this player's own attempt has ended: the player's
 * identity goes with the call when this device has one.
 */

import { getReplay } from "@blockarcade/client";
import { type GameId, isGameId, isValidSeed } from "@blockarcade/engine/core";
import { type ApiOptions, type ApiResult, badReply, connection, fromClient } from "./leaderboard";
import { readPlayer } from "./player";

export interface ServerReplay {
  id: number;
  game: GameId;
  seed: number;
  config: unknown;
  commands: unknown[];
  score: number;
  name: string;
  date: string;
  board?: string;
  day?: string;
}

export async function fetchReplay(id: number, options: ApiOptions = {}): Promise<ApiResult<ServerReplay>> {
  const reply = fromClient(await getReplay(connection(options, undefined, readPlayer()), id));
  if (!reply.ok) return reply;
  const v = reply.value;
  if (
    !isGameId(v.game) ||
    !isValidSeed(v.seed) ||
    !Array.isArray(v.commands) ||
    typeof v.score !== "number"
  ) {
    return badReply();
  }
  return {
    ok: true,
    value: {
      id,
      game: v.game,
      seed: v.seed,
      config: v.config ?? undefined,
      commands: v.commands,
      score: v.score,
      name: typeof v.name === "string" ? v.name : "",
      date: typeof v.date === "string" ? v.date : "",
      board: typeof v.board === "string" ? v.board : undefined,
      day: typeof v.day === "string" ? v.day : undefined,
    },
  };
}
