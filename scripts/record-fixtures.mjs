// Records the finished games the tests use as fixtures (apps/server/test/fixtures/*.json), so no test
// plays a whole game with the computer player: a test replays the stored moves, which costs the
// same on any machine and does not change when the computer player does.
//
//   npm run fixtures              # every fixture (runs tsc -b first: this script uses the built engine)
//   node scripts/record-fixtures.mjs blast-3   # some of them, by name
//
// Each file holds plain moves (`place`, never `ai`), the final score and a hash of the final state,
// so a rule change shows as a replay that no longer reaches them. Re-record only on purpose (a rule
// change), and say why in the commit; docs/testing.md "Recorded games".

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { canonicalJson, handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";

const FOLDER = resolve("apps/server/test/fixtures");

/**
 * name -> how it is played. `ai`: the computer player's placements, real games with clears and
 * streaks; `picks`: a seeded choice among the legal moves (short games; the computer player keeps a
 * 10x10 Puzzle going for thousands of moves).
 */
const FIXTURES = {
  "blast-1": { game: blastGame, seed: 1, config: undefined, player: "ai" },
  "blast-2": { game: blastGame, seed: 2, config: undefined, player: "ai" },
  "blast-3": { game: blastGame, seed: 3, config: undefined, player: "ai" },
  "blast-7": { game: blastGame, seed: 7, config: undefined, player: "ai" },
  "puzzle-8x8": { game: puzzleGame, seed: 11, config: undefined, player: "ai" },
  "puzzle-10x10": { game: puzzleGame, seed: 12, config: { rows: 10, cols: 10 }, player: "picks" },
};

const MAX_MOVES = 100_000;

function started(game, seed, config) {
  const start = startGame(game, seed, config);
  if (!start.ok) throw new Error(start.error.message);
  return start.value;
}

function step(game, state, command) {
  const next = handleCommand(game, state, command);
  if (!next.reply.ok || !next.record)
    throw new Error(`refused ${JSON.stringify(command)}: ${JSON.stringify(next.reply)}`);
  return next;
}

/** The placements of a whole game: what `ai` chose, or a seeded pick among the legal moves. */
function play({ game, seed, config, player }) {
  let state = started(game, seed, config);
  const moves = [];
  let pick = seed;
  while (!state.over) {
    if (moves.length >= MAX_MOVES)
      throw new Error(`${game.id} seed ${seed} not over after ${MAX_MOVES} moves`);
    if (player === "ai") {
      const next = step(game, state, { cmd: "ai" });
      moves.push(...next.reply.hint.commands);
      state = next.state;
    } else {
      const legal = game.legal(state);
      pick = (pick * 1_103_515_245 + 12_345) >>> 0;
      const next = step(game, state, legal[pick % legal.length]);
      moves.push(next.record);
      state = next.state;
    }
  }
  return moves;
}

/** Replays the moves alone: the fixture must stand without the player that made it. */
function replay({ game, seed, config }, moves) {
  let state = started(game, seed, config);
  for (const move of moves) state = step(game, state, move).state;
  if (!state.over) throw new Error(`${game.id} seed ${seed}: the moves do not end the game`);
  return state;
}

function stateHash(state) {
  return createHash("sha256").update(canonicalJson(state)).digest("hex");
}

const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(FIXTURES);
const written = [];
for (const name of names) {
  const fixture = FIXTURES[name];
  if (!fixture) throw new Error(`no fixture ${name}; known: ${Object.keys(FIXTURES).join(", ")}`);
  const moves = play(fixture);
  const final = replay(fixture, moves);
  const file = join(FOLDER, `${name}.json`);
  const record = {
    game: fixture.game.id,
    seed: fixture.seed,
    ...(fixture.config === undefined ? {} : { config: fixture.config }),
    player: fixture.player,
    score: final.score,
    stateHash: stateHash(final),
    moves,
  };
  writeFileSync(file, `${JSON.stringify(record)}\n`);
  written.push(file);
  console.log(`${name}: ${moves.length} moves, score ${final.score}`);
}
// The repository's JSON style (biome format), so a re-recording diffs by move.
const biome = spawnSync(
  process.execPath,
  [resolve("node_modules/@biomejs/biome/bin/biome"), "format", "--write", ...written],
  {
    stdio: "inherit",
  },
);
if (biome.status !== 0) throw new Error("biome format failed");
