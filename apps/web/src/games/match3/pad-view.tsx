/**
 * The L / D / R pad of both modes. Each button's name is its visible text ("Left (L)"), the arrow
 * beside it is decoration, so a voice-control user can say what they see.
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";

const PAD: { command: MoveCommand; word: string; arrow: string }[] = [
  { command: "L", word: "Left", arrow: "◀" },
  { command: "D", word: "Drop", arrow: "▼" },
  { command: "R", word: "Right", arrow: "▶" },
];

export function MovePad(props: {
  onCommand: (command: MoveCommand) => void;
  describedBy?: string;
  class?: string;
}) {
  return (
    <fieldset
      class={props.class ? `match3-pad ${props.class}` : "match3-pad"}
      aria-describedby={props.describedBy}
    >
      <legend class="match3-sr">Brick commands</legend>
      {PAD.map(({ command, word, arrow }) => (
        <button
          key={command}
          type="button"
          class="match3-key"
          aria-keyshortcuts={command}
          // A mouse click leaves focus where it was, so keys keep their meaning.
          onPointerDown={(e) => e.pointerType === "mouse" && e.preventDefault()}
          onClick={() => props.onCommand(command)}
        >
          <span aria-hidden="true" class="match3-key-arrow">
            {arrow}
          </span>
          <span>
            {word} ({command})
          </span>
        </button>
      ))}
    </fieldset>
  );
}
