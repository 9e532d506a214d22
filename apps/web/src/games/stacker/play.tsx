/**
 * The play page: one game through the shell's `useRunner` with the browser clock and the engine's
 * lock-delay policy (docs/games/stacker.md "Lock delay"). Keys, buttons and swipes all become the
 * engine's own `key` commands; held keys repeat in keyboard.ts. Saved after every change (throttled),
 * best score per size, pause and game over in the shell's Dialog. The computer player
 * (shell/computer.ts): Hint (H) draws the engine's target for the piece on the board and names its
 * keys; it follows the piece while it falls and goes when it locks or is held. Watch (V) lets the
 * engine play key by key through the same runner while the gravity clock runs; any key, button or
 * swipe of the player's own takes over.
 */

import { GAME_INFO } from "@blockarcade/engine/core";
import {
  type Cell,
  createLockDelay,
  hintKeysText,
  hintTarget,
  isResting,
  type StackerCommand,
  type StackerEvent,
  type StackerKey,
  type StackerState,
  sameTurn,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { PostScore } from "../../shell/post-score";
import { nextSeed } from "../../shell/ranked-seed";
import { browserClock, useRunner } from "../../shell/runner";
import { playTones } from "../../shell/sound";
import { BoardView } from "./board-view";
import { ControlsView } from "./controls-view";
import { GameOverView, PauseView } from "./dialogs-view";
import { effectsOf, hintAnnouncement, isUrgentSave, watchAnnouncement } from "./effects";
import { createKeyRepeat, isGameKey, keyToIntent } from "./keyboard";
import { createSwipe, type Swipe } from "./pointer";
import { HoldView, NextView, Stat } from "./side-view";
import { journal, readBest, recordScore, SaveThrottle, writeSavedGame } from "./storage";

/** How long cleared rows flash (ms). */
const FLASH_MS = 120;

/** The computer's plan on show: the position it answers, the target it draws, the words it says. */
interface ShownPlan {
  state: StackerState;
  target: Cell[];
  text: string;
  /** Asked by Hint (H), or drawn because the computer is playing (Watch). */
  source: "hint" | "watch";
}

export interface PlayProps {
  size: number;
  seed: number | undefined;
  /** A saved game to continue (it starts paused). */
  resume: StackerState | undefined;
  reducedMotion: boolean;
  onChangeSize: () => void;
  onExit: () => void;
}

export function Play(props: PlayProps) {
  const { size } = props;
  // Without ?seed= a new game takes a server seed when one is on hand (it can be ranked).
  const seedRef = useRef(props.resume?.seed ?? props.seed ?? nextSeed("stacker"));
  const saver = useMemo(() => new SaveThrottle(writeSavedGame, browserClock), []);
  const ticks = useMemo(() => createLockDelay(), []);
  const [restored, setRestored] = useState(props.resume !== undefined);
  const [paused, setPausedView] = useState(props.resume !== undefined);
  const [best, setBest] = useState(() => readBest(size));
  // The best before this game, read before any of its scores is recorded: "New best!" compares with it.
  const [previousBest, setPreviousBest] = useState(best);
  const [message, setMessage] = useState("");
  const [flash, setFlash] = useState<readonly number[]>([]);
  const reducedMotion = useRef(props.reducedMotion);
  reducedMotion.current = props.reducedMotion;

  const onEvents = (state: StackerState, events: StackerEvent[]) => {
    saver.note(state, isUrgentSave(events));
    const fx = effectsOf(events, state);
    if (fx.tones.length > 0) playTones(fx.tones);
    if (fx.buzz !== null) buzz(BUZZ[fx.buzz]);
    if (fx.message !== undefined) setMessage(fx.message);
    if (fx.flash.length > 0 && !reducedMotion.current) setFlash(fx.flash);
    if (fx.locked) setBest(recordScore(size, state.score));
  };

  const { state, runner } = useRunner(
    stackerGame,
    () => props.resume ?? stackerGame.newGame({ size }, seedRef.current),
    { onEvents, journal },
    { clock: "browser", ticks, paused: props.resume !== undefined },
  );

  const watch = useWatch(runner);
  const [plan, setPlan] = useState<ShownPlan | null>(null);

  /** The computer's plan for the runner's position, or why there is none. */
  const askPlan = (source: ShownPlan["source"]): ShownPlan | { error: string } => {
    const asked = askHint(runner);
    if ("error" in asked) return asked;
    const current = runner.state;
    const commands = asked.hint.commands as StackerCommand[];
    const piece = current.active?.type;
    return {
      state: current,
      target: hintTarget(current, commands)?.cells ?? [],
      text:
        source === "hint"
          ? hintAnnouncement(piece, hintKeysText(commands), asked.hint.reason)
          : watchAnnouncement(piece, asked.hint.reason),
      source,
    };
  };

  const showHint = () => {
    if (runner.paused || runner.state.over || watch.watching) return;
    const asked = askPlan("hint");
    if ("error" in asked) setMessage(asked.error);
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

  // The plan follows the position: while watching it is asked again after every key; a hint
  // follows its piece as it moves and falls, and goes once the piece locks or is held.
  useEffect(() => {
    if (watch.watching) {
      if (plan?.state === runner.state && plan.source === "watch") return;
      const asked = askPlan("watch");
      // One line per piece for the live region: the same words while the same piece moves.
      setPlan(
        "error" in asked ? null : plan && plan.text === asked.text ? { ...asked, text: plan.text } : asked,
      );
      return;
    }
    if (!plan || plan.state === runner.state) return;
    if (plan.source === "hint" && sameTurn(plan.state, runner.state)) {
      const asked = askPlan("hint");
      setPlan("error" in asked ? null : asked);
    } else setPlan(null);
  }, [state, watch.watching]);

  const send = (key: StackerKey): boolean => {
    if (runner.paused || runner.state.over) return false;
    return runner.dispatch({ cmd: "key", key }).ok;
  };
  const keys = useMemo(
    () => createKeyRepeat(browserClock, { send, resting: () => isResting(runner.state) }),
    [runner],
  );

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
    setPreviousBest(recordScore(size, runner.state.score));
    // A seeded game (?seed=N) restarts the same game; otherwise a new random one.
    if (props.seed === undefined) seedRef.current = nextSeed("stacker");
    setMessage("");
    watch.stop();
    keys.releaseAll();
    runner.dispatch({ cmd: "new", seed: seedRef.current });
  };

  // The first position is saved at once; leaving saves the latest and records the score.
  useEffect(() => {
    saver.note(runner.state, true);
    const onHidden = () => {
      if (document.hidden) setPausedRef.current(true);
      saver.flush();
    };
    const onLeave = () => saver.flush();
    const onBlur = () => keys.releaseAll();
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("blur", onBlur);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("blur", onBlur);
      keys.releaseAll();
      saver.flush();
      recordScore(size, runner.state.score);
    };
  }, []);
  const setPausedRef = useRef(setPaused);
  setPausedRef.current = setPaused;
  const restartRef = useRef(restart);
  restartRef.current = restart;
  const computerRef = useRef({ hint: showHint, watch: toggleWatch, stop: watch.stop });
  computerRef.current = { hint: showHint, watch: toggleWatch, stop: watch.stop };

  // A clear's word stays a moment; the game-over line stays.
  useEffect(() => {
    if (message === "" || message.startsWith("Game over")) return;
    const t = window.setTimeout(() => setMessage(""), 2000);
    return () => window.clearTimeout(t);
  }, [message]);

  useEffect(() => {
    if (flash.length === 0) return;
    const t = window.setTimeout(() => setFlash([]), FLASH_MS);
    return () => window.clearTimeout(t);
  }, [flash]);

  // Keyboard: held keys repeat in keyboard.ts, so the browser's own repeats are ignored. A layout
  // effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const intent = keyToIntent(event.key);
      if (!intent || !isGameKey(event.key, event.target)) return;
      event.preventDefault();
      if (event.repeat) return;
      if (intent.type === "pause") setPausedRef.current(!runner.paused);
      else if (intent.type === "restart") {
        if (runner.state.over) restartRef.current();
      } else if (intent.type === "hint") computerRef.current.hint();
      else if (intent.type === "watch") computerRef.current.watch();
      else if (!runner.paused && !runner.state.over) {
        // A key of the player's own takes over from the computer.
        computerRef.current.stop();
        keys.press(intent.key);
      }
    };
    const up = (event: KeyboardEvent) => {
      const intent = keyToIntent(event.key);
      if (intent?.type === "key") keys.release(intent.key);
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [runner, keys]);

  // Swipes on the board (touch and pen; the mouse has the keyboard and the buttons).
  const swipe = useRef<{ id: number; swipe: Swipe } | null>(null);
  const cellWidth = (e: PointerEvent) => (e.currentTarget as HTMLElement).clientWidth / size;
  const sendSwiped = (list: StackerKey[]) => {
    // Dragging down is a held soft drop: it never locks a resting piece by itself.
    for (const key of list) if (key !== "S" || !isResting(runner.state)) send(key);
  };

  return (
    <main class="stacker stacker-play">
      <h1 class="stacker-visually-hidden">{GAME_INFO.stacker.title}</h1>
      <header class="stacker-stats">
        <Stat label="Score" value={state.score} testid="stacker-score" />
        <Stat label="Level" value={state.level} testid="stacker-level" />
        <Stat label="Lines" value={state.lines} testid="stacker-lines" />
        <Stat label="Best" value={Math.max(best, state.score)} testid="stacker-best" />
        <button
          type="button"
          class="icon-button stacker-pause-button"
          aria-label={paused ? "Resume" : "Pause"}
          aria-keyshortcuts="Escape P"
          data-testid="stacker-pause"
          // A mouse click leaves focus where it was (Space is the game's anyway, see isGameKey).
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => setPaused(!runner.paused)}
        >
          <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
        </button>
      </header>
      <div class="stacker-field">
        <HoldView hold={state.hold} canHold={state.canHold} />
        <BoardView
          state={state}
          flash={flash}
          hint={plan?.target}
          onPointerDown={(e) => {
            if (e.pointerType === "mouse") return;
            watch.stop();
            (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
            swipe.current = {
              id: e.pointerId,
              swipe: createSwipe({ x: e.clientX, y: e.clientY, t: e.timeStamp }, cellWidth(e)),
            };
          }}
          onPointerMove={(e) => {
            const s = swipe.current;
            if (s && s.id === e.pointerId) sendSwiped(s.swipe.move(e.clientX, e.clientY));
          }}
          onPointerUp={(e) => {
            const s = swipe.current;
            swipe.current = null;
            if (s && s.id === e.pointerId)
              sendSwiped(s.swipe.end({ x: e.clientX, y: e.clientY, t: e.timeStamp }));
          }}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        />
        <NextView next={state.next} />
      </div>
      <div
        class="stacker-computer"
        // As with the pause button: a mouse click leaves focus where it was, so the next Space
        // drops the piece instead of pressing Hint again.
        onPointerDown={(e) => {
          if (e.pointerType === "mouse" && (e.target as HTMLElement).closest("button")) e.preventDefault();
        }}
      >
        <ComputerControls
          onHint={showHint}
          watching={watch.watching}
          onWatch={toggleWatch}
          speed={watch.speed}
          onSpeed={watch.setSpeed}
          disabled={paused || state.over}
        />
      </div>
      <ControlsView
        onPress={(key) => {
          if (runner.paused || runner.state.over) return;
          watch.stop();
          keys.press(key);
        }}
        onRelease={(key) => keys.release(key)}
      />
      <p class="stacker-live" aria-live="polite" data-testid="stacker-live">
        {plan && !state.over ? plan.text : message}
      </p>
      {paused && !state.over && (
        <PauseView
          restored={restored}
          onResume={() => setPaused(false)}
          onNewGame={props.onChangeSize}
          onExit={props.onExit}
        />
      )}
      {state.over && (
        <GameOverView
          state={state}
          best={best}
          previousBest={previousBest}
          onPlayAgain={restart}
          onChangeSize={props.onChangeSize}
          onExit={props.onExit}
        >
          <PostScore journal={journal} state={state} buttonClass="button primary" />
        </GameOverView>
      )}
    </main>
  );
}
