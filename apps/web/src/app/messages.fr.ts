import type { Translation } from "../shell/i18n";
import type { en } from "./messages";

export const fr: Translation<typeof en> = {
  brand: "Block Arcade",
  backTo: "Retour à ",
  settings: "Réglages",
  pageLoaded: "{page}, page chargée",
  homeTitle: "Cinq jeux de blocs. Gratuits, sans pub.",
  homeLead: "Jouez sur téléphone ou sur ordinateur, au doigt, à la souris ou au clavier.",
  games: "Jeux",
  continue: "Reprendre",
  best: "Record {score}",
  notFoundTitle: "Page introuvable - Block Arcade",
  notFound: "Page introuvable",
  nothingAt: "Il n’y a rien à l’adresse {path}.",
  backToArcade: "Retour à l’arcade",
  gameTitle: "{game} - Block Arcade",
  gameFailed: "Le jeu n’a pas pu être chargé. Vérifiez votre connexion et rechargez la page.",
  dailyFailed:
    "La page du défi du jour n’a pas pu être chargée. Vérifiez votre connexion et rechargez la page.",
  replays: "Rediffusions",
  replaysFailed:
    "Les rediffusions n’ont pas pu être chargées. Vérifiez votre connexion et rechargez la page.",
  soundLabel: "Son",
  soundOn: "Son activé : appuyez pour couper",
  soundOff: "Son coupé : appuyez pour l’activer",
  name_blast: "Block Blast",
  name_puzzle: "Block Puzzle",
  name_stacker: "Block Stacker",
  name_match3: "Match-3 Briques en chute",
  name_blocky: "Blocky",
  tagline_blast: "Placez trois pièces sur un plateau 8x8 ; videz lignes et colonnes, gardez la série en vie.",
  tagline_puzzle: "Une grille paisible, de 5 à 20 cases de côté, et 32 formes à placer.",
  tagline_stacker: "Des tétrominos qui tombent : tournez, lâchez, videz des lignes, accélérez.",
  tagline_match3: "Guidez des briques de trois symboles ; alignez-en trois pour les faire disparaître.",
  tagline_blocky: "Tournez, échangez et cassez un quadtree de couleurs, de 1 à 4 joueurs.",
};
