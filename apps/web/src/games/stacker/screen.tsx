import {
  DEFAULT_SIZE,
  MAX_SIZE,
  MIN_SIZE,
  type PieceType,
  type StackerEvent,
  type StackerState,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import { playTones } from "../../shell/sound";
import type { GameScreenProps } from "../../shell/types";
import { readBest, readSize, recordScore, writeSize } from "./best";
import { keyIntent } from "./keyboard";
import { drawBoard, drawMini } from "./render";
import { type Action, StackerRunner } from "./runner";
import { readSavedGame, SaveThrottle, writeSavedGame } from "./saved";
import "./stacker.css";

function sizeFrom(search: string): number | undefined {
  const raw = new URLSearchParams(search).get("size");
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const size = Number(raw);
  return size >= MIN_SIZE && size <= MAX_SIZE ? size : undefined;
}

/**
 * The saved unfinished game to resume, unless the URL asks for another game: a different seed, or
 * a board size the save does not have. A reload of a seeded game's own URL resumes it.
 */
function resumable(urlSeed: number | undefined, urlSize: number | undefined): StackerState | undefined {
  const saved = readSavedGame();
  if (!saved) return undefined;
  if (urlSeed !== undefined && urlSeed !== saved.seed) return undefined;
  if (urlSize !== undefined && urlSize !== saved.config.size) return undefined;
  return saved;
}

export default function StackerScreen({ search, exit, settings }: GameScreenProps) {
  const urlSize = sizeFrom(search);
  const urlSeed = seedFromSearch(search);
  // Read once: a later "New game" must not bring the save back.
  const [saved, setSaved] = useState(() => resumable(urlSeed, urlSize));
  const [size, setSize] = useState(() => saved?.config.size ?? urlSize ?? readSize() ?? DEFAULT_SIZE);
  const [playing, setPlaying] = useState(urlSize !== undefined || saved !== undefined);
  const [gameId, setGameId] = useState(0);

  const start = () => {
    writeSize(size);
    setSaved(undefined);
    setGameId((n) => n + 1);
    setPlaying(true);
  };

  if (!playing) {
    return (
      <main class="stacker stacker-start">
        <h1>Block Stacker</h1>
        <p class="stacker-tagline">
          Rotate the falling pieces, fill rows to clear them, go as long as you can.
        </p>
        <div class="stacker-size">
          <label for="stacker-size">
            Board size: <strong data-testid="stacker-size-value">{size}</strong> x {size}
          </label>
          <div class="stacker-size-row">
            <button
              type="button"
              class="button"
              aria-label="Smaller board"
              onClick={() => setSize((s) => Math.max(MIN_SIZE, s - 1))}
            >
              -
            </button>
            <input
              id="stacker-size"
              type="range"
              min={MIN_SIZE}
              max={MAX_SIZE}
              value={size}
              onInput={(e) => setSize(Number((e.target as HTMLInputElement).value))}
            />
            <button
              type="button"
              class="button"
              aria-label="Bigger board"
              onClick={() => setSize((s) => Math.min(MAX_SIZE, s + 1))}
            >
              +
            </button>
          </div>
          <p class="stacker-best-line">
            Best on {size} x {size}: <strong>{readBest(size)}</strong>
          </p>
        </div>
        <button type="button" class="button primary stacker-go" onClick={start}>
          Start
        </button>
        <section class="stacker-help" aria-label="Controls">
          <h2>Controls</h2>
          <ul>
            <li>
              <kbd>A</kbd> <kbd>D</kbd> or <kbd>←</kbd> <kbd>→</kbd> move; hold to slide
            </li>
            <li>
              <kbd>Q</kbd> <kbd>X</kbd> <kbd>↑</kbd> rotate clockwise, <kbd>E</kbd> <kbd>Z</kbd>{" "}
              counter-clockwise
            </li>
            <li>
              <kbd>S</kbd> <kbd>↓</kbd> soft drop, <kbd>Space</kbd> hard drop, <kbd>C</kbd> hold
            </li>
            <li>
              <kbd>Esc</kbd> <kbd>P</kbd> pause
            </li>
            <li>
              Touch: the buttons, or swipe on the board (sideways to move, down to drop, tap to rotate, up to
              hold).
            </li>
          </ul>
        </section>
        <button type="button" class="button" onClick={exit}>
          Back to the arcade
        </button>
      </main>
    );
  }
  return (
    <Game
      key={gameId}
      size={size}
      seed={urlSeed}
      resume={saved}
      reducedMotion={settings.reducedMotion}
      onChangeSize={() => setPlaying(false)}
      onExit={exit}
    />
  );
}

interface View {
  score: number;
  level: number;
  lines: number;
  next: PieceType[];
  hold: PieceType | null;
  canHold: boolean;
  over: boolean;
  paused: boolean;
}

function viewOf(state: StackerState, paused: boolean): View {
  return {
    score: state.score,
    level: state.level,
    lines: state.lines,
    next: state.next,
    hold: state.hold,
    canHold: state.canHold,
    over: state.over,
    paused,
  };
}

function sameView(a: View, b: View): boolean {
  return (
    a.score === b.score &&
    a.level === b.level &&
    a.lines === b.lines &&
    a.hold === b.hold &&
    a.canHold === b.canHold &&
    a.over === b.over &&
    a.paused === b.paused &&
    a.next.join() === b.next.join()
  );
}

const CLEAR_WORDS = ["", "Single", "Double", "Triple", "Four lines!"];

function soundFor(events: StackerEvent[]): void {
  const cleared = events.find((e) => e.type === "cleared");
  if (events.some((e) => e.type === "game_over")) {
    playTones([
      { freq: 392, duration: 0.2, slideTo: 196, type: "triangle" },
      { freq: 262, duration: 0.35, delay: 0.2, slideTo: 110, type: "triangle" },
    ]);
  } else if (cleared && cleared.type === "cleared") {
    const n = cleared.rows.length;
    playTones(
      Array.from({ length: n }, (_, i) => ({
        freq: 523 * 1.26 ** i,
        duration: 0.09,
        delay: i * 0.07,
        type: "square" as const,
        gain: 0.07,
      })),
    );
  } else if (events.some((e) => e.type === "locked")) {
    playTones([{ freq: 140, duration: 0.06, type: "sine", gain: 0.12 }]);
  } else if (events.some((e) => e.type === "rotated")) {
    playTones([{ freq: 600, duration: 0.03, type: "sine", gain: 0.04 }]);
  }
}

function Game(props: {
  size: number;
  seed: number | undefined;
  /** A saved game to continue (it starts paused). */
  resume: StackerState | undefined;
  reducedMotion: boolean;
  onChangeSize: () => void;
  onExit: () => void;
}) {
  const { size } = props;
  const seedRef = useRef(props.resume?.seed ?? props.seed ?? randomSeed());
  const saver = useRef(new SaveThrottle(writeSavedGame));
  // Shown on the pause overlay of a resumed game until the player resumes.
  const [restored, setRestored] = useState(props.resume !== undefined);
  const runnerRef = useRef<StackerRunner | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const nextRefs = useRef<(HTMLCanvasElement | null)[]>([]);
  const holdRef = useRef<HTMLCanvasElement>(null);
  const dirty = useRef(true);
  const flash = useRef<{ rows: number[]; until: number } | null>(null);
  const cellPx = useRef(0);
  const [best, setBest] = useState(() => readBest(size));
  const [message, setMessage] = useState("");
  const [view, setViewState] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const reducedMotion = useRef(props.reducedMotion);
  reducedMotion.current = props.reducedMotion;

  const onState = (state: StackerState, events: StackerEvent[]) => {
    dirty.current = true;
    const runner = runnerRef.current;
    const next = viewOf(state, runner?.paused ?? false);
    // A new piece, a hold, a pause or a new game is saved at once; a tick or a move within a second.
    const urgent =
      events.length === 0 ||
      events.some((e) => e.type === "spawned" || e.type === "locked" || e.type === "held");
    saver.current.note(state, performance.now(), urgent);
    if (!next.paused) setRestored(false);
    if (!viewRef.current || !sameView(viewRef.current, next)) {
      viewRef.current = next;
      setViewState(next);
    }
    if (events.length === 0) return;
    soundFor(events);
    const cleared = events.find((e) => e.type === "cleared");
    if (cleared && cleared.type === "cleared") {
      const level = events.find((e) => e.type === "level_up");
      setMessage(
        `${CLEAR_WORDS[cleared.rows.length] ?? ""} ${level && level.type === "level_up" ? `Level ${level.level}!` : ""}`.trim(),
      );
      if (!reducedMotion.current) flash.current = { rows: cleared.rows, until: performance.now() + 120 };
    }
    if (events.some((e) => e.type === "locked")) setBest(recordScore(size, state.score));
    if (events.some((e) => e.type === "game_over")) setMessage(`Game over. Score ${state.score}.`);
  };

  // A clear's word stays a moment; the game-over line stays.
  useEffect(() => {
    if (message === "" || message.startsWith("Game over")) return;
    const t = window.setTimeout(() => setMessage(""), 2000);
    return () => window.clearTimeout(t);
  }, [message]);

  // The runner and the animation loop live as long as this game.
  useEffect(() => {
    const state = props.resume ?? stackerGame.newGame({ size }, seedRef.current);
    const runner = new StackerRunner(state, performance.now(), onState);
    runnerRef.current = runner;
    // A resumed game waits for the player instead of dropping pieces at once.
    if (props.resume) runner.paused = true;
    onState(state, []);
    let raf = 0;
    const frame = (now: number) => {
      runner.update(now);
      saver.current.poll(now);
      if (flash.current && now >= flash.current.until) {
        flash.current = null;
        dirty.current = true;
      }
      if (dirty.current) {
        dirty.current = false;
        draw();
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    const onHidden = () => {
      if (document.hidden) runner.setPaused(true, performance.now());
      saver.current.flush(performance.now());
    };
    const onLeave = () => saver.current.flush(performance.now());
    const onBlur = () => runner.releaseAll();
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("blur", onBlur);
    return () => {
      cancelAnimationFrame(raf);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("blur", onBlur);
      saver.current.flush(performance.now());
      recordScore(size, runner.state.score);
    };
  }, []);

  const draw = () => {
    const runner = runnerRef.current;
    const canvas = canvasRef.current;
    if (!runner || !canvas || cellPx.current === 0) return;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    drawBoard(ctx, runner.state, cellPx.current, { flash: flash.current?.rows });
    // What the canvas shows, as text for browser tests and tools (the canvas itself is opaque).
    const st = runner.state;
    canvas.dataset.state = JSON.stringify({
      board: st.board,
      active: st.active,
      next: st.next,
      hold: st.hold,
      score: st.score,
      lines: st.lines,
      level: st.level,
      over: st.over,
    });
    runner.state.next.forEach((type, i) => {
      const c = nextRefs.current[i];
      const cx = c?.getContext("2d");
      if (c && cx) drawMini(cx, type, c.width, c.height);
    });
    const h = holdRef.current;
    const hx = h?.getContext("2d");
    if (h && hx) drawMini(hx, runner.state.hold, h.width, h.height, !runner.state.canHold);
  };

  // The board fills the space it is given: whole pixels per cell, sharp on high-density screens.
  useEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas) return;
    const fit = () => {
      // Past 2 device pixels per CSS pixel a phone only spends fill rate on detail nobody sees.
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      const css = Math.max(4, Math.floor(Math.min(wrap.clientWidth, wrap.clientHeight) / size));
      const board = canvas.parentElement as HTMLElement;
      board.style.width = `${css * size}px`;
      board.style.height = `${css * size}px`;
      cellPx.current = Math.max(1, Math.round(css * dpr));
      canvas.width = cellPx.current * size;
      canvas.height = cellPx.current * size;
      for (const c of [...nextRefs.current, holdRef.current]) {
        if (!c) continue;
        c.width = Math.round(c.clientWidth * dpr);
        c.height = Math.round(c.clientHeight * dpr);
      }
      dirty.current = true;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [size]);

  // Keyboard: the runner repeats held keys itself, so the browser's own repeats are ignored.
  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const runner = runnerRef.current;
      const intent = keyIntent(event.key);
      if (!runner || !intent) return;
      const target = event.target as HTMLElement | null;
      // Space or Enter on a focused button presses the button, not the game.
      if (target?.tagName === "BUTTON" && (event.key === " " || event.key === "Enter")) return;
      event.preventDefault();
      if (event.repeat) return;
      const now = performance.now();
      if (intent.kind === "pause") runner.setPaused(!runner.paused, now);
      else if (intent.kind === "restart") {
        if (runner.state.over) restart();
      } else runner.press(intent.action, now);
    };
    const up = (event: KeyboardEvent) => {
      const intent = keyIntent(event.key);
      if (intent?.kind === "action") runnerRef.current?.release(intent.action);
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, []);

  const restart = () => {
    const runner = runnerRef.current;
    if (!runner) return;
    recordScore(size, runner.state.score);
    // A seeded game (?seed=N) restarts the same game; otherwise a new random one.
    if (props.seed === undefined) seedRef.current = randomSeed();
    setMessage("");
    runner.reset(stackerGame.newGame({ size }, seedRef.current), performance.now());
  };

  const setPaused = (paused: boolean) => runnerRef.current?.setPaused(paused, performance.now());

  // Swipes on the board: sideways one cell per cell's width, down to soft drop, a quick flick down
  // to hard drop, up to hold, a tap to rotate.
  const swipe = useRef<{
    id: number;
    x: number;
    y: number;
    t: number;
    moved: boolean;
    lastX: number;
    lastY: number;
  } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse") return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    swipe.current = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      t: e.timeStamp,
      moved: false,
      lastX: e.clientX,
      lastY: e.clientY,
    };
  };
  const onPointerMove = (e: PointerEvent) => {
    const s = swipe.current;
    const runner = runnerRef.current;
    if (!s || s.id !== e.pointerId || !runner) return;
    const step = Math.max(12, (canvasRef.current?.clientWidth ?? 200) / size);
    const now = performance.now();
    while (e.clientX - s.lastX >= step) {
      runner.press("right", now);
      runner.release("right");
      s.lastX += step;
      s.moved = true;
    }
    while (s.lastX - e.clientX >= step) {
      runner.press("left", now);
      runner.release("left");
      s.lastX -= step;
      s.moved = true;
    }
    while (e.clientY - s.lastY >= step * 1.5) {
      runner.press("soft_drop", now);
      runner.release("soft_drop");
      s.lastY += step * 1.5;
      s.moved = true;
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current;
    const runner = runnerRef.current;
    swipe.current = null;
    if (!s || s.id !== e.pointerId || !runner) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    const dt = Math.max(1, e.timeStamp - s.t);
    const now = performance.now();
    if (dy > 40 && dy / dt > 0.8 && Math.abs(dy) > 2 * Math.abs(dx)) runner.press("hard_drop", now);
    else if (dy < -40 && Math.abs(dy) > 2 * Math.abs(dx)) runner.press("hold", now);
    else if (!s.moved && Math.abs(dx) < 10 && Math.abs(dy) < 10 && dt < 300) runner.press("rotate_cw", now);
  };

  const v = view;
  return (
    <main class="stacker stacker-play">
      <header class="stacker-stats">
        <Stat label="Score" value={v?.score ?? 0} testid="stacker-score" />
        <Stat label="Level" value={v?.level ?? 1} testid="stacker-level" />
        <Stat label="Lines" value={v?.lines ?? 0} testid="stacker-lines" />
        <Stat label="Best" value={Math.max(best, v?.score ?? 0)} testid="stacker-best" />
        <button
          type="button"
          class="icon-button stacker-pause-button"
          aria-label={v?.paused ? "Resume" : "Pause"}
          // A mouse click must not leave focus here, or the next Space would press this button.
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => setPaused(!(runnerRef.current?.paused ?? false))}
        >
          {v?.paused ? "▶" : "❚❚"}
        </button>
      </header>
      <div class="stacker-field">
        <aside class="stacker-side stacker-side-hold" aria-label="Hold">
          <span class="stacker-side-label">Hold</span>
          <canvas ref={holdRef} class="stacker-mini" data-testid="stacker-hold" data-piece={v?.hold ?? ""} />
        </aside>
        <div
          class="stacker-board-wrap"
          ref={wrapRef}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        >
          <div class="stacker-board">
            <canvas
              ref={canvasRef}
              class="stacker-canvas"
              data-testid="stacker-board"
              role="img"
              aria-label={`Board ${size} by ${size}`}
            />
            {v?.paused && !v.over && (
              <div class="stacker-overlay" data-testid="stacker-paused">
                <h2>Paused</h2>
                {restored && (
                  <p data-testid="stacker-restored">
                    Your unfinished game is back. Resume when you are ready.
                  </p>
                )}
                <button type="button" class="button primary" onClick={() => setPaused(false)}>
                  Resume
                </button>
                <button type="button" class="button" onClick={props.onChangeSize}>
                  New game / size
                </button>
                <button type="button" class="button" onClick={props.onExit}>
                  Back to the arcade
                </button>
              </div>
            )}
            {v?.over && (
              <div class="stacker-overlay" data-testid="stacker-game-over">
                <h2>Game over</h2>
                <p>
                  Score <strong>{v.score}</strong> · Lines {v.lines} · Level {v.level}
                </p>
                <p>Best {Math.max(best, v.score)}</p>
                <button type="button" class="button primary" onClick={restart}>
                  Play again
                </button>
                <button type="button" class="button" onClick={props.onChangeSize}>
                  Change size
                </button>
              </div>
            )}
          </div>
        </div>
        <aside class="stacker-side stacker-side-next" aria-label="Next pieces">
          <span class="stacker-side-label">Next</span>
          {[0, 1, 2].map((i) => (
            <canvas
              key={i}
              ref={(el) => {
                nextRefs.current[i] = el;
              }}
              class="stacker-mini"
              data-testid={`stacker-next-${i}`}
              data-piece={v?.next[i] ?? ""}
            />
          ))}
        </aside>
      </div>
      <Controls runnerRef={runnerRef} />
      <p class="stacker-live" aria-live="polite" data-testid="stacker-live">
        {message}
      </p>
    </main>
  );
}

