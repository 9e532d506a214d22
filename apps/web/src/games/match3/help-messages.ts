/** Match-3 Arcade's How to play (how-to-play-view.tsx): its words come with the panel, loaded on demand. */
import { messages } from "../../shell/i18n";

export const en = {
  howToTitle: "How to play Arcade",
  how1: "Bricks of three symbols fall on their own, one row every {ms} ms at level 1. Steer the falling brick with Left and Right; Drop sends it down at once. Bricks never turn. The next {preview} bricks are shown beside the field.",
  howVanishTitle: "Why symbols vanish:",
  howVanish:
    "three or more equal symbols in a line (across, down or diagonal) vanish as soon as the brick lands.",
  howVanishPicture:
    "The brick lands in the middle column; its triangle lines up with two on the diagonal: all three vanish.",
  howFallTitle: "Why symbols fall:",
  howFall:
    "nothing floats. A symbol with an empty cell under it falls into the gap: the parts of a lying brick that hang over a hole, and everything above a match that vanished.",
  howChainsTitle: "Chains:",
  howChains:
    "symbols that fall can line up into a new match, which vanishes too, and so on. Each cell scores {cell} points times its link in the chain (x2 for the second, x3 for the third), times the level; a landing that matches right after another that matched adds {combo} per landing in the combo.",
  howChainsPicture:
    "The three triangles vanish; the wave above falls beside two waves, and they vanish as the second link.",
  howLevelsTitle: "Levels:",
  howLevels:
    "every {bricks} bricks the level goes up (to {max}), the bricks fall faster, and the floor rises a row of stone. Stone never matches, so the room shrinks: keep the field low.",
  howEnd:
    "The game ends when a new brick has no room at the top, or the rising floor would push a symbol out of the field.",
  keys: "Keys",
  howKeys:
    "Left arrow, A or L moves left; Right arrow or R moves right; Down, S, D or Space drops. P or Esc pauses, H shows a hint, V lets the computer play. On a phone: the buttons under the field, or swipe on it.",
};

export const t = messages("match3-help", en);
