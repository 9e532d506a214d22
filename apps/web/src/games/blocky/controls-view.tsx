/** The level buttons and the action toolbar, each button named with its key (for touch and mouse). */
import { type Action, COLOUR_NAMES, type Colour } from "@blockarcade/engine/games/blocky";
import { FILL } from "./board-view";
import { ACTION_KEYS } from "./keyboard";
import { ACTION_LABELS } from "./words";

const TOOLBAR: { action: Action; icon: string; short: string }[] = [
  { action: "rotate_cw", icon: "↻", short: "Rot. CW" },
  { action: "rotate_ccw", icon: "↺", short: "Rot. CCW" },
  { action: "swap_h", icon: "⇆", short: "Swap H" },
  { action: "swap_v", icon: "⇅", short: "Swap V" },
  { action: "smash", icon: "✸", short: "Smash" },
  { action: "paint", icon: "●", short: "Paint" },
  { action: "combine", icon: "▣", short: "Combine" },
  { action: "pass", icon: "»", short: "Pass" },
];

export function ControlsView({
  level,
  maxDepth,
  enabled,
  paint,
  onLevel,
  onAct,
}: {
  level: number;
  maxDepth: number;
  enabled: boolean;
  /** The current player's target colour, which paint uses. */
  paint: Colour;
  onLevel: (step: -1 | 1) => void;
  onAct: (action: Action) => void;
}) {
  return (
    <>
      <fieldset class="blocky-levels">
        <legend class="blocky-visually-hidden">Level</legend>
        <button
          type="button"
          class="button blocky-tool"
          aria-label="Level up (W): select bigger blocks"
          disabled={!enabled || level === 0}
          onClick={() => onLevel(-1)}
        >
          ▲ <span>Bigger</span>
        </button>
        <span class="blocky-level-text">
          Level {level} of {maxDepth}
        </span>
        <button
          type="button"
          class="button blocky-tool"
          aria-label="Level down (S): select smaller blocks"
          disabled={!enabled || level === maxDepth}
          onClick={() => onLevel(1)}
        >
          ▼ <span>Smaller</span>
        </button>
      </fieldset>
      <div class="blocky-toolbar" role="toolbar" aria-label="Actions">
        {TOOLBAR.map(({ action, icon, short }) => (
          <button
            key={action}
            type="button"
            class={`button blocky-tool${action === "paint" ? " is-paint" : ""}`}
            aria-label={`${ACTION_LABELS[action]} (${ACTION_KEYS[action]})${
              action === "paint" ? `: paint the cell ${COLOUR_NAMES[paint]}` : ""
            }`}
            title={`${ACTION_LABELS[action]} (${ACTION_KEYS[action]})`}
            disabled={!enabled}
            onClick={() => onAct(action)}
          >
            <span
              class="blocky-icon"
              aria-hidden="true"
              style={action === "paint" ? { color: FILL[paint] } : undefined}
            >
              {icon}
            </span>
            <span class="blocky-tool-text">
              {short} <kbd>{ACTION_KEYS[action] === "Space" ? "␣" : ACTION_KEYS[action]}</kbd>
            </span>
          </button>
        ))}
      </div>
    </>
  );
}