function Stat(props: { label: string; value: number; testid: string }) {
  return (
    <div class="stacker-stat">
      <span class="stacker-stat-label">{props.label}</span>
      <span class="stacker-stat-value" data-testid={props.testid}>
        {props.value}
      </span>
    </div>
  );
}

const BUTTONS: { action: Action; label: string; glyph: string }[] = [
  { action: "hold", label: "Hold", glyph: "⇄" },
  { action: "rotate_ccw", label: "Rotate counter-clockwise", glyph: "↺" },
  { action: "rotate_cw", label: "Rotate clockwise", glyph: "↻" },
  { action: "hard_drop", label: "Hard drop", glyph: "⤓" },
  { action: "left", label: "Move left", glyph: "◀" },
  { action: "soft_drop", label: "Soft drop", glyph: "▼" },
  { action: "right", label: "Move right", glyph: "▶" },
];

/** On-screen buttons: press and hold works like a held key (pointer events: mouse and touch alike). */
function Controls(props: { runnerRef: { current: StackerRunner | null } }) {
  return (
    <section class="stacker-controls" aria-label="Game controls">
      {BUTTONS.map((b) => (
        <button
          key={b.action}
          type="button"
          class={`stacker-control stacker-control-${b.action}`}
          aria-label={b.label}
          data-testid={`stacker-btn-${b.action}`}
          onPointerDown={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
            props.runnerRef.current?.press(b.action, performance.now());
          }}
          onPointerUp={() => props.runnerRef.current?.release(b.action)}
          onPointerCancel={() => props.runnerRef.current?.release(b.action)}
          onLostPointerCapture={() => props.runnerRef.current?.release(b.action)}
          onContextMenu={(e) => e.preventDefault()}
          onKeyDown={(e) => {
            // Keyboard users pressing the focused button with Enter or Space.
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              if (!e.repeat) props.runnerRef.current?.press(b.action, performance.now());
            }
          }}
          onKeyUp={(e) => {
            if (e.key === "Enter" || e.key === " ") props.runnerRef.current?.release(b.action);
          }}
        >
          <span aria-hidden="true">{b.glyph}</span>
        </button>
      ))}
    </section>
  );
}
