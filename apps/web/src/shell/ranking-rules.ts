/**
 * "How ranking works", for players: shown on the leaderboard screen. The rules themselves are the
 * server's (docs/service.md "Fair play"); this is what they mean to someone playing (the words are in
 * ranking-messages.ts).
 */
import type { RankingMessage } from "./ranking-messages";

export const RANKING_RULES: readonly RankingMessage[] = [
  "rule1",
  "rule2",
  "rule3",
  "rule4",
  "rule5",
  "rule6",
  "rule7",
  "rule8",
  "rule9",
];
