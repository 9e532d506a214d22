/**
 * The play page: wiring only. The engine is reached only through the shell's `useRunner` (dispatch ->
 * protocol -> save -> render); keys and drags come in as intents (keyboard.ts, pointer.ts),
 * preview.ts says what the board previews, effects.ts what each accepted command looks and sounds
 * like (shown through the page's effects timeline), storage.ts what is kept; play-view.tsx draws.
 * The computer player (shell/computer.ts): a hint becomes the chosen block, previewed where the
 * engine suggests (Enter places it); Watch lets the engine play until the player's own key, tap or
 * drag takes over.
 */
import {
  type PuzzleCommand,
  type PuzzleEvent,
  type PuzzleState,
  previewPlacement,
  puzzleGame,
} from "@blockarcade/engine/games/puzzle";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { useTimed, useTimedList, useTimeline } from "../../shell/effects-timeline";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import type { GameStart } from "../../shell/ranked-session";
import { useLatestState } from "../../shell/use-latest";
import { useRankedRunner } from "../../shell/use-ranked";
import type { Clearing, PlacedCells, RefusedDrop } from "./board-view";
import {
  ANIMATION_MS,
  chosenAnnouncement,
  createEffectsFeed,
  type DropOffset,
  hintAnnouncement,
  newGameAnnouncement,
  placedMs,
  REFUSED_BUZZ,
  refusalAnnouncement,
  type ScorePopup,
} from "./effects";
import { type Cell, onGameKey } from "./keyboard";
import { t } from "./messages";
import { PlayView } from "./play-view";
import { createDragFollower, dropOffset, measureBoard, tapTarget } from "./pointer";
import { boardPreview, type Choice, type Drag, hintChoice, sizeOf, startChoice } from "./preview";
import { playSound } from "./sounds";
import { bestsFor, recordEnd, savedGame } from "./storage";

export interface PlayProps {
  /** The game the shell opened: a ranked server session, or a local game and why (shell/ranked-session.ts). */
  start: GameStart<PuzzleState>;
  /** A new value for every new game (each game is a new page). */
  gameId: number;
  animate: boolean;
  /** Every accepted state, so the screen can resume the latest. */
  onState(state: PuzzleState): void;
  onPlayAgain(config: PuzzleState["config"]): void;
  onNewGamePage(): void;
  onExit(): void;
  onMakeRanked(): void;
}

