/**
 * Keyboard bindings: the spec's A / D / S / Q, the arrow keys, Space, C and the rest players
 * expect. Browser key repeat is ignored: the runner repeats held moves itself (DAS / ARR).
 */
import type { Action } from "./runner";

export type KeyIntent = { kind: "action"; action: Action } | { kind: "pause" } | { kind: "restart" };

const ACTIONS: Record<string, Action> = {
  a: "left",
  arrowleft: "left",
  d: "right",
  arrowright: "right",
  s: "soft_drop",
  arrowdown: "soft_drop",
  q: "rotate_cw",
  x: "rotate_cw",
  arrowup: "rotate_cw",
  e: "rotate_ccw",
  z: "rotate_ccw",
  " ": "hard_drop",
  spacebar: "hard_drop",
  c: "hold",
};

/** What a `KeyboardEvent.key` means in the game, if anything. */
export function keyIntent(key: string): KeyIntent | null {
  const k = key.toLowerCase();
  if (k === "escape" || k === "p") return { kind: "pause" };
  if (k === "enter" || k === "r") return { kind: "restart" };
  const action = ACTIONS[k];
  return action ? { kind: "action", action } : null;
}
