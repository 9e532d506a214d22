/**
 * Arcade mode's play page (docs/games/match3.md "Arcade mode"): one game on the shell's runner with
 * the browser clock and the engine's tick policy (createArcadeTicks), so the brick falls by itself
 * and every move and tick is the engine's own command. Keys, the pad and swipes send moves; a
 * refused move bumps the field. The save follows every change; a reloaded game comes back paused.
 * Best score per field size, "New best!", the computer player (Hint outlines the engine's best
 * landing, Watch plays), effects from effects.ts.
 */
import {
  type ActiveBrick,
  ARCADE_FIELDS,
  type ArcadeConfig,
  applyMoves,
  bestLanding,
  createArcadeTicks,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  match3Game,
} from "@blockarcade/engine/games/match3";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { PostScore } from "../../shell/post-score";
import { nextSeed } from "../../shell/ranked-seed";
import { useRunner } from "../../shell/runner";
import { playTones } from "../../shell/sound";
import { ArcadeBar, ArcadeOverDialog, LookBar, NextView, PauseDialog } from "./arcade-view";
import { arcadeEffects, BUMP_TONES, flashMs, type PointsPopup, removedCells } from "./effects";
import { FieldView } from "./field-view";
import { arcadeKeyToIntent, isArcadeGameKey } from "./keyboard";
import { MovePad } from "./pad-view";
import { createSwipe, type Swipe } from "./pointer";
import { arcadeBest, arcadeJournal, fieldKey, writeArcadeGame } from "./storage";

export interface ArcadePlayProps {
  config: ArcadeConfig;
  /** The page's `?seed=`: a seeded game plays again with the same seed. */
  seed: number | undefined;
  /** A saved game to continue (it starts paused). */
  resume: Match3State | undefined;
  reducedMotion: boolean;
  announce: (message: string) => void;
  onChangeMode: () => void;
}

const FRESH_BRICK = new Set(["spawned", "new_game", "loaded"]);

/** How long a "+points" popup and the level banner stay (ms). */
const POPUP_MS = 900;
const BANNER_MS = 1400;

/** A field's name for people: "small 5 × 10", or the size alone for a custom one. */
export function fieldName(width: number, height: number): string {
  const named = ARCADE_FIELDS.find((f) => f.width === width && f.height === height);
  return named ? `${named.name} ${width} × ${height}` : `${width} × ${height}`;
}

