/**
 * Every rule of Match-3 Falling Bricks as pure functions over plain JSON state: a new game, one
 * frame (the classic game's only command), Arcade's move and tick, and the legal commands
 * (docs/games/match3.md "Rules"). The frame itself is in moves.ts, shared with arcade.ts.
 */
import { type ApplyResult, fail } from "../../core/game.js";
import { seedRng } from "../../core/rng.js";
import { arcadeLegal, arcadeMove, arcadeTick, isArcadeConfig, newArcadeGame } from "./arcade.js";
import { emptyBoard } from "./field.js";
import { parseInitLine } from "./init-line.js";
import { FRAME_COMMANDS, parseFrameCommands, runFrame, spawnNext } from "./moves.js";
import type { Match3Command, Match3Config, Match3Event, Match3State } from "./types.js";

/** A new game of a config `parseConfig` accepted: the empty field with the first brick spawned. */
export function newGame(config: Match3Config, seed: number): Match3State {
  if (isArcadeConfig(config)) return newArcadeGame(config, seed);
  const line = parseInitLine(config.input);
  // parseConfig has validated the line; an invalid one here is a programming error.
  if (!line.ok) throw new Error(`newGame called with an unparsed config: ${line.error.message}`);
  const board = emptyBoard(line.value.width, line.value.height);
  const spawned = spawnNext(board, line.value.bricks, []);
  const state: Match3State = {
    game: "match3",
    seed,
    score: 0,
    over: spawned.active === null,
    board,
    // Match-3 draws nothing at random; the source is kept because every game's state has one.
    rng: seedRng(seed),
    config: { input: config.input },
    active: spawned.active,
    queue: spawned.queue,
  };
  if (spawned.reason !== undefined) state.reason = spawned.reason;
  return state;
}

export function apply(state: Match3State, command: Match3Command): ApplyResult<Match3State, Match3Event> {
  const arcade = isArcadeConfig(state.config);
  switch (command.cmd) {
    case "frame": {
      if (arcade) {
        return fail("ILLEGAL_MOVE", "frame is the classic game's command; Arcade mode takes move and tick");
      }
      if (state.over) {
        return fail("GAME_OVER", `the game is over (${state.reason ?? "ended"}); start a new one`);
      }
      const { state: next, events } = runFrame(state, parseFrameCommands(command.commands));
      return { ok: true, state: next, events };
    }
    case "move":
    case "tick": {
      if (!arcade) {
        return fail(
          "ILLEGAL_MOVE",
          `${command.cmd} is an Arcade mode command; the classic game plays frames ({"cmd":"frame","commands":"LR"})`,
        );
      }
      if (state.over) return fail("GAME_OVER", "the game is over; start a new one");
      return command.cmd === "move" ? arcadeMove(state, command.move) : arcadeTick(state);
    }
    default: {
      const never: never = command;
      return fail("UNKNOWN_COMMAND", `unknown command ${String((never as { cmd: unknown }).cmd)}`);
    }
  }
}

export function legal(state: Match3State): Match3Command[] {
  if (isArcadeConfig(state.config)) return arcadeLegal(state);
  if (state.over) return [];
  return FRAME_COMMANDS.map((commands) => ({ cmd: "frame", commands }));
}
