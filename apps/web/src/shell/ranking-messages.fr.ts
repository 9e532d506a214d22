import type { Translation } from "./i18n";
import type { en } from "./ranking-messages";

export const fr: Translation<typeof en> = {
  howRankingWorks: "Comment fonctionne le classement",
  rule1:
    "Une partie classée se joue sur le serveur : il distribue chaque nouvelle pièce au moment où vous en avez besoin, si bien que personne, pas même le jeu dans votre navigateur, ne peut voir la suite.",
  rule2:
    "Vos scores sont gardés sous votre joueur, dont ce navigateur se souvient. Gardez votre code de récupération pour emporter votre joueur et vos noms sur un autre appareil.",
  rule3:
    "Un nom appartient au premier joueur qui le prend. Des noms qui se ressemblent comptent comme un seul.",
  rule4:
    "Une partie où vous avez utilisé Indice ou Regarder va au classement « avec aide », jamais parmi les parties jouées seul.",
  rule5:
    "Le défi du jour est le même pour tout le monde. Seule votre première partie du jour compte ; celles que vous lancez ensuite sont de l’entraînement, avec leurs propres pièces.",
  rule6: "Chaque jour a son propre classement, à part du classement de tous les temps.",
  rule7:
    "Dans Block Stacker et Match-3 Arcade, les pièces tombent à leur vitesse que vous bougiez ou non ; la pause n’arrête pas une partie classée.",
  rule8: "Si la connexion tombe, votre partie continue dans le navigateur, sans classement.",
  rule9: "Une partie qui n’est pas finie dans la journée n’est pas classée.",
};
