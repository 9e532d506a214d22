/**
 * Turns (docs/games/blocky.md "Turns"): a carried-out move charges its penalty, rescores everyone,
 * passes the turn on and ends the game after the last turn.
 */
import type { RngState } from "../../core/rng.js";
import { PENALTY } from "./constants.js";
import { rescore, winnerOf } from "./scoring.js";
import { boardOf, replaceAt } from "./tree.js";
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
  // A pass changes neither the board nor any penalty, so the scores stand.
  const players = changed ? rescore(charged, tree, state.maxDepth) : charged;
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
    board: changed ? boardOf(tree, state.maxDepth) : state.board,
    players,
    score: (players[0] as Player).score,
    turn,
    current,
    over,
    winner,
  };
  return { state: next, events };
}
