import type { Translation } from "../../shell/i18n";
import type { en } from "./help-messages";

export const fr: Translation<typeof en> = {
  rule1:
    "Faites glisser l’une des {tray} pièces sur le plateau de {size}x{size}. Les pièces ne tournent jamais. Une pièce lâchée à une case près d’une place libre s’y pose.",
  rule2:
    "Une ombre verte montre où elle se pose ; rouge, elle ne rentre pas. Les lignes et colonnes qu’elle compléterait s’allument avant que vous ne la lâchiez.",
  rule3:
    "Remplissez une ligne ou une colonne entière pour l’effacer. Les blocs ne tombent pas : les autres restent en place.",
  rule4: "Posez les {tray} pièces, dans l’ordre que vous voulez, pour en recevoir de nouvelles.",
  rule5:
    "Chaque case effacée rapporte {cell} (une case au croisement d’une ligne et d’une colonne compte une fois). Chaque pose qui efface au moins une ligne ajoute un bonus de {base}, plus {increment} pour chaque ligne effacée en même temps après la première.",
  rule6:
    "Effacez à chaque pose pour lancer une série : chaque effacement d’affilée avant celui-ci ajoute x{streak} aux cases et au bonus qu’il rapporte. Une pose qui n’efface rien met fin à la série.",
  rule7: "Vider tout le plateau rapporte {perfect} de plus.",
  rule8:
    "Quand aucune de vos pièces ne rentre, la partie est finie, mais vous avez {revives} relances gratuites : chacune retire jusqu’à {cells} blocs au hasard (tous s’il en reste moins), garde votre score, met fin à la série et donne de nouvelles pièces.",
  keyboard: "Clavier",
  keyboardHelp:
    "{piece1}, {piece2}, {piece3} (ou Tab) prennent une pièce ; {up} {down} {left} {right} déplacent son ombre ; {place} la pose ; {pause} met en pause (touches : Réglages).",
};
