/**
 * The arcade's own music, made in code with WebAudio (no audio files): each game has a short calm
 * loop (eight bars of soft chords, a bass and a pentatonic tune) written out from a seed, so a game
 * always plays the same tune. Loaded on demand (shell/music-gate.ts imports it after a gesture with
 * music on), so no page carries it before then.
 *
 * Notes are timed on the audio context's own clock; a look-ahead scheduler on an injected clock
 * (the browser's timers, or a manual one in tests) hands the next notes to WebAudio a little ahead
 * of time, as WebAudio needs.
 */
import type { Clock } from "@blockarcade/engine/core";

// The platform's audio API, as far as the music uses it (a test gives a small stand-in).
export interface ParamLike {
  value: number;
  setValueAtTime(value: number, time: number): unknown;
  linearRampToValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
  cancelScheduledValues(time: number): unknown;
}
export interface NodeLike {
  connect(target: NodeLike): NodeLike;
  disconnect(): void;
}
export interface OscillatorLike extends NodeLike {
  type: OscillatorType;
  frequency: ParamLike;
  start(when: number): void;
  stop(when: number): void;
}
export interface GainLike extends NodeLike {
  gain: ParamLike;
}
export interface AudioLike {
  readonly currentTime: number;
  readonly destination: NodeLike;
  readonly state: string;
  resume(): Promise<void>;
  createOscillator(): OscillatorLike;
  createGain(): GainLike;
}

export type Voice = "pad" | "bass" | "lead";

export interface Note {
  /** Eighth-note step in the loop. */
  step: number;
  /** Length in steps. */
  length: number;
  /** MIDI note number (60 = middle C). */
  midi: number;
  voice: Voice;
}

export interface Song {
  /** Beats per minute; a step is an eighth note. */
  bpm: number;
  /** Steps in one loop. */
  steps: number;
  /** Sorted by step. */
  notes: readonly Note[];
}

/** What makes each game's tune its own: key, pace and seed. */
export const STYLES: Record<string, { root: number; bpm: number; seed: number }> = {
  blast: { root: 60, bpm: 76, seed: 11 },
  puzzle: { root: 65, bpm: 70, seed: 23 },
  stacker: { root: 62, bpm: 80, seed: 37 },
  match3: { root: 67, bpm: 74, seed: 41 },
  blocky: { root: 63, bpm: 68, seed: 53 },
};

const BAR = 8;
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const PENTATONIC = [0, 2, 4, 7, 9];
/** Calm progressions, as major-scale degrees (0 = I), one chord a bar. */
const PROGRESSIONS = [
  [0, 5, 3, 4],
  [0, 3, 5, 4],
  [5, 3, 0, 4],
  [0, 2, 3, 3],
];
/** Onsets within a bar: sparse, with room to breathe. */
const RHYTHMS = [
  [0, 2, 4],
  [0, 3, 6],
  [0, 4, 6],
  [0, 2, 3],
  [2, 4, 6],
  [0, 4],
];

