/**
 * Arcade mode's play page (docs/games/match3.md "Arcade mode"): the shell's runner with the browser
 * clock and the engine's tick policy, so the brick falls by itself. Keys (keyboard.ts
 * `arcadePageKeys`), the pad and swipes send moves; a refused move bumps the field; the save
 * follows every change; the computer player hints and plays. Chains (chain-animation.ts), flashes,
 * popups and the banner are timed on the shell's effects timeline, cleared on Play again.
 */
import type { Reply } from "@blockarcade/engine/core";
import {
  type ArcadeConfig,
  applyMoves,
  bestLanding,
  createArcadeTicks,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  match3Game,
} from "@blockarcade/engine/games/match3";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { useTimed, useTimedList, useTimeline } from "../../shell/effects-timeline";
import { keepFocusOnClick } from "../../shell/focus";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import { usePageLife } from "../../shell/page-life";
import { usePointerSwipes } from "../../shell/pointer-swipes";
import { RankedLine } from "../../shell/ranked-line";
import type { GameStart } from "../../shell/ranked-session";
import { playTones } from "../../shell/sound";
import { useRankedRunner } from "../../shell/use-ranked";
import { ArcadeBar, ArcadeOverDialog, FieldOverlay, LookBar, NextView, PauseDialog } from "./arcade-view";
import { useChainAnimation } from "./chain-animation";
import {
  arcadeEffects,
  arcadeHint,
  BANNER_MS,
  BUMP_TONES,
  bringsBrick,
  fieldName,
  flashMs,
  POPUP_MS,
  type PointsPopup,
  removedCells,
} from "./effects";
import { FieldView } from "./field-view";
import { arcadePageKeys } from "./keyboard";
import { t } from "./messages";
import { MovePad } from "./pad-view";
import { createSwipe } from "./pointer";
import { arcadeBest, fieldKey, writeArcadeGame } from "./storage";

export interface ArcadePlayProps {
  config: ArcadeConfig;
  /** The game the shell opened: a ranked server session, or a local game and why (shell/ranked-session.ts). */
  start: GameStart<Match3State>;
  /** A saved game continues: it starts paused. */
  restored: boolean;
  /** The next game (a new ranked session, or the chosen seed again). */
  onPlayAgain: () => void;
  /** One tap from a chosen-seed game to a ranked one. */
  onMakeRanked: () => void;
  reducedMotion: boolean;
  announce: (message: string) => void;
  onChangeMode: () => void;
}

