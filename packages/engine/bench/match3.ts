/**
 * Match-3 Falling Bricks: frames per second over long runs of seeded random games, ours (row
 * strings, the active brick kept apart from the field, matching only through the locked brick's
 * rows and columns) against the literal implementation of naive.ts (a 2-D grid copied every frame,
 * whole-field scan after each lock), on a typical 10 x 20 field and on the largest, 100 x 100.
 * Both play the same games; the run checks they end on the same fields before timing anything.
 */
import { nextInt, pick, seedRng } from "../src/core/rng.js";
import { boardWithActive } from "../src/games/match3/field.js";
import { FRAME_COMMANDS, type Match3State, match3Game } from "../src/games/match3/index.js";
import { naiveField, naiveFrame, naiveStart } from "../src/games/match3/naive.js";
import { type Benchmark, opsPerSecond, rate } from "./harness.js";

interface Script {
  input: string;
  commands: string[];
}

/** Random games played to their end, as init lines and frame command texts. */
function scripts(width: number, height: number, count: number): Script[] {
  const rng = seedRng(77);
  const out: Script[] = [];
  for (let g = 0; g < count; g++) {
    const bricks = Array.from(
      { length: 5 },
      () => pick(rng, ["H", "V"]) + [0, 1, 2].map(() => pick(rng, ["^", "*", "@", "~"])).join(""),
    );
    const input = [width, height, ...bricks].join(" ");
    const config = match3Game.parseConfig({ input });
    if (!config.ok) throw new Error(config.error.message);
    let state = match3Game.newGame(config.value, g) as Match3State;
    const commands: string[] = [];
    // Mostly single moves and no-ops so bricks fall row by row: long games, many frames.
    while (!state.over) {
      const text =
        nextInt(rng, 8) === 0
          ? "D"
          : pick(
              rng,
              FRAME_COMMANDS.filter((c) => !c.includes("D")),
            );
      commands.push(text);
      const r = match3Game.apply(state, { cmd: "frame", commands: text });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    out.push({ input, commands });
  }
  return out;
}

function playOurs(script: Script): Match3State {
  const config = match3Game.parseConfig({ input: script.input });
  if (!config.ok) throw new Error(config.error.message);
  let state = match3Game.newGame(config.value, 0) as Match3State;
  for (const commands of script.commands) {
    const r = match3Game.apply(state, { cmd: "frame", commands });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

function playNaive(script: Script): string[] {
  let game = naiveStart(script.input);
  for (const commands of script.commands) game = naiveFrame(game, commands);
  return naiveField(game);
}

function framesPerSecond(width: number, height: number, games: number) {
  const all = scripts(width, height, games);
  for (const script of all) {
    const ours = boardWithActive(playOurs(script)).join("/");
    if (ours !== playNaive(script).join("/")) throw new Error(`implementations disagree on ${script.input}`);
  }
  const frames = all.reduce((n, s) => n + s.commands.length, 0);
  // The machine is shared: alternate short rounds and keep each side's best, so a burst of load
  // elsewhere does not land on one side only.
  let ours = 0;
  let naive = 0;
  for (let round = 0; round < 5; round++) {
    ours = Math.max(
      ours,
      opsPerSecond(() => {
        for (const s of all) playOurs(s);
        return frames;
      }, 250),
    );
    naive = Math.max(
      naive,
      opsPerSecond(() => {
        for (const s of all) playNaive(s);
        return frames;
      }, 250),
    );
  }
  return rate(`match3.frames.${width}x${height}`, ours, "frames/s", "naive 2-D grid", naive);
}

export const benchmarks: Benchmark[] = [
  {
    name: "match3",
    run() {
      return [framesPerSecond(10, 20, 200), framesPerSecond(100, 100, 20)];
    },
  },
];
