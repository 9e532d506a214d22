/**
 * Block Blast in the browser: menu, tutorial, leaderboard and the game, each at its own URL under
 * /games/blast. The runner owns the game (dispatch -> engine -> save -> render); the pointer and
 * keyboard adapters turn input into intents; view.tsx only draws; the render hook turns events
 * into sounds and animations.
 */
import {
  type BlastEvent,
  type BlastState,
  blastGame,
  CELEBRATION_MS,
  CELL_GAP,
  CELL_SIZE,
  CLEAR_ANIMATION_MS,
  celebrationText,
  newBlastGame,
  REVIVES_PER_GAME,
  THEME,
} from "@blockarcade/engine/games/blast";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { createRunner, type Runner } from "../../shell/runner";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import { updateSettings } from "../../shell/settings";
import type { GameScreenProps } from "../../shell/types";
import { attachKeyboard, type KeyIntent } from "./keyboard";
import { browserStore, type LeaderboardEntry, loadLeaderboard, recordScore } from "./leaderboard";
import { beginDrag, type DragFrame } from "./pointer";
import { type BoardGeometry, firstFit, moveGhost, previewDrop } from "./preview";
import { clearSavedGame, loadSavedGame, saveGame } from "./saved";
import { playSound, soundsForEvents } from "./sounds";
import { BoardView, type ClearingCells, LiftedPiece, letterColour, TrayView } from "./view";
import "../tray/tray.css";
import "./blast.css";

/** The spec's theme and sizes as CSS custom properties: blast.css uses them, never its own copies. */
export function themeStyle(): Record<string, string> {
  return {
    "--blast-bg": THEME.background,
    "--blast-board": THEME.boardBackground,
    "--blast-empty": THEME.emptyCell,
    "--blast-border": THEME.cellBorder,
    "--blast-ghost-valid": THEME.ghostValid,
    "--blast-ghost-invalid": THEME.ghostInvalid,
    "--blast-text": THEME.textPrimary,
    "--blast-text-2": THEME.textSecondary,
    "--blast-gold": THEME.streakGlow,
    "--blast-cell-max": `${CELL_SIZE}px`,
    "--blast-gap": `${CELL_GAP}px`,
    "--blast-clear-ms": `${CLEAR_ANIMATION_MS}ms`,
  };
}

/** Dialogs take the keyboard focus on their first button when they open. */
function focusFirstButton(el: HTMLElement | null): void {
  if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>("button")?.focus();
}

const isFinal = (s: BlastState) => s.over && s.revivesLeft === 0;

/** The game to show on /play: the saved unfinished game, unless the URL asks for another seed. */
function initialGame(search: string): BlastState {
  const urlSeed = seedFromSearch(search);
  const saved = loadSavedGame(browserStore());
  if (saved && !isFinal(saved) && (urlSeed === undefined || urlSeed === saved.seed)) return saved;
  return newBlastGame(urlSeed ?? randomSeed());
}

export default function BlastScreen(props: GameScreenProps) {
  // Bumped by Restart / Play Again: a fresh Game component with a fresh runner.
  const [round, setRound] = useState(0);
  useEffect(() => {
    document.title = "Block Blast - Block Arcade";
  }, []);
  switch (props.subpath) {
    case "":
      return <Menu {...props} />;
    case "/how-to-play":
      return <Tutorial {...props} />;
    case "/leaderboard":
      return <Leaderboard {...props} />;
    case "/play":
      return <Game {...props} key={`${round}${props.search}`} onRestart={() => setRound((r) => r + 1)} />;
    default:
      return (
        <main class="blast-page blast-screen" style={themeStyle()}>
          <h1>Not found</h1>
          <p class="blast-secondary">Block Blast has no page at {props.subpath}.</p>
          <a class="blast-button primary" href="/games/blast">
            Block Blast menu
          </a>
        </main>
      );
  }
}

