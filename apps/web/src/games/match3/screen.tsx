/**
 * Match-3's screen routes its pages: setup (Arcade or Classic), Arcade play, Classic play, and the
 * goodbye after Q. `?input=` starts that classic field at once and `?arcade=small` (with `level`
 * and `bricks`) that Arcade game; else a saved game resumes; else the setup page opens on the last
 * mode, Arcade for a newcomer (docs/games/match3.md "Browser").
 */
import {
  ARCADE_FIELDS,
  type ArcadeConfig,
  EXAMPLE_INPUT,
  isArcadeConfig,
  type Match3State,
  match3Game,
  parseInitLine,
} from "@blockarcade/engine/games/match3";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { DAILY_CONFIGS } from "../../shell/daily-configs";
import { lazyView } from "../../shell/lazy-view";
import { t as shellText } from "../../shell/messages";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch, rankedPlan } from "../../shell/ranked-plan";
import { NOT_RANKED, type StartPlan } from "../../shell/ranked-session";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { ArcadePlay } from "./arcade-play";
import { ByeView } from "./bye-view";
import { gameOverWords } from "./effects";
import { Play } from "./play";
import { type Mode, SetupPage } from "./setup-page";
import {
  arcadeBest,
  clearArcadeGame,
  fieldKey,
  lastInput,
  lastMode,
  readArcadeGame,
  readArcadeSetup,
  type SavedGame,
  savedGame,
  writeArcadeSetup,
} from "./storage";
import "./match3.css";
import { t } from "./messages";

/** The leaderboard page is fetched when opened: playing does not need it. */
/** So is the how-to-play page (its words only: the page's frame is drawn at once). */
const ArcadeHowToPlay = lazyView(
  () => import("./how-to-play-view").then((m) => m.ArcadeHowToPlay),
  () => shellText("howToPlay"),
  "panel",
);
const Match3Leaderboard = lazyView(
  () => import("./leaderboard-view").then((m) => m.Match3Leaderboard),
  () => shellText("leaderboard"),
);

type Phase =
  | { kind: "setup"; mode: Mode; typing: boolean; line: string; error: string }
  /** Classic play; `id` tells one game from the next, so the play page starts afresh for each. */
  | { kind: "play"; start: SavedGame; plan: StartPlan<Match3State>; id: number }
  /** `daily`: the day's game (the daily page's Play, `?daily`). */
  | { kind: "arcade"; config: ArcadeConfig; resume: Match3State | undefined; id: number; daily?: boolean }
  | { kind: "bye"; line: string };

let nextId = 0;

/** A restored game comes back locally: it needs no new game of its own. */
const noNew = {
  game: "match3",
  newGame: (): never => {
    throw new Error("a restored game starts no new one");
  },
  config: undefined,
};

/**
 * A new classic game of the line, or the setup page with the line's error. Without a `?seed=` it is
 * a ranked server session (classic draws nothing from its seed); with one, a local game.
 */
function startPhase(line: string, seed: number | undefined): Phase {
  const parsed = parseInitLine(line);
  if (!parsed.ok) return { kind: "setup", mode: "classic", typing: true, line, error: parsed.error.message };
  const state = match3Game.newGame({ input: line }, seed ?? randomSeed());
  const plan: StartPlan<Match3State> =
    seed !== undefined
      ? { kind: "local", state, why: NOT_RANKED.chosenSeed, canRank: true }
      : rankedPlan({
          game: "match3",
          newGame: (s) => match3Game.newGame({ input: line }, s),
          config: { input: line },
        });
  return { kind: "play", start: { state, frame: 1, pending: [] }, plan, id: nextId++ };
}

function startMessage(phase: Phase): string {
  if (phase.kind !== "play") return "";
  const { state } = phase.start;
  return state.over ? gameOverWords(state.reason ?? "no-bricks") : t("gameStarted");
}

/** `?arcade=small` (or `7x14`) with optional `level` and `bricks`: a config the engine accepts, or none. */
function arcadeFromUrl(params: URLSearchParams): ArcadeConfig | undefined {
  const field = params.get("arcade");
  if (field === null) return undefined;
  const named = ARCADE_FIELDS.find((f) => f.name === field);
  const sized = /^(\d+)x(\d+)$/.exec(field);
  const raw: Record<string, unknown> = { mode: "arcade" };
  if (named) Object.assign(raw, { width: named.width, height: named.height });
  else if (sized) Object.assign(raw, { width: Number(sized[1]), height: Number(sized[2]) });
  else if (field !== "") return undefined;
  const level = params.get("level");
  if (level !== null) raw.level = /^\d+$/.test(level) ? Number(level) : level;
  const bricks = params.get("bricks");
  if (bricks !== null) raw.bricks = bricks;
  const parsed = match3Game.parseConfig(raw);
  return parsed.ok && isArcadeConfig(parsed.value) ? parsed.value : undefined;
}

