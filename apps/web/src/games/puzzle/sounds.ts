/**
 * The seven sound effects (docs/games/puzzle.md "Animations and sounds": pickup, place, refused,
 * clear, multi clear, full clear, game over), made in code with the arcade's WebAudio helper, which stays silent
 * when sound is off. Which ones a move calls for is effects.ts `soundsFor`.
 */
import { playTones, type Tone } from "../../shell/sound";

export type SoundName = "pickup" | "place" | "refused" | "clear" | "multiClear" | "fullClear" | "gameOver";

export const SOUNDS: Record<SoundName, readonly Tone[]> = {
  pickup: [{ freq: 660, duration: 0.06, type: "triangle", gain: 0.08 }],
  place: [{ freq: 220, slideTo: 150, duration: 0.12, type: "sine", gain: 0.2 }],
  // A low double buzz: "no", unlike any sound of a move that counts.
  refused: [
    { freq: 150, duration: 0.08, type: "square", gain: 0.07 },
    { freq: 120, duration: 0.12, delay: 0.1, type: "square", gain: 0.07 },
  ],
  clear: [{ freq: 523, slideTo: 784, duration: 0.18, type: "triangle", gain: 0.14 }],
  multiClear: [
    { freq: 523, duration: 0.1, type: "triangle", gain: 0.13 },
    { freq: 659, duration: 0.1, delay: 0.08, type: "triangle", gain: 0.13 },
    { freq: 784, duration: 0.1, delay: 0.16, type: "triangle", gain: 0.13 },
    { freq: 1047, duration: 0.18, delay: 0.24, type: "triangle", gain: 0.13 },
  ],
  fullClear: [
    { freq: 523, duration: 0.12, type: "square", gain: 0.06 },
    { freq: 659, duration: 0.12, delay: 0.1, type: "square", gain: 0.06 },
    { freq: 784, duration: 0.12, delay: 0.2, type: "square", gain: 0.06 },
    { freq: 1047, duration: 0.35, delay: 0.3, type: "triangle", gain: 0.14 },
    { freq: 1568, duration: 0.3, delay: 0.42, type: "sine", gain: 0.06 },
  ],
  gameOver: [
    { freq: 392, duration: 0.2, type: "sawtooth", gain: 0.06 },
    { freq: 330, duration: 0.2, delay: 0.2, type: "sawtooth", gain: 0.06 },
    { freq: 262, slideTo: 196, duration: 0.45, delay: 0.4, type: "sawtooth", gain: 0.06 },
  ],
};

export function playSound(name: SoundName): void {
  playTones(SOUNDS[name]);
}
