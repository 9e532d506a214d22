/**
 * On-screen buttons, one engine key each: press and hold works like a held key (pointer events,
 * so mouse and touch alike); Enter on a focused button presses it (Space stays the hard drop
 * wherever focus is, keyboard.ts `isGameKey`).
 */
import { KEY_ACTIONS, type StackerKey } from "@blockarcade/engine/games/stacker";
import { type StackerMessage, t } from "./messages";

const BUTTONS: { key: StackerKey; label: StackerMessage; glyph: string }[] = [
  { key: "C", label: "hold", glyph: "⇄" },
  { key: "E", label: "rotateCcw", glyph: "↺" },
  { key: "Q", label: "rotateCw", glyph: "↻" },
  { key: "Space", label: "hardDrop", glyph: "⤓" },
  { key: "A", label: "moveLeft", glyph: "◀" },
  { key: "S", label: "softDrop", glyph: "▼" },
  { key: "D", label: "moveRight", glyph: "▶" },
];

export function ControlsView(props: {
  onPress: (key: StackerKey) => void;
  onRelease: (key: StackerKey) => void;
}) {
  return (
    <section class="stacker-controls" aria-label={t("controlsLabel")}>
      {BUTTONS.map((b) => {
        // Test ids and class names by the engine's action name: stacker-btn-left, ...
        const action = KEY_ACTIONS[b.key];
        return (
          <button
            key={b.key}
            type="button"
            class={`stacker-control stacker-control-${action}`}
            aria-label={t(b.label)}
            data-testid={`stacker-btn-${action}`}
            onPointerDown={(e) => {
              e.preventDefault();
              (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
              props.onPress(b.key);
            }}
            onPointerUp={() => props.onRelease(b.key)}
            onPointerCancel={() => props.onRelease(b.key)}
            onLostPointerCapture={() => props.onRelease(b.key)}
            onContextMenu={(e) => e.preventDefault()}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                if (!e.repeat) props.onPress(b.key);
              }
            }}
            onKeyUp={(e) => {
              if (e.key === "Enter") props.onRelease(b.key);
            }}
          >
            <span aria-hidden="true">{b.glyph}</span>
          </button>
        );
      })}
    </section>
  );
}
