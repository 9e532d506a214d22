import {
  applyMoves,
  type BrickSymbol,
  END_PROMPT,
  EXAMPLE_INPUT,
  FRAME_PROMPT,
  GOODBYE,
  INIT_PROMPT,
  type Match3Event,
  type Match3State,
  type MoveCommand,
  match3Game,
  parseInitLine,
} from "@blockarcade/engine/games/match3";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { seedFromSearch } from "../../shell/seed";
import { playTones } from "../../shell/sound";
import { readJson, removeKey, writeJson } from "../../shell/storage";
import type { GameScreenProps } from "../../shell/types";
import { FieldView } from "./field-view";
import { keyToIntent } from "./keyboard";
import { GAME_KEY, restoreSavedGame, toSavedJson } from "./saved";
import { describeBrick, SYMBOL_NAMES, SymbolGlyph } from "./symbols";
import "./match3.css";

const INPUT_KEY = "blockarcade-match3-input";
const isString = (v: unknown): v is string => typeof v === "string";
const isAnything = (v: unknown): v is unknown => true;

type Phase =
  | { kind: "setup"; line: string; error: string }
  | { kind: "play"; state: Match3State; pending: MoveCommand[]; frame: number }
  | { kind: "bye" };

/** `?seed=N` sets the state's seed (Match-3 draws nothing from it); 0 without one. */
function seedFrom(search: string): number {
  return seedFromSearch(search) ?? 0;
}

/** The first screen: `?input=` starts that field; else the saved game; else the setup screen. */
function initialPhase(search: string, seed: number): Phase {
  const fromUrl = new URLSearchParams(search).get("input");
  if (fromUrl !== null) return startPlay(fromUrl, seed);
  const saved = restoreSavedGame(readJson(GAME_KEY, isAnything));
  if (saved) return { kind: "play", ...saved };
  return { kind: "setup", line: readJson(INPUT_KEY, isString) ?? EXAMPLE_INPUT, error: "" };
}

/** Every change of a game is saved at once (a reload right after a key loses nothing). */
function persist(phase: Phase): void {
  if (phase.kind === "play") {
    writeJson(GAME_KEY, toSavedJson({ state: phase.state, frame: phase.frame, pending: phase.pending }));
  }
}

function startPlay(line: string, seed: number): Phase {
  const parsed = parseInitLine(line);
  if (!parsed.ok) return { kind: "setup", line, error: parsed.error.message };
  return { kind: "play", state: match3Game.newGame({ input: line }, seed), pending: [], frame: 1 };
}

/** Words for the live region: what the frame did, in order. */
function narrate(events: Match3Event[]): string {
  const words: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case "moved":
        if (e.command === "D") words.push(`Dropped ${e.rows ?? 0} rows.`);
        else words.push(e.command === "L" ? "Moved left." : "Moved right.");
        break;
      case "blocked":
        words.push(`${e.command === "L" ? "Left" : e.command === "R" ? "Right" : "Drop"} blocked.`);
        break;
      case "fell":
        words.push("Fell one row.");
        break;
      case "locked":
        words.push("Brick landed.");
        break;
      case "removed":
        words.push(`Matched and removed ${e.cells.length} cells.`);
        break;
      case "spawned":
        words.push(`New brick: ${describeBrick(e.brick)}.`);
        break;
      case "game_over":
        words.push(
          e.reason === "no-bricks" ? "Game over: no bricks left." : "Game over: no room for the next brick.",
        );
        break;
      default: {
        const never: never = e;
        void never;
      }
    }
  }
  return words.join(" ");
}

function soundFor(events: Match3Event[]): void {
  if (events.some((e) => e.type === "game_over")) {
    playTones([
      { freq: 440, duration: 0.18, slideTo: 220, type: "triangle" },
      { freq: 330, duration: 0.3, delay: 0.18, slideTo: 160, type: "triangle" },
    ]);
  } else if (events.some((e) => e.type === "removed")) {
    playTones([
      { freq: 660, duration: 0.1, type: "square", gain: 0.08 },
      { freq: 880, duration: 0.14, delay: 0.09, type: "square", gain: 0.08 },
    ]);
  } else if (events.some((e) => e.type === "locked")) {
    playTones([{ freq: 180, duration: 0.08, type: "sine" }]);
  }
}

