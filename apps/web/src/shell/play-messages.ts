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