export function ArcadePlay(props: ArcadePlayProps) {
  const { config } = props;
  const variant = fieldKey(config.width, config.height);
  const ticks = useMemo(() => createArcadeTicks(), []);
  const timeline = useTimeline();
  const [paused, setPausedView] = useState(props.restored);
  const [restored, setRestored] = useState(props.restored);
  // The best before this game, read before its score is recorded: "New best!" compares with it.
  const [previousBest] = useState(() => arcadeBest.best(variant));
  const [best, setBest] = useState(previousBest);
  const [removed, showRemoved] = useTimed<ReadonlySet<string>>(timeline, new Set());
  const [popups, addPopup] = useTimedList<PointsPopup & { id: number }>(timeline);
  const [banner, showBanner] = useTimed<string | null>(timeline, null);
  const [bump, setBump] = useState(0);
  const [looking, setLooking] = useState(false); // the game-over dialog put aside
  const brickNo = useRef(0); // which brick is in play: a hint belongs to one brick
  const [hintFor, setHintFor] = useState<number | null>(null);
  const popupId = useRef(0);
  const chain = useChainAnimation(timeline, props.reducedMotion);

  const onEvents = (state: Match3State, events: Match3Event[]) => {
    if (bringsBrick(events)) brickNo.current += 1;
    const fx = arcadeEffects(events);
    if (fx.tones.length > 0) playTones(fx.tones);
    if (fx.buzz !== null) buzz(BUZZ[fx.buzz]);
    if (fx.message !== undefined) props.announce(fx.message);
    const gone = removedCells(events);
    if (!chain.play(state, events) && gone.size > 0) showRemoved(gone, flashMs(props.reducedMotion));
    if (fx.popup) addPopup({ ...fx.popup, id: popupId.current++ }, POPUP_MS);
    if (fx.levelUp !== null) showBanner(t("levelBanner", { level: fx.levelUp }), BANNER_MS);
    if (state.over) setBest(arcadeBest.record(variant, state.score).best);
  };

  // Each move goes to the server's session; the brick's clock runs here and the server judges it.
  const { state, runner, status } = useRankedRunner(
    match3Game,
    props.start,
    // A move made while a refill was on its way and refused once it came: the same bump.
    { save: writeArcadeGame, onEvents, onRefused: (_c, reply) => refused(reply) },
    { browserClock: true, ticks, paused: props.restored },
  );
  const watch = useWatch(runner);

  const play = (move: MoveCommand) => {
    if (watch.watching) watch.stop();
    if (runner.paused || runner.state.over) return;
    refused(runner.dispatch({ cmd: "move", move }));
  };
  /** The runner draws nothing for a refusal: the bump is the player's answer. */
  const refused = (reply: Reply) => {
    if (reply.ok || reply.error.code !== "ILLEGAL_MOVE") return;
    setBump((n) => n + 1);
    playTones(BUMP_TONES);
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
    if ("error" in asked) return props.announce(asked.error);
    setHintFor(brickNo.current);
    props.announce(arcadeHint(runner.state, asked.hint.commands));
  };

  const toggleWatch = () => (runner.paused || runner.state.over ? watch.stop() : watch.toggle());

  // A new game is a new page (a seeded game, ?seed=N, plays the same stream again).
  const playAgain = () => {
    watch.stop();
    props.onPlayAgain();
    props.announce(t("newGame"));
  };

  // The first position is saved at once; a hidden page pauses (the clock would run on unseen).
  useEffect(() => writeArcadeGame(runner.state), []);
  usePageLife({ visibility: (hidden) => hidden && setPaused(true) });
  useGameKeys(
    arcadePageKeys({
      togglePause: () => setPaused(!runner.paused),
      hint: showHint,
      watch: toggleWatch,
      play,
    }),
  );

  // Swipes on the field, touch and pen (their pointers are captured by their target already).
  const swipes = usePointerSwipes({
    start: (e) =>
      createSwipe(
        { x: e.clientX, y: e.clientY },
        (e.currentTarget as HTMLElement).clientWidth / config.width,
      ),
    move: (swipe, e) => {
      for (const move of swipe.move(e.clientX, e.clientY)) play(move);
    },
  });

  const ghost = state.active ? applyMoves(state.board, state.active, ["D"]) : null;
  // The hint (or the computer's plan while it plays): the engine's best landing for this brick.
  const showTarget = !state.over && (watch.watching || hintFor === brickNo.current);
  const target = useMemo(
    () => (showTarget ? (bestLanding(state).best?.landing ?? null) : null),
    [state, showTarget],
  );

  return (
    <section class="match3-arcade" data-testid="match3-arcade" data-paused={paused ? "" : undefined}>
      <ArcadeBar state={state} best={best} paused={paused} onPause={() => setPaused(!runner.paused)} />
      <RankedLine status={status} onMakeRanked={props.onMakeRanked} />
      <div class="match3-arena">
        <div class="match3-well">
          <div
            class="match3-field-box"
            style={{ "--cols": String(config.width), "--rows": String(config.height) }}
            {...swipes}
          >
            <FieldView
              board={chain.frame?.board ?? state.board}
              active={state.active}
              removed={chain.frame?.flash ?? removed}
              fell={chain.frame?.fell}
              hint={target ? { cells: target.cells } : null}
              ghost={ghost}
              bump={bump}
            />
            <FieldOverlay
              popups={popups}
              banner={banner}
              field={config}
              reducedMotion={props.reducedMotion}
              hidePopups={paused || state.over}
            />
          </div>
        </div>
        <NextView state={state} />
      </div>
      <MovePad class="match3-arcade-pad" onCommand={play} />
      {/* A mouse click on Hint or Watch leaves focus where it was: the next Space drops the brick. */}
      <div class="match3-arcade-computer" onPointerDown={keepFocusOnClick}>
        <ComputerControls
          game="match3"
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
          ranked={status.kind === "ranked"}
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
          fieldName={fieldName(config.width, config.height)}
          onPlayAgain={playAgain}
          onChangeMode={props.onChangeMode}
          onLook={() => setLooking(true)}
        >
          <RankedLine status={status} />
        </ArcadeOverDialog>
      )}
    </section>
  );
}
