/**
 * Match-3 Falling Bricks: frames per second over long runs of seeded random games, ours (row
 * strings, the active brick kept apart from the field, matching only through the locked brick's
 * rows and columns) against the literal implementation of naive.ts (a 2-D grid copied every frame,
 * whole-field scan after each lock), on a typical 10 x 20 field and on the largest, 100 x 100.
 * Both play the same games; the run checks they end on the same fields before timing anything.
 *
 * The computer player (docs/games/match3.md "Computer player"): on seeded random init lines (width
 * 3-12, height 3-14, five random bricks) it plays every game to its end, and so does a baseline of
 * random command pairs; the figures are cells removed per game and the share of games that end by
 * "no bricks" rather than a blocked spawn, plus the hint's time per frame on 10 x 20 and 100 x 100.
 * BENCH_GAMES sets the number of games (default 60; the docs' table uses BENCH_GAMES=200).
 * `match3-worst`: the hint's CPU time on the worst positions found (match3-worst.ts), which the
 * work budget bounds.
 */
import { nextInt, pick, seedRng } from "../src/core/rng.js";
import { boardWithActive } from "../src/games/match3/field.js";
import {
  ARCADE_DEFAULTS,
  FRAME_COMMANDS,
  type Match3Command,
  type Match3State,
  match3Game,
} from "../src/games/match3/index.js";
import { naiveField, naiveFrame, naiveStart } from "../src/games/match3/naive.js";
import { WORST_POSITIONS } from "../src/games/match3/worst-positions.js";
import {
  type Benchmark,
  type Figure,
  opsPerSecond,
  processCpuMs,
  rate,
  worstPositionsCpu,
} from "./harness.js";
import { loadPosition } from "./match3-worst.js";

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

const GAMES = Math.max(2, Number(process.env.BENCH_GAMES ?? 60) || 60);

/** Seeded random init lines: small to mid fields where spawns can be blocked. */
function randomInputs(count: number, seed: number): string[] {
  const rng = seedRng(seed);
  return Array.from({ length: count }, () => {
    const width = 3 + nextInt(rng, 10);
    const height = 3 + nextInt(rng, 12);
    const bricks = Array.from(
      { length: 5 },
      () => pick(rng, ["H", "V"]) + [0, 1, 2].map(() => pick(rng, ["^", "*", "@", "~"])).join(""),
    );
    return [width, height, ...bricks].join(" ");
  });
}

/** Plays one game to its end with `choose` picking each frame's command text. */
function playOut(
  input: string,
  choose: (state: Match3State) => string,
): { state: Match3State; frames: number } {
  let state = match3Game.newGame({ input }, 0) as Match3State;
  let frames = 0;
  while (!state.over) {
    const r = match3Game.apply(state, { cmd: "frame", commands: choose(state) });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    frames++;
  }
  return { state, frames };
}

function hintText(state: Match3State): string {
  const hint = match3Game.hint?.(state);
  if (!hint?.ok) throw new Error("no hint in a running game");
  const first = hint.value.commands[0];
  return first?.cmd === "frame" ? first.commands : "";
}

function strength(): Figure[] {
  const inputs = randomInputs(GAMES, 2024);
  const rng = seedRng(99);
  let aiRemoved = 0;
  let aiNoBricks = 0;
  let randomRemoved = 0;
  let randomNoBricks = 0;
  for (const input of inputs) {
    const ai = playOut(input, hintText).state;
    aiRemoved += ai.score;
    if (ai.reason === "no-bricks") aiNoBricks++;
    const random = playOut(input, () => pick(rng, FRAME_COMMANDS)).state;
    randomRemoved += random.score;
    if (random.reason === "no-bricks") randomNoBricks++;
  }
  return [
    rate(
      "match3.ai.removed",
      aiRemoved / GAMES,
      `cells/game (${GAMES} games)`,
      "random pairs",
      randomRemoved / GAMES,
    ),
    rate(
      "match3.ai.no-bricks",
      (100 * aiNoBricks) / GAMES,
      "% end by no bricks",
      "random pairs",
      (100 * randomNoBricks) / GAMES,
    ),
  ];
}