/** The setup page; a returning classic player finds their last line ready in the typed form. */
function setupPhase(mode: Mode): Phase {
  const last = lastInput.read();
  return {
    kind: "setup",
    mode,
    typing: mode === "classic" && last !== undefined,
    line: last ?? EXAMPLE_INPUT,
    error: "",
  };
}

function initialPhase(search: string, seed: number | undefined): { phase: Phase; message: string } {
  const params = new URLSearchParams(search);
  if (isDailySearch(search)) {
    const config = DAILY_CONFIGS.match3 as ArcadeConfig;
    return { phase: { kind: "arcade", config, resume: undefined, id: nextId++, daily: true }, message: "" };
  }
  const fromUrl = params.get("input");
  if (fromUrl !== null) {
    const phase = startPhase(fromUrl, seed);
    return { phase, message: startMessage(phase) };
  }
  const arcade = arcadeFromUrl(params);
  if (arcade)
    return { phase: { kind: "arcade", config: arcade, resume: undefined, id: nextId++ }, message: "" };
  const saved = savedGame.restore();
  if (saved) {
    return {
      phase: {
        kind: "play",
        start: saved,
        plan: rankedPlan({ ...noNew, resume: saved.state }),
        id: nextId++,
      },
      message: t("resumedFrame", { frame: saved.frame }),
    };
  }
  const waiting = readArcadeGame();
  if (waiting && isArcadeConfig(waiting.config)) {
    return {
      phase: { kind: "arcade", config: waiting.config, resume: waiting, id: nextId++ },
      message: t("resumedPaused"),
    };
  }
  return { phase: setupPhase(lastMode.read() ?? "arcade"), message: "" };
}

export default function Match3Screen(props: GameScreenProps) {
  if (props.subpath === "/how-to-play") {
    return (
      <main class="match3 is-howto">
        <h1 class="match3-title">{t("title")}</h1>
        <ArcadeHowToPlay onBack={() => props.navigate("")} />
      </main>
    );
  }
  if (props.subpath === "/leaderboard") return <Match3Leaderboard search={props.search} />;
  return <Match3Game {...props} />;
}

