import { manualClock } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { createTimed, createTimedList, createTimeline } from "./effects-timeline";

describe("the effects timeline", () => {
  it("runs each timer once at its time, in order", () => {
    const clock = manualClock();
    const timeline = createTimeline(clock);
    const seen: string[] = [];
    timeline.after(200, () => seen.push("b"));
    timeline.after(100, () => seen.push("a"));
    clock.advance(99);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(seen).toEqual(["a"]);
    clock.advance(1000);
    expect(seen).toEqual(["a", "b"]);
    expect(clock.pending()).toBe(0);
  });

  it("a cancelled timer never runs, and cancelling twice is harmless", () => {
    const clock = manualClock();
    const timeline = createTimeline(clock);
    const seen: string[] = [];
    const cancel = timeline.after(50, () => seen.push("gone"));
    timeline.after(50, () => seen.push("kept"));
    cancel();
    cancel();
    clock.advance(50);
    expect(seen).toEqual(["kept"]);
  });

  it("clear() cancels every pending timer, and the timeline schedules again after it (a restart)", () => {
    const clock = manualClock();
    const timeline = createTimeline(clock);
    const seen: string[] = [];
    timeline.after(10, () => seen.push("one"));
    timeline.after(20, () => seen.push("two"));
    timeline.clear();
    expect(clock.pending()).toBe(0);
    clock.advance(100);
    expect(seen).toEqual([]);
    timeline.after(10, () => seen.push("after restart"));
    clock.advance(10);
    expect(seen).toEqual(["after restart"]);
  });
});

describe("a timed value", () => {
  const setUp = () => {
    const clock = manualClock();
    const timeline = createTimeline(clock);
    const shown: string[] = [];
    const timed = createTimed<string>(timeline, "", (v) => shown.push(v));
    return { clock, timeline, shown, timed };
  };

  it("shows a value and goes back to rest after its time", () => {
    const { clock, shown, timed } = setUp();
    timed.show("Double", 2000);
    expect(shown).toEqual(["Double"]);
    clock.advance(1999);
    expect(shown).toEqual(["Double"]);
    clock.advance(1);
    expect(shown).toEqual(["Double", ""]);
  });

  it("a new value restarts its timer", () => {
    const { clock, shown, timed } = setUp();
    timed.show("Single", 2000);
    clock.advance(1500);
    timed.show("Double", 2000);
    clock.advance(1500);
    expect(shown).toEqual(["Single", "Double"]);
    clock.advance(500);
    expect(shown).toEqual(["Single", "Double", ""]);
    expect(clock.pending()).toBe(0);
  });

  it("null keeps the value until it is set again", () => {
    const { clock, shown, timed } = setUp();
    timed.show("Single", 2000);
    timed.show("Game over", null);
    clock.advance(60_000);
    expect(shown).toEqual(["Single", "Game over"]);
    timed.show("", null);
    expect(shown).toEqual(["Single", "Game over", ""]);
  });

  it("the timeline's clear() puts it back to rest and its old timer never fires", () => {
    const { clock, timeline, shown, timed } = setUp();
    timed.show("Game over", null);
    timeline.clear();
    expect(shown).toEqual(["Game over", ""]);
    timed.show("Single", 100);
    timeline.clear();
    clock.advance(1000);
    expect(shown).toEqual(["Game over", "", "Single", ""]);
  });

  it("once disposed it leaves the timeline: no timer, no reset", () => {
    const { clock, timeline, shown, timed } = setUp();
    timed.show("Single", 100);
    timed.dispose();
    timeline.clear();
    clock.advance(1000);
    expect(shown).toEqual(["Single"]);
    expect(clock.pending()).toBe(0);
  });
});

describe("a timed list", () => {
  it("each item stays its own time; clear() empties it at once", () => {
    const clock = manualClock();
    const timeline = createTimeline(clock);
    let items: readonly string[] = [];
    const list = createTimedList<string>(timeline, (next) => {
      items = next;
    });
    list.add("+10", 900);
    clock.advance(500);
    list.add("+30", 900);
    expect(items).toEqual(["+10", "+30"]);
    clock.advance(400);
    expect(items).toEqual(["+30"]);
    list.add("+50", 900);
    timeline.clear();
    expect(items).toEqual([]);
    expect(clock.pending()).toBe(0);
    clock.advance(5000);
    expect(items).toEqual([]);
  });
});
