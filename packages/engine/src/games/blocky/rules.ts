/**
 * Blocky's rules as the GameDefinition calls them: a new game, applying a command, the legal
 * commands (docs/games/blocky.md "Rules", "Turns", "Decisions").
 */
import { type ApplyResult, fail } from "../../core/game.js";
import { cloneRng, seedRng } from "../../core/rng.js";
import { actOn, validMoves } from "./actions.js";
import { randomPlayerMove, smartPlayerMove } from "./bots.js";
import { expertOf, hintReason } from "./computer.js";
import { DEFAULT_DIFFICULTY } from "./constants.js";
import { drawGoals, goalScore, rescore } from "./scoring.js";
import { blockAt, boardOf, boardSize, flatten, generateBoard } from "./tree.js";
import { commitMove } from "./turns.js";
import type { BlockyCommand, BlockyConfig, BlockyEvent, BlockyState, Goal, Player } from "./types.js";

export function newGame(config: BlockyConfig, seed: number): BlockyState {
  const rng = seedRng(seed);
  const goals = drawGoals(rng, config.players);
  const tree = generateBoard(rng, config.maxDepth);
  const players = rescore(
    config.players.map((p, i) => ({
      kind: p.kind,
      ...(p.kind === "smart" ? { difficulty: p.difficulty ?? DEFAULT_DIFFICULTY } : {}),
      goal: goals[i] as Goal,
      penalty: 0,
      score: 0,
    })),
    tree,
    config.maxDepth,
  );
  return {
    game: "blocky",
    seed,
    score: (players[0] as Player).score,
    over: false,
    board: boardOf(tree, config.maxDepth),
    rng,
    config,
    tree,
    maxDepth: config.maxDepth,
    players,
    turns: config.turns,
    turn: 0,
    current: 0,
    winner: null,
  };
}

export function apply(state: BlockyState, command: BlockyCommand): ApplyResult<BlockyState, BlockyEvent> {
  switch (command.cmd) {
    case "score": {
      const value = goalScore(flatten(state.tree, state.maxDepth), boardSize(state.maxDepth), {
        type: command.goal,
        colour: command.colour,
      });
      return { ok: true, state, events: [], reply: { value } };
    }
    case "move": {
      if (state.over) return fail("GAME_OVER", "the game is over");
      const { action, path } = command;
      const player = state.players[state.current] as Player;
      const block = blockAt(state.tree, path);
      if (block === undefined) {
        return fail(
          "ILLEGAL_MOVE",
          `there is no block at path [${path.join(",")}]: the path goes below a leaf`,
        );
      }
      const rng = cloneRng(state.rng);
      const outcome = actOn(block, path.length, action, state.maxDepth, player.goal.colour, rng);
      if (!outcome.ok) return fail("ILLEGAL_MOVE", outcome.reason);
      const done = commitMove(state, action, action === "pass" ? [] : path, outcome.block, rng);
      return { ok: true, ...done };
    }
    case "ai": {
      if (state.over) return fail("GAME_OVER", "the game is over");
      const player = state.players[state.current] as Player;
      // A computer seat plays as its kind; a human seat gets the expert's move (the hint). The reply
      // says what was played and why, as the protocol's own ai does.
      if (player.kind === "human" || player.kind === "expert") {
        const move = expertOf(state);
        const hint = {
          commands: [{ cmd: "move", action: move.action, path: move.path }],
          reason: hintReason(state, move),
        };
        const done = commitMove(state, move.action, move.path, move.block, cloneRng(move.rng));
        return { ok: true, ...done, reply: { hint } };
      }
      const rng = cloneRng(state.rng);
      const input = { tree: state.tree, maxDepth: state.maxDepth, goal: player.goal };
      const difficulty = player.difficulty ?? DEFAULT_DIFFICULTY;
      const move =
        player.kind === "random" ? randomPlayerMove(input, rng) : smartPlayerMove(input, difficulty, rng);
      const reason =
        player.kind === "random"
          ? "a random valid move"
          : `the best of ${difficulty} random moves for its goal`;
      const hint = { commands: [{ cmd: "move", action: move.action, path: move.path }], reason };
      return { ok: true, ...commitMove(state, move.action, move.path, move.block, rng), reply: { hint } };
    }
    default: {
      const never: never = command;
      return fail("UNKNOWN_COMMAND", `unknown command ${String((never as { cmd: unknown }).cmd)}`);
    }
  }
}

/**
 * Every legal move of the current player (all blocks x actions; paint in its target colour), and
 * one pass (a pass is the same on any block, so it is listed once, on the top-level block). Moves
 * only: `ai` is a command every game takes, not a move, so a bot enumerating `legal` never plays
 * the computer's move by accident.
 */
export function legal(state: BlockyState): BlockyCommand[] {
  if (state.over) return [];
  const player = state.players[state.current] as Player;
  const commands: BlockyCommand[] = [];
  for (const move of validMoves(state.tree, state.maxDepth, player.goal.colour)) {
    commands.push({ cmd: "move", action: move.action, path: move.path });
  }
  commands.push({ cmd: "move", action: "pass", path: [] });
  return commands;
}
