/**
 * The level and zoom buttons and the action toolbar (for touch and mouse). Every button's accessible
 * name holds its visible words and key ("Rotate CW (D)": the toolbar's names come from the visible
 * text itself), so speech input users can say what they see.
 */
import { type Action, COLOUR_NAMES, type Colour } from "@blockarcade/engine/games/blocky";
import { firstKeyName } from "../../shell/key-bindings";
import { useColourBlind } from "../../shell/look";
import { fills } from "./colours";
import { actionKey } from "./keyboard";
import { ACTION_LABELS } from "./words";

const TOOLBAR: { action: Action; icon: string; short: string }[] = [
  { action: "rotate_cw", icon: "↻", short: "Rotate CW" },
  { action: "rotate_ccw", icon: "↺", short: "Rotate CCW" },
  { action: "swap_h", icon: "⇆", short: "Swap H" },
  { action: "swap_v", icon: "⇅", short: "Swap V" },
  { action: "smash", icon: "✸", short: "Smash" },
  { action: "paint", icon: "●", short: "Paint" },
  { action: "combine", icon: "▣", short: "Combine" },
  { action: "pass", icon: "»", short: "Pass" },
];

/** What a button does, beyond its visible words: its tooltip, and the paint colour for screen readers. */
export function actionTitle(action: Action, paint: Colour): string {
  const head = `${ACTION_LABELS[action]} (${actionKey(action)})`;
  return action === "paint" ? `${head}: the cell becomes ${COLOUR_NAMES[paint]}` : head;
}

export interface ZoomControls {
  zoom: number;
  maxZoom: number;
  onZoom: (step: -1 | 1) => void;
}

export function ControlsView({
  level,
  maxDepth,
  enabled,
  paint,
  onLevel,
  onAct,
  zoom,
  only,
}: {
  level: number;
  maxDepth: number;
  enabled: boolean;
  /** The current player's target colour, which paint uses. */
  paint: Colour;
  onLevel: (step: -1 | 1) => void;
  onAct: (action: Action) => void;
  /** Zoom buttons, on boards that can zoom (deeper than 8 x 8 cells). */
  zoom?: ZoomControls;
  /** The tutorial's step: its action's button is ringed. */
  only?: Action;
}) {
  const cb = useColourBlind("blocky");
  return (
    <>
      <fieldset class="blocky-levels">
        <legend class="blocky-visually-hidden">Level and zoom</legend>
        <button
          type="button"
          class="button blocky-tool"
          aria-label={`Bigger (${firstKeyName("blocky", "level_up")}): level up, select bigger blocks`}
          disabled={!enabled || level === 0}
          onClick={() => onLevel(-1)}
        >
          <span aria-hidden="true">▲</span> <span>Bigger</span>
        </button>
        <span class="blocky-level-text" data-testid="blocky-level">
          Level {level} of {maxDepth}
        </span>
        <button
          type="button"
          class="button blocky-tool"
          aria-label={`Smaller (${firstKeyName("blocky", "level_down")}): level down, select smaller blocks`}
          disabled={!enabled || level === maxDepth}
          onClick={() => onLevel(1)}
        >
          <span aria-hidden="true">▼</span> <span>Smaller</span>
        </button>
        {zoom && zoom.maxZoom > 0 && (
          <>
            <button
              type="button"
              class="button blocky-tool blocky-zoom"
              aria-label={`Zoom in (+): show a quarter of the view, ${zoom.zoom} of ${zoom.maxZoom} now`}
              aria-keyshortcuts="+"
              disabled={!enabled || zoom.zoom >= zoom.maxZoom}
              onClick={() => zoom.onZoom(1)}
            >
              <span aria-hidden="true">⊕</span> <span>Zoom in</span>
            </button>
            <button
              type="button"
              class="button blocky-tool blocky-zoom"
              aria-label="Zoom out (-): show more of the board"
              aria-keyshortcuts="-"
              disabled={zoom.zoom === 0}
              onClick={() => zoom.onZoom(-1)}
            >
              <span aria-hidden="true">⊖</span> <span>Zoom out</span>
            </button>
          </>
        )}
      </fieldset>
      <div class="blocky-toolbar" role="toolbar" aria-label="Actions">
        {TOOLBAR.map(({ action, icon, short }) => (
          <button
            key={action}
            type="button"
            class={`button blocky-tool${action === "paint" ? " is-paint" : ""}${only === action ? " is-lesson" : ""}`}
            title={actionTitle(action, paint)}
            disabled={!enabled}
            onClick={() => onAct(action)}
          >
            <span
              class="blocky-icon"
              aria-hidden="true"
              style={action === "paint" ? { color: fills(cb)[paint] } : undefined}
            >
              {icon}
            </span>
            <span class="blocky-tool-text">
              {short} <kbd>({actionKey(action)})</kbd>
              {action === "paint" && (
                <span class="blocky-visually-hidden">: the cell becomes {COLOUR_NAMES[paint]}</span>
              )}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}