export default function Match3Screen({ search, exit, settings, navigate }: GameScreenProps) {
  const seed = useRef(seedFrom(search)).current;
  const [phase, setPhaseState] = useState<Phase>(() => initialPhase(search, seed));
  // Handlers read the latest phase from this ref, not from their render's closure: two keys pressed
  // faster than a render (D then Enter) must both count.
  const phaseRef = useRef(phase);
  const setPhase = (next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
    persist(next);
  };
  const [message, setMessage] = useState(() =>
    phase.kind === "play" && new URLSearchParams(search).get("input") === null
      ? `Game resumed at frame ${phase.frame}.`
      : "",
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const lastLine = useRef(
    phase.kind === "setup"
      ? phase.line
      : phase.kind === "play"
        ? phase.state.config.input
        : (new URLSearchParams(search).get("input") ?? EXAMPLE_INPUT),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<string | null>(null);

  const begin = (line: string) => {
    const next = startPlay(line, seed);
    setPhase(next);
    setRemoved(new Set());
    if (next.kind === "play") {
      lastLine.current = line;
      writeJson(INPUT_KEY, line);
      setMessage(
        next.state.over
          ? narrate([{ type: "game_over", reason: next.state.reason ?? "no-bricks" }])
          : "Game started.",
      );
    } else {
      setMessage("");
      focusAfter.current = "input";
    }
  };

  const runFrame = (commands: MoveCommand[]) => {
    const phase = phaseRef.current;
    if (phase.kind !== "play" || phase.state.over) return;
    const result = match3Game.apply(phase.state, { cmd: "frame", commands: commands.join("") });
    if (!result.ok) {
      setMessage(result.error.message);
      return;
    }
    const removedEvent = result.events.find((e) => e.type === "removed");
    setRemoved(new Set(removedEvent ? removedEvent.cells.map(([r, c]) => `${r},${c}`) : []));
    setPhase({ kind: "play", state: result.state, pending: [], frame: phase.frame + 1 });
    setMessage(narrate(result.events));
    soundFor(result.events);
    if (result.state.over) focusAfter.current = "start-over";
  };

  const addCommand = (command: MoveCommand) => {
    const phase = phaseRef.current;
    if (phase.kind !== "play" || phase.state.over) return;
    const pending = [...phase.pending, command];
    if (pending.length >= 2) runFrame(pending);
    else setPhase({ ...phase, pending });
  };

  const startOver = () => {
    removeKey(GAME_KEY);
    setPhase({ kind: "setup", line: lastLine.current, error: "" });
    setMessage("");
    focusAfter.current = "input";
  };
  const quit = () => {
    removeKey(GAME_KEY);
    setPhase({ kind: "bye" });
    setMessage(GOODBYE);
  };

  // A field started from `?input=` replaces the save; the parameter then leaves the address bar,
  // so a reload resumes this game instead of starting the field again. A bad line stays in the
  // URL with its error shown, and the save is left alone.
  useLayoutEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get("input") === null || phaseRef.current.kind !== "play") return;
    persist(phaseRef.current);
    writeJson(INPUT_KEY, lastLine.current);
    params.delete("input");
    const rest = params.toString();
    navigate(rest === "" ? "" : `?${rest}`, { replace: true });
  }, []);

  useEffect(() => {
    if (focusAfter.current === "input") inputRef.current?.focus();
    if (focusAfter.current === "start-over") document.getElementById("match3-start-over")?.focus();
    focusAfter.current = null;
  });

  useEffect(() => {
    if (removed.size === 0) return;
    const t = window.setTimeout(() => setRemoved(new Set()), settings.reducedMotion ? 0 : 450);
    return () => window.clearTimeout(t);
  }, [removed, settings.reducedMotion]);

  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
      const phase = phaseRef.current;
      if (phase.kind !== "play") return;
      if (phase.state.over) {
        if (event.key === "S" || event.key === "s") startOver();
        else if (event.key === "Q" || event.key === "q") quit();
        else return;
        event.preventDefault();
        return;
      }
      // Enter on a focused button presses that button; only elsewhere does it end the frame.
      if (event.key === "Enter" && target?.tagName === "BUTTON") return;
      const intent = keyToIntent(event.key);
      if (!intent) return;
      event.preventDefault();
      if (intent.kind === "advance") runFrame(phase.pending);
      else addCommand(intent.command);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <main class="match3">
      <header class="match3-head">
        <h1>Match-3 Falling Bricks</h1>
        <button type="button" class="button" onClick={quit} aria-label="Quit Match-3">
          Quit
        </button>
      </header>
      {phase.kind === "setup" && (
        <Setup
          line={phase.line}
          error={phase.error}
          inputRef={inputRef}
          onChange={(line) => setPhase({ kind: "setup", line, error: "" })}
          onSubmit={(line) => begin(line)}
        />
      )}
      {phase.kind === "play" && (
        <Play
          phase={phase}
          removed={removed}
          onCommand={addCommand}
          onAdvance={() => {
            const current = phaseRef.current;
            if (current.kind === "play") runFrame(current.pending);
          }}
          onClear={() => {
            const current = phaseRef.current;
            if (current.kind === "play") setPhase({ ...current, pending: [] });
          }}
          onRestart={() => begin(lastLine.current)}
          onStartOver={startOver}
          onQuit={quit}
        />
      )}
      {phase.kind === "bye" && (
        <section class="match3-bye">
          <p class="match3-goodbye">{GOODBYE}</p>
          <div class="match3-row">
            <button type="button" class="button primary" onClick={startOver}>
              Play again
            </button>
            <button type="button" class="button" onClick={exit}>
              Back to the arcade
            </button>
          </div>
        </section>
      )}
      <p class="match3-live" aria-live="polite" data-testid="match3-live">
        {message}
      </p>
    </main>
  );
}

