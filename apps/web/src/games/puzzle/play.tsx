/**
 * The play page: the board, the tray, the scores, How to Play and the game-over dialog. The engine is reached
 * only through the shell's `useRunner` (dispatch -> protocol -> save -> render); input adapters
 * (keyboard.ts, pointer.ts) turn keys and drags into commands; effects.ts turns the events of each
 * accepted command into sounds, animations and words; the views only draw. The computer player
 * (shell/computer.ts): a hint becomes the chosen block, previewed where the engine suggests (Enter
 * places it); Watch lets the engine play until the player's own key, tap or drag takes over.
 */
import { GAME_INFO } from "@blockarcade/engine/core";
import {
  type PuzzleCommand,
  type PuzzleEvent,
  type PuzzleState,
  previewPlacement,
  puzzleGame,
  type TrayBlock,
} from "@blockarcade/engine/games/puzzle";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { BUZZ, buzz } from "../../shell/haptics";
import { PostScore } from "../../shell/post-score";
import { useRunner } from "../../shell/runner";
import { moveWithin } from "../tray/preview";
import { type BoardPreview, BoardView, type PlacedCells, type RefusedDrop } from "./board-view";
import { describeBlock } from "./colours";
import { DragView } from "./drag-view";
import {
  ANIMATION_MS,
  animationVars,
  type ClearingCell,
  type DropOffset,
  effectsOf,
  hintAnnouncement,
  placedMs,
  REFUSED_BUZZ,
  refusalAnnouncement,
  type ScorePopup,
} from "./effects";
import { HowToPlay } from "./how-to-play-view";
import { type Cell, cycleBlock, keyToIntent, startCursor } from "./keyboard";
import { OverView } from "./over-view";
import { type BoardGeometry, cellAt, centredOn, type DragFrame, dropOffset, followPointer } from "./pointer";
import { playSound } from "./sounds";
import { bestScores, journal, savedGame, sizeKey } from "./storage";
import { TrayView } from "./tray-view";

export interface PlayProps {
  initial: PuzzleState;
  /** A new value for every new game: the runner starts again from `initial`. */
  gameId: number;
  animate: boolean;
  /** Every accepted state, so the screen can resume the latest. */
  onState(state: PuzzleState): void;
  onPlayAgain(config: PuzzleState["config"]): void;
  onNewGamePage(): void;
  onExit(): void;
}

function sizeOf(block: TrayBlock): { height: number; width: number } {
  return { height: block.shape.length, width: block.shape[0]?.length ?? 0 };
}

/** The block chosen for the keyboard or taps, and where its preview is; `hint` when the computer chose it. */
interface Pick {
  piece: number;
  cursor: Cell;
  hint?: boolean;
}

interface Animations {
  placed: PlacedCells | null;
  clearing: { id: number; cells: ClearingCell[] } | null;
}

