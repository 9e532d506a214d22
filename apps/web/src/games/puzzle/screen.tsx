/**
 * Block Puzzle in the browser. The runner owns the game (dispatch -> engine -> save -> render);
 * pointer and keyboard adapters turn input into intents; the board and tray views only draw; the
 * render hook turns events into sounds and animations.
 */
import {
  newGame,
  type PuzzleConfig,
  type PuzzleEvent,
  type PuzzleState,
  parseConfig,
  puzzleGame,
  type TrayBlock,
} from "@blockarcade/engine/games/puzzle";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { createRunner, type Runner } from "../../shell/runner";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import { readJson, writeJson } from "../../shell/storage";
import type { GameScreenProps } from "../../shell/types";
import { moveWithin, previewDrop } from "../tray/preview";
import { type BoardPreview, BoardView, type ClearingCell } from "./board-view";
import { cellColor, describeBlock } from "./colors";
import { type BoardGeometry, cellAt, type DragFrame, followPointer } from "./drag-controller";
import { cycleBlock, keyToIntent } from "./keyboard";
import { NewGame } from "./new-game";
import {
  BEST_KEY,
  type BestScores,
  GAME_KEY,
  parseBestScores,
  parseSavedGame,
  sizeKey,
  withScore,
} from "./saved";
import { type Cell, centredOn } from "./snap";
import { playSound, soundsFor } from "./sounds";
import { ShapeCells, TrayView } from "./tray-view";
import "../tray/tray.css";
import "./puzzle.css";

const anything = (v: unknown): v is unknown => true;
const BOUNCE_MS = 280;
const CLEAR_MS = 520;

/** `?seed=N` (and optional `rows`, `cols`) starts that exact game: browser tests rely on it. */
function gameFromUrl(search: string): PuzzleState | null {
  const seed = seedFromSearch(search);
  if (seed === undefined) return null;
  const params = new URLSearchParams(search);
  const rows = params.get("rows");
  const cols = params.get("cols");
  const config = parseConfig({
    ...(rows !== null ? { rows: Number(rows) } : {}),
    ...(cols !== null ? { cols: Number(cols) } : {}),
  });
  return newGame(config.ok ? config.value : { rows: 8, cols: 8 }, seed);
}

function shapeSize(block: TrayBlock): { height: number; width: number } {
  return { height: block.shape.length, width: block.shape[0]?.length ?? 0 };
}

interface Effects {
  bounce: Set<string> | null;
  clearing: { id: number; cells: ClearingCell[] } | null;
}

