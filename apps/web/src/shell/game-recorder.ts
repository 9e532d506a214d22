/**
 * Records the game a play page runs, in the one place every game goes through (shell/use-ranked.ts),
 * and keeps it with the last finished games (shell/finished-games.ts) each time it ends. A local
 * game is its seed, config and the commands as the runner logged them (a game that began from a
 * saved position starts with a `load` of it), so the engine replays it exactly; a ranked game's
 * deals are the server's, so it is kept as the server's replay id once the server names it.
 */
import {
  type AnyGame,
  type BaseState,
  canonicalJson,
  type LoggedCommand,
  startGame,
} from "@blockarcade/engine/core";
import { type FinishedGame, keepFinished, setAssisted, setReplayId } from "./finished-games";
import type { RankedStatus } from "./ranked-session";

export interface GameRecorder<S extends BaseState> {
  /** An accepted command as the runner logs it, and the position after it. */
  log(record: LoggedCommand, after: S): void;
  /** A position shown: the game is kept when it ends. */
  shown(state: S): void;
  /** The game's status changed (a ranked game that went on here from `state`, or its entry). */
  status(status: RankedStatus, state: S): void;
}

export interface RecorderOptions {
  now?: () => Date;
  newId?: () => string;
  keep?: (entry: FinishedGame) => void;
  named?: (id: string, replay: number) => void;
  /** A kept game's help mark changed after its end (the server's entry says which board). */
  marked?: (id: string, assisted: boolean) => void;
}

const configOf = (game: AnyGame, state: BaseState): unknown =>
  (state as BaseState & { config?: unknown }).config ?? game.defaultConfig;

/** Where a local recording begins: the seed's own first position, or a `load` of where it stood. */
export function startOf(
  game: AnyGame,
  state: BaseState,
): { seed: number; config: unknown; commands: unknown[] } {
  const config = configOf(game, state);
  const fresh = startGame(game, state.seed, config);
  if (fresh.ok && canonicalJson(fresh.value) === canonicalJson(state)) {
    return { seed: state.seed, config, commands: [] };
  }
  const { seed: _seed, ...fields } = state;
  return { seed: state.seed, config, commands: [{ cmd: "load", state: fields }] };
}

let counter = 0;
const defaultId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function createGameRecorder<S extends BaseState>(
  game: AnyGame,
  initial: S,
  status: RankedStatus,
  options: RecorderOptions = {},
): GameRecorder<S> {
  const newId = options.newId ?? defaultId;
  const keep = options.keep ?? ((entry: FinishedGame) => void keepFinished(entry));
  const named = options.named ?? setReplayId;
  const marked = options.marked ?? setAssisted;
  let ranked = status.kind === "ranked";
  let assisted = status.assisted;
  let id = newId();
  let local = startOf(game, initial);
  let moves = 0;
  let wasOver = initial.over;
  let replay: number | undefined;
  let kept = false;

  const restart = (from: S, sameGame: boolean) => {
    if (!sameGame) {
      id = newId();
      replay = undefined;
      kept = false;
    }
    moves = 0;
    local = startOf(game, from);
    wasOver = from.over;
  };

  return {
    log(record, after) {
      if (record.cmd === "new" || record.cmd === "load") return restart(after, false);
      local.commands.push(record);
      if (record.cmd !== "tick") moves++;
    },
    shown(state) {
      const over = state.over;
      if (over && !wasOver) {
        keep({
          id,
          game: game.id,
          score: state.score,
          date: (options.now?.() ?? new Date()).toISOString(),
          moves,
          ...(ranked ? { ranked: true } : { local: { ...local, commands: [...local.commands] } }),
          ...(replay !== undefined ? { replay } : {}),
          ...(assisted ? { assisted: true } : {}),
        });
        kept = true;
      }
      wasOver = over;
    },
    status(next, state) {
      // The entry's board is the server's last word on help; a kept game follows it.
      const board = next.kind === "ranked" ? next.entry?.board : undefined;
      const helped = board === undefined ? next.assisted : board === "help";
      if (kept && helped !== assisted) marked(id, helped);
      assisted = helped;
      if (ranked && next.kind === "unranked") {
        // The game goes on here from the last position shown, with this device's random source:
        // from there on it is a local game (the moves before were the server's deals).
        ranked = false;
        restart(state, true);
        return;
      }
      const entry = next.kind === "ranked" ? next.entry?.replay : undefined;
      if (entry !== undefined && entry !== replay) {
        replay = entry;
        if (kept) named(id, entry);
      }
    },
  };
}