export function Play(props: PlayProps) {
  const { animate } = props;
  const [fx, setFx] = useState<Animations>({ placed: null, clearing: null });
  const [message, setMessage] = useState("");
  const [best, setBest] = useState(() => bestScores.best(sizeKey(props.initial.config)));
  // The size's best before this game's score was recorded at its end: "New best!" compares with it.
  const [previousBest, setPreviousBest] = useState(best);
  const [refused, setRefused] = useState<RefusedDrop | null>(null);
  const [popups, setPopups] = useState<(ScorePopup & { id: number })[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpRef = useRef(false);
  helpRef.current = helpOpen;
  const [drag, setDrag] = useState<{ piece: number; frame: DragFrame | null } | null>(null);
  // The keyboard reads the pick through the ref, set at once: two keys can arrive before the render
  // the first one asked for (a "1" then an "Enter" in the same frame).
  const [pick, setPickState] = useState<Pick | null>(null);
  const pickRef = useRef<Pick | null>(null);
  const setPick = (next: Pick | null) => {
    pickRef.current = next;
    setPickState(next);
  };
  const boardRef = useRef<HTMLDivElement>(null);
  const before = useRef<readonly string[]>(props.initial.board);
  const drop = useRef<DropOffset | null>(null);
  const timers = useRef<number[]>([]);
  const stopDrag = useRef<(() => void) | null>(null);
  const animateRef = useRef(animate);
  animateRef.current = animate;
  const fxId = useRef(0);

  const onEvents = (state: PuzzleState, events: PuzzleEvent[]) => {
    // A new position: a chosen block or a hint shown for the old one goes (watching plays too).
    setPick(null);
    const effects = effectsOf(events, before.current, state, drop.current);
    drop.current = null;
    before.current = state.board;
    for (const sound of effects.sounds) playSound(sound);
    if (effects.buzz) buzz(BUZZ[effects.buzz]);
    setMessage(effects.announcement);
    // A finished game's score is recorded once, at its end (or when it is replaced: screen.tsx).
    if (state.over) {
      const key = sizeKey(state.config);
      setPreviousBest(bestScores.best(key));
      setBest(bestScores.record(key, state.score).best);
    }
    props.onState(state);
    const id = ++fxId.current;
    setRefused(null);
    // The points show also under reduced motion: they stand still there (puzzle.css).
    if (effects.popup) {
      const popup = { ...effects.popup, id };
      setPopups((list) => [...list, popup]);
      timers.current.push(
        window.setTimeout(() => setPopups((list) => list.filter((p) => p.id !== id)), ANIMATION_MS.popup),
      );
    }
    if (!animateRef.current || (!effects.placed && !effects.clearing)) return;
    const placed = effects.placed && { id, cells: new Set(effects.placed.cells), from: effects.placed.from };
    setFx({ placed, clearing: effects.clearing && { id, cells: effects.clearing } });
    const until = (ms: number, clear: (f: Animations) => Animations) => {
      timers.current.push(window.setTimeout(() => setFx(clear), ms));
    };
    until(placedMs(placed?.from != null), (f) => (f.placed?.id === id ? { ...f, placed: null } : f));
    until(ANIMATION_MS.clear, (f) => (f.clearing?.id === id ? { ...f, clearing: null } : f));
  };

  const { state: game, runner } = useRunner(
    puzzleGame,
    () => props.initial,
    { save: (s) => savedGame.save(s), onEvents, journal },
    {},
    props.gameId,
  );
  const watch = useWatch(runner);

  /** The computer's move, shown as the chosen block at its place: not played. */
  const showHint = () => {
    if (runner.state.over || watch.watching) return;
    const asked = askHint(runner);
    if ("error" in asked) {
      setMessage(asked.error);
      return;
    }
    const command = asked.hint.commands[0] as PuzzleCommand | undefined;
    if (!command) return;
    setPick({ piece: command.piece, cursor: { row: command.row, col: command.col }, hint: true });
    setMessage(hintAnnouncement(command, asked.hint.reason));
  };

  // A new game: nothing chosen, nothing animating, the board it starts from. Not on the first
  // render: that state is fresh already, and a key pressed before this effect runs must not be undone.
  const shownGame = useRef(props.gameId);
  useEffect(() => {
    if (shownGame.current === props.gameId) return;
    shownGame.current = props.gameId;
    before.current = props.initial.board;
    setPick(null);
    setDrag(null);
    setFx({ placed: null, clearing: null });
    setRefused(null);
    setPopups([]);
    const newBest = bestScores.best(sizeKey(props.initial.config));
    setBest(newBest);
    setPreviousBest(newBest);
    if (props.gameId > 0)
      setMessage(`New ${props.initial.config.rows} by ${props.initial.config.cols} game.`);
  }, [props.gameId]);

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
      stopDrag.current?.();
    },
    [],
  );

  const geometry = (): BoardGeometry | null => {
    const el = boardRef.current;
    if (!el) return null;
    const { rows, cols } = runner.state.config;
    return { rect: el.getBoundingClientRect(), rows, cols };
  };

  /** A drop the rules refuse: a red ghost where it was, a shake, a sound, a buzz and the words. */
  const refuse = (piece: number, cell: Cell) => {
    const cells = previewPlacement(runner.state, piece, cell.row, cell.col).cells;
    const id = ++fxId.current;
    setRefused({ id, cells });
    timers.current.push(
      window.setTimeout(() => setRefused((r) => (r?.id === id ? null : r)), ANIMATION_MS.refused),
    );
    playSound("refused");
    buzz(REFUSED_BUZZ);
    setMessage(refusalAnnouncement(piece, cell));
  };

  const place = (piece: number, cell: Cell, from: DropOffset | null = null): boolean => {
    drop.current = from;
    const reply = runner.dispatch({ cmd: "place", piece, row: cell.row, col: cell.col });
    drop.current = null;
    if (reply.ok) {
      setPick(null);
      return true;
    }
    refuse(piece, cell);
    return false;
  };

  /** Chooses a block for the keyboard or taps: its preview starts at the fitting spot nearest the centre. */
  const choose = (piece: number) => {
    const s = runner.state;
    const block = s.tray[piece];
    if (s.over || !block) return;
    const { height, width } = sizeOf(block);
    const { rows, cols } = s.config;
    const centre = centredOn(
      { row: Math.floor(rows / 2), col: Math.floor(cols / 2) },
      height,
      width,
      rows,
      cols,
    );
    const spots = puzzleGame.legal(s).filter((c) => c.piece === piece);
    setPick({ piece, cursor: startCursor(centre, spots) });
    playSound("pickup");
    setMessage(`Block ${piece + 1} chosen: ${describeBlock(block)}. Arrow keys move it, Enter places it.`);
  };

  /** A tap or Enter on a tray block: choose it, or put it back when it was chosen. */
  const toggle = (piece: number) => {
    if (pickRef.current?.piece !== piece) choose(piece);
    else setPick(null);
  };

  // Keyboard adapter. Registered once; it reads the latest render through a ref, because a key can
  // arrive between a render and the effects that follow it (a stale closure would drop it).
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKeyRef.current = (e: KeyboardEvent) => {
    const s = runner.state;
    if (s.over || helpRef.current || e.altKey || e.ctrlKey || e.metaKey || drag) return;
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (tag === "SELECT" || tag === "INPUT") return;
    const current = pickRef.current;
    const intent = keyToIntent(e.key, e.shiftKey, current !== null);
    if (!intent) return;
    e.preventDefault();
    // Any move of the player's own takes over from the computer.
    if (intent.type !== "watch" && intent.type !== "hint") watch.stop();
    switch (intent.type) {
      case "hint":
        showHint();
        break;
      case "watch":
        setPick(null);
        watch.toggle();
        break;
      case "select":
        choose(intent.piece);
        break;
      case "cycle": {
        const next = cycleBlock(
          s.tray.map((b) => b !== null),
          current?.piece ?? 0,
          intent.step,
        );
        if (next !== null) choose(next);
        break;
      }
      case "move": {
        const block = current ? s.tray[current.piece] : null;
        if (!current || !block) break;
        const cursor = moveWithin(
          block.shape,
          current.cursor,
          intent.dr,
          intent.dc,
          s.config.rows,
          s.config.cols,
        );
        setPick({ piece: current.piece, cursor });
        break;
      }
      case "place":
        if (current) place(current.piece, current.cursor);
        break;
      case "cancel":
        setPick(null);
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
    const block = runner.state.tray[piece];
    if (runner.state.over || !block) return;
    e.preventDefault();
    watch.stop();
    stopDrag.current?.();
    // The engine's own fit test decides where a drop may snap to.
    const fits = (row: number, col: number) => previewPlacement(runner.state, piece, row, col).fits;
    stopDrag.current = followPointer(e, shapeEl, sizeOf(block), geometry, fits, {
      onLift: () => {
        playSound("pickup");
        setPick(null);
        setDrag({ piece, frame: null });
      },
      onMove: (frame) => setDrag({ piece, frame }),
      onDrop: (frame) => {
        stopDrag.current = null;
        // Over a spot where it fits it lands; over the board where it does not, the drop is refused
        // (red, a shake); off the board it simply shows in its slot again.
        if (frame?.target) place(piece, frame.target, dropOffset(frame, geometry()));
        else if (frame?.aim) refuse(piece, frame.aim);
        else setMessage(`Block ${piece + 1} put back.`);
        setDrag(null);
      },
      onTap: () => {
        stopDrag.current = null;
        toggle(piece);
      },
    });
  };

  const onBoardPointerDown = (e: PointerEvent) => {
    const current = pickRef.current;
    const block = current ? runner.state.tray[current.piece] : null;
    const g = geometry();
    if (runner.state.over || !current || !block || !g) return;
    watch.stop();
    const cell = cellAt(g, e.clientX, e.clientY);
    if (!cell) return;
    const { height, width } = sizeOf(block);
    const target = centredOn(cell, height, width, g.rows, g.cols);
    if (!place(current.piece, target)) setPick({ piece: current.piece, cursor: target });
  };

  const preview = useMemo((): BoardPreview | null => {
    const piece = drag ? drag.piece : pick?.piece;
    // Dragging: the spot it lands on, else the spot it is over (red: it does not fit there).
    const at = drag ? (drag.frame?.target ?? drag.frame?.aim) : pick?.cursor;
    const block = piece === undefined ? null : game.tray[piece];
    if (piece === undefined || !block || !at) return null;
    return {
      ...previewPlacement(game, piece, at.row, at.col),
      colour: block.colour,
      hint: !drag && pick?.hint === true,
    };
  }, [game, drag, pick]);

  const { rows, cols } = game.config;
  const dragBlock = drag ? game.tray[drag.piece] : null;
  const filled = game.board.join("").replaceAll(".", "").length;
  return (
    <main class={animate ? "puzzle" : "puzzle is-still"} style={animationVars()}>
      <header class="puzzle-head">
        <h1>{GAME_INFO.puzzle.title}</h1>
        <div class="puzzle-scores">
          <p class="puzzle-score">
            <span>Score</span>
            <strong data-testid="puzzle-score">{game.score}</strong>
          </p>
          <p class="puzzle-score">
            <span>Best</span>
            <strong data-testid="puzzle-best">{Math.max(best, game.score)}</strong>
          </p>
        </div>
        <div class="puzzle-actions">
          <button
            type="button"
            class="puzzle-button"
            onClick={() => {
              watch.stop();
              setPick(null);
              setHelpOpen(true);
            }}
            data-testid="puzzle-help-open"
          >
            How to play
          </button>
          <button type="button" class="puzzle-button" onClick={props.onNewGamePage}>
            New game
          </button>
          <button type="button" class="puzzle-button" onClick={props.onExit}>
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
          placed={fx.placed}
          clearing={fx.clearing}
          refused={refused}
          popups={popups}
          boardRef={boardRef}
          label={`Board, ${rows} rows by ${cols} columns, ${filled} cells filled. Choose a block with 1, 2 or 3 (then Tab for the next), move it with the arrow keys, place it with Enter, Escape to put it back. H shows a hint, V lets the computer play.`}
          onPointerDown={onBoardPointerDown}
        />
        <div class="puzzle-side">
          <TrayView
            tray={game.tray}
            round={game.round}
            selected={pick?.piece ?? null}
            dragging={drag ? drag.piece : null}
            disabled={game.over}
            animate={animate}
            onPointerDown={onTrayPointerDown}
            onActivate={(piece) => {
              watch.stop();
              toggle(piece);
            }}
          />
          <ComputerControls
            class="puzzle-computer"
            onHint={showHint}
            watching={watch.watching}
            onWatch={() => {
              setPick(null);
              watch.toggle();
            }}
            speed={watch.speed}
            onSpeed={watch.setSpeed}
            disabled={game.over}
          />
        </div>
      </div>
      <p class="tray-sr-only" aria-live="polite">
        {message}
      </p>
      {drag?.frame && dragBlock && <DragView block={dragBlock} frame={drag.frame} />}
      {helpOpen && <HowToPlay onClose={() => setHelpOpen(false)} />}
      {game.over && !helpOpen && (
        <OverView
          score={game.score}
          best={best}
          previous={previousBest}
          rows={rows}
          cols={cols}
          onAgain={() => props.onPlayAgain(game.config)}
          onChangeSize={props.onNewGamePage}
          onExit={props.onExit}
        >
          <PostScore journal={journal} state={game} buttonClass="puzzle-button primary" />
        </OverView>
      )}
    </main>
  );
}
