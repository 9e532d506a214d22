/**
 * The day's config of each game, as the server plays it (scores/leaderboards.ts), for offline play:
 * its own module, so a game page reads it without the daily page's API client (daily-api.ts).
 */
import type { GameId } from "@blockarcade/engine/core";

export const DAILY_CONFIGS: Readonly<Record<GameId, unknown>> = {
  blast: {},
  puzzle: { rows: 8, cols: 8 },
  stacker: { size: 12 },
  match3: { mode: "arcade", width: 7, height: 14, bricks: "classic", level: 1 },
  blocky: { maxDepth: 4, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }], turns: 5 },
};