export default function PuzzleScreen(props: GameScreenProps) {
  const { subpath, search, navigate, exit, settings } = props;
  const animate = !settings.reducedMotion;
  const fromUrl = useMemo(() => gameFromUrl(search), []);
  const [game, setGame] = useState<PuzzleState | null>(
    () => fromUrl ?? parseSavedGame(readJson(GAME_KEY, anything)) ?? null,
  );
  const [best, setBest] = useState<BestScores>(() => parseBestScores(readJson(BEST_KEY, anything)));
  // The keyboard reads selection and cursor through refs set at once: two keys can arrive before
  // the render that the first one asked for (a "1" then an "Enter" in the same frame).
  const [selected, setSelectedState] = useState<number | null>(null);
  const [cursor, setCursorState] = useState<Cell | null>(null);
  const selectedRef = useRef<number | null>(null);
  const cursorRef = useRef<Cell | null>(null);
  const setSelected = (piece: number | null) => {
    selectedRef.current = piece;
    setSelectedState(piece);
  };
  const setCursor = (cell: Cell | null) => {
    cursorRef.current = cell;
    setCursorState(cell);
  };
  const [drag, setDrag] = useState<{ piece: number; frame: DragFrame | null } | null>(null);
  const [fx, setFx] = useState<Effects>({ bounce: null, clearing: null });
  const [message, setMessage] = useState("");
  const runner = useRef<Runner<PuzzleState> | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const lastBoard = useRef<readonly string[]>([]);
  const timers = useRef<number[]>([]);
  const stopDrag = useRef<(() => void) | null>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const animateRef = useRef(animate);
  animateRef.current = animate;

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  /** The render hook: state to the view, events to sounds, animations and announcements. */
  const render = (state: PuzzleState, events: PuzzleEvent[]) => {
    setGame(state);
    for (const s of soundsFor(events)) playSound(s);
    const words: string[] = [];
    const before = lastBoard.current;
    let placedColor = "";
    let bounce: Set<string> | null = null;
    let clearing: ClearingCell[] | null = null;
    for (const e of events) {
      switch (e.type) {
        case "placed":
          placedColor = e.color;
          bounce = new Set(e.cells.map(([r, c]) => `${r},${c}`));
          words.push(`Placed block ${e.piece + 1} at row ${e.row + 1}, column ${e.col + 1}.`);
          break;
        case "cleared": {
          clearing = e.cells.map(([row, col]) => ({
            row,
            col,
            color: cellColor(before[row]?.[col] ?? ".") ?? placedColor,
          }));
          const n = e.rows.length + e.cols.length;
          words.push(`Cleared ${n} line${n === 1 ? "" : "s"}.`);
          break;
        }
        case "scored":
          words.push(`Plus ${e.points}${e.fullClear ? ", board cleared" : ""}. Score ${state.score}.`);
          break;
        case "dealt":
          words.push("Three new blocks.");
          break;
        case "game_over":
          words.push(`Game over. Final score ${e.score}.`);
          break;
        default: {
          const never: never = e;
          void never;
        }
      }
    }
    lastBoard.current = state.board;
    setMessage(words.join(" "));
    setBest((old) => {
      const next = withScore(old, state.config, state.score);
      if (next !== old) writeJson(BEST_KEY, next);
      return next;
    });
    if (animateRef.current && (bounce || clearing)) {
      const id = Date.now();
      setFx({ bounce, clearing: clearing ? { id, cells: clearing } : null });
      later(() => setFx((f) => (f.bounce === bounce ? { ...f, bounce: null } : f)), BOUNCE_MS);
      later(() => setFx((f) => (f.clearing?.id === id ? { ...f, clearing: null } : f)), CLEAR_MS);
    }
  };

  const start = (state: PuzzleState) => {
    runner.current = createRunner(puzzleGame, state, { save: (s) => writeJson(GAME_KEY, s), render });
    writeJson(GAME_KEY, state);
    lastBoard.current = state.board;
    setGame(state);
    setSelected(null);
    setCursor(null);
    setDrag(null);
    setFx({ bounce: null, clearing: null });
    setMessage(`New ${state.config.rows} by ${state.config.cols} game.`);
  };

  // The game this screen opened with (from the URL or storage) gets its runner during the first
  // render, so a key pressed before the effects run already reaches it.
  if (!runner.current && game) {
    runner.current = createRunner(puzzleGame, game, { save: (s) => writeJson(GAME_KEY, s), render });
    lastBoard.current = game.board;
  }
  useEffect(() => {
    if (fromUrl) writeJson(GAME_KEY, fromUrl);
    if (fromUrl) navigate(subpath, { replace: true });
    return () => {
      for (const t of timers.current) window.clearTimeout(t);
      stopDrag.current?.();
    };
  }, []);

  // The game-over dialog's main action takes the focus, for keyboard players.
  const isOver = game?.over ?? false;
  useEffect(() => {
    if (isOver) againRef.current?.focus();
  }, [isOver]);

  const geometry = (): BoardGeometry | null => {
    const el = boardRef.current;
    if (!el || !game) return null;
    return { rect: el.getBoundingClientRect(), rows: game.config.rows, cols: game.config.cols };
  };

  const place = (piece: number, cell: Cell): boolean => {
    const r = runner.current;
    if (!r) return false;
    const reply = r.dispatch({ cmd: "place", piece, row: cell.row, col: cell.col });
    if (reply.ok) {
      setSelected(null);
      setCursor(null);
      return true;
    }
    setMessage(`Block ${piece + 1} does not fit there.`);
    return false;
  };

  /** Chooses a block for the keyboard or taps: its preview starts at the fitting spot nearest the centre. */
  const choose = (piece: number) => {
    if (!game || game.over) return;
    const block = game.tray[piece];
    if (!block) return;
    const { height, width } = shapeSize(block);
    const { rows, cols } = game.config;
    const centre = centredOn(
      { row: Math.floor(rows / 2), col: Math.floor(cols / 2) },
      height,
      width,
      rows,
      cols,
    );
    const spots = puzzleGame.legal(game).filter((c) => c.piece === piece);
    const dist = (c: { row: number; col: number }) =>
      Math.abs(c.row - centre.row) + Math.abs(c.col - centre.col);
    const nearest = spots.reduce<Cell | null>((b, c) => (b === null || dist(c) < dist(b) ? c : b), null);
    setSelected(piece);
    setCursor(nearest ? { row: nearest.row, col: nearest.col } : centre);
    playSound("pickup");
    setMessage(`Block ${piece + 1} chosen: ${describeBlock(block)}. Arrow keys move it, Enter places it.`);
  };

  // Keyboard adapter. Registered once; it reads the latest render through a ref, because a key can
  // arrive between a render and the effects that follow it (a stale closure would drop it).
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKeyRef.current = (e: KeyboardEvent) => {
    if (!game || game.over || subpath === "/new") return;
    if (e.altKey || e.ctrlKey || e.metaKey || drag) return;
    const selected = selectedRef.current;
    const cursor = cursorRef.current;
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (tag === "SELECT" || tag === "INPUT") return;
    const intent = keyToIntent(e.key, e.shiftKey, selected !== null);
    if (!intent) return;
    e.preventDefault();
    const { rows, cols } = game.config;
    switch (intent.type) {
      case "select":
        choose(intent.piece);
        break;
      case "cycle": {
        const next = cycleBlock(
          game.tray.map((b) => b !== null),
          selected ?? 0,
          intent.step,
        );
        if (next !== null) choose(next);
        break;
      }
      case "move": {
        const block = selected === null ? null : game.tray[selected];
        if (!block || !cursor) break;
        setCursor(moveWithin(block.shape, cursor, intent.dr, intent.dc, rows, cols));
        break;
      }
      case "place":
        if (selected !== null && cursor) place(selected, cursor);
        break;
      case "cancel":
        setSelected(null);
        setCursor(null);
        setMessage("Block put back.");
        break;
      default: {
        const never: never = intent;
        void never;
      }
    }
  };
  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => onKeyRef.current(e);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onTrayPointerDown = (piece: number, e: PointerEvent, shapeEl: HTMLElement) => {
    if (!game || game.over) return;
    const block = game.tray[piece];
    if (!block) return;
    e.preventDefault();
    stopDrag.current?.();
    stopDrag.current = followPointer(e, shapeEl, shapeSize(block), geometry, {
      onLift: () => {
        playSound("pickup");
        setSelected(null);
        setCursor(null);
        setDrag({ piece, frame: null });
      },
      onMove: (frame) => setDrag({ piece, frame }),
      onDrop: (target) => {
        stopDrag.current = null;
        // Snap-back is instant: the block simply shows in its slot again.
        if (target) place(piece, target);
        else setMessage(`Block ${piece + 1} put back.`);
        setDrag(null);
      },
      onTap: () => {
        stopDrag.current = null;
        toggle(piece);
      },
    });
  };

  /** A tap or Enter on a tray block: choose it, or put it back when it was chosen. */
  const toggle = (piece: number) => {
    if (selected !== piece) {
      choose(piece);
      return;
    }
    setSelected(null);
    setCursor(null);
  };

  const onBoardPointerDown = (e: PointerEvent) => {
    if (!game || game.over || selected === null) return;
    const block = game.tray[selected];
    const g = geometry();
    if (!block || !g) return;
    const cell = cellAt(g, e.clientX, e.clientY);
    if (!cell) return;
    const { height, width } = shapeSize(block);
    const target = centredOn(cell, height, width, g.rows, g.cols);
    if (!place(selected, target)) setCursor(target);
  };

  const preview = useMemo((): BoardPreview | null => {
    if (!game) return null;
    let piece: number | null = null;
    let at: Cell | null = null;
    if (drag) {
      piece = drag.piece;
      at = drag.frame?.target ?? null;
    } else if (selected !== null) {
      piece = selected;
      at = cursor;
    }
    const block = piece === null ? null : game.tray[piece];
    if (!block || !at) return null;
    const p = previewDrop(game.board, block.shape, at.row, at.col);
    // While dragging only a valid spot is shown; the keyboard cursor also shows where it is blocked.
    if (drag && !p.fits) return null;
    return {
      cells: new Set(p.cells.map(([r, c]) => `${r},${c}`)),
      rows: p.rows,
      cols: p.cols,
      color: block.color,
      fits: p.fits,
    };
  }, [game, drag, selected, cursor]);

  const showNew = subpath === "/new" || !game;
  const config: PuzzleConfig = game?.config ?? { rows: 8, cols: 8 };
  const bestHere = best[sizeKey(config)] ?? 0;

  if (showNew) {
    return (
      <main class="puzzle">
        <header class="puzzle-head">
          <h1>Block Puzzle</h1>
        </header>
        <NewGame
          initial={config}
          best={best}
          canResume={game !== null && !game.over}
          onStart={(c) => {
            start(newGame(c, randomSeed()));
            navigate("");
          }}
          onResume={() => navigate("")}
          onExit={exit}
        />
      </main>
    );
  }

  const { rows, cols } = game.config;
  const dragBlock = drag ? game.tray[drag.piece] : null;
  const filled = game.board.join("").replaceAll(".", "").length;
  return (
    <main class={animate ? "puzzle" : "puzzle is-still"}>
      <header class="puzzle-head">
        <h1>Block Puzzle</h1>
        <div class="puzzle-scores">
          <p class="puzzle-score">
            <span>Score</span>
            <strong data-testid="puzzle-score">{game.score}</strong>
          </p>
          <p class="puzzle-score">
            <span>Best</span>
            <strong data-testid="puzzle-best">{Math.max(bestHere, game.score)}</strong>
          </p>
        </div>
        <div class="puzzle-actions">
          <button type="button" class="puzzle-button" onClick={() => navigate("/new")}>
            New game
          </button>
          <button type="button" class="puzzle-button" onClick={exit}>
            Arcade
          </button>
        </div>
      </header>
      <div class="puzzle-play">
        <BoardView
          board={game.board}
          rows={rows}
          cols={cols}
          preview={preview}
          bounce={fx.bounce}
          clearing={fx.clearing}
          boardRef={boardRef}
          label={`Board, ${rows} rows by ${cols} columns, ${filled} cells filled. Choose a block with 1, 2 or 3 (then Tab for the next), move it with the arrow keys, place it with Enter, Escape to put it back.`}
          onPointerDown={onBoardPointerDown}
        />
        <TrayView
          tray={game.tray}
          round={game.round}
          selected={selected}
          dragging={drag ? drag.piece : null}
          disabled={game.over}
          animate={animate}
          onPointerDown={onTrayPointerDown}
          onActivate={toggle}
        />
      </div>
      <p class="tray-sr-only" aria-live="polite">
        {message}
      </p>
      {drag?.frame && dragBlock && (
        <div
          class="puzzle-floating"
          aria-hidden="true"
          style={{
            left: `${drag.frame.left}px`,
            top: `${drag.frame.top}px`,
            gridTemplateColumns: `repeat(${dragBlock.shape[0]?.length ?? 1}, ${drag.frame.pitch - 1}px)`,
            gridTemplateRows: `repeat(${dragBlock.shape.length}, ${drag.frame.pitch - 1}px)`,
          }}
        >
          <ShapeCells shape={dragBlock.shape} color={dragBlock.color} />
        </div>
      )}
      {game.over && (
        <div class="puzzle-over" role="dialog" aria-modal="true" aria-labelledby="puzzle-over-title">
          <div class="puzzle-over-card">
            <h2 id="puzzle-over-title">Game over</h2>
            <p>
              Final score <strong data-testid="puzzle-final">{game.score}</strong>
            </p>
            <p>
              Best on {rows} x {cols}: {Math.max(bestHere, game.score)}
            </p>
            <div class="puzzle-actions">
              <button
                ref={againRef}
                type="button"
                class="puzzle-button primary"
                onClick={() => start(newGame(game.config, randomSeed()))}
              >
                Play again
              </button>
              <button type="button" class="puzzle-button" onClick={() => navigate("/new")}>
                Change grid size
              </button>
              <button type="button" class="puzzle-button" onClick={exit}>
                Back to the arcade
              </button>
            </div>
          </div>
        </div>
      )}
    </main>
  );
}
