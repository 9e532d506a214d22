/**
 * Block Stacker's pages: the start page (board size) and the play page. Only routing lives here:
 * which page, the URL's `?seed=` and `?size=`, and whether a saved game comes back.
 */
import { MAX_SIZE, MIN_SIZE, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { useState } from "preact/hooks";
import { DAILY_CONFIGS } from "../../shell/daily-configs";
import { lazyView } from "../../shell/lazy-view";
import { t as shellText } from "../../shell/messages";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch, rankedPlan } from "../../shell/ranked-plan";
import { seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { Play } from "./play";
import { StartView } from "./start-view";
import { readBest, readSavedGame, readSize, WEB_DEFAULT_SIZE, writeSize } from "./storage";
import "./stacker.css";

/** The leaderboard page is fetched when opened: playing does not need it. */
const StackerLeaderboard = lazyView(
  () => import("./leaderboard-view").then((m) => m.StackerLeaderboard),
  () => shellText("leaderboard"),
);

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

/** The day's board size (the daily page's Play, `?daily`). */
const DAILY_SIZE = (DAILY_CONFIGS.stacker as { size: number }).size;

function StackerGame({ search, exit, settings, navigate }: GameScreenProps) {
  // The day's game until the player picks a size of their own.
  const [daily, setDaily] = useState(() => isDailySearch(search));
  const urlSize = daily ? DAILY_SIZE : sizeFrom(search);
  // A chosen seed plays locally until the player taps "Play ranked".
  const [urlSeed, setUrlSeed] = useState(() => seedFromSearch(search));
  // Read once: a later "New game" must not bring the save back.
  const [saved, setSaved] = useState(() => (daily ? undefined : resumable(urlSeed, urlSize)));
  const [size, setSize] = useState(() => saved?.config.size ?? urlSize ?? readSize() ?? WEB_DEFAULT_SIZE);
  const [playing, setPlaying] = useState(urlSize !== undefined || saved !== undefined);
  const [gameId, setGameId] = useState(0);
  const next = () => {
    setSaved(undefined);
    setGameId((n) => n + 1);
  };

  if (!playing) {
    return (
      <StartView
        size={size}
        best={readBest(size)}
        onSize={setSize}
        onStart={() => {
          setDaily(false);
          writeSize(size);
          setSaved(undefined);
          setGameId((n) => n + 1);
          setPlaying(true);
        }}
        onExit={exit}
      />
    );
  }
  // One game per gate: a ranked session is opened once, when the game's page mounts.
  return (
    <GameGate
      key={gameId}
      game={stackerGame}
      class="stacker stacker-play"
      plan={() => {
        const newGame = (seed: number) => stackerGame.newGame({ size }, seed);
        if (daily) return dailyPlan({ game: "stacker", newGame, config: { size } });
        return rankedPlan({ game: "stacker", newGame, config: { size }, seed: urlSeed, resume: saved });
      }}
    >
      {(start) => (
        <Play
          size={size}
          start={start}
          restored={saved !== undefined}
          reducedMotion={settings.reducedMotion}
          onPlayAgain={next}
          onMakeRanked={() => {
            const params = new URLSearchParams(search);
            params.delete("seed");
            navigate(params.size > 0 ? `?${params}` : "", { replace: true });
            setUrlSeed(undefined);
            next();
          }}
          onChangeSize={() => setPlaying(false)}
          onExit={exit}
        />
      )}
    </GameGate>
  );
}

/** The leaderboard page is its own page; every other subpath is the game. */
export default function StackerScreen(props: GameScreenProps) {
  return props.subpath === "/leaderboard" ? (
    <StackerLeaderboard search={props.search} />
  ) : (
    <StackerGame {...props} />
  );
}
