/**
 * The Block Blast game page. The engine is reached only through the shell's runner hook; input comes
 * from the keyboard and pointer adapters as intents, effects.ts says what each reply looks and sounds
 * like, and the views only draw. The computer player (shell/computer.ts): a hint picks the suggested
 * piece and shows its ghost where the engine would put it (Enter places it); Watch lets the engine
 * play until the player's own key, tap or drag takes over, or the game is over.
 */
import {
  type BlastCommand,
  type BlastEvent,
  type BlastState,
  blastGame,
  CELEBRATION_MS,
  CLEAR_ANIMATION_MS,
  newBlastGame,
} from "@blockarcade/engine/games/blast";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { PostScore } from "../../shell/post-score";
import { nextSeed } from "../../shell/ranked-seed";
import { useRunner } from "../../shell/runner";
import { seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { BoardView, type Burst } from "./board-view";
import { GameOverDialog, PauseDialog, SeeBoardBar } from "./dialogs-view";
import { type Celebration, effectsOf, hintAnnouncement, POP_MS } from "./effects";
import { HudView, StreakView } from "./hud-view";
import { attachKeyboard, type KeyIntent } from "./keyboard";
import { type BoardGeometry, beginDrag, type DragFrame } from "./pointer";
import { dragGhost, firstFit, type Ghost, moveGhost, previewDrop } from "./preview";
import { playSound } from "./sounds";
import { isFinal, journal, loadLeaderboard, recordIfOver, savedGame } from "./storage";
import { themeStyle } from "./theme";
import { LiftedPiece, TrayView } from "./tray-view";

/** The game to show: the saved unfinished game, unless the URL asks for another seed. */
function initialGame(search: string): BlastState {
  const urlSeed = seedFromSearch(search);
  const saved = savedGame.restore();
  if (saved && !isFinal(saved) && (urlSeed === undefined || urlSeed === saved.seed)) return saved;
  return newBlastGame(urlSeed ?? nextSeed("blast"));
}

interface Selection {
  piece: number;
  row: number;
  col: number;
  /** Chosen by the computer's hint: drawn as the hint, gone when the position changes. */
  hint?: boolean;
}

export function PlayPage(props: GameScreenProps & { onRestart: () => void }) {
  const reduced = props.settings.reducedMotion;
  const [boardAtStart] = useState(() => loadLeaderboard());
  const [leaderboard, setLeaderboard] = useState(boardAtStart);
  // Read before this game is recorded: beating it is a new best.
  const previousBest = boardAtStart[0]?.score ?? 0;
  const recorded = useRef(false);
  const finish = (s: BlastState) => {
    // Once per game: the score goes to the leaderboard and the save is dropped.
    if (recorded.current) return;
    const list = recordIfOver(s);
    if (!list) return;
    recorded.current = true;
    setLeaderboard(list);
    savedGame.clear();
  };
  /** The position before the latest accepted command: effects compare it with the events. */
  const shown = useRef<BlastState | undefined>(undefined);
  const { state, runner } = useRunner(blastGame, () => initialGame(props.search), {
    save: (s) => (isFinal(s) ? finish(s) : savedGame.save(s)),
    // Every accepted command, the player's or the watching computer's, looks and sounds the same.
    onEvents: (s, events) => showEffects(s, events as BlastEvent[]),
    journal,
  });
  if (shown.current === undefined) shown.current = state;
  const watch = useWatch(runner);

  const [paused, setPaused] = useState(false);
  /** The game-over dialog is put aside while the player looks at the final board. */
  const [seeingBoard, setSeeingBoard] = useState(false);
  const [selection, setSelection] = useState<Selection | undefined>(undefined);
  const [drag, setDrag] = useState<DragFrame | undefined>(undefined);
  const [burst, setBurst] = useState<Burst | undefined>(undefined);
  const [popped, setPopped] = useState<ReadonlySet<string>>(new Set());
  const [celebration, setCelebration] = useState<(Celebration & { id: number }) | undefined>(undefined);
  const [announcement, setAnnouncement] = useState("");
  const [dealId, setDealId] = useState(0);
  const [shake, setShake] = useState(0);
  const boardEl = useRef<HTMLElement | null>(null);
  const timers = useRef<number[]>([]);
  const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));

  const showEffects = (after: BlastState, events: BlastEvent[]) => {
    const before = shown.current ?? after;
    shown.current = after;
    setCelebration(undefined);
    const fx = effectsOf(before, events, reduced);
    for (const sound of fx.sounds) playSound(sound.name, sound.lines);
    if (fx.haptic) buzz(BUZZ[fx.haptic]);
    setAnnouncement(fx.announcement);
    const id = performance.now();
    if (fx.popped.length > 0) {
      setPopped(new Set(fx.popped.map(([r, c]) => `${r},${c}`)));
      later(POP_MS, () => setPopped(new Set()));
    }
    if (fx.burst.length > 0) {
      setBurst({ id, cells: fx.burst });
      later(CLEAR_ANIMATION_MS, () => setBurst((b) => (b?.id === id ? undefined : b)));
    }
    if (fx.celebration) {
      setCelebration({ ...fx.celebration, id });
      later(CELEBRATION_MS, () => setCelebration((c) => (c?.id === id ? undefined : c)));
    }
    if (fx.dealt) setDealId((d) => d + 1);
    // The revive is the player's to choose: watching ends at a game over.
    if (after.over) watch.stop();
  };

  // Each game over opens with its dialog (after a revive, the next one too).
  useEffect(() => {
    if (!state.over) setSeeingBoard(false);
  }, [state.over]);

  // A new position: a hint shown for the old one goes (a watched move changes it too).
  useEffect(() => setSelection((sel) => (sel?.hint ? undefined : sel)), [state]);

  const showHint = () => {
    if (runner.state.over || watch.watching || paused) return;
    const asked = askHint(runner);
    if ("error" in asked) {
      setAnnouncement(asked.error);
      return;
    }
    const command = asked.hint.commands[0] as BlastCommand | undefined;
    if (command?.cmd !== "place") return;
    setDrag(undefined);
    setSelection({ piece: command.piece, row: command.row, col: command.col, hint: true });
    setAnnouncement(hintAnnouncement(command, asked.hint.reason));
  };

  useEffect(() => {
    // The position shown is saved at once (a restored final game over is recorded instead).
    if (isFinal(state)) finish(state);
    else savedGame.save(state);
    return () => {
      for (const t of timers.current) window.clearTimeout(t);
    };
  }, []);

  /** One command to the engine (its effects are shown by `showEffects` as the runner renders it). */
  const dispatch = (command: unknown) => runner.dispatch(command);

  const place = (piece: number, row: number, col: number): boolean => {
    const reply = dispatch({ cmd: "place", piece, row, col });
    if (!reply.ok) {
      playSound("invalid");
      setShake((n) => n + 1);
      return false;
    }
    setSelection(undefined);
    return true;
  };

  const select = (piece: number) => {
    const s = runner.state;
    if (s.over || !s.tray[piece] || selection?.piece === piece) return;
    setSelection({ piece, ...firstFit(s, piece) });
  };

  const geometry = (): BoardGeometry | undefined => {
    const first = boardEl.current?.querySelector<HTMLElement>('[data-row="0"][data-col="0"]');
    const second = boardEl.current?.querySelector<HTMLElement>('[data-row="0"][data-col="1"]');
    if (!first || !second) return undefined;
    const a = first.getBoundingClientRect();
    return { left: a.left, top: a.top, pitch: second.getBoundingClientRect().left - a.left };
  };

  // A layout effect, renewed with what it reads: keys are heard from the first paint on.
  useLayoutEffect(
    () =>
      attachKeyboard((intent: KeyIntent) => {
        const s = runner.state;
        if (paused || s.over) return false;
        // Any key of the player's own takes over from the computer.
        if (intent.type !== "watch" && intent.type !== "hint") watch.stop();
        switch (intent.type) {
          case "hint":
            showHint();
            return true;
          case "watch":
            setSelection(undefined);
            watch.toggle();
            return true;
          case "pause":
            setSelection(undefined);
            setPaused(true);
            return true;
          case "select":
            if (s.tray[intent.piece]) {
              select(intent.piece);
              document.querySelector<HTMLElement>(`.blast-slot[data-piece="${intent.piece}"]`)?.focus();
            }
            return true;
          case "move": {
            const slot = selection && s.tray[selection.piece];
            if (!selection || !slot) return false;
            setSelection({
              piece: selection.piece,
              ...moveGhost(slot.shape, selection, intent.dr, intent.dc),
            });
            return true;
          }
          case "place": {
            const focused = document.activeElement;
            // Enter on another control (a button) does that control's job.
            const onOtherButton =
              focused instanceof HTMLElement &&
              focused.tagName === "BUTTON" &&
              !focused.classList.contains("blast-slot");
            if (!selection || onOtherButton) return false;
            place(selection.piece, selection.row, selection.col);
            return true;
          }
          default: {
            const never: never = intent;
            return never;
          }
        }
      }),
    [paused, selection, state],
  );

  const overlayOpen = paused || state.over;
  const ghost: Ghost | undefined = drag
    ? dragGhost(state, drag.piece, drag.anchor)
    : selection
      ? previewDrop(state, selection.piece, selection.row, selection.col)
      : undefined;

  const onPointerDown = (e: PointerEvent, piece: number) => {
    // A touch of the player's own takes over from the computer.
    watch.stop();
    if (!state.tray[piece] || overlayOpen) return;
    setCelebration(undefined);
    beginDrag(e, piece, {
      geometry,
      onFrame: (frame) => {
        setSelection(undefined);
        setDrag(frame);
      },
      onDrop: (frame) => {
        setDrag(undefined);
        // A drop with no fitting spot within reach goes back to the tray: nothing is dispatched.
        const target = frame && dragGhost(runner.state, piece, frame.anchor);
        if (target?.valid) place(piece, target.row, target.col);
      },
      onTap: (p) => {
        setDrag(undefined);
        select(p);
      },
    });
  };

  // With a piece picked (tap or 1/2/3), a click on a board cell puts its top-left cell there (a
  // pointer convenience next to the keyboard; renewed with the selection it reads).
  useEffect(() => {
    const el = boardEl.current;
    if (!el || !selection) return;
    const onClick = (e: MouseEvent) => {
      const cell = (e.target as Element | null)?.closest?.("[data-row]");
      if (!cell || runner.state.over) return;
      watch.stop();
      place(selection.piece, Number(cell.getAttribute("data-row")), Number(cell.getAttribute("data-col")));
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [selection, state]);

  const restart = () => {
    watch.stop();
    recorded.current = false;
    savedGame.clear();
    setPaused(false);
    // A seeded URL played once; the next game is a new random one.
    props.navigate("/play", { replace: true });
    props.onRestart();
  };
  const playAgain = () => {
    finish(runner.state);
    restart();
  };
  const toMenu = () => {
    finish(runner.state);
    props.navigate("");
  };

  const best = Math.max(state.score, leaderboard[0]?.score ?? 0);

  return (
    <main
      class={`blast-page blast-game${reduced ? " blast-reduced" : ""}`}
      style={themeStyle()}
      data-testid="blast-game"
      data-over={String(state.over)}
      data-seed={state.seed}
    >
      <h1 class="tray-sr-only">Block Blast</h1>
      <HudView
        score={state.score}
        best={best}
        over={state.over}
        onPause={() => {
          watch.stop();
          setPaused(true);
        }}
      />
      <StreakView streak={state.streak} />
      <p class="tray-sr-only" aria-live="polite" data-testid="blast-announcement">
        {announcement}
      </p>
      <div class="blast-play">
        <div class="blast-board-wrap" key={`shake-${shake}`} data-shake={shake > 0 ? "true" : "false"}>
          <BoardView
            board={state.board}
            ghost={ghost}
            hint={!drag && selection?.hint === true}
            raised={drag !== undefined}
            burst={burst}
            popped={popped}
            streak={state.streak}
            boardRef={(el) => {
              boardEl.current = el;
            }}
          />
          {celebration && (
            <div class="blast-celebration" key={celebration.id} aria-hidden="true">
              <strong>{celebration.text}</strong>
              {celebration.perfect && <em>Board clear!</em>}
              <span>+{celebration.points}</span>
            </div>
          )}
        </div>
        <div class="blast-side">
          <TrayView
            tray={state.tray}
            selected={selection?.piece}
            hinted={selection?.hint ? selection.piece : undefined}
            dragging={drag?.piece}
            disabled={overlayOpen}
            dealId={reduced ? 0 : dealId}
            onPointerDown={onPointerDown}
            onFocusPiece={(piece) => {
              // Focus follows a watched game's tray too; only the player's own choice takes over.
              if (!watch.watching) select(piece);
            }}
          />
          {state.over && seeingBoard ? (
            <SeeBoardBar score={state.score} onBack={() => setSeeingBoard(false)} />
          ) : (
            <ComputerControls
              class="blast-computer"
              onHint={showHint}
              watching={watch.watching}
              onWatch={() => {
                setSelection(undefined);
                watch.toggle();
              }}
              speed={watch.speed}
              onSpeed={watch.setSpeed}
              disabled={overlayOpen}
            />
          )}
        </div>
      </div>
      {drag && (
        <LiftedPiece frame={drag} slot={state.tray[drag.piece] ?? null} overBoard={ghost !== undefined} />
      )}
      {paused && !state.over && (
        <PauseDialog
          score={state.score}
          onResume={() => setPaused(false)}
          onRestart={restart}
          onQuit={() => props.navigate("")}
        />
      )}
      {state.over && !seeingBoard && (
        <GameOverDialog
          score={state.score}
          best={best}
          previousBest={previousBest}
          onSeeBoard={() => setSeeingBoard(true)}
          revivesLeft={state.revivesLeft}
          onRevive={() => dispatch({ cmd: "revive" })}
          onPlayAgain={playAgain}
          onMenu={toMenu}
          post={<PostScore journal={journal} state={state} buttonClass="blast-button primary" />}
        />
      )}
    </main>
  );
}