/** A small seeded generator (mulberry32): the tune is the same on every visit. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const degree = (root: number, d: number) => root + MAJOR[d % 7]! + 12 * Math.floor(d / 7);

/** Eight bars: a four-chord progression twice, a tune over it that answers itself and ends home. */
export function writeSong(game: string): Song {
  const style = STYLES[game] ?? STYLES.blast!;
  const next = random(style.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chords = pick(PROGRESSIONS);
  const rhythms = [0, 1, 2, 3].map(() => pick(RHYTHMS));
  // The tune's notes: the major pentatonic over an octave and a half above the root.
  const scale = [0, 1, 2].flatMap((o) => PENTATONIC.map((p) => style.root + 12 + 12 * o + p)).slice(0, 8);
  const notes: Note[] = [];
  let at = 2;
  for (let bar = 0; bar < 8; bar++) {
    const chord = chords[bar % 4]!;
    const triad = [chord, chord + 2, chord + 4].map((d) => degree(style.root - 12, d));
    for (const midi of triad) notes.push({ step: bar * BAR, length: BAR, midi, voice: "pad" });
    notes.push({ step: bar * BAR, length: 3, midi: triad[0]! - 12, voice: "bass" });
    notes.push({ step: bar * BAR + 4, length: 3, midi: triad[bar % 2 === 0 ? 2 : 0]! - 12, voice: "bass" });
    const onsets = rhythms[bar % 4]!;
    onsets.forEach((onset, i) => {
      const last = bar === 7 && i === onsets.length - 1;
      // Small steps mostly; the second half varies the first a little; the loop ends on the root.
      if (bar >= 4 && next() < 0.6)
        at = Math.max(0, Math.min(scale.length - 1, at + (next() < 0.5 ? -1 : 1)));
      else at = Math.max(0, Math.min(scale.length - 1, at + pick([-2, -1, -1, 0, 1, 1, 2])));
      const end = i + 1 < onsets.length ? onsets[i + 1]! : BAR;
      notes.push({
        step: bar * BAR + onset,
        length: Math.min(4, end - onset),
        midi: last ? scale[0]! : scale[at]!,
        voice: "lead",
      });
    });
  }
  notes.sort((a, b) => a.step - b.step);
  return { bpm: style.bpm, steps: 8 * BAR, notes };
}

export const stepSeconds = (song: Song) => 30 / song.bpm;

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** How each voice sounds: a soft shape, a quiet peak, a slow or quick rise. */
const VOICES: Record<Voice, { type: OscillatorType; peak: number; attack: number }> = {
  pad: { type: "sine", peak: 0.05, attack: 0.8 },
  bass: { type: "triangle", peak: 0.12, attack: 0.03 },
  lead: { type: "triangle", peak: 0.07, attack: 0.02 },
};

/** Seconds ahead of the audio clock that notes are handed to WebAudio, and how often. */
export const LOOKAHEAD = 0.3;
export const TICK_MS = 100;
const FADE = 0.4;

export interface MusicPlayer {
  readonly playing: boolean;
  /** Starts, or goes on from where it paused, at this loudness (0-1). */
  play(level: number): void;
  /** Fades out and stops handing notes to WebAudio. */
  pause(): void;
  setLevel(level: number): void;
  dispose(): void;
}

export function createMusicPlayer(ctx: AudioLike, clock: Clock, song: Song): MusicPlayer {
  const seconds = stepSeconds(song);
  const byStep = new Map<number, Note[]>();
  for (const n of song.notes) byStep.set(n.step, [...(byStep.get(n.step) ?? []), n]);
  // Each play gets its own bus: pausing fades it out, and notes already handed over die with it.
  let bus: GainLike | undefined;
  let level = 0;
  let nextStep = 0;
  /** Audio time of step 0 in this play. */
  let origin = 0;
  let cancel: (() => void) | undefined;

  const voice = (note: Note, at: number, out: GainLike) => {
    const v = VOICES[note.voice];
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    const end = at + note.length * seconds;
    osc.type = v.type;
    osc.frequency.setValueAtTime(hz(note.midi), at);
    env.gain.setValueAtTime(0.0001, at);
    env.gain.linearRampToValueAtTime(v.peak, at + Math.min(v.attack, (end - at) / 2));
    env.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(env).connect(out);
    osc.start(at);
    osc.stop(end + 0.05);
  };

  const tick = () => {
    cancel = undefined;
    const out = bus;
    if (!out) return;
    const until = ctx.currentTime + LOOKAHEAD;
    while (origin + nextStep * seconds < until) {
      for (const note of byStep.get(nextStep % song.steps) ?? [])
        voice(note, origin + nextStep * seconds, out);
      nextStep++;
    }
    cancel = clock.after(TICK_MS, tick);
  };

  const player: MusicPlayer = {
    get playing() {
      return bus !== undefined;
    },
    play(to) {
      level = to;
      if (bus) return player.setLevel(to);
      if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
      const now = ctx.currentTime;
      bus = ctx.createGain();
      bus.gain.setValueAtTime(0.0001, now);
      bus.gain.linearRampToValueAtTime(Math.max(0.0001, level), now + 1.5);
      bus.connect(ctx.destination);
      origin = now + 0.05 - nextStep * seconds;
      tick();
    },
    pause() {
      cancel?.();
      cancel = undefined;
      const out = bus;
      if (!out) return;
      bus = undefined;
      const now = ctx.currentTime;
      out.gain.cancelScheduledValues(now);
      out.gain.setValueAtTime(out.gain.value, now);
      out.gain.linearRampToValueAtTime(0, now + FADE);
      // Go on later from the first step not yet heard.
      nextStep = Math.max(0, Math.ceil((now - origin) / seconds - 1e-9));
      clock.after(FADE * 1000 + 100, () => out.disconnect());
    },
    setLevel(to) {
      level = to;
      if (!bus) return;
      const now = ctx.currentTime;
      bus.gain.cancelScheduledValues(now);
      bus.gain.setValueAtTime(bus.gain.value, now);
      bus.gain.linearRampToValueAtTime(Math.max(0.0001, level), now + 0.2);
    },
    dispose() {
      player.pause();
    },
  };
  return player;
}
