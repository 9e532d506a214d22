import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { pick, seedRng } from "../../core/rng.js";
import {
  bestLanding,
  FRAME_COMMANDS,
  type FrameCommand,
  HINT_STEPS,
  LANDING_STEPS,
  landings,
  type Match3State,
  match3Game,
  SETUP_CELLS,
  Search,
  SPOT_STEPS,
} from "./index.js";
import { position, start } from "./test-helpers.js";
import { WORST_POSITIONS } from "./worst-positions.js";

function hintOf(state: Match3State) {
  const hint = match3Game.hint(state);
  if (!hint?.ok) throw new Error("no hint");
  return hint.value;
}

function randomStates(count: number): Match3State[] {
  const rng = seedRng(31);
  const out: Match3State[] = [];
  while (out.length < count) {
    const w = 3 + Math.floor(pick(rng, [0, 1, 2, 3, 4, 5, 6, 7]));
    const h = 3 + Math.floor(pick(rng, [0, 2, 4, 6, 8]));
    const bricks = Array.from(
      { length: 5 },
      () => pick(rng, ["H", "V"]) + [0, 1, 2].map(() => pick(rng, ["^", "*", "@", "~"])).join(""),
    );
    let state = start([w, h, ...bricks].join(" "));
    while (!state.over && out.length < count) {
      out.push(state);
      const r = match3Game.apply(state, { cmd: "frame", commands: pick(rng, FRAME_COMMANDS) });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
  return out;
}

describe("computer player (docs: Computer player)", () => {
  it("takes the one pair that completes a run: LD lands ^ next to two ^", () => {
    // Column 1 is the only place where the V brick's bottom ^ meets the two ^ of the floor row.
    const state = position("5 6 V**^ H^^@", {
      board: [".....", ".....", ".....", ".....", ".....", "..^^."],
      active: {
        cells: [
          [0, 2, "*"],
          [1, 2, "*"],
          [2, 2, "^"],
        ],
      },
      queue: ["H@~@"],
    });
    const hint = hintOf(state);
    expect(hint).toEqual({ commands: [{ cmd: "frame", commands: "LD" }], reason: "removes 3 cells" });
    const played = match3Game.apply(state, hint.commands[0] as never);
    expect(played.ok && played.state.score).toBe(3);
  });

  it("prefers a landing several frames away that removes cells, and says so", () => {
    // The brick's ~ must come two columns left, next to the floor's ~~: two frames (L, then LD).
    const state = position("11 6 H~@* H@@~", {
      board: ["...........", "...........", "...........", "...........", "...........", "~~........."],
      active: {
        cells: [
          [0, 4, "~"],
          [0, 5, "@"],
          [0, 6, "*"],
        ],
      },
      queue: ["H@*@"],
    });
    const hint = hintOf(state);
    expect(hint).toEqual({
      commands: [{ cmd: "frame", commands: "L" }],
      reason: "heads for a landing that removes 3 cells",
    });
    let s = state;
    for (let i = 0; i < 10 && s.score === 0 && !s.over; i++) {
      const r = match3Game.apply(s, hintOf(s).commands[0] as never);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.score).toBe(3);
  });

  it("keeps the spawn clear rather than stack on the centre", () => {
    // A 3 x 4 field: dropping the V brick in the centre would leave no room for the next V.
    const state = start("3 4 V^*@ V~^* V*@~");
    const hint = hintOf(state);
    expect(hint.reason).toMatch(/spawn clear|sets up|removes/);
    let s = state;
    while (!s.over) {
      const r = match3Game.apply(s, hintOf(s).commands[0] as never);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.reason).toBe("no-bricks");
  });

  it("never changes the state, gives the same hint twice, and hints a legal frame", () => {
    const legal = new Set(FRAME_COMMANDS);
    for (const state of randomStates(150)) {
      const before = JSON.stringify(state);
      const first = hintOf(state);
      expect(JSON.stringify(state)).toBe(before);
      expect(hintOf(state)).toEqual(first);
      expect(first.commands).toHaveLength(1);
      expect(legal.has((first.commands[0] as FrameCommand | undefined)?.commands as string)).toBe(true);
      expect(first.reason.length).toBeLessThanOrEqual(200);
    }
  });

  it("every landing it finds is what playing its frames through apply gives", () => {
    for (const state of randomStates(120)) {
      for (const landing of landings(state)) {
        let s = state;
        const events = [];
        for (const commands of landing.frames) {
          const r = match3Game.apply(s, { cmd: "frame", commands });
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
          events.push(...r.events);
        }
        expect(s).toEqual(landing.after);
        const locks = events.filter((e) => e.type === "locked");
        expect(locks).toEqual([{ type: "locked", cells: landing.cells }]);
        expect(s.score - state.score).toBe(landing.removed);
      }
    }
  });

  it("finds every spot a brick can lock in (against a search over apply itself)", () => {
    for (const state of randomStates(60)) {
      const spots = new Set<string>();
      const seen = new Set<string>([JSON.stringify(state.active)]);
      let layer = [state];
      while (layer.length > 0) {
        const next: Match3State[] = [];
        for (const s of layer) {
          for (const commands of FRAME_COMMANDS) {
            const r = match3Game.apply(s, { cmd: "frame", commands });
            if (!r.ok) throw new Error(r.error.message);
            const lock = r.events.find((e) => e.type === "locked");
            if (lock) spots.add(JSON.stringify(lock.cells));
            else if (!seen.has(JSON.stringify(r.state.active))) {
              seen.add(JSON.stringify(r.state.active));
              next.push(r.state);
            }
          }
        }
        layer = next;
      }
      const found = landings(state).map((l) => JSON.stringify(l.cells));
      expect(new Set(found)).toEqual(spots);
      expect(found).toHaveLength(spots.size);
    }
  });

  it("keeps its plan along its own path: the target stays the same frame after frame", () => {
    for (const state of randomStates(60)) {
      const target = bestLanding(state).best?.landing;
      if (!target) continue;
      let s = state;
      for (let i = 0; i < target.frames.length - 1; i++) {
        const r = match3Game.apply(s, hintOf(s).commands[0] as never);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
        expect(s.over).toBe(false);
      }
      const last = match3Game.apply(s, hintOf(s).commands[0] as never);
      if (!last.ok) throw new Error(last.error.message);
      expect(last.events.find((e) => e.type === "locked")).toEqual({ type: "locked", cells: target.cells });
    }
  });

  it("answers GAME_OVER once the game is over; the protocol's ai plays the hint", () => {
    const over = start("3 3");
    expect(match3Game.hint(over)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    const state = start("5 8 H^^* V*@^");
    const ai = handleCommand(match3Game, state, { cmd: "ai" });
    const hint = hintOf(state);
    const played = match3Game.apply(state, hint.commands[0] as never);
    expect(ai.reply.ok && played.ok && ai.state).toEqual(played.ok && played.state);
  });
});

describe("computer player: the work bound (docs: Computer player, The bound)", () => {
  it("the worst positions found stay within the budget, hint the same move twice, and a legal one", () => {
    let cut = 0;
    for (const fixture of WORST_POSITIONS) {
      const loaded = match3Game.load({ ...fixture }, match3Game.newGame(fixture.config, 1));
      if (!loaded.ok) throw new Error(loaded.error.message);
      const state = loaded.value;
      // Without a budget the search would do more than the hint may (on 100 x 100: several times).
      const unbounded = bestLanding(state, new Search(100 * HINT_STEPS)).steps;
      const bounded = bestLanding(state);
      expect(bounded.steps).toBeLessThanOrEqual(Math.min(unbounded, HINT_STEPS));
      expect(bounded.complete).toBe(unbounded <= HINT_STEPS);
      if (unbounded > HINT_STEPS) cut++;
      const first = hintOf(state);
      expect(hintOf(state)).toEqual(first);
      let s = state;
      for (const command of first.commands) {
        const played = match3Game.apply(s, command);
        if (!played.ok) throw new Error(played.error.message);
        s = played.state;
      }
      if (first.commands[0]?.cmd === "frame")
        expect(match3Game.legal(state)).toContainEqual(first.commands[0]);
    }
    expect(cut).toBeGreaterThanOrEqual(3);
  });

  it("a 100 x 100 field of real play: within the budget, the same target as with no budget", () => {
    // The second look at the eighth landing or so is cut; the target stays the one found in full.
    let state = start("100 100 H^^* V*@^ H~~@ V^*^ H@*~");
    for (let frame = 0; frame < 3; frame++) {
      const bounded = bestLanding(state);
      expect(bounded.steps).toBeLessThanOrEqual(HINT_STEPS);
      expect(bounded.best?.landing.cells).toEqual(bestLanding(state, new Search(1e9)).best?.landing.cells);
      const r = match3Game.apply(state, hintOf(state).commands[0] as never);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  });

  it("fields of real play are never cut: every step counted, the budget far away", () => {
    for (const state of randomStates(150)) {
      const bounded = bestLanding(state);
      expect(bounded.complete).toBe(true);
      expect(bounded.steps).toBeLessThan(HINT_STEPS / 10);
    }
  });

  it("a budget cut short still answers a legal move, the most promising landing played first", () => {
    // Room for the start and one landing only. The first expansion finds the floor at columns 18,
    // 19 and 20 (D first); only RD's landing puts the brick's ^ beside the floor's ^^, and it is
    // the one played.
    const state = position("40 30 V**^ H^^@", {
      board: [...Array(29).fill(".".repeat(40)), `${".".repeat(21)}^^${".".repeat(17)}`],
      active: {
        cells: [
          [0, 19, "*"],
          [1, 19, "*"],
          [2, 19, "^"],
        ],
      },
      queue: ["H@~@"],
    });
    const search = new Search(Math.ceil((40 * 30) / SETUP_CELLS) + 1 + 13 * SPOT_STEPS + LANDING_STEPS);
    const cut = bestLanding(state, search);
    expect(cut.complete).toBe(false);
    expect(search.expanded).toBe(1);
    expect(search.spotsFound).toBe(3);
    expect(search.played).toBe(1);
    expect(cut.steps).toBeLessThanOrEqual(search.budget);
    expect(cut.best?.landing.frames).toEqual(["RD"]);
    expect(cut.best?.landing.removed).toBe(3);
    const played = match3Game.apply(state, { cmd: "frame", commands: "RD" });
    expect(played.ok && played.state.score).toBe(3);
  });
});
