/**
 * Replays' sizes and costs (docs/service.md "Replays"), one JSON line each:
 *   - per game, the longest command a ranked replay can hold (a legal move of the start, or a tick),
 *     and so the largest replay at the session cap of 100,000 commands;
 *   - GET /api/replays/:id of a kept replay of 100,000 Stacker commands (keys and ticks) through the
 *     real app on SQLite: its bytes, gzipped bytes, and the process's CPU per request;
 *   - the score curve (the compute pool's `curve` task, run here on this thread) of real games
 *     played by the engine to their end: its CPU.
 *
 *   npx tsc -b && node apps/server/bench/replays.mjs
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { ACTIONS, blockyGame } from "@blockarcade/engine/games/blocky";
import { match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { KEY_ACTIONS, stackerGame } from "@blockarcade/engine/games/stacker";
import { buildApp } from "../dist/src/app.js";
import { runTask } from "../dist/src/compute/tasks.js";
import { DEFAULT_SESSION_OPTIONS } from "../dist/src/sessions.js";
import { replayStorageFor } from "../dist/src/store/index.js";
import { SqliteScoreStorage } from "../dist/src/store/sqlite-scores.js";

const CAP = DEFAULT_SESSION_OPTIONS.maxCommands;
const load = () => loadavg()[0].toFixed(1);
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

// Every command a ranked replay can hold, by game: the start's legal moves, a tick, and the command
// forms legal() does not list (every Stacker key name, a two-move Match-3 frame, a Blocky move on a
// block at the deepest level, with the longest action name).
const GAMES = [
  [blastGame, undefined, []],
  [puzzleGame, { rows: 10, cols: 10 }, []],
  [
    match3Game,
    undefined,
    [
      { cmd: "frame", commands: "LR" },
      { cmd: "move", move: "L" },
    ],
  ],
  [stackerGame, undefined, Object.keys(KEY_ACTIONS).map((key) => ({ cmd: "key", key }))],
  [
    blockyGame,
    { maxDepth: 6, players: [{ kind: "human" }, { kind: "random" }] },
    ACTIONS.map((action) => ({ cmd: "move", action, path: [3, 3, 3, 3, 3, 3] })),
  ],
];

for (const [game, config, extra] of GAMES) {
  const state = startGame(game, 1, config).value;
  let longest = "";
  for (const move of [...game.legal(state), { cmd: "tick" }, ...extra]) {
    if (!game.commands.includes(move.cmd)) continue;
    const parsed = game.parseCommand(move);
    const text = parsed.ok ? JSON.stringify(parsed.value) : "";
    if (text.length > longest.length) longest = text;
  }
  console.log(
    JSON.stringify({
      bench: "replay-command-bytes",
      game: game.id,
      longest,
      bytes: longest.length,
      atCapBytes: CAP * (longest.length + 1) + 1,
    }),
  );
}

// A kept replay at the cap, answered by the real app.
const app = await buildApp({
  dataDir: join(mkdtempSync(join(tmpdir(), "ba-replays-")), "data"),
  logger: false,
});
const db = app.storage.handle.db;
const entered = await new SqliteScoreStorage(db).enter(
  {
    game: "stacker",
    configKey: "{}",
    name: "Bench",
    score: 1,
    seed: 1,
    replayHash: "session:bench",
    createdAt: new Date(),
  },
  "session",
);
const keys = ['{"cmd":"tick"}', '{"cmd":"key","key":"ArrowLeft"}', '{"cmd":"key","key":"Space"}'];
const commands = `[${Array.from({ length: CAP }, (_, i) => keys[i % 3]).join(",")}]`;
await replayStorageFor(app.storage.handle).save({
  scoreId: entered.id,
  game: "stacker",
  seed: 1,
  config: "{}",
  commands,
  moves: Math.round((CAP * 2) / 3),
  createdAt: new Date(),
});
const samples = [];
let bytes = 0;
let gzipped = 0;
for (let i = 0; i < 15; i++) {
  const began = cpuMs();
  const res = await app.inject({
    method: "GET",
    url: `/api/replays/${entered.id}`,
    headers: { "accept-encoding": i % 2 ? "gzip" : "identity" },
  });
  samples.push(cpuMs() - began);
  if (res.statusCode !== 200) throw new Error(res.body.slice(0, 200));
  if (res.headers["content-encoding"] === "gzip") {
    gzipped = res.rawPayload.length;
    bytes = gunzipSync(res.rawPayload).length;
  }
}
samples.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bench: "replay-get-at-cap",
    commands: CAP,
    bytes,
    gzipBytes: gzipped,
    medianCpuMs: Number(samples[7].toFixed(1)),
    worstCpuMs: Number(samples.at(-1).toFixed(1)),
    load: load(),
  }),
);
await app.close();

// Curves of real games, played here by the engine: greedy moves (Blast, Puzzle), hard drops with a
// tick before each (Stacker), the computer player's moves (Match-3 Arcade).
function playToEnd(game, seed, config, choose) {
  let state = startGame(game, seed, config).value;
  const log = [];
  while (!state.over && log.length < CAP) {
    for (const move of choose(state)) {
      const step = handleCommand(game, state, move);
      if (!step.reply.ok) throw new Error(step.reply.error.message);
      log.push(JSON.stringify(step.record));
      state = step.state;
      if (state.over) break;
    }
  }
  return { log, score: state.score };
}
const greedy = (game) => (state) => {
  let best;
  let bestScore = -1;
  for (const move of game.legal(state)) {
    const score = handleCommand(game, state, move).state.score;
    if (score > bestScore) [best, bestScore] = [move, score];
  }
  return [best];
};
const hinted = (game) => (state) => game.hint(state).value.commands;
for (const [game, config, choose] of [
  [blastGame, undefined, greedy(blastGame)],
  [puzzleGame, undefined, greedy(puzzleGame)],
  [stackerGame, undefined, () => [{ cmd: "tick" }, { cmd: "key", key: "Space" }]],
  [match3Game, { mode: "arcade", width: 5, height: 10 }, hinted(match3Game)],
]) {
  const { log, score } = playToEnd(game, 7, config, choose);
  const task = { kind: "curve", id: 1, game: game.id, seed: 7, config, commands: `[${log.join(",")}]` };
  const began = cpuMs();
  const done = await runTask(task);
  const spent = cpuMs() - began;
  if (!done.ok || done.value.score !== score)
    throw new Error(`${game.id}: the curve does not end at ${score}`);
  console.log(
    JSON.stringify({
      bench: "replay-curve",
      game: game.id,
      commands: log.length,
      bytes: task.commands.length,
      moves: done.value.scores.length,
      score,
      cpuMs: Number(spent.toFixed(1)),
      load: load(),
    }),
  );
}
