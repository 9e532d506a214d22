import type { Translation } from "./i18n";
import type { en } from "./messages";

export const fr: Translation<typeof en> = {
  thisPage: "cette page",
  leaderboard: "le classement",
  howToPlay: "comment jouer",
  loadFailed: "Impossible de charger : {what}. Vérifiez votre connexion et rechargez la page.",
};
