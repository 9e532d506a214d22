// Finds the golden replays that reach the board's edges (issue 21): the shortest game opening, over
// a range of seeds, in which the computer player's placements clear the last row and the last
// column (Block Blast, 8 x 8) and also clear a row and a column with one placement (Block Puzzle,
// 8 x 8, where that doubles the line points). Prints each as a `golden.test.ts` case: the seed, the
// placements as plain `place` commands (never `ai`, so a change to the computer player changes
// nothing there) and the picture, score and end the engine reaches. Uses the built engine.
//
//   npx tsc -b && node scripts/record-goldens.mjs [seeds (default 60)]
//
// docs/testing.md "Golden replays that reach the edges".

import { handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";

const SEEDS = Number(process.argv[2] ?? 60);
const MAX_MOVES = 400;
const LAST = 7;

function step(game, state, command) {
  const next = handleCommand(game, state, command);
  if (!next.reply.ok) throw new Error(`refused ${JSON.stringify(command)}: ${JSON.stringify(next.reply)}`);
  return next;
}

/**
 * The computer player's opening from `seed` up to the first placement after which `done(seen)`
 * holds, `seen` being what the clears so far reached; undefined if the game ends first.
 */
function opening(game, seed, done) {
  const start = startGame(game, seed, undefined);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  const moves = [];
  const seen = { lastRow: false, lastCol: false, rowAndCol: false, cornerCross: false };
  const clears = [];
  while (moves.length < MAX_MOVES && !state.over) {
    const hint = step(game, state, { cmd: "hint" }).reply.hint.commands[0];
    const next = step(game, state, hint);
    moves.push(hint);
    state = next.state;
    for (const e of next.reply.events) {
      if (e.type === "scored" && e.lines > 0) clears.push(`placement ${moves.length}: ${JSON.stringify(e)}`);
      if (e.type !== "cleared") continue;
      clears.push(
        `placement ${moves.length}: rows ${JSON.stringify(e.rows)}, columns ${JSON.stringify(e.cols)}`,
      );
      if (e.rows.includes(LAST)) seen.lastRow = true;
      if (e.cols.includes(LAST)) seen.lastCol = true;
      if (e.rows.length > 0 && e.cols.length > 0) seen.rowAndCol = true;
      if (e.rows.includes(LAST) && e.cols.includes(LAST)) seen.cornerCross = true;
    }
    if (done(seen)) return { seed, moves, state, seen, clears };
  }
  return undefined;
}

function shortest(game, done) {
  let best;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const found = opening(game, seed, done);
    if (found && (!best || found.moves.length < best.moves.length)) best = found;
  }
  if (!best) throw new Error(`${game.id}: no seed up to ${SEEDS} reaches the edges`);
  return best;
}

function print(game, wrap, found) {
  const triples = found.moves.map((m) => `        [${m.piece}, ${m.row}, ${m.col}],`);
  const text = game
    .toText(found.state)
    .split("\n")
    .map((l) => `        ${JSON.stringify(l)},`);
  console.log(
    `// ${game.id} seed ${found.seed}: ${found.moves.length} placements, ${JSON.stringify(found.seen)}`,
  );
  for (const c of found.clears) console.log(`// ${c}`);
  console.log(`      seed: ${found.seed},\n      config: undefined,\n      commands: ${wrap}([`);
  console.log(triples.join("\n"));
  console.log("      ]),\n      text: [");
  console.log(text.join("\n"));
  console.log(`      ].join("\\n"),\n      score: ${found.state.score},\n      over: ${found.state.over},\n`);
}

print(
  blastGame,
  "commands",
  shortest(blastGame, (s) => s.lastRow && s.lastCol),
);
print(
  puzzleGame,
  "places",
  shortest(puzzleGame, (s) => s.lastRow && s.lastCol && s.rowAndCol),
);
