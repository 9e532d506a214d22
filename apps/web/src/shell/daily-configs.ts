import type { GameId } from "@blockarcade/engine/core";

/**
 * The day's config of each game, as the server plays it (scores/leaderboards.ts), for offline play
 * (apart from daily-api.ts: a game page needs the configs, not the API).
 */
export const DAILY_CONFIGS: Readonly<Record<GameId, unknown>> = {
  blast: {},
  puzzle: { rows: 8, cols: 8 },
  stacker: { size: 12 },
  match3: { mode: "arcade", width: 7, height: 14, bricks: "classic", level: 1 },
  blocky: { maxDepth: 4, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }], turns: 5 },
};
