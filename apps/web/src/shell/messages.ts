/** The shell's common words (loading, failures): small, since every page carries them. */
import { messages } from "./i18n";

export const en = {
  thisPage: "This page",
  leaderboard: "The leaderboard",
  howToPlay: "How to play",
  loadFailed: "{what} could not be loaded. Check your connection and reload the page.",
};

export const t = messages("shell", en);