function Legend() {
  return (
    <ul class="match3-legend" aria-label="Symbols">
      {(["^", "*", "@", "~"] as const).map((s) => (
        <li key={s}>
          <SymbolGlyph symbol={s} />
          <code>{s}</code> {SYMBOL_NAMES[s]}
        </li>
      ))}
    </ul>
  );
}

function Setup(props: {
  line: string;
  error: string;
  inputRef: { current: HTMLInputElement | null };
  onChange: (line: string) => void;
  onSubmit: (line: string) => void;
}) {
  return (
    <form
      class="match3-setup"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(props.line);
      }}
      noValidate
    >
      <label for="match3-input">{INIT_PROMPT}</label>
      <input
        id="match3-input"
        ref={props.inputRef}
        value={props.line}
        onInput={(event) => props.onChange((event.target as HTMLInputElement).value)}
        autocomplete="off"
        autocapitalize="characters"
        spellcheck={false}
        aria-invalid={props.error !== ""}
        aria-describedby="match3-input-help match3-input-error"
      />
      <p id="match3-input-help" class="match3-help">
        Width and height, then 0 to 5 bricks: H or V followed by three symbols, e.g.{" "}
        <code>{EXAMPLE_INPUT}</code>
      </p>
      <p id="match3-input-error" class="match3-error" role="alert">
        {props.error && `Invalid input: ${props.error}.`}
      </p>
      <Legend />
      <button type="submit" class="button primary">
        Start
      </button>
    </form>
  );
}

function Play(props: {
  phase: Extract<Phase, { kind: "play" }>;
  removed: ReadonlySet<string>;
  onCommand: (command: MoveCommand) => void;
  onAdvance: () => void;
  onClear: () => void;
  onRestart: () => void;
  onStartOver: () => void;
  onQuit: () => void;
}) {
  const { state, pending, frame } = props.phase;
  // The brick is shown where the commands chosen so far put it; the frame then runs them for real.
  const shown = state.active ? applyMoves(state.board, state.active, pending) : null;
  const over = state.over;
  const next = state.queue[0];
  return (
    <section class="match3-play">
      <dl class="match3-stats">
        <div>
          <dt>Frame</dt>
          <dd data-testid="match3-frame">{frame}</dd>
        </div>
        <div>
          <dt>Removed</dt>
          <dd data-testid="match3-score">{state.score}</dd>
        </div>
        <div>
          <dt>Next</dt>
          <dd data-testid="match3-next">
            {over || next === undefined ? (
              "none"
            ) : (
              <>
                <span class={`match3-next-brick${next[0] === "V" ? " is-vertical" : ""}`} aria-hidden="true">
                  {[...next.slice(1)].map((s, i) => (
                    <SymbolGlyph key={i} symbol={s as BrickSymbol} />
                  ))}
                </span>
                <span class="match3-sr">
                  {next}, {describeBrick(next)}
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <div class="match3-stage">
        <FieldView board={state.board} active={shown} removed={props.removed} />
        {over ? (
          <div class="match3-over" data-testid="match3-over">
            <h2>Game over</h2>
            <p>
              {state.reason === "spawn-blocked"
                ? `The next brick ${next ?? ""} has no room to spawn.`
                : "No bricks left."}{" "}
              Cells removed: {state.score}.
            </p>
            <p class="match3-prompt">{END_PROMPT}</p>
            <div class="match3-row">
              <button id="match3-start-over" type="button" class="button primary" onClick={props.onStartOver}>
                S: Start over
              </button>
              <button type="button" class="button" onClick={props.onQuit}>
                Q: Quit
              </button>
            </div>
          </div>
        ) : (
          <div class="match3-controls">
            <p class="match3-prompt" id="match3-frame-prompt">
              {FRAME_PROMPT}
            </p>
            <p class="match3-pending" aria-live="polite" data-testid="match3-pending">
              This frame: {pending.length === 0 ? "no commands yet" : pending.join(" ")} ({pending.length} of
              2)
            </p>
            <fieldset class="match3-pad" aria-describedby="match3-frame-prompt">
              <legend class="match3-sr">Brick commands</legend>
              <button
                type="button"
                class="match3-key"
                onClick={() => props.onCommand("L")}
                aria-label="Left (L)"
              >
                <span aria-hidden="true">◀</span>L
              </button>
              <button
                type="button"
                class="match3-key"
                onClick={() => props.onCommand("D")}
                aria-label="Drop (D)"
              >
                <span aria-hidden="true">▼</span>D
              </button>
              <button
                type="button"
                class="match3-key"
                onClick={() => props.onCommand("R")}
                aria-label="Right (R)"
              >
                <span aria-hidden="true">▶</span>R
              </button>
            </fieldset>
            <div class="match3-row">
              <button
                type="button"
                class="button primary"
                onClick={props.onAdvance}
                aria-label={`Next frame with ${pending.length} command${pending.length === 1 ? "" : "s"} (Enter)`}
              >
                Next frame
              </button>
              <button type="button" class="button" onClick={props.onClear} disabled={pending.length === 0}>
                Clear commands
              </button>
            </div>
            <div class="match3-row">
              <button type="button" class="button" onClick={props.onRestart}>
                Restart
              </button>
              <button type="button" class="button" onClick={props.onStartOver}>
                New field
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
