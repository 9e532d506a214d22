/**
 * Match-3's screen routes its three pages: setup (the init line), play, and the goodbye after Q.
 * `?input=` starts that field at once; else a saved game resumes; else the setup page shows the
 * last line (docs/games/match3.md "Browser").
 */
import { EXAMPLE_INPUT, GOODBYE, match3Game, parseInitLine } from "@blockarcade/engine/games/match3";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { nextSeed, prepareSeed } from "../../shell/ranked-seed";
import { seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { ByeView } from "./bye-view";
import { gameOverWords } from "./effects";
import { Play } from "./play";
import { SetupView } from "./setup-view";
import { lastInput, type SavedGame, savedGame } from "./storage";
import "./match3.css";

type Phase =
  | { kind: "setup"; line: string; error: string }
  /** `id` tells one game from the next, so the play page starts afresh for each. */
  | { kind: "play"; start: SavedGame; id: number }
  | { kind: "bye" };

let nextId = 0;

/**
 * A new game of the line, or the setup page with the line's error. Without a `?seed=` the seed is a
 * server seed when one is on hand, so the game can be ranked (Match-3 draws nothing from it).
 */
function startPhase(line: string, seed: number | undefined): Phase {
  const parsed = parseInitLine(line);
  if (!parsed.ok) return { kind: "setup", line, error: parsed.error.message };
  const state = match3Game.newGame({ input: line }, seed ?? nextSeed("match3"));
  return { kind: "play", start: { state, frame: 1, pending: [] }, id: nextId++ };
}

function startMessage(phase: Phase): string {
  if (phase.kind !== "play") return "";
  const { state } = phase.start;
  return state.over ? gameOverWords(state.reason ?? "no-bricks") : "Game started.";
}

function initialPhase(search: string, seed: number | undefined): { phase: Phase; message: string } {
  const fromUrl = new URLSearchParams(search).get("input");
  if (fromUrl !== null) {
    const phase = startPhase(fromUrl, seed);
    return { phase, message: startMessage(phase) };
  }
  const saved = savedGame.restore();
  if (saved) {
    return {
      phase: { kind: "play", start: saved, id: nextId++ },
      message: `Game resumed at frame ${saved.frame}.`,
    };
  }
  return { phase: { kind: "setup", line: lastInput.read() ?? EXAMPLE_INPUT, error: "" }, message: "" };
}

export default function Match3Screen({ search, exit, settings, navigate }: GameScreenProps) {
  // `?seed=N` sets the state's seed (Match-3 draws nothing from it).
  const seed = useRef(seedFromSearch(search)).current;
  const [first] = useState(() => initialPhase(search, seed));
  const [phase, setPhase] = useState<Phase>(first.phase);
  const [message, setMessage] = useState(first.message);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);
  // A server seed on hand before a field is started: the game can be ranked.
  useEffect(() => void prepareSeed("match3"), []);

  const toSetup = (line: string, error = "") => {
    setPhase({ kind: "setup", line, error });
    setMessage("");
    focusInput.current = true;
  };

  const begin = (line: string) => {
    const next = startPhase(line, seed);
    if (next.kind !== "play") {
      setPhase(next);
      setMessage("");
      focusInput.current = true;
      return;
    }
    savedGame.save(next.start);
    lastInput.write(line);
    setPhase(next);
    setMessage(startMessage(next));
  };

  // Answering the end prompt (or quitting) ends the game for good: the save goes.
  const startOver = (line: string) => {
    savedGame.clear();
    toSetup(line);
  };
  const quit = () => {
    savedGame.clear();
    setPhase({ kind: "bye" });
    setMessage(GOODBYE);
  };

  // A field started from `?input=` replaces the save; the parameter then leaves the address bar,
  // so a reload resumes this game instead of starting the field again. A bad line stays in the
  // URL with its error shown, and the save is left alone.
  useLayoutEffect(() => {
    const params = new URLSearchParams(search);
    const line = params.get("input");
    if (line === null || first.phase.kind !== "play") return;
    savedGame.save(first.phase.start);
    lastInput.write(line);
    params.delete("input");
    const rest = params.toString();
    navigate(rest === "" ? "" : `?${rest}`, { replace: true });
  }, []);

  useEffect(() => {
    if (focusInput.current) inputRef.current?.focus();
    focusInput.current = false;
  });

  return (
    <main class="match3">
      <header class="match3-head">
        <h1>{match3Game.title}</h1>
        <button type="button" class="button" onClick={quit} aria-label="Quit Match-3">
          Quit
        </button>
      </header>
      {phase.kind === "setup" && (
        <SetupView
          line={phase.line}
          error={phase.error}
          inputRef={inputRef}
          onChange={(line) => setPhase({ kind: "setup", line, error: "" })}
          onSubmit={begin}
        />
      )}
      {phase.kind === "play" && (
        <Play
          key={phase.id}
          start={phase.start}
          seed={seed}
          settings={settings}
          announce={setMessage}
          onStartOver={startOver}
          onQuit={quit}
        />
      )}
      {phase.kind === "bye" && (
        <ByeView onPlayAgain={() => toSetup(lastInput.read() ?? EXAMPLE_INPUT)} onExit={exit} />
      )}
      <p class="match3-live" aria-live="polite" data-testid="match3-live">
        {message}
      </p>
    </main>
  );
}