export function ArcadePlay(props: ArcadePlayProps) {
  const { config } = props;
  const variant = fieldKey(config.width, config.height);
  const seedRef = useRef(props.resume?.seed ?? props.seed ?? nextSeed("match3"));
  const ticks = useMemo(() => createArcadeTicks(), []);
  const [paused, setPausedView] = useState(props.resume !== undefined);
  const [restored, setRestored] = useState(props.resume !== undefined);
  // The best before this game, read before its score is recorded: "New best!" compares with it.
  const [previousBest, setPreviousBest] = useState(() => arcadeBest.best(variant));
  const [best, setBest] = useState(previousBest);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [popups, setPopups] = useState<(PointsPopup & { id: number })[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  const [bump, setBump] = useState(0);
  /** The game-over dialog is put aside to look at the final field. */
  const [looking, setLooking] = useState(false);
  /** Which brick is in play: a hint belongs to one brick. */
  const brickNo = useRef(0);
  const [hintFor, setHintFor] = useState<number | null>(null);
  const popupId = useRef(0);
  const reduced = useRef(props.reducedMotion);
  reduced.current = props.reducedMotion;

  const onEvents = (state: Match3State, events: Match3Event[]) => {
    // The protocol's own `new_game` and `loaded` bring a new brick too.
    if (events.some((e) => FRESH_BRICK.has((e as { type: string }).type))) {
      brickNo.current += 1;
    }
    const fx = arcadeEffects(events);
    if (fx.tones.length > 0) playTones(fx.tones);
    if (fx.buzz !== null) buzz(BUZZ[fx.buzz]);
    if (fx.message !== undefined) props.announce(fx.message);
    const gone = removedCells(events);
    if (gone.size > 0) setRemoved(gone);
    if (fx.popup) {
      const popup = { ...fx.popup, id: popupId.current++ };
      setPopups((list) => [...list, popup]);
      window.setTimeout(() => setPopups((list) => list.filter((p) => p.id !== popup.id)), POPUP_MS);
    }
    if (fx.levelUp !== null) setBanner(`Level ${fx.levelUp}!`);
    if (state.over) setBest(arcadeBest.record(variant, state.score).best);
  };

  const { state, runner } = useRunner(
    match3Game,
    () => props.resume ?? match3Game.newGame(config, seedRef.current),
    { save: writeArcadeGame, onEvents, journal: arcadeJournal },
    { clock: "browser", ticks, paused: props.resume !== undefined },
  );
  const watch = useWatch(runner);

  const send = (move: MoveCommand) => {
    if (runner.paused || runner.state.over) return;
    const reply = runner.dispatch({ cmd: "move", move });
    // The runner draws nothing for a refusal: the bump is the player's answer.
    if (!reply.ok && reply.error.code === "ILLEGAL_MOVE") {
      setBump((n) => n + 1);
      playTones(BUMP_TONES);
    }
  };
  /** A move of the player's own: it takes over from the computer. */
  const play = (move: MoveCommand) => {
    if (watch.watching) watch.stop();
    send(move);
  };

  const setPaused = (value: boolean) => {
    if (runner.state.over || runner.paused === value) return;
    if (value) watch.stop();
    runner.setPaused(value);
    setPausedView(value);
    writeArcadeGame(runner.state);
    if (!value) setRestored(false);
  };

  const showHint = () => {
    if (runner.paused || runner.state.over || watch.watching) return;
    const asked = askHint(runner);
    if ("error" in asked) {
      props.announce(asked.error);
      return;
    }
    const moves = asked.hint.commands
      .map((c) => (c as { move?: string }).move)
      .filter((m): m is string => m !== undefined);
    setHintFor(brickNo.current);
    props.announce(
      `Hint: ${moves.length === 0 ? "let it fall" : `${moves.join(" ")}, then let it fall`}; ${asked.hint.reason}.`,
    );
  };

  const toggleWatch = () => {
    if (runner.paused || runner.state.over) {
      watch.stop();
      return;
    }
    watch.toggle();
  };

  const playAgain = () => {
    setPreviousBest(arcadeBest.best(variant));
    // A seeded game (?seed=N) plays the same stream again; otherwise a new (server) seed.
    if (props.seed === undefined) seedRef.current = nextSeed("match3");
    watch.stop();
    setHintFor(null);
    setLooking(false);
    runner.dispatch({ cmd: "new", seed: seedRef.current, config });
    props.announce("New game.");
  };

  // The first position is saved at once; a hidden page pauses (the clock would run on unseen).
  useEffect(() => {
    writeArcadeGame(runner.state);
    const onHidden = () => {
      if (document.hidden) setPausedRef.current(true);
    };
    document.addEventListener("visibilitychange", onHidden);
    return () => document.removeEventListener("visibilitychange", onHidden);
  }, []);
  const setPausedRef = useRef(setPaused);
  setPausedRef.current = setPaused;
  const handlers = useRef({ play, hint: showHint, watch: toggleWatch });
  handlers.current = { play, hint: showHint, watch: toggleWatch };

  useEffect(() => {
    if (removed.size === 0) return;
    const t = window.setTimeout(() => setRemoved(new Set()), flashMs(props.reducedMotion));
    return () => window.clearTimeout(t);
  }, [removed, props.reducedMotion]);
  useEffect(() => {
    if (banner === null) return;
    const t = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(t);
  }, [banner]);

  // Keys wherever focus is on the page (keyboard.ts isArcadeGameKey); a layout effect so keys
  // count from the first paint.
  useLayoutEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const intent = arcadeKeyToIntent(event.key);
      if (!intent || !isArcadeGameKey(event.key, event.target)) return;
      event.preventDefault();
      if (intent.type === "pause") {
        if (!event.repeat) setPausedRef.current(!runner.paused);
      } else if (intent.type === "hint") handlers.current.hint();
      else if (intent.type === "watch") {
        if (!event.repeat) handlers.current.watch();
      } else if (!(event.repeat && intent.command === "D")) handlers.current.play(intent.command);
    };
    window.addEventListener("keydown", down);
    return () => window.removeEventListener("keydown", down);
  }, [runner]);

  // Swipes on the field (touch and pen; the mouse has the pad and the keys).
  const swipe = useRef<{ id: number; swipe: Swipe } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse") return;
    const el = e.currentTarget as HTMLElement;
    // Touch pointers are captured by their target already.
    swipe.current = {
      id: e.pointerId,
      swipe: createSwipe({ x: e.clientX, y: e.clientY }, el.clientWidth / config.width),
    };
  };
  const onPointerMove = (e: PointerEvent) => {
    const s = swipe.current;
    if (!s || s.id !== e.pointerId) return;
    for (const move of s.swipe.move(e.clientX, e.clientY)) play(move);
  };
  const endSwipe = () => {
    swipe.current = null;
  };

  const ghost: ActiveBrick | null = state.active ? applyMoves(state.board, state.active, ["D"]) : null;
  // The hint (or the computer's plan while it plays): the engine's best landing for this brick.
  const showTarget = !state.over && (watch.watching || hintFor === brickNo.current);
  const target = useMemo(
    () => (showTarget ? (bestLanding(state).best?.landing ?? null) : null),
    [state, showTarget],
  );
  const name = fieldName(config.width, config.height);

  return (
    <section class="match3-arcade" data-testid="match3-arcade" data-paused={paused ? "" : undefined}>
      <ArcadeBar state={state} best={best} paused={paused} onPause={() => setPaused(!runner.paused)} />
      <div class="match3-arena">
        <div class="match3-well">
          <div
            class="match3-field-box"
            style={{ "--cols": String(config.width), "--rows": String(config.height) }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endSwipe}
            onPointerCancel={endSwipe}
          >
            <FieldView
              board={state.board}
              active={state.active}
              removed={removed}
              hint={target ? { cells: target.cells } : null}
              ghost={ghost}
              bump={bump}
            />
            {/* Behind a dialog they would only be noise. */}
            {!paused &&
              !state.over &&
              popups.map((p) => (
                <span
                  key={p.id}
                  class={props.reducedMotion ? "match3-popup is-still" : "match3-popup"}
                  aria-hidden="true"
                  style={{
                    left: `${((p.col + 0.5) / config.width) * 100}%`,
                    top: `${((p.row + 0.5) / config.height) * 100}%`,
                  }}
                >
                  {p.text}
                </span>
              ))}
            {banner && (
              <span class="match3-banner" aria-hidden="true" data-testid="match3-banner">
                {banner}
              </span>
            )}
          </div>
        </div>
        <NextView state={state} />
      </div>
      <MovePad class="match3-arcade-pad" onCommand={play} />
      <div
        class="match3-arcade-computer"
        // A mouse click leaves focus where it was, so the next Space drops instead of pressing Hint.
        onPointerDown={(e) => {
          if (e.pointerType === "mouse" && (e.target as HTMLElement).closest("button")) e.preventDefault();
        }}
      >
        <ComputerControls
          class="match3-computer"
          onHint={showHint}
          watching={watch.watching}
          onWatch={toggleWatch}
          speed={watch.speed}
          onSpeed={watch.setSpeed}
          disabled={paused || state.over}
        />
      </div>
      {paused && !state.over && (
        <PauseDialog
          restored={restored}
          onResume={() => setPaused(false)}
          onChangeMode={props.onChangeMode}
        />
      )}
      {state.over && looking && <LookBar state={state} onBack={() => setLooking(false)} />}
      {state.over && !looking && (
        <ArcadeOverDialog
          state={state}
          best={best}
          previousBest={previousBest}
          fieldName={name}
          onPlayAgain={playAgain}
          onChangeMode={props.onChangeMode}
          onLook={() => setLooking(true)}
        >
          <PostScore journal={arcadeJournal} state={state} buttonClass="button primary" />
        </ArcadeOverDialog>
      )}
    </section>
  );
}