function Match3Game({ search, settings, navigate }: GameScreenProps) {
  // `?seed=N` sets the state's seed (the classic game draws nothing from it; Arcade its bricks).
  // A chosen seed plays locally until the player taps "Play ranked".
  const [seed, setSeed] = useState(() => seedFromSearch(search));
  const [first] = useState(() => initialPhase(search, seed));
  const [phase, setPhase] = useState<Phase>(first.phase);
  const [message, setMessage] = useState(first.message);
  const [arcadeConfig, setArcadeConfig] = useState<ArcadeConfig>(() =>
    first.phase.kind === "arcade" ? first.phase.config : readArcadeSetup(),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);

  const toSetup = (mode: Mode, line: string, typing = false) => {
    setPhase({ kind: "setup", mode, typing, line, error: "" });
    setMessage("");
    focusInput.current = typing;
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
    lastMode.write("classic");
    setPhase(next);
    setMessage(startMessage(next));
  };

  const playArcade = (config: ArcadeConfig) => {
    writeArcadeSetup(config);
    lastMode.write("arcade");
    clearArcadeGame();
    setPhase({ kind: "arcade", config, resume: undefined, id: nextId++ });
    setMessage(t("arcadeStarted", { level: config.level }));
  };
  const resumeArcade = () => {
    const waiting = readArcadeGame();
    if (!waiting || !isArcadeConfig(waiting.config)) return;
    setPhase({ kind: "arcade", config: waiting.config, resume: waiting, id: nextId++ });
    setMessage(t("resumedPaused"));
  };

  // Answering the end prompt (or quitting) ends the classic game for good: the save goes.
  const startOver = (line: string) => {
    savedGame.clear();
    toSetup("classic", line, true);
  };
  const quit = () => {
    const line =
      phase.kind === "play" && !isArcadeConfig(phase.start.state.config)
        ? phase.start.state.config.input
        : undefined;
    savedGame.clear();
    // The goodbye line shows once, on the goodbye page (not again in the live region).
    setPhase({ kind: "bye", line: line ?? lastInput.read() ?? EXAMPLE_INPUT });
    setMessage("");
  };

  // A game started from the address (`?input=`, `?arcade=`) replaces the save; its parameters then
  // leave the address bar, so a reload resumes this game instead of starting it again. A bad line
  // stays in the URL with its error shown, and the save is left alone.
  useLayoutEffect(() => {
    const params = new URLSearchParams(search);
    const line = params.get("input");
    if (line !== null && first.phase.kind === "play") {
      savedGame.save(first.phase.start);
      lastInput.write(line);
      lastMode.write("classic");
      params.delete("input");
    } else if (first.phase.kind === "arcade" && first.phase.resume === undefined) {
      clearArcadeGame();
      for (const key of ["arcade", "level", "bricks"]) params.delete(key);
    } else return;
    const rest = params.toString();
    navigate(rest === "" ? "" : `?${rest}`, { replace: true });
  }, []);

  useEffect(() => {
    if (focusInput.current) inputRef.current?.focus();
    focusInput.current = false;
  });

  const showTitle = phase.kind === "setup" || phase.kind === "bye";
  return (
    <main class={`match3 is-${phase.kind}`}>
      <h1 class={showTitle ? "match3-title" : "match3-sr"}>{t("title")}</h1>
      {phase.kind === "setup" && (
        <SetupPage
          mode={phase.mode}
          onMode={(mode) => {
            lastMode.write(mode);
            setPhase({ ...phase, mode });
          }}
          arcade={{
            config: arcadeConfig,
            best: (w, h) => arcadeBest.best(fieldKey(w, h)),
            onConfig: setArcadeConfig,
            onPlay: () => playArcade(arcadeConfig),
            onResume: readArcadeGame() ? resumeArcade : undefined,
          }}
          classic={{
            line: phase.line,
            error: phase.error,
            inputRef,
            typing: phase.typing,
            onType: () => {
              focusInput.current = true;
              setPhase({ ...phase, typing: true });
            },
            onChange: (line) => setPhase({ ...phase, line, error: "" }),
            onSubmit: begin,
          }}
        />
      )}
      {phase.kind === "play" && (
        // One game per gate: a ranked session is opened once, when the game's page mounts.
        <GameGate key={phase.id} game={match3Game} class="match3-play" plan={() => phase.plan}>
          {(start) => (
            <Play
              start={start}
              saved={phase.start}
              settings={settings}
              announce={setMessage}
              onRestart={(line) => begin(line)}
              onMakeRanked={(line) => {
                setSeed(undefined);
                navigate("", { replace: true });
                const next = startPhase(line, undefined);
                if (next.kind === "play") setPhase(next);
              }}
              onStartOver={startOver}
              onQuit={quit}
            />
          )}
        </GameGate>
      )}
      {phase.kind === "arcade" && (
        // One game per gate: a ranked session is opened once, when the game's page mounts.
        <GameGate
          key={phase.id}
          game={match3Game}
          class="match3-arcade"
          plan={() => {
            const newGame = (s: number) => match3Game.newGame(phase.config, s);
            if (phase.daily) return dailyPlan({ game: "match3", newGame, config: phase.config });
            return rankedPlan({ game: "match3", newGame, config: phase.config, seed, resume: phase.resume });
          }}
        >
          {(start) => (
            <ArcadePlay
              config={phase.config}
              start={start}
              restored={phase.resume !== undefined}
              reducedMotion={settings.reducedMotion}
              announce={setMessage}
              onPlayAgain={() => setPhase({ ...phase, resume: undefined, id: nextId++ })}
              onMakeRanked={() => {
                setSeed(undefined);
                navigate("", { replace: true });
                setPhase({ ...phase, resume: undefined, id: nextId++ });
              }}
              onChangeMode={() => {
                setArcadeConfig(phase.config);
                toSetup("arcade", lastInput.read() ?? EXAMPLE_INPUT);
              }}
            />
          )}
        </GameGate>
      )}
      {phase.kind === "bye" && (
        <ByeView onPlayAgain={() => begin(phase.line)} onChangeMode={() => toSetup("classic", phase.line)} />
      )}
      <p class="match3-live" aria-live="polite" data-testid="match3-live">
        {message}
      </p>
    </main>
  );
}
