/**
 * The computer player's controls, the same in every game: Hint (H), Watch / Take over (V) and the
 * watching speed. Each game places them and draws the hint on its own board.
 */
import type { GameId } from "@blockarcade/engine/core";
import { WATCH_SPEEDS, type WatchSpeed } from "./computer";
import { ariaKeyShortcuts, useKeyBindings } from "./key-bindings";
import { t } from "./play-messages";

export interface ComputerControlsProps {
  /** Whose keys the buttons announce (aria-keyshortcuts follows a remap). */
  game: GameId;
  onHint: () => void;
  watching: boolean;
  onWatch: () => void;
  speed: WatchSpeed;
  onSpeed: (speed: WatchSpeed) => void;
  /** No hint or watching once the game is over, or while a dialog is open. */
  disabled?: boolean;
  class?: string;
}

export function ComputerControls(props: ComputerControlsProps) {
  useKeyBindings();
  return (
    <div class={props.class ? `computer-controls ${props.class}` : "computer-controls"}>
      <button
        type="button"
        class="button"
        onClick={props.onHint}
        disabled={props.disabled || props.watching}
        aria-keyshortcuts={ariaKeyShortcuts(props.game, "hint")}
        data-testid="hint"
      >
        {t("hint")}
      </button>
      <button
        type="button"
        class="button"
        onClick={props.onWatch}
        disabled={props.disabled && !props.watching}
        aria-pressed={props.watching}
        aria-keyshortcuts={ariaKeyShortcuts(props.game, "watch")}
        data-testid="watch"
      >
        {props.watching ? t("takeOver") : t("watch")}
      </button>
      <label class="computer-speed">
        <span>{t("speed")}</span>
        <select
          value={props.speed}
          onChange={(e) => props.onSpeed((e.currentTarget as HTMLSelectElement).value as WatchSpeed)}
          data-testid="watch-speed"
        >
          {(Object.keys(WATCH_SPEEDS) as WatchSpeed[]).map((s) => (
            <option value={s} key={s}>
              {t(`speed_${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
