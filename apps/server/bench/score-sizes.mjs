/**
 * How many bytes a real finished game is as a POST /api/scores body, per game (docs/service.md
 * "Limits"): plays seeds with the computer player, sending each of its moves as the player would
 * (the hint's commands one by one, so the body holds the moves, not `ai`), and for Block Stacker the
 * browser's gravity `tick`s too, at a player's pace of one key every 150 ms. A game that does not end
 * is cut at MAX_COMMANDS. Blocky's longest config is bounded instead: every move the legal one with
 * the longest text. One JSON line per case: the longest body and its command count.
 *
 *   npx tsc -b && node apps/server/bench/score-sizes.mjs [seeds]
 */
import { handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { blockyGame } from "@blockarcade/engine/games/blocky";
import { match3Game } from "@blockarcade/engine/games/match3";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { gravityMs, stackerGame } from "@blockarcade/engine/games/stacker";

const SEEDS = Number(process.argv[2] ?? 5);
const MAX_COMMANDS = 60_000;
const KEY_MS = 150;

/** The next commands: the computer player's move, or (`longest`) the legal move with the longest text. */
function nextCommands(game, state, longest) {
  if (longest) {
    const legal = handleCommand(game, state, { cmd: "legal" }).reply.legal ?? [];
    let best;
    for (const move of legal)
      if (!best || JSON.stringify(move).length > JSON.stringify(best).length) best = move;
    return best ? [best] : [];
  }
  const hint = handleCommand(game, state, { cmd: "hint" });
  return hint.reply.ok && hint.reply.hint ? hint.reply.hint.commands : [];
}

function play(game, seed, config, longest) {
  let state = startGame(game, seed, config).value;
  const commands = [];
  let clock = 0;
  let ticked = 0;
  const send = (command) => {
    const step = handleCommand(game, state, command);
    if (!step.reply.ok) return false;
    if (step.record) commands.push(step.record);
    state = step.state;
    return true;
  };
  outer: while (!state.over && commands.length < MAX_COMMANDS) {
    const next = nextCommands(game, state, longest);
    if (next.length === 0) break;
    for (const command of next) {
      if (!send(command)) break outer;
      if (game.id === "stacker") {
        clock += KEY_MS;
        // The browser's clock sends a tick per gravity step that passed.
        while (!state.over && clock - ticked >= gravityMs(state.level)) {
          ticked += gravityMs(state.level);
          send({ cmd: "tick" });
        }
      }
      if (state.over) break;
    }
  }
  const body = { game: game.id, seed, config, commands, name: "x".repeat(24), score: state.score };
  return {
    seed,
    over: state.over,
    commands: commands.length,
    bytes: Buffer.byteLength(JSON.stringify(body)),
    minutes: Math.round(clock / 600) / 100,
  };
}

// Each game's default, Block Puzzle's largest board, Match-3's arcade mode and Blocky's longest config.
const CASES = [
  [blastGame, undefined],
  [puzzleGame, undefined],
  [puzzleGame, { rows: 20, cols: 20 }],
  [stackerGame, undefined],
  [match3Game, undefined],
  [match3Game, { mode: "arcade" }],
  [blockyGame, undefined],
  // Blocky's longest: the most turns, the deepest board, four players, each playing its legal move
  // with the longest text (a bound, not a game anyone plays; the computer player is too slow here).
  [
    blockyGame,
    {
      maxDepth: 6,
      turns: 1000,
      players: [{ kind: "human" }, { kind: "human" }, { kind: "human" }, { kind: "human" }],
    },
    "longest",
  ],
];

for (const [game, config, moves] of CASES) {
  let longest;
  let ended = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const result = play(game, seed, config, moves === "longest");
    if (result.over) ended++;
    if (!longest || result.bytes > longest.bytes) longest = result;
  }
  console.log(
    JSON.stringify({
      game: game.id,
      config,
      ...(moves ? { moves: "longest legal" } : {}),
      seeds: SEEDS,
      ended,
      longest,
    }),
  );
}
