import type { Translation } from "../../shell/i18n";
import type { en } from "./help-messages";

export const fr: Translation<typeof en> = {
  howToTitle: "Comment jouer en Arcade",
  how1: "Des briques de trois symboles tombent toutes seules, d’une rangée toutes les {ms} ms au niveau 1. Guidez la brique avec Gauche et Droite ; Lâcher la fait descendre d’un coup. Les briques ne tournent jamais. Les {preview} briques suivantes s’affichent à côté du terrain.",
  howVanishTitle: "Pourquoi les symboles disparaissent :",
  howVanish:
    "trois symboles identiques ou plus alignés (en ligne, en colonne ou en diagonale) disparaissent dès que la brique se pose.",
  howVanishPicture:
    "La brique se pose dans la colonne du milieu ; son triangle s’aligne avec deux autres en diagonale : les trois disparaissent.",
  howFallTitle: "Pourquoi les symboles tombent :",
  howFall:
    "rien ne flotte. Un symbole au-dessus d’une case vide tombe dans le trou : les morceaux d’une brique couchée au-dessus d’un vide, et tout ce qui se trouvait au-dessus d’un alignement disparu.",
  howChainsTitle: "Chaînes :",
  howChains:
    "les symboles qui tombent peuvent former un nouvel alignement, qui disparaît à son tour, et ainsi de suite. Chaque case rapporte {cell} points multipliés par son rang dans la chaîne (x2 pour le deuxième, x3 pour le troisième), puis par le niveau ; une brique qui aligne juste après une autre qui a aligné ajoute {combo} par brique du combo.",
  howChainsPicture:
    "Les trois triangles disparaissent ; la vague du dessus tombe à côté de deux vagues, et elles disparaissent en deuxième maillon.",
  howLevelsTitle: "Niveaux :",
  howLevels:
    "toutes les {bricks} briques, le niveau monte (jusqu’à {max}), les briques tombent plus vite et le sol monte d’une rangée de pierre. La pierre ne s’aligne jamais, la place se réduit donc : gardez le terrain bas.",
  howEnd:
    "La partie s’arrête quand une nouvelle brique n’a plus de place en haut, ou quand le sol qui monte pousserait un symbole hors du terrain.",
  keys: "Touches",
  howKeys:
    "Flèche gauche, A ou L va à gauche ; flèche droite ou R va à droite ; Bas, S, D ou Espace lâche. P ou Échap met en pause, H montre un indice, V laisse jouer l’ordinateur. Sur téléphone : les boutons sous le terrain, ou glissez dessus.",
};
