/**
 * The hint (docs/games/blocky.md "Computer player"): the expert's move for whoever is to move, as the
 * `move` command that plays it, and why in a few words. `ai` on a human or expert seat plays it.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { COLOUR_NAMES } from "./constants.js";
import { type ExpertMove, expertMove } from "./expert.js";
import type { BlockyCommand, BlockyState, Goal } from "./types.js";

/** The expert's move for whoever is to move in a game that is not over. */
export function expertOf(state: BlockyState): ExpertMove {
  return expertMove({
    tree: state.tree,
    maxDepth: state.maxDepth,
    players: state.players,
    mover: state.current,
    movesLeft: (state.turns - state.turn) * state.players.length - state.current,
    rng: state.rng,
  });
}

function goalWords(goal: Goal): string {
  const colour = COLOUR_NAMES[goal.colour];
  return goal.type === "blob" ? `${colour} blob` : `${colour} on the perimeter`;
}

/** "raises your blue blob from 12 to 18, costs 1", "cuts player 2's red blob from 9 to 4, free"... */
export function hintReason(state: BlockyState, move: ExpertMove): string {
  const mover = state.current;
  const own = state.players[mover];
  if (!own) return "no player to move";
  if (move.action === "pass") {
    return `nothing beats your ${own.score} ${Math.abs(own.score) === 1 ? "point" : "points"}: pass`;
  }
  const parts: string[] = [];
  const ownBefore = move.before[mover] as number;
  const ownAfter = move.after[mover] as number;
  if (ownAfter !== ownBefore) {
    const verb = ownAfter > ownBefore ? "raises" : "lowers";
    parts.push(`${verb} your ${goalWords(own.goal)} from ${ownBefore} to ${ownAfter}`);
  }
  state.players.forEach((p, i) => {
    const before = move.before[i] as number;
    const after = move.after[i] as number;
    if (i === mover || after >= before || parts.length >= 2) return;
    parts.push(`cuts player ${i + 1}'s ${goalWords(p.goal)} from ${before} to ${after}`);
  });
  if (parts.length === 0 || move.lookahead) {
    const others = state.players.length > 1;
    parts.push(others ? "leaves the next player the least to gain" : "sets up your next move");
  }
  return `${parts.join(" and ")}, ${move.cost > 0 ? `costs ${move.cost}` : "free"}`;
}

export function hint(state: BlockyState): Result<Hint<BlockyCommand>> {
  if (state.over) return fail("GAME_OVER", "the game is over");
  const move = expertOf(state);
  return ok({
    commands: [{ cmd: "move", action: move.action, path: move.path }],
    reason: hintReason(state, move),
  });
}