function Menu(props: GameScreenProps) {
  const [best] = useState(() => loadLeaderboard(browserStore())[0]?.score ?? 0);
  const [resumable] = useState(() => {
    const saved = loadSavedGame(browserStore());
    return saved !== undefined && !isFinal(saved);
  });
  return (
    <main class="blast-page blast-screen blast-menu" style={themeStyle()}>
      <h1 class="blast-title">
        <span>Block</span> <span>Blast</span>
      </h1>
      <p class="blast-secondary">Best score: {best}</p>
      <nav class="blast-menu-buttons" aria-label="Block Blast menu">
        <a class="blast-button primary" href="/games/blast/play">
          {resumable ? "Play (continue)" : "Play"}
        </a>
        <a class="blast-button" href="/games/blast/how-to-play">
          How to Play
        </a>
        <a class="blast-button" href="/games/blast/leaderboard">
          Leaderboard
        </a>
      </nav>
      <button type="button" class="blast-link" onClick={props.exit}>
        Back to the arcade
      </button>
    </main>
  );
}

function Tutorial(_props: GameScreenProps) {
  return (
    <main class="blast-page blast-screen blast-text" style={themeStyle()}>
      <h1>How to Play</h1>
      <ol>
        <li>Drag one of the three pieces onto the 8x8 board. Pieces never rotate.</li>
        <li>
          A green shadow shows where it lands; red means it does not fit. The rows and columns it would
          complete light up before you let go.
        </li>
        <li>Fill a whole row or column to clear it. Blocks do not fall: the rest stay where they are.</li>
        <li>Place all three pieces to get three new ones, in any order.</li>
        <li>
          Each cleared cell scores 10, plus a bonus for clearing several lines at once. Clear on consecutive
          moves to build a streak: each streak level adds x0.5 to the score. Emptying the whole board scores
          300 more.
        </li>
        <li>
          When none of your pieces fit, the game is over, but you have {REVIVES_PER_GAME} free revives: each
          removes 20 random blocks and deals new pieces.
        </li>
      </ol>
      <h2>Keyboard</h2>
      <p>1, 2, 3 (or Tab) pick a piece; the arrow keys move its shadow; Enter places it; Esc pauses.</p>
      <a class="blast-button primary" href="/games/blast">
        Back to Menu
      </a>
    </main>
  );
}

function Leaderboard(_props: GameScreenProps) {
  const [entries] = useState<LeaderboardEntry[]>(() => loadLeaderboard(browserStore()));
  return (
    <main class="blast-page blast-screen blast-text" style={themeStyle()}>
      <h1>Leaderboard</h1>
      {entries.length === 0 ? (
        <p class="blast-secondary">No games finished yet. Play one!</p>
      ) : (
        <ol class="blast-scores" data-testid="blast-leaderboard">
          {entries.map((e, i) => (
            <li key={i}>
              <span class="blast-rank">{i + 1}</span>
              <span class="blast-score-value">{e.score}</span>
              <span class="blast-date">{new Date(e.date).toLocaleDateString()}</span>
            </li>
          ))}
        </ol>
      )}
      <a class="blast-button primary" href="/games/blast">
        Back to Menu
      </a>
    </main>
  );
}

interface Celebration {
  id: number;
  text: string;
  points: number;
  perfect: boolean;
}

interface Selection {
  piece: number;
  row: number;
  col: number;
}

