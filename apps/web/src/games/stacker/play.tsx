/**
 * The play page: one game through the shell's `useRunner` with the browser clock and the engine's
 * lock-delay policy (docs/games/stacker.md "Lock delay"). Keys, buttons and swipes all become the
 * engine's own `key` commands; held keys repeat in keyboard.ts. Saved after every change (throttled),
 * best score per size, pause and game over in the shell's Dialog. The computer player
 * (shell/computer.ts): Hint (H) draws the engine's target for the piece on the board and names its
 * keys; it follows the piece while it falls and goes when it locks or is held. Watch (V) lets the
 * engine play key by key through the same runner while the gravity clock runs; any key, button or
 * swipe of the player's own takes over. Wiring only: the page's keys are keyboard.ts `pageKeys`
 * through the shell's `useGameKeys`, the plan follows the position in effects.ts, and flashes and
 * words are timed on the shell's effects timeline (cleared on a restart).
 */

import {
  createLockDelay,
  isResting,
  type StackerEvent,
  type StackerKey,
  type StackerState,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import { useEffect, useMemo, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { useTimed, useTimeline } from "../../shell/effects-timeline";
import { keepFocusOnClick } from "../../shell/focus";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import { usePageLife } from "../../shell/page-life";
import { usePointerSwipes } from "../../shell/pointer-swipes";
import { RankedLine } from "../../shell/ranked-line";
import type { GameStart } from "../../shell/ranked-session";
import { browserClock } from "../../shell/runner";
import { playTones } from "../../shell/sound";
import { useRankedRunner } from "../../shell/use-ranked";
import { BoardView } from "./board-view";
import { ControlsView } from "./controls-view";
import { GameOverView, PauseView } from "./dialogs-view";
import { effectsOf, followPlan, isUrgentSave, messageMs, planOf, type ShownPlan } from "./effects";
import { createKeyRepeat, pageKeys } from "./keyboard";
import { t } from "./messages";
import { boardCell, createSwipe } from "./pointer";
import { HoldView, NextView, StatsBar } from "./side-view";
import { bestsAtStart, recordScore, SaveThrottle, writeSavedGame } from "./storage";

/** How long cleared rows flash (ms). */
const FLASH_MS = 120;

export interface PlayProps {
  size: number;
  /** The game the shell opened: a ranked server session, or a local game and why (shell/ranked-session.ts). */
  start: GameStart<StackerState>;
  /** A saved game continues: it starts paused. */
  restored: boolean;
  /** The next game (a new ranked session, or the chosen seed again). */
  onPlayAgain: () => void;
  /** One tap from a chosen-seed game to a ranked one. */
  onMakeRanked: () => void;
  reducedMotion: boolean;
  onChangeSize: () => void;
  onExit: () => void;
}

export function Play(props: PlayProps) {
  const { size } = props;
  const saver = useMemo(() => new SaveThrottle(writeSavedGame, browserClock), []);
  const ticks = useMemo(() => createLockDelay(), []);
  const timeline = useTimeline();
  const [restored, setRestored] = useState(props.restored);
  const [paused, setPausedView] = useState(props.restored);
  // `previous`: the best of the earlier games ("New best!" compares with it), kept for a reload.
  const [bests] = useState(() => bestsAtStart(size, props.restored));
  const [best, setBest] = useState(bests.best);
  // A clear's word stays a moment; the game-over line stays (effects.ts messageMs).
  const [message, showMessage] = useTimed(timeline, "");
  const [flash, showFlash] = useTimed<readonly number[]>(timeline, []);
  const say = (text: string) => showMessage(text, messageMs(text));

  const onEvents = (state: StackerState, events: StackerEvent[]) => {
    saver.note(state, isUrgentSave(events));
    const fx = effectsOf(events, state);
    if (fx.tones.length > 0) playTones(fx.tones);
    if (fx.buzz !== null) buzz(BUZZ[fx.buzz]);
    if (fx.message !== undefined) say(fx.message);
    if (fx.flash.length > 0 && !props.reducedMotion) showFlash(fx.flash, FLASH_MS);
    if (fx.locked) setBest(recordScore(size, state.score));
  };

  // Each move goes to the server's session; the gravity clock runs here and the server judges it.
  const { state, runner, status } = useRankedRunner(
    stackerGame,
    props.start,
    { onEvents },
    { browserClock: true, ticks, paused: props.restored },
  );

  const watch = useWatch(runner);
  const [plan, setPlan] = useState<ShownPlan | null>(null);
  const askPlan = (source: ShownPlan["source"]) => planOf(runner.state, askHint(runner), source);

  const showHint = () => {
    if (runner.paused || runner.state.over || watch.watching) return;
    const asked = askPlan("hint");
    if ("error" in asked) say(asked.error);
    else setPlan(asked);
  };

  const toggleWatch = () => {
    if (runner.paused || runner.state.over) {
      watch.stop();
      return;
    }
    setPlan(null);
    watch.toggle();
  };

  // The plan follows the position (effects.ts followPlan).
  useEffect(() => {
    const next = followPlan(plan, runner.state, watch.watching, askPlan);
    if (next !== plan) setPlan(next);
  }, [state, watch.watching]);

  const send = (key: StackerKey): boolean => {
    if (runner.paused || runner.state.over) return false;
    return runner.dispatch({ cmd: "key", key }).ok;
  };
  const keys = useMemo(
    () => createKeyRepeat(browserClock, { send, resting: () => isResting(runner.state) }),
    [runner],
  );
  /** A key, button or swipe of the player's own takes over from the computer. */
  const press = (key: StackerKey) => {
    if (runner.paused || runner.state.over) return;
    watch.stop();
    keys.press(key);
  };

  const setPaused = (value: boolean) => {
    if (runner.state.over) return;
    if (value) watch.stop();
    keys.releaseAll();
    runner.setPaused(value);
    setPausedView(value);
    saver.note(runner.state, true);
    if (!value) setRestored(false);
  };

  const restart = () => {
    recordScore(size, runner.state.score);
    watch.stop();
    keys.releaseAll();
    props.onPlayAgain();
  };

  // The first position is saved at once; leaving saves the latest and records the score.
  useEffect(() => {
    saver.note(runner.state, true);
    return () => {
      keys.releaseAll();
      saver.flush();
      recordScore(size, runner.state.score);
    };
  }, []);
  usePageLife({
    visibility: (hidden) => {
      if (hidden) setPaused(true);
      saver.flush();
    },
    leave: () => saver.flush(),
  });

  useGameKeys(
    pageKeys({
      paused: () => runner.paused,
      over: () => runner.state.over,
      togglePause: () => setPaused(!runner.paused),
      restart,
      hint: showHint,
      watch: toggleWatch,
      press,
      release: (key) => keys.release(key),
      releaseAll: () => keys.releaseAll(),
    }),
  );

  // Swipes on the board (touch, pen); dragging down is a held soft drop, never locking a resting piece.
  const sendSwiped = (list: StackerKey[]) => {
    for (const key of list) if (key !== "S" || !isResting(runner.state)) send(key);
  };
  const swipes = usePointerSwipes({
    start: (e) => {
      watch.stop();
      const el = e.currentTarget as HTMLElement;
      el.setPointerCapture?.(e.pointerId);
      return createSwipe({ x: e.clientX, y: e.clientY, t: e.timeStamp }, boardCell(el, size));
    },
    move: (swipe, e) => sendSwiped(swipe.move(e.clientX, e.clientY)),
    end: (swipe, e) => sendSwiped(swipe.end({ x: e.clientX, y: e.clientY, t: e.timeStamp })),
  });

  return (
    <main class="stacker stacker-play">
      <h1 class="stacker-visually-hidden">{t("title")}</h1>
      <StatsBar state={state} best={best} paused={paused} onPause={() => setPaused(!runner.paused)} />
      <RankedLine status={status} onMakeRanked={props.onMakeRanked} />
      <div class="stacker-field">
        <HoldView hold={state.hold} canHold={state.canHold} />
        <BoardView state={state} flash={flash} hint={plan?.target} {...swipes} />
        <NextView next={state.next} />
      </div>
      {/* A mouse click on Hint or Watch leaves focus where it was: the next Space drops the piece. */}
      <div class="stacker-computer" onPointerDown={keepFocusOnClick}>
        <ComputerControls
          game="stacker"
          onHint={showHint}
          watching={watch.watching}
          onWatch={toggleWatch}
          speed={watch.speed}
          onSpeed={watch.setSpeed}
          disabled={paused || state.over}
        />
      </div>
      <ControlsView onPress={press} onRelease={(key) => keys.release(key)} />
      <p class="stacker-live" aria-live="polite" data-testid="stacker-live">
        {plan && !state.over ? plan.text : message}
      </p>
      {paused && !state.over && (
        <PauseView
          restored={restored}
          ranked={status.kind === "ranked"}
          onResume={() => setPaused(false)}
          onNewGame={props.onChangeSize}
          onExit={props.onExit}
        />
      )}
      {state.over && (
        <GameOverView
          state={state}
          best={best}
          previousBest={bests.previous}
          onPlayAgain={restart}
          onChangeSize={props.onChangeSize}
          onExit={props.onExit}
        >
          <RankedLine status={status} class="stacker-over-ranked" />
        </GameOverView>
      )}
    </main>
  );
}
