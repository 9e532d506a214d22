/**
 * A small stand-in for the browser's AudioContext (a platform API, not ours): it keeps every node
 * made and every value set, so a test reads what would have sounded and when. And a manual clock.
 */
import { type Clock, manualClock as engineClock } from "@blockarcade/engine/core";

export class FakeParam {
  value = 0;
  readonly calls: [string, number, number][] = [];
  setValueAtTime(v: number, t: number) {
    this.calls.push(["set", v, t]);
    this.value = v;
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.calls.push(["linear", v, t]);
    this.value = v;
  }
  exponentialRampToValueAtTime(v: number, t: number) {
    this.calls.push(["exponential", v, t]);
    this.value = v;
  }
  cancelScheduledValues(t: number) {
    this.calls.push(["cancel", 0, t]);
  }
}

export class FakeNode {
  readonly outputs: FakeNode[] = [];
  disconnected = false;
  connect<T extends FakeNode>(target: T): T {
    this.outputs.push(target);
    return target;
  }
  disconnect() {
    this.disconnected = true;
  }
}

export class FakeOscillator extends FakeNode {
  type: OscillatorType = "sine";
  readonly frequency = new FakeParam();
  startAt: number | undefined;
  stopAt: number | undefined;
  start(t: number) {
    this.startAt = t;
  }
  stop(t: number) {
    this.stopAt = t;
  }
}

export class FakeGain extends FakeNode {
  readonly gain = new FakeParam();
}

export class FakeAudioContext {
  currentTime = 0;
  state = "suspended";
  readonly destination = new FakeNode();
  readonly oscillators: FakeOscillator[] = [];
  readonly gains: FakeGain[] = [];
  resume() {
    this.state = "running";
    return Promise.resolve();
  }
  createOscillator() {
    const o = new FakeOscillator();
    this.oscillators.push(o);
    return o;
  }
  createGain() {
    const g = new FakeGain();
    this.gains.push(g);
    return g;
  }
}

/** The engine's manual clock; it also moves an audio context's time with it (before each timer fires and at the end). */
export function manualClock(
  audio?: FakeAudioContext,
): Clock & { advance(ms: number): void; pending(): number } {
  const clock = engineClock();
  if (!audio) return clock;
  const sync = () => {
    audio.currentTime = clock.now() / 1000;
  };
  return {
    ...clock,
    after: (ms, fn) =>
      clock.after(ms, () => {
        sync();
        fn();
      }),
    advance(ms) {
      clock.advance(ms);
      sync();
    },
  };
}
