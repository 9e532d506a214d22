/**
 * The ranked session in a page (shell/ranked-session.ts): `useGameStart` opens one game when the page
 * mounts (never per render), `useRankedRunner` plays it as `useRunner` plays a local game.
 */
import type {
  AnyGame,
  BaseCommand,
  BaseEvent,
  BaseState,
  GameDefinition,
  Reply,
} from "@blockarcade/engine/core";
import { useEffect, useRef, useState } from "preact/hooks";
import { createGameRecorder, type GameRecorder } from "./game-recorder";
import { musicGate } from "./music-gate";
import { isMove, keepRaceMoves, keptRaceMoves, publishRace } from "./race";
import {
  createRankedRunner,
  type GameStart,
  type RankedRunner,
  type RankedRunnerOptions,
  type RankedStatus,
  type StartPlan,
  startGame,
} from "./ranked-session";
import { browserClock, type UseRunnerHooks } from "./runner";

/** The game a plan asks for: undefined while the ranked session is being opened. */
export function useGameStart<S extends BaseState>(
  game: AnyGame,
  plan: () => StartPlan<S>,
): GameStart<S> | undefined {
  const [start, setStart] = useState<GameStart<S> | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void startGame(game, plan()).then((s) => {
      if (live) setStart(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return start;
}

/** A runner over a started game, ranked or local, for the component's lifetime. */
export function useRankedRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  start: GameStart<S>,
  hooks: UseRunnerHooks<S, E> & {
    /** A command queued while a move waited for the deal, refused when its turn came (it is dropped). */
    onRefused?(command: unknown, reply: Reply): void;
  } = {},
  options: Omit<RankedRunnerOptions<S, E>, "clock"> & { browserClock?: boolean } = {},
): { state: S; runner: RankedRunner<S>; status: RankedStatus } {
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const [made] = useState(() => {
    let setters: { state?: (s: S) => void; status?: (s: RankedStatus) => void } = {};
    // The day's game: its score and moves for the "race the best" line (shell/race.ts).
    const daily = start.kind === "ranked" && start.session.daily ? start.session.id : undefined;
    // A reloaded daily game counts on from the moves it had made (kept per session on this device).
    let moves = daily ? keptRaceMoves(game.id, daily) : 0;
    // Every game a page plays is recorded here, and kept with the last finished games when it ends.
    let recorder: GameRecorder<S> | undefined;
    const runner = createRankedRunner(
      game,
      start,
      {
        log: (record, s) => {
          recorder?.log(record, s);
          if (daily && isMove(record)) keepRaceMoves(game.id, daily, ++moves);
        },
        save: (s) => hooksRef.current.save?.(s),
        render: (s, events, reply) => {
          if (daily) publishRace({ session: daily, score: s.score, moves });
          recorder?.shown(s);
          setters.state?.(s);
          hooksRef.current.onEvents?.(s, events, reply);
        },
        status: (s) => {
          recorder?.status(s, runner.state);
          setters.status?.(s);
        },
        refused: (command, reply) => hooksRef.current.onRefused?.(command, reply),
      },
      { ...options, clock: options.browserClock ? browserClock : undefined },
    );
    if (daily) publishRace({ session: daily, score: runner.state.score, moves });
    recorder = createGameRecorder(game as AnyGame, runner.state, runner.status);
    const bind = (next: typeof setters) => {
      setters = next;
    };
    return { runner, bind };
  });
  const [state, setState] = useState<S>(made.runner.state);
  const [status, setStatus] = useState<RankedStatus>(made.runner.status);
  made.bind({ state: (s) => setState(() => s), status: setStatus });
  // The music plays while this game is in play (shell/music-gate.ts); a pause re-renders the page.
  const [music] = useState(() => musicGate().enter(game.id));
  useEffect(() => music.inPlay(!state.over && !made.runner.paused));
  useEffect(
    () => () => {
      made.runner.dispose();
      music.leave();
      publishRace(undefined);
    },
    [],
  );
  return { state, runner: made.runner, status };
}
