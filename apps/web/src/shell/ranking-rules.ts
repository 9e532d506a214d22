/**
 * "How ranking works", for players: shown on the leaderboard screen. The rules themselves are the
 * server's (docs/service.md "Fair play"); this is what they mean to someone playing.
 */
export const RANKING_RULES: readonly string[] = [
  "A ranked game is played on the server: it deals every new piece when you need it, so no one, not even the game in your browser, can see what comes next.",
  "Your scores are kept under your player, which this browser remembers. Keep your recovery code to carry your player and your names to another device.",
  "A name belongs to the first player who takes it. Names that look alike count as the same name.",
  'A game in which you used Hint or Watch goes on the "with help" board, never among the games played alone.',
  "The daily game is the same for everyone. Your first daily game of the day is the one that counts; any you start after it is practice.",
  "Each day has its own daily board, apart from the all-time board.",
  "In Block Stacker and Match-3 Arcade the pieces fall at their speed whether you move or not; pausing does not stop a ranked game.",
  "If the connection drops, your game goes on in the browser, unranked.",
  "A game that is not finished within a day is not ranked.",
];