/** Milliseconds per hint over the frames of games played by the hint itself (up to `limit` each). */
function hintTime(width: number, height: number, games: number, limit = Number.POSITIVE_INFINITY): Figure {
  const inputs = randomInputs(games, 7).map((line) => line.replace(/^\d+ \d+/, `${width} ${height}`));
  let ms = 0;
  let frames = 0;
  for (const input of inputs) {
    let played = 0;
    const timed = (state: Match3State) => {
      // Past the limit the game is finished by plain drops, untimed.
      if (++played > limit) return "D";
      const start = performance.now();
      const text = hintText(state);
      ms += performance.now() - start;
      return text;
    };
    frames += Math.min(limit, playOut(input, timed).frames);
  }
  return {
    name: `match3.hint.${width}x${height}`,
    value: Math.round((ms / frames) * 100) / 100,
    unit: "ms/frame",
  };
}

/** CPU milliseconds of one hint on the worst positions found (worst-positions.ts). */
function worstHints(): Figure[] {
  const runs = WORST_POSITIONS.map((position) => {
    const state = loadPosition(position);
    return () => {
      match3Game.hint(state);
    };
  });
  return worstPositionsCpu("match3.hint.worst", "hint", runs);
}

/**
 * Arcade (docs/games/match3.md "Arcade mode", issue 24): the computer player plays 5 seeded games at
 * the default config to their end, whole bricks at a time. Figures: bricks placed (median of the 5;
 * baseline: dropping every brick where it spawns), the most ticks a game took (every game ends:
 * the rising floor bounds it), and the CPU time of one Arcade hint.
 */
function arcadeAi(): Figure[] {
  const seeds = [1, 2, 3, 4, 5];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const playArcade = (seed: number, choose: (s: Match3State) => Match3Command[]) => {
    let state = match3Game.newGame({ ...ARCADE_DEFAULTS }, seed) as Match3State;
    let ticks = 0;
    while (!state.over) {
      for (const command of choose(state)) {
        const r = match3Game.apply(state, command);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        if (command.cmd === "tick") ticks++;
      }
    }
    return { placed: state.placed ?? 0, ticks };
  };
  let hints = 0;
  let cpu = 0;
  const ai = seeds.map((seed) =>
    playArcade(seed, (state) => {
      const start = processCpuMs();
      const hint = match3Game.hint?.(state);
      cpu += processCpuMs() - start;
      hints++;
      if (!hint?.ok) throw new Error("no hint in a running game");
      return hint.value.commands;
    }),
  );
  const down: Match3Command = { cmd: "move", move: "D" };
  const canDrop = (state: Match3State) =>
    match3Game.legal(state).some((c) => c.cmd === "move" && c.move === "D");
  const drop = seeds.map((seed) =>
    playArcade(seed, (state) => (canDrop(state) ? [down, { cmd: "tick" }] : [{ cmd: "tick" }])),
  );
  return [
    rate(
      "match3.arcade.ai.bricks",
      median(ai.map((g) => g.placed)),
      "bricks placed (median of 5 seeds, default config)",
      "drop at the spawn",
      median(drop.map((g) => g.placed)),
    ),
    {
      name: "match3.arcade.ai.ticks",
      value: Math.max(...ai.map((g) => g.ticks)),
      unit: "ticks, longest game of 5",
    },
    {
      name: "match3.arcade.hint",
      value: Math.round((cpu / hints) * 100) / 100,
      unit: "CPU ms/hint (whole brick)",
    },
  ];
}

export const benchmarks: Benchmark[] = [
  { name: "match3-arcade", run: arcadeAi },
  { name: "match3-worst", run: worstHints },
  {
    name: "match3",
    run() {
      return [framesPerSecond(10, 20, 200), framesPerSecond(100, 100, 20)];
    },
  },
  {
    name: "match3-ai",
    run() {
      return [...strength(), hintTime(10, 20, 10), hintTime(100, 100, 1, 40)];
    },
  },
];
