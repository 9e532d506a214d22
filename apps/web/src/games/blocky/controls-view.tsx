/**
 * The level and zoom buttons and the action toolbar (for touch and mouse). Every button's accessible
 * name holds its visible words and key ("Rotate CW (D)": the toolbar's names come from the visible
 * text itself), so speech input users can say what they see.
 */
import type { Action, Colour } from "@blockarcade/engine/games/blocky";
import { ariaKeyShortcuts, firstKeyName, useKeyBindings } from "../../shell/key-bindings";
import { useColourBlind } from "../../shell/look";
import { fills } from "./colours";
import { actionKey } from "./keyboard";
import { t } from "./messages";
import { actionLabel, colourName } from "./words";

const TOOLBAR: { action: Action; icon: string }[] = [
  { action: "rotate_cw", icon: "↻" },
  { action: "rotate_ccw", icon: "↺" },
  { action: "swap_h", icon: "⇆" },
  { action: "swap_v", icon: "⇅" },
  { action: "smash", icon: "✸" },
  { action: "paint", icon: "●" },
  { action: "combine", icon: "▣" },
  { action: "pass", icon: "»" },
];

/** What a button does, beyond its visible words: its tooltip, and the paint colour for screen readers. */
export function actionTitle(action: Action, paint: Colour): string {
  const head = `${actionLabel(action)} (${actionKey(action)})`;
  return action === "paint" ? t("paintTitle", { head, colour: colourName(paint) }) : head;
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
  useKeyBindings();
  return (
    <>
      <fieldset class="blocky-levels">
        <legend class="blocky-visually-hidden">{t("levelAndZoom")}</legend>
        <button
          type="button"
          class="button blocky-tool"
          aria-label={t("biggerLabel", { key: firstKeyName("blocky", "level_up") })}
          disabled={!enabled || level === 0}
          onClick={() => onLevel(-1)}
        >
          <span aria-hidden="true">▲</span> <span>{t("bigger")}</span>
        </button>
        <span class="blocky-level-text" data-testid="blocky-level">
          {t("levelOf", { level, max: maxDepth })}
        </span>
        <button
          type="button"
          class="button blocky-tool"
          aria-label={t("smallerLabel", { key: firstKeyName("blocky", "level_down") })}
          disabled={!enabled || level === maxDepth}
          onClick={() => onLevel(1)}
        >
          <span aria-hidden="true">▼</span> <span>{t("smaller")}</span>
        </button>
        {zoom && zoom.maxZoom > 0 && (
          <>
            <button
              type="button"
              class="button blocky-tool blocky-zoom"
              aria-label={t("zoomInLabel", { zoom: zoom.zoom, max: zoom.maxZoom })}
              aria-keyshortcuts={ariaKeyShortcuts("blocky", "zoom_in")}
              disabled={!enabled || zoom.zoom >= zoom.maxZoom}
              onClick={() => zoom.onZoom(1)}
            >
              <span aria-hidden="true">⊕</span> <span>{t("zoomIn")}</span>
            </button>
            <button
              type="button"
              class="button blocky-tool blocky-zoom"
              aria-label={t("zoomOutLabel")}
              aria-keyshortcuts={ariaKeyShortcuts("blocky", "zoom_out")}
              disabled={zoom.zoom === 0}
              onClick={() => zoom.onZoom(-1)}
            >
              <span aria-hidden="true">⊖</span> <span>{t("zoomOut")}</span>
            </button>
          </>
        )}
      </fieldset>
      <div class="blocky-toolbar" role="toolbar" aria-label={t("actions")}>
        {TOOLBAR.map(({ action, icon }) => (
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
              {t(`short_${action}`)} <kbd>({actionKey(action)})</kbd>
              {action === "paint" && (
                <span class="blocky-visually-hidden">{t("paintBecomes", { colour: colourName(paint) })}</span>
              )}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}
