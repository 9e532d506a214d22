/** Block Blast's sound effects, made in code (shell/sound.ts honours the mute setting); effects.ts says which. */
import { playTones, type Tone } from "../../shell/sound";

export type SoundName = "place" | "clear" | "invalid" | "deal" | "gameOver" | "revive" | "perfect";

export function tonesFor(name: SoundName, lines = 1): Tone[] {
  switch (name) {
    case "place":
      return [{ freq: 320, duration: 0.07, type: "triangle", gain: 0.12 }];
    case "clear": {
      // One rising note per line cleared: a bigger clear sounds bigger.
      const notes = [523, 659, 784, 988, 1175];
      return notes
        .slice(0, Math.min(notes.length, lines + 1))
        .map((freq, i) => ({ freq, duration: 0.14, delay: i * 0.07, type: "square" as const, gain: 0.06 }));
    }
    case "invalid":
      return [{ freq: 150, duration: 0.12, type: "sawtooth", gain: 0.06 }];
    case "deal":
      return [{ freq: 660, duration: 0.06, type: "sine", gain: 0.05, slideTo: 880 }];
    case "gameOver":
      return [
        { freq: 392, duration: 0.2, type: "triangle", gain: 0.12 },
        { freq: 311, duration: 0.2, delay: 0.18, type: "triangle", gain: 0.12 },
        { freq: 233, duration: 0.4, delay: 0.36, type: "triangle", gain: 0.12 },
      ];
    case "revive":
      return [{ freq: 300, duration: 0.35, type: "sine", gain: 0.12, slideTo: 900 }];
    case "perfect":
      return [523, 659, 784, 1047].map((freq, i) => ({ freq, duration: 0.2, delay: i * 0.09, gain: 0.1 }));
    default: {
      const never: never = name;
      return never;
    }
  }
}

export function playSound(name: SoundName, lines?: number): void {
  playTones(tonesFor(name, lines));
}