function Game(props: GameScreenProps & { onRestart: () => void }) {
  const store = useMemo(browserStore, []);
  const [state, setState] = useState<BlastState>(() => initialGame(props.search));
  const [leaderboard, setLeaderboard] = useState(() => loadLeaderboard(store));
  const [paused, setPaused] = useState(false);
  const [selection, setSelectionState] = useState<Selection | undefined>(undefined);
  // Key presses can come faster than renders: handlers read and write the latest selection here.
  const selectionRef = useRef<Selection | undefined>(undefined);
  const setSelection = (next: Selection | undefined) => {
    selectionRef.current = next;
    setSelectionState(next);
  };
  const [drag, setDrag] = useState<DragFrame | undefined>(undefined);
  const [clearing, setClearing] = useState<ClearingCells | undefined>(undefined);
  const [popped, setPopped] = useState<ReadonlySet<string>>(new Set());
  const [celebration, setCelebration] = useState<Celebration | undefined>(undefined);
  const [dealId, setDealId] = useState(0);
  const [shake, setShake] = useState(0);
  const boardEl = useRef<HTMLElement | null>(null);
  const recorded = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const reduced = props.settings.reducedMotion;
  const reducedRef = useRef(reduced);
  reducedRef.current = reduced;

  const finishGame = (s: BlastState) => {
    // Once per game: the score goes to the leaderboard and the save is dropped.
    if (recorded.current) return;
    recorded.current = true;
    setLeaderboard(recordScore(store, s.score));
    clearSavedGame(store);
  };

  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  const runner: Runner<BlastState> = useMemo(() => {
    return createRunner(blastGame, state, {
      save(s) {
        if (isFinal(s)) finishGame(s);
        else saveGame(store, s);
      },
      render(s, events) {
        const before = stateRef.current;
        stateRef.current = s;
        setState(s);
        animate(before, events);
      },
    });

    function animate(before: BlastState, events: BlastEvent[]) {
      for (const sound of soundsForEvents(events)) playSound(sound.name, sound.lines);
      const placed = events.find((e) => e.type === "placed");
      const cleared = events.find((e) => e.type === "cleared");
      const scored = events.find((e) => e.type === "scored");
      if (placed && placed.type === "placed") {
        setPopped(new Set(placed.cells.map(([r, c]) => `${r},${c}`)));
        timers.current.push(window.setTimeout(() => setPopped(new Set()), 200));
      }
      if (cleared && cleared.type === "cleared" && !reducedRef.current) {
        // The cleared cells as they were just before the clear: the old board plus the placed piece.
        const colours = new Map<string, string>();
        if (placed && placed.type === "placed") {
          const letter = String.fromCharCode(65 + placed.colour);
          for (const [r, c] of placed.cells) colours.set(`${r},${c}`, letterColour(letter) ?? "");
        }
        const cells = cleared.cells.map(([row, col]) => ({
          row,
          col,
          colour: colours.get(`${row},${col}`) ?? letterColour(before.board[row]?.[col] ?? "#") ?? "",
        }));
        const id = Date.now();
        setClearing({ id, cells });
        timers.current.push(
          window.setTimeout(() => setClearing((c) => (c?.id === id ? undefined : c)), CLEAR_ANIMATION_MS),
        );
      }
      if (scored && scored.type === "scored") {
        const text = celebrationText(scored.lines) ?? "";
        const id = Date.now();
        setCelebration({ id, text, points: scored.points, perfect: scored.perfect });
        timers.current.push(
          window.setTimeout(() => setCelebration((c) => (c?.id === id ? undefined : c)), CELEBRATION_MS),
        );
      }
      const revived = events.find((e) => e.type === "revived");
      if (revived && revived.type === "revived" && !reducedRef.current) {
        // The removed blocks vanish with the clear animation.
        const cells = revived.removed.map(([row, col]) => ({
          row,
          col,
          colour: letterColour(before.board[row]?.[col] ?? "#") ?? "",
        }));
        const id = Date.now();
        setClearing({ id, cells });
        timers.current.push(
          window.setTimeout(() => setClearing((c) => (c?.id === id ? undefined : c)), CLEAR_ANIMATION_MS),
        );
      }
      if (events.some((e) => e.type === "dealt")) setDealId((d) => d + 1);
    }
  }, []);

  useEffect(() => {
    // A finished game restored from storage (or ended elsewhere) still records once.
    if (isFinal(state)) finishGame(state);
    else saveGame(store, state);
  }, []);

  const dispatch = (command: unknown) => {
    setCelebration(undefined);
    return runner.dispatch(command);
  };

  const geometry = (): BoardGeometry | undefined => {
    const el = boardEl.current;
    if (!el) return undefined;
    const first = el.querySelector<HTMLElement>('[data-row="0"][data-col="0"]');
    const second = el.querySelector<HTMLElement>('[data-row="0"][data-col="1"]');
    if (!first || !second) return undefined;
    const a = first.getBoundingClientRect();
    const b = second.getBoundingClientRect();
    return { left: a.left, top: a.top, pitch: b.left - a.left };
  };

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
    const s = stateRef.current;
    if (s.over || !s.tray[piece]) return;
    const cur = selectionRef.current;
    if (cur?.piece !== piece) setSelection({ piece, ...firstFit(s, piece) });
  };

  const overlayOpen = paused || state.over;

  useEffect(() => {
    // A pointer convenience next to the keyboard: with a piece picked (tap or 1/2/3), a click on a
    // board cell puts the piece's top-left cell there.
    const el = boardEl.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      const cell = (e.target as Element | null)?.closest?.("[data-row]");
      const sel = selectionRef.current;
      if (!cell || !sel || stateRef.current.over) return;
      place(sel.piece, Number(cell.getAttribute("data-row")), Number(cell.getAttribute("data-col")));
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, []);

  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(
    () =>
      attachKeyboard((intent: KeyIntent, event) => {
        const s = stateRef.current;
        if (intent.type === "pause") {
          if (s.over) return false;
          setSelection(undefined);
          setPaused((p) => !p);
          return true;
        }
        if (paused || s.over) return false;
        switch (intent.type) {
          case "select": {
            if (!s.tray[intent.piece]) return true;
            select(intent.piece);
            document.querySelector<HTMLElement>(`.blast-slot[data-piece="${intent.piece}"]`)?.focus();
            return true;
          }
          case "move": {
            const selection = selectionRef.current;
            if (!selection) return false;
            const slot = s.tray[selection.piece];
            if (!slot) return false;
            setSelection({
              piece: selection.piece,
              ...moveGhost(slot.shape, selection, intent.dr, intent.dc),
            });
            return true;
          }
          case "place": {
            const selection = selectionRef.current;
            const focused = document.activeElement;
            // Enter on another control (a button) does that control's job.
            if (
              !selection ||
              (focused instanceof HTMLElement &&
                focused.tagName === "BUTTON" &&
                !focused.classList.contains("blast-slot"))
            ) {
              return false;
            }
            place(selection.piece, selection.row, selection.col);
            return true;
          }
          default: {
            const never: never = intent;
            void event;
            return never;
          }
        }
      }),
    [paused],
  );

  const preview = drag?.anchor
    ? previewDrop(state, drag.piece, drag.anchor.row, drag.anchor.col)
    : !drag && selection
      ? previewDrop(state, selection.piece, selection.row, selection.col)
      : undefined;

  const onPointerDown = (e: PointerEvent, piece: number) => {
    const slot = state.tray[piece];
    if (!slot || overlayOpen) return;
    setCelebration(undefined);
    beginDrag(e, piece, slot.shape, {
      geometry,
      onFrame: (frame) => {
        setSelection(undefined);
        setDrag(frame);
      },
      onDrop: (frame) => {
        setDrag(undefined);
        // A drop that does not fit goes back to the tray (nothing is dispatched off the board).
        if (frame.anchor) place(piece, frame.anchor.row, frame.anchor.col);
      },
      onTap: (p) => {
        setDrag(undefined);
        select(p);
      },
    });
  };

  const restart = () => {
    recorded.current = false;
    clearSavedGame(store);
    setPaused(false);
    // A seeded URL played once; the next game is a new random one.
    props.navigate("/play", { replace: true });
    props.onRestart();
  };

  const leave = () => {
    if (state.over) finishGame(state);
    props.navigate("");
  };

  const playAgain = () => {
    if (state.over) finishGame(state);
    restart();
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
      <header class="blast-hud">
        <button
          type="button"
          class="blast-icon"
          aria-label="Pause"
          onClick={() => setPaused(true)}
          disabled={state.over}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
            <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
          </svg>
        </button>
        <div class="blast-scoreboard">
          <div class="blast-score" aria-live="polite">
            <span class="blast-label">Score</span>
            <span data-testid="blast-score">{state.score}</span>
          </div>
          <div class="blast-best">
            <span class="blast-label">Best</span>
            <span data-testid="blast-best">{best}</span>
          </div>
        </div>
        <button
          type="button"
          class="blast-icon"
          aria-label={props.settings.sound ? "Mute sound" : "Unmute sound"}
          aria-pressed={!props.settings.sound}
          onClick={() => updateSettings({ sound: !props.settings.sound })}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
            {props.settings.sound ? (
              <path
                d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                stroke="currentColor"
                stroke-width="2"
                fill="none"
              />
            ) : (
              <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" />
            )}
          </svg>
        </button>
      </header>
      <p class={`blast-streak-label${state.streak >= 1 ? " on" : ""}`} data-testid="blast-streak">
        {state.streak >= 1 ? `Streak x${state.streak}` : " "}
      </p>
      <div class="blast-play">
        <div class="blast-board-wrap" key={`shake-${shake}`} data-shake={shake > 0 ? "true" : "false"}>
          <BoardView
            board={state.board}
            preview={preview}
            clearing={clearing}
            popped={reduced ? new Set() : popped}
            streak={state.streak}
            boardRef={(el) => {
              boardEl.current = el;
            }}
          />
          {celebration && (
            <div class="blast-celebration" key={celebration.id} role="status">
              <strong>{celebration.text}</strong>
              {celebration.perfect && <em>Board clear!</em>}
              <span>+{celebration.points}</span>
            </div>
          )}
        </div>
        <TrayView
          tray={state.tray}
          selected={selection?.piece}
          dragging={drag?.piece}
          disabled={overlayOpen}
          dealId={reduced ? 0 : dealId}
          onPointerDown={onPointerDown}
          onFocusPiece={select}
        />
      </div>
      {drag && <LiftedPiece frame={drag} slot={state.tray[drag.piece] ?? null} />}
      {paused && !state.over && (
        <div
          class="blast-overlay"
          role="dialog"
          aria-modal="true"
          aria-labelledby="blast-pause-title"
          ref={focusFirstButton}
        >
          <div class="blast-dialog">
            <h2 id="blast-pause-title">Paused</h2>
            <button type="button" class="blast-button primary" onClick={() => setPaused(false)}>
              Resume
            </button>
            <button type="button" class="blast-button" onClick={restart}>
              Restart
            </button>
            <button type="button" class="blast-button" onClick={() => props.navigate("")}>
              Quit to Menu
            </button>
          </div>
        </div>
      )}
      {state.over && (
        <div
          class="blast-overlay"
          role="dialog"
          aria-modal="true"
          aria-labelledby="blast-over-title"
          ref={focusFirstButton}
        >
          <div class="blast-dialog">
            <h2 id="blast-over-title">{state.revivesLeft > 0 ? "No moves left" : "Game Over"}</h2>
            <p class="blast-final">
              Score <strong data-testid="blast-final-score">{state.score}</strong>
            </p>
            <p class="blast-secondary">Best {best}</p>
            {state.revivesLeft > 0 && (
              <button type="button" class="blast-button primary" onClick={() => dispatch({ cmd: "revive" })}>
                Revive ({state.revivesLeft} left)
              </button>
            )}
            <button
              type="button"
              class={`blast-button${state.revivesLeft > 0 ? "" : " primary"}`}
              onClick={playAgain}
            >
              Play Again
            </button>
            <button type="button" class="blast-button" onClick={leave}>
              Menu
            </button>
          </div>
        </div>
      )}
    </main>
  );
}
