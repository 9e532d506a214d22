/**
 * Score verification time for a long Block Blast game (docs/service.md "Leaderboards"): plays seeds
 * with the computer player until game over, keeps the longest game, then times the server's replay
 * check (verify.ts, sliced at 5 ms) of it as `place` commands and as `ai` commands. One JSON line per
 * form (medians of the runs after a warm-up): total and work time, the longest slice the replay held the
 * event loop (and its worst run), and how many slices. A slice ends after the command that crosses 5 ms:
 * one `ai` command (a whole search) cannot be cut.
 *
 *   npx tsc -b && node apps/server/bench/score-verify.mjs [seeds] [runs]
 */
import { handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { verifyReplay } from "../dist/src/scores/verify.js";

const SEEDS = Number(process.argv[2] ?? 20);
const RUNS = Number(process.argv[3] ?? 5);

function play(seed) {
  let state = startGame(blastGame, seed, undefined).value;
  const ai = [];
  const place = [];
  while (!state.over) {
    const step = handleCommand(blastGame, state, { cmd: "ai" });
    if (!step.reply.ok) throw new Error(step.reply.error.message);
    ai.push(step.record);
    place.push(...step.reply.hint.commands);
    state = step.state;
  }
  return { seed, ai, place, score: state.score };
}

let longest = play(1);
for (let seed = 2; seed <= SEEDS; seed++) {
  const game = play(seed);
  if (game.place.length > longest.place.length) longest = game;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Math.round(ms * 100) / 100;

for (const form of ["place", "ai"]) {
  const commands = longest[form];
  const timings = [];
  // One warm-up run: the first replay also pays for compiling the engine's code.
  await verifyReplay(blastGame, longest.seed, {}, commands);
  for (let run = 0; run < RUNS; run++) {
    const verified = await verifyReplay(blastGame, longest.seed, {}, commands);
    if (verified.state.score !== longest.score) throw new Error("the replay reached another score");
    timings.push(verified.timing);
  }
  console.log(
    JSON.stringify({
      game: "blast",
      seed: longest.seed,
      form,
      commands: commands.length,
      bytes: JSON.stringify(commands).length,
      score: longest.score,
      runs: RUNS,
      totalMs: round(median(timings.map((t) => t.totalMs))),
      workMs: round(median(timings.map((t) => t.workMs))),
      longestSliceMs: round(median(timings.map((t) => t.longestSliceMs))),
      longestSliceMaxMs: round(Math.max(...timings.map((t) => t.longestSliceMs))),
      slices: median(timings.map((t) => t.slices)),
    }),
  );
}
