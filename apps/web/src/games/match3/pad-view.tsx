/**
 * The L / D / R pad of both modes. Each button's name is its visible text ("Left (L)"), the arrow
 * beside it is decoration, so a voice-control user can say what they see.
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";
import { ariaKeyShortcuts, useKeyBindings } from "../../shell/key-bindings";
import { t } from "./messages";

const PAD: { command: MoveCommand; action: string; arrow: string }[] = [
  { command: "L", action: "left", arrow: "◀" },
  { command: "D", action: "drop", arrow: "▼" },
  { command: "R", action: "right", arrow: "▶" },
];

export function MovePad(props: {
  onCommand: (command: MoveCommand) => void;
  describedBy?: string;
  class?: string;
}) {
  useKeyBindings();
  return (
    <fieldset
      class={props.class ? `match3-pad ${props.class}` : "match3-pad"}
      aria-describedby={props.describedBy}
    >
      <legend class="match3-sr">{t("brickCommands")}</legend>
      {PAD.map(({ command, action, arrow }) => (
        <button
          key={command}
          type="button"
          class="match3-key"
          aria-keyshortcuts={ariaKeyShortcuts("match3", action)}
          // A mouse click leaves focus where it was, so keys keep their meaning.
          onPointerDown={(e) => e.pointerType === "mouse" && e.preventDefault()}
          onClick={() => props.onCommand(command)}
        >
          <span aria-hidden="true" class="match3-key-arrow">
            {arrow}
          </span>
          <span>{t("padKey", { word: t(`pad_${command}`), key: command })}</span>
        </button>
      ))}
    </fieldset>
  );
}