export function Play(props: PlayProps) {
  const { animate } = props;
  const hooks = { save: savedGame.save, onEvents: (s: PuzzleState, e: PuzzleEvent[]) => onEvents(s, e) };
  const { state: game, runner, status } = useRankedRunner(puzzleGame, props.start, hooks);
  const [message, setMessage] = useState(() => (props.gameId > 0 ? newGameAnnouncement(game.config) : ""));
  const [bests, setBests] = useState(() => bestsFor(game.config));
  const [helpOpen, setHelpOpen] = useState(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  // Keys read the newest choice: two can arrive before the render the first asked for ("1", "Enter").
  const [pick, setPick, latestPick] = useLatestState<Choice | null>(null);
  const timeline = useTimeline();
  const [placed, showPlaced] = useTimed<PlacedCells | null>(timeline, null);
  const [clearing, showClearing] = useTimed<Clearing | null>(timeline, null);
  const [refused, showRefused] = useTimed<RefusedDrop | null>(timeline, null);
  const [popups, addPopup] = useTimedList<ScorePopup & { id: number }>(timeline);
  // One feed per game: the board each command was applied to, from the game's first board.
  const [feed] = useState(() => createEffectsFeed(game.board));
  const boardRef = useRef<HTMLDivElement>(null);
  const [drags] = useState(createDragFollower);

  const onEvents = (state: PuzzleState, events: PuzzleEvent[]) => {
    // A new position: a chosen block or a hint shown for the old one goes (watching plays too).
    setPick(null);
    const effects = feed.next(events, state);
    for (const sound of effects.sounds) playSound(sound);
    if (effects.buzz) buzz(BUZZ[effects.buzz]);
    setMessage(effects.announcement);
    // A finished game's score is recorded once, at its end (or when it is replaced: screen.tsx).
    if (state.over) setBests(recordEnd(state));
    props.onState(state);
    const id = feed.nextId();
    showRefused(null, null);
    // The points show also under reduced motion: they stand still there (puzzle.css).
    if (effects.popup) addPopup({ ...effects.popup, id }, ANIMATION_MS.popup);
    if (!animate || (!effects.placed && !effects.clearing)) return;
    const from = effects.placed?.from ?? null;
    showPlaced(effects.placed && { id, cells: new Set(effects.placed.cells), from }, placedMs(from !== null));
    showClearing(effects.clearing && { id, cells: effects.clearing }, ANIMATION_MS.clear);
  };

  const watch = useWatch(runner);

  /** The computer's move, shown as the chosen block at its place: not played. */
  const showHint = () => {
    if (runner.state.over || watch.watching) return;
    const asked = askHint(runner);
    if ("error" in asked) return setMessage(asked.error);
    const command = asked.hint.commands[0] as PuzzleCommand | undefined;
    if (!command) return;
    setPick(hintChoice(command));
    setMessage(hintAnnouncement(runner.state, command));
  };
  const toggleWatch = () => {
    setPick(null);
    watch.toggle();
  };

  useEffect(() => drags.stop, []);
  // A new game is saved from its first position on, so a reload (or Resume) finds this one.
  useEffect(() => savedGame.save(runner.state), []);

  const geometry = () => measureBoard(boardRef.current, runner.state.config);

  /** A drop the rules refuse: a red ghost where it was, a shake, a sound, a buzz and the words. */
  const refuse = (piece: number, cell: Cell) => {
    const cells = previewPlacement(runner.state, piece, cell.row, cell.col).cells;
    showRefused({ id: feed.nextId(), cells }, ANIMATION_MS.refused);
    playSound("refused");
    buzz(REFUSED_BUZZ);
    setMessage(refusalAnnouncement(piece, cell));
  };

  const place = (piece: number, cell: Cell, from: DropOffset | null = null): boolean => {
    const command = { cmd: "place", piece, row: cell.row, col: cell.col };
    const ok = feed.withDrop(from, () => runner.dispatch(command)).ok;
    if (ok) setPick(null);
    else refuse(piece, cell);
    return ok;
  };

  /** Chooses a block for the keyboard or taps: its preview starts at the fitting spot nearest the centre. */
  const choose = (piece: number) => {
    const choice = startChoice(runner.state, piece);
    if (!choice) return;
    setPick(choice);
    playSound("pickup");
    setMessage(chosenAnnouncement(piece, runner.state.tray[piece]!));
  };

  /** A tap or Enter on a tray block: choose it, or put it back when it was chosen. */
  const toggle = (piece: number) => {
    if (latestPick.current?.piece !== piece) choose(piece);
    else setPick(null);
  };

  useGameKeys({
    down(e) {
      if (runner.state.over || helpOpen || drag) return;
      onGameKey(e, runner.state, latestPick.current, {
        hint: showHint,
        watch: toggleWatch,
        choose,
        aim: setPick,
        place,
        cancel: () => {
          setPick(null);
          setMessage(t("saidPutBack"));
        },
        // Any move of the player's own takes over from the computer.
        takeOver: watch.stop,
      });
    },
  });

  const onTrayPointerDown = (piece: number, e: PointerEvent, shapeEl: HTMLElement) => {
    const block = runner.state.tray[piece];
    if (runner.state.over || !block) return;
    e.preventDefault();
    watch.stop();
    // The engine's own fit test decides where a drop may snap to.
    const fits = (row: number, col: number) => previewPlacement(runner.state, piece, row, col).fits;
    drags.follow(e, shapeEl, sizeOf(block), geometry, fits, {
      onLift: () => {
        playSound("pickup");
        setPick(null);
        setDrag({ piece, frame: null });
      },
      onMove: (frame) => setDrag({ piece, frame }),
      onDrop: (frame) => {
        // Over a spot where it fits it lands; over the board where it does not, the drop is refused
        // (red, a shake); off the board it simply shows in its slot again.
        if (frame?.target) place(piece, frame.target, dropOffset(frame, geometry()));
        else if (frame?.aim) refuse(piece, frame.aim);
        else setMessage(t("saidPutBackN", { piece: piece + 1 }));
        setDrag(null);
      },
      onTap: () => toggle(piece),
    });
  };

  const onBoardPointerDown = (e: PointerEvent) => {
    const current = latestPick.current;
    const block = current ? runner.state.tray[current.piece] : null;
    const g = geometry();
    if (runner.state.over || !current || !block || !g) return;
    watch.stop();
    const target = tapTarget(g, e.clientX, e.clientY, sizeOf(block));
    if (target && !place(current.piece, target)) setPick({ piece: current.piece, cursor: target });
  };

  const preview = useMemo(() => boardPreview(game, drag, pick), [game, drag, pick]);

  return (
    <PlayView
      game={game}
      animate={animate}
      bests={bests}
      shown={{ message, preview, placed, clearing, refused, popups, drag, pick, helpOpen }}
      watch={watch}
      boardRef={boardRef}
      status={status}
      on={{
        boardPointerDown: onBoardPointerDown,
        trayPointerDown: onTrayPointerDown,
        activate: (piece) => {
          watch.stop();
          toggle(piece);
        },
        hint: showHint,
        watch: toggleWatch,
        speed: watch.setSpeed,
        help: (open) => {
          if (open) {
            watch.stop();
            setPick(null);
          }
          setHelpOpen(open);
        },
        newGamePage: props.onNewGamePage,
        exit: props.onExit,
        again: () => props.onPlayAgain(game.config),
        makeRanked: props.onMakeRanked,
      }}
    />
  );
}
