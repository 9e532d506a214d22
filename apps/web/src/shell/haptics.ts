/**
 * Haptic feedback on phones: a short vibration beside a sound. It follows the arcade's sound
 * setting (sound off = no buzz either) and does nothing where the browser has no vibration
 * (desktop, iOS Safari) or refuses it (no user gesture yet).
 */
import { getSettings } from "./settings";

/** Milliseconds on, or an on/off/on... pattern, as `navigator.vibrate` takes them. */
export type BuzzPattern = number | readonly number[];

/** Ready-made patterns so every game feels the same: a tap, a longer clear, a game-over rumble. */
export const BUZZ = {
  place: 12,
  clear: 40,
  over: [60, 40, 60, 40, 120],
} as const satisfies Record<string, BuzzPattern>;

type Vibrate = (pattern: number | number[]) => boolean;

function vibrator(): Vibrate | undefined {
  if (typeof navigator === "undefined") return undefined;
  const v = (navigator as Navigator & { vibrate?: Vibrate }).vibrate;
  return typeof v === "function" ? v.bind(navigator) : undefined;
}

/** Vibrates when sound is on and the device can; returns whether a vibration was asked for. */
export function buzz(pattern: BuzzPattern): boolean {
  if (!getSettings().sound) return false;
  const vibrate = vibrator();
  if (!vibrate) return false;
  try {
    return vibrate(typeof pattern === "number" ? pattern : [...pattern]);
  } catch {
    // Some browsers throw instead of returning false (blocked by policy): haptics are optional.
    return false;
  }
}
