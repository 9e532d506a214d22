/** The frame's prompt and command pad while the game runs: L, D, R, next frame, and the restarts. */
import { COMMANDS_PER_FRAME, type MoveCommand } from "@blockarcade/engine/games/match3";
import type { ComponentChildren } from "preact";
import { rich } from "../../shell/rich";
import { t } from "./messages";
import { MovePad } from "./pad-view";

export interface ControlsViewProps {
  pending: readonly MoveCommand[];
  onCommand: (command: MoveCommand) => void;
  onAdvance: () => void;
  onClear: () => void;
  onRestart: () => void;
  onNewField: () => void;
  /** The computer's suggestion for this frame, shown until the position changes. */
  hint?: { moves: readonly MoveCommand[]; outcome: string } | null;
  /** The computer player's controls. */
  children?: ComponentChildren;
}

export function ControlsView(props: ControlsViewProps) {
  const { pending } = props;
  return (
    <div class="match3-controls">
      <p class="match3-prompt" id="match3-frame-prompt">
        {t("framePrompt")}
      </p>
      <p class="match3-pending" aria-live="polite" data-testid="match3-pending">
        {t("thisFrame", {
          commands: pending.length === 0 ? t("noCommandsYet") : pending.join(" "),
          n: pending.length,
          max: COMMANDS_PER_FRAME,
        })}
      </p>
      {props.hint && (
        <p class="match3-hint" data-testid="match3-hint">
          {rich(t("hintLine", { outcome: props.hint.outcome }), {
            moves: (
              <strong>{props.hint.moves.length === 0 ? t("noCommands") : props.hint.moves.join(" ")}</strong>
            ),
          })}
        </p>
      )}
      <MovePad onCommand={props.onCommand} describedBy="match3-frame-prompt" />
      <div class="match3-row">
        <button
          type="button"
          class="button primary"
          onClick={props.onAdvance}
          aria-label={t("nextFrameLabel", { n: pending.length })}
        >
          {t("nextFrame")}
        </button>
        <button type="button" class="button" onClick={props.onClear} disabled={pending.length === 0}>
          {t("clearCommands")}
        </button>
      </div>
      {props.children}
      <div class="match3-row">
        <button type="button" class="button" onClick={props.onRestart}>
          {t("restart")}
        </button>
        <button type="button" class="button" onClick={props.onNewField}>
          {t("newField")}
        </button>
      </div>
    </div>
  );
}
