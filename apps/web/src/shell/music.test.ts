import { describe, expect, it } from "vitest";
import { FakeAudioContext, manualClock } from "../testing/fake-audio";
import { createMusicPlayer, LOOKAHEAD, STYLES, stepSeconds, writeSong } from "./music";

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** What the song says should sound between two audio times, for a play that began at `origin`. */
function expected(game: string, origin: number, until: number) {
  const song = writeSong(game);
  const sec = stepSeconds(song);
  const out: { at: number; freq: number }[] = [];
  for (let step = 0; origin + step * sec < until; step++) {
    for (const n of song.notes.filter((n) => n.step === step % song.steps))
      out.push({ at: origin + step * sec, freq: hz(n.midi) });
  }
  return out;
}

const heard = (audio: FakeAudioContext) =>
  audio.oscillators.map((o) => ({ at: o.startAt ?? Number.NaN, freq: o.frequency.value }));

describe("each game's tune", () => {
  it("is eight bars of chords, bass and a pentatonic tune, the same on every visit, ending home", () => {
    for (const game of Object.keys(STYLES)) {
      const song = writeSong(game);
      expect(song).toEqual(writeSong(game));
      expect(song.steps).toBe(64);
      const root = STYLES[game]!.root;
      for (let bar = 0; bar < 8; bar++) {
        const at = song.notes.filter((n) => n.step >= bar * 8 && n.step < bar * 8 + 8);
        expect(at.filter((n) => n.voice === "pad")).toHaveLength(3);
        expect(at.filter((n) => n.voice === "bass")).toHaveLength(2);
        expect(at.filter((n) => n.voice === "lead").length).toBeGreaterThanOrEqual(2);
      }
      const lead = song.notes.filter((n) => n.voice === "lead");
      for (const n of lead) expect([0, 2, 4, 7, 9]).toContain((((n.midi - root) % 12) + 12) % 12);
      expect((lead.at(-1)!.midi - root) % 12).toBe(0);
      for (const n of song.notes) expect(n.step + n.length).toBeLessThanOrEqual(64);
    }
    const tunes = Object.keys(STYLES).map((g) => JSON.stringify(writeSong(g).notes));
    expect(new Set(tunes).size).toBe(tunes.length);
  });
});

describe("the music scheduler", () => {
  it("hands WebAudio each note once, a little ahead of the audio clock, loop after loop", () => {
    const audio = new FakeAudioContext();
    const clock = manualClock(audio);
    const player = createMusicPlayer(audio, clock, writeSong("blast"));
    player.play(0.5);
    expect(audio.state).toBe("running");
    // At the start only the notes due within the look-ahead are handed over.
    expect(heard(audio)).toEqual(expected("blast", 0.05, LOOKAHEAD));
    clock.advance(2000);
    expect(heard(audio)).toEqual(expected("blast", 0.05, 2 + LOOKAHEAD));
    // Past the end of the 64-step loop it starts again from its first bar.
    clock.advance(30_000);
    expect(heard(audio)).toEqual(expected("blast", 0.05, 32 + LOOKAHEAD));
    const loop = 64 * stepSeconds(writeSong("blast"));
    expect(heard(audio).filter((n) => Math.abs(n.at - (0.05 + loop)) < 1e-9)).toEqual(
      heard(audio)
        .filter((n) => n.at === 0.05)
        .map((n) => ({ ...n, at: 0.05 + loop })),
    );
  });

  it("fades its own bus in to the level, follows a new level, and fades out on pause", () => {
    const audio = new FakeAudioContext();
    const clock = manualClock(audio);
    const player = createMusicPlayer(audio, clock, writeSong("puzzle"));
    player.play(0.25);
    const bus = audio.gains[0]!;
    expect(bus.outputs).toEqual([audio.destination]);
    expect(bus.gain.calls.at(-1)).toEqual(["linear", 0.25, 1.5]);
    clock.advance(1000);
    player.play(0.5);
    expect(bus.gain.calls.at(-1)).toEqual(["linear", 0.5, 1.2]);
    player.pause();
    expect(player.playing).toBe(false);
    expect(bus.gain.calls.at(-1)).toEqual(["linear", 0, 1.4]);
    clock.advance(1000);
    expect(bus.disconnected).toBe(true);
  });

  it("hands over nothing while paused and goes on from the first step not yet heard", () => {
    const audio = new FakeAudioContext();
    const clock = manualClock(audio);
    const song = writeSong("stacker");
    const sec = stepSeconds(song);
    const player = createMusicPlayer(audio, clock, song);
    player.play(1);
    clock.advance(3000);
    player.pause();
    const before = audio.oscillators.length;
    clock.advance(10_000);
    expect(audio.oscillators.length).toBe(before);
    expect(clock.pending()).toBe(0);
    player.play(1);
    // The pause came at 3 s: steps up to 3 s were heard; the next one starts the new play.
    const next = Math.ceil((3 - 0.05) / sec);
    const resumed = heard(audio).slice(before);
    const origin = 13.05 - next * sec;
    clock.advance(2000);
    expect(heard(audio).slice(before)).toEqual(
      expected("stacker", origin, 15 + LOOKAHEAD).filter((n) => n.at >= 13.05 - 1e-9),
    );
    expect(resumed[0]?.at).toBeCloseTo(13.05, 9);
    // Each new note goes to the new bus, not the faded one.
    const buses = audio.gains.filter((g) => g.outputs.includes(audio.destination));
    expect(buses).toHaveLength(2);
  });
});
