/** The shell's words inside every game's page: records, links, the computer player, ranked play. */
import { messages } from "./i18n";

export const en = {
  newBest: "New best!",
  beats: "{score} beats {previous}",
  firstRecord: "Your first record",
  leaderboard: "Leaderboard",
  watchReplay: "Watch replay",
  compete: "{game}: compete",
  daily: "Daily",
  replays: "Replays",
  hint: "Hint",
  watch: "Watch",
  takeOver: "Take over",
  speed: "Speed",
  speed_slow: "Slow",
  speed_normal: "Normal",
  speed_fast: "Fast",
  noHint: "No hint for now.",
  serverOffline: "Could not reach the score server. Check your connection and try again.",
  serverBadReply: "The score server gave an answer this page cannot read.",
  serverRefusedHttp: "The score server refused it (HTTP {status}).",
  serverRefusedMove: "the score server refused a move: {message}",
  serverSaid: "the score server said: {message}",
  withHelp: " · with help",
  enteredToday: " · entered #{rank} today · Play again is practice",
  dailyPractice: "Daily practice{help} · not entered",
  dailyChallenge: "Daily challenge · your ranked attempt{help}{entry}",
  todaysBoard: "Today's board",
  entered: " · entered #{rank}",
  rankedGame: "Ranked game{help}{entry}",
  connectionLost: "Connection lost",
  notRankedAnyMore: "Not ranked any more: {why}",
  goesOn: ": this game goes on here, unranked{help}. No move was lost.",
  notRanked: "Not ranked{help}: {why}",
  playRanked: "Play ranked",
  starting: "Starting a ranked game…",
  why_offline: "offline (no score server).",
  why_chosenSeed: "a chosen seed.",
  why_loaded: "a loaded position.",
  why_restored: "restored on this device.",
  why_dropped: "the connection dropped.",
  why_newGame: "a new game was started in its place.",
  why_practice: "practice from a replay.",
};

export type PlayMessage = keyof typeof en;
export const t = messages("play", en);

/**
 * The API client's sentences (shell/leaderboard.ts, shell/ranked-session.ts) in the current
 * language: they are matched here, where they are shown, so the client keeps its plain English
 * (tests and logs read it). A server's own message (its JSON `error.message`) is quoted as it came.
 */
export function serverWords(text: string): string {
  if (text === en.serverOffline) return t("serverOffline");
  if (text === en.serverBadReply) return t("serverBadReply");
  const http = /^The score server refused it \(HTTP (\d+)\)\.$/.exec(text);
  if (http) return t("serverRefusedHttp", { status: http[1] ?? "" });
  const move = /^the score server refused a move: (.*)$/s.exec(text);
  if (move) return t("serverRefusedMove", { message: move[1] ?? "" });
  const said = /^the score server said: (.*)$/s.exec(text);
  if (said) return t("serverSaid", { message: said[1] ?? "" });
  return text;
}
