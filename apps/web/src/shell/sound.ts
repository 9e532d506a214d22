/**
 * Sound effects made in code with WebAudio: no audio files. Every sound follows the arcade's sound
 * switch and the effects volume (shell/sound-settings.ts); the audio context starts on the first
 * sound, which follows a user gesture, and the music (shell/music.ts) plays through the same one.
 */
import { effectsLevel } from "./sound-settings";

export interface Tone {
  /** Frequency in Hz. */
  freq: number;
  /** Seconds. */
  duration: number;
  /** Seconds after the call. */
  delay?: number;
  type?: OscillatorType;
  /** Peak gain 0..1. */
  gain?: number;
  /** Glide to this frequency over the tone. */
  slideTo?: number;
}

let context: AudioContext | undefined;

/** The page's one audio context, made on first use; undefined where the browser has no WebAudio. */
export function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return undefined;
  try {
    context = new Ctor();
  } catch {
    return undefined;
  }
  return context;
}

export function playTones(tones: readonly Tone[]): void {
  const level = effectsLevel();
  if (level <= 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  for (const t of tones) {
    const start = now + (t.delay ?? 0);
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = t.type ?? "sine";
    osc.frequency.setValueAtTime(t.freq, start);
    if (t.slideTo) osc.frequency.exponentialRampToValueAtTime(t.slideTo, start + t.duration);
    const peak = Math.max(0.0002, (t.gain ?? 0.15) * level);
    // A short attack and an exponential release avoid clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + t.duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + t.duration + 0.02);
  }
}
