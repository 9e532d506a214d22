/** Block Blast's How to Play page (how-to-play-view.tsx): its words come with the page, loaded on demand. */
import { messages } from "../../shell/i18n";

export const en = {
  rule1:
    "Drag one of the {tray} pieces onto the {size}x{size} board. Pieces never rotate. A drop that misses a free spot by up to one cell lands on it.",
  rule2:
    "A green shadow shows where it lands; red means it does not fit. The rows and columns it would complete light up before you let go.",
  rule3: "Fill a whole row or column to clear it. Blocks do not fall: the rest stay where they are.",
  rule4: "Place all {tray} pieces, in any order, to get new ones.",
  rule5:
    "Each cleared cell scores {cell} (a cell where a row and a column cross counts once). Every placement that clears at least one line adds a line bonus of {base}, plus {increment} for each line after the first that it clears at the same time.",
  rule6:
    "Clear on consecutive placements to build a streak: each clear in a row before this one adds x{streak} to the cells and line bonus it scores. A placement that clears nothing ends the streak.",
  rule7: "Emptying the whole board scores {perfect} more.",
  rule8:
    "When none of your pieces fit, the game is over, but you have {revives} free revives: each removes up to {cells} random blocks (all of them if fewer are left), keeps your score, ends the streak and deals new pieces.",
  keyboard: "Keyboard",
  keyboardHelp:
    "{piece1}, {piece2}, {piece3} (or Tab) pick a piece; {up} {down} {left} {right} move its shadow; {place} places it; {pause} pauses (keys: Settings).",
};

export const t = messages("blast-help", en);
