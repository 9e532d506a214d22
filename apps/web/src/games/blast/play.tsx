/**
 * The Block Blast game page: wiring only. The engine is reached only through the shell's runner hook;
 * keys and drags come in as intents (keyboard.ts, pointer.ts), preview.ts says where a piece would
 * go, effects.ts what each reply looks and sounds like (shown through the page's effects timeline),
 * storage.ts what is kept, and the views only draw. The computer player (shell/computer.ts): a hint
 * picks the suggested piece and shows its ghost where the engine would put it (Enter places it);
 * Watch lets the engine play until the player's own key, tap or drag takes over, or the game is over.
 */
import {
  type BlastCommand,
  type BlastEvent,
  type BlastState,
  blastGame,
  CELEBRATION_MS,
  CLEAR_ANIMATION_MS,
} from "@blockarcade/engine/games/blast";
import { useEffect, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { useTimed, useTimeline } from "../../shell/effects-timeline";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import type { GameStart } from "../../shell/ranked-session";
import type { GameScreenProps } from "../../shell/types";
import { useRankedRunner } from "../../shell/use-ranked";
import type { Burst } from "./board-view";
import { createEffectsFeed, hintAnnouncement, POP_MS, type ShownCelebration } from "./effects";
import { focusSlot, isOtherButton, onGameKey } from "./keyboard";
import { PlayView } from "./play-view";
import { beginDrag, clickedCell, type DragFrame, measureBoard } from "./pointer";
import { dragGhost, ghostOf, hintSelection, pickPiece, type Selection } from "./preview";
import { playSound } from "./sounds";
import { createGameKeeper, loadLeaderboard, savedGame } from "./storage";

const NO_CELLS: ReadonlySet<string> = new Set();

/** One game, ranked through the server or local (`start`, opened by screen.tsx's gate). */
export function PlayPage(props: GameScreenProps & { start: GameStart<BlastState>; onRestart: () => void }) {
  const reduced = props.settings.reducedMotion;
  const [boardAtStart] = useState(() => loadLeaderboard());
  const [leaderboard, setLeaderboard] = useState(boardAtStart);
  // Read before this game is recorded: beating it is a new best.
  const previousBest = boardAtStart[0]?.score ?? 0;
  const [keeper] = useState(() => createGameKeeper(setLeaderboard));
  const { state, runner, status } = useRankedRunner(blastGame, props.start, {
    save: keeper.keep,
    // Every accepted command, the player's or the watching computer's, looks and sounds the same.
    onEvents: (s, events) => showEffects(s, events as BlastEvent[]),
    // A placement made while a deal was on its way and refused once it came: heard and shaken.
    onRefused: () => {
      playSound("invalid");
      setShake((n) => n + 1);
    },
  });
  const [feed] = useState(() => createEffectsFeed(runner.state));
  const watch = useWatch(runner);

  const [paused, setPaused] = useState(false);
  /** The game-over dialog is put aside while the player looks at the final board. */
  const [seeingBoard, setSeeingBoard] = useState(false);
  const [selection, setSelection] = useState<Selection | undefined>(undefined);
  const [drag, setDrag] = useState<DragFrame | undefined>(undefined);
  const [announcement, setAnnouncement] = useState("");
  const [dealId, setDealId] = useState(0);
  const [shake, setShake] = useState(0);
  const timeline = useTimeline();
  const [burst, showBurst] = useTimed<Burst | undefined>(timeline, undefined);
  const [popped, showPopped] = useTimed(timeline, NO_CELLS);
  const [celebration, showCelebration] = useTimed<ShownCelebration | undefined>(timeline, undefined);
  const boardEl = useRef<HTMLElement | null>(null);

  const showEffects = (after: BlastState, events: BlastEvent[]) => {
    const fx = feed.next(after, events, reduced);
    for (const sound of fx.sounds) playSound(sound.name, sound.lines);
    if (fx.haptic) buzz(BUZZ[fx.haptic]);
    setAnnouncement(fx.announcement);
    const id = performance.now();
    if (fx.popped.length > 0) showPopped(new Set(fx.popped.map(([r, c]) => `${r},${c}`)), POP_MS);
    if (fx.burst.length > 0) showBurst({ id, cells: fx.burst }, CLEAR_ANIMATION_MS);
    showCelebration(fx.celebration && { ...fx.celebration, id }, CELEBRATION_MS);
    if (fx.dealt) setDealId((d) => d + 1);
    // A new position: a hint shown for the old one goes (a watched move changes it too).
    setSelection((sel) => (sel?.hint ? undefined : sel));
    // Each game over opens with its dialog (after a revive, the next one too).
    if (!after.over) setSeeingBoard(false);
    // The revive is the player's to choose: watching ends at a game over.
    else watch.stop();
  };

  // The position shown is saved at once (a restored final game over is recorded instead).
  useEffect(() => void keeper.keep(state), []);

  const showHint = () => {
    if (runner.state.over || watch.watching || paused) return;
    const asked = askHint(runner);
    if ("error" in asked) return setAnnouncement(asked.error);
    const hint = hintSelection(asked.hint.commands[0] as BlastCommand | undefined);
    if (!hint) return;
    setDrag(undefined);
    setSelection(hint);
    setAnnouncement(hintAnnouncement(runner.state, hint));
  };
  const toggleWatch = () => {
    setSelection(undefined);
    watch.toggle();
  };

  /** One placement; a refused one is heard and shaken, and the piece stays picked. */
  const place = ({ piece, row, col }: { piece: number; row: number; col: number }) => {
    if (runner.dispatch({ cmd: "place", piece, row, col }).ok) return setSelection(undefined);
    playSound("invalid");
    setShake((n) => n + 1);
  };
  const pick = (piece: number) => setSelection((sel) => pickPiece(runner.state, sel, piece));

  useGameKeys({
    down: (e) =>
      onGameKey(
        e,
        { state: runner.state, paused, selection, focusOnOtherButton: isOtherButton(document.activeElement) },
        {
          hint: showHint,
          watch: toggleWatch,
          pause: () => {
            setSelection(undefined);
            setPaused(true);
          },
          select: (piece) => {
            pick(piece);
            focusSlot(piece);
          },
          aim: setSelection,
          place,
          // Any key of the player's own takes over from the computer.
          takeOver: watch.stop,
        },
      ),
  });

  const ghost = ghostOf(state, drag, selection);

  const onPointerDown = (e: PointerEvent, piece: number) => {
    // A touch of the player's own takes over from the computer.
    watch.stop();
    if (!state.tray[piece] || paused || state.over) return;
    showCelebration(undefined, null);
    beginDrag(e, piece, {
      geometry: () => measureBoard(boardEl.current),
      onFrame: (frame) => {
        setSelection(undefined);
        setDrag(frame);
      },
      onDrop: (frame) => {
        setDrag(undefined);
        // A drop with no fitting spot within reach goes back to the tray: nothing is dispatched.
        const target = frame && dragGhost(runner.state, piece, frame.anchor);
        if (target?.valid) place(target);
      },
      onTap: (p) => {
        setDrag(undefined);
        pick(p);
      },
    });
  };

  // With a piece picked (tap or 1/2/3), a click on a board cell puts its top-left cell there.
  const onBoardClick = (e: MouseEvent) => {
    const cell = clickedCell(e.target);
    if (!selection || !cell || runner.state.over) return;
    watch.stop();
    place({ piece: selection.piece, ...cell });
  };

  /** A new game (a ranked one: the gate opens a new session); also the one tap from a chosen seed. */
  const restart = () => {
    watch.stop();
    timeline.clear();
    savedGame.clear();
    setPaused(false);
    // A seeded URL played once; the next game is a new random one (screen.tsx mounts a fresh page).
    props.navigate("/play", { replace: true });
    props.onRestart();
  };

  return (
    <PlayView
      state={state}
      reduced={reduced}
      best={Math.max(state.score, leaderboard[0]?.score ?? 0)}
      previousBest={previousBest}
      shown={{
        announcement,
        shake,
        ghost,
        selection,
        drag,
        burst,
        popped,
        celebration,
        dealId,
        paused,
        seeingBoard,
      }}
      watch={watch}
      ranked={status}
      boardRef={(el) => {
        boardEl.current = el;
      }}
      on={{
        pause: () => {
          watch.stop();
          setPaused(true);
        },
        boardClick: onBoardClick,
        pointerDown: onPointerDown,
        // Focus follows a watched game's tray too; only the player's own choice takes over.
        focusPiece: (piece) => {
          if (!watch.watching) pick(piece);
        },
        hint: showHint,
        watch: toggleWatch,
        speed: watch.setSpeed,
        seeBoard: setSeeingBoard,
        resume: () => setPaused(false),
        restart,
        makeRanked: restart,
        quit: () => props.navigate(""),
        revive: () => runner.dispatch({ cmd: "revive" }),
        playAgain: () => {
          keeper.finish(runner.state);
          restart();
        },
        menu: () => {
          keeper.finish(runner.state);
          props.navigate("");
        },
      }}
    />
  );
}
