/** "How ranking works" (shell/how-ranking-works.tsx), loaded with the leaderboard page only. */
import { messages } from "./i18n";

export const en = {
  howRankingWorks: "How ranking works",
  rule1:
    "A ranked game is played on the server: it deals every new piece when you need it, so no one, not even the game in your browser, can see what comes next.",
  rule2:
    "Your scores are kept under your player, which this browser remembers. Keep your recovery code to carry your player and your names to another device.",
  rule3: "A name belongs to the first player who takes it. Names that look alike count as the same name.",
  rule4:
    'A game in which you used Hint or Watch goes on the "with help" board, never among the games played alone.',
  rule5:
    "The daily game is the same for everyone. Your first daily game of the day is the one that counts; any you start after it is practice, with pieces of its own.",
  rule6: "Each day has its own daily board, apart from the all-time board.",
  rule7:
    "In Block Stacker and Match-3 Arcade the pieces fall at their speed whether you move or not; pausing does not stop a ranked game.",
  rule8: "If the connection drops, your game goes on in the browser, unranked.",
  rule9: "A game that is not finished within a day is not ranked.",
};

export type RankingMessage = keyof typeof en;
export const t = messages("ranking", en);
