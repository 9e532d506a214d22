/** The frame's prompt and command pad while the game runs: L, D, R, next frame, and the restarts. */
import { COMMANDS_PER_FRAME, FRAME_PROMPT, type MoveCommand } from "@blockarcade/engine/games/match3";
import type { ComponentChildren } from "preact";
import { MovePad } from "./pad-view";

export interface ControlsViewProps {
  pending: readonly MoveCommand[];
  onCommand: (command: MoveCommand) => void;
  onAdvance: () => void;
  onClear: () => void;
  onRestart: () => void;
  onNewField: () => void;
  /** The computer's suggestion for this frame, shown until the position changes. */
  hint?: { moves: readonly MoveCommand[]; reason: string } | null;
  /** The computer player's controls. */
  children?: ComponentChildren;
}

export function ControlsView(props: ControlsViewProps) {
  const { pending } = props;
  return (
    <div class="match3-controls">
      <p class="match3-prompt" id="match3-frame-prompt">
        {FRAME_PROMPT}
      </p>
      <p class="match3-pending" aria-live="polite" data-testid="match3-pending">
        This frame: {pending.length === 0 ? "no commands yet" : pending.join(" ")} ({pending.length} of{" "}
        {COMMANDS_PER_FRAME})
      </p>
      {props.hint && (
        <p class="match3-hint" data-testid="match3-hint">
          Hint: <strong>{props.hint.moves.length === 0 ? "no commands" : props.hint.moves.join(" ")}</strong>{" "}
          — {props.hint.reason}
        </p>
      )}
      <MovePad onCommand={props.onCommand} describedBy="match3-frame-prompt" />
      <div class="match3-row">
        <button
          type="button"
          class="button primary"
          onClick={props.onAdvance}
          aria-label={`Next frame with ${pending.length} command${pending.length === 1 ? "" : "s"} (Enter)`}
        >
          Next frame
        </button>
        <button type="button" class="button" onClick={props.onClear} disabled={pending.length === 0}>
          Clear commands
        </button>
      </div>
      {props.children}
      <div class="match3-row">
        <button type="button" class="button" onClick={props.onRestart}>
          Restart
        </button>
        <button type="button" class="button" onClick={props.onNewField}>
          New field
        </button>
      </div>
    </div>
  );
}
