/**
 * Turns (docs/games/blocky.md "Turns"): a carried-out move charges its penalty, rescores everyone,
 * passes the turn on and ends the game after the last turn.
 */
import type { RngState } from "../../core/rng.js";
import { PENALTY } from "./constants.js";
import { rescoreGrid, winnerOf } from "./scoring.js";
import { boardSize, flatten, gridRows, replaceAt } from "./tree.js";
import type { Action, Block, BlockyEvent, BlockyState, Player } from "./types.js";

/**
 * The state after the current player's move has turned the block at `path` into `block`: penalty
 * charged, every score updated, the turn passed on, the game ended after the last turn.
 */
export function commitMove(
  state: BlockyState,
  action: Action,
  path: number[],
  block: Block,
  rng: RngState,
): { state: BlockyState; events: BlockyEvent[] } {
  const mover = state.current;
  const changed = action !== "pass";
  const tree = changed ? replaceAt(state.tree, path, block) : state.tree;
  const charged = state.players.map((p, i) =>
    i === mover && PENALTY[action] > 0 ? { ...p, penalty: p.penalty + PENALTY[action] } : p,
  );
  // A pass changes neither the board nor any penalty, so the scores stand. The new board is
  // flattened once for the scores and the rows (65,536 cells on the deepest board load takes).
  const n = boardSize(state.maxDepth);
  const grid = changed ? flatten(tree, state.maxDepth) : null;
  const players = grid ? rescoreGrid(charged, grid, n) : charged;
  let current = mover + 1;
  let turn = state.turn;
  if (current >= players.length) {
    current = 0;
    turn++;
  }
  const over = turn >= state.turns;
  const winner = over ? winnerOf(players) : null;
  const events: BlockyEvent[] = [{ type: "moved", player: mover, action, path }];
  if (winner !== null) events.push({ type: "game_over", winner, scores: players.map((p) => p.score) });
  const next: BlockyState = {
    ...state,
    rng,
    tree,
    board: grid ? gridRows(grid, n) : state.board,
    players,
    score: (players[0] as Player).score,
    turn,
    current,
    over,
    winner,
  };
  return { state: next, events };
}
