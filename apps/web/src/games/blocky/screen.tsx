/**
 * Blocky in the browser (docs/games/blocky.md "Browser"): routes the setup page, the tutorial and the
 * game page (goals, play and the game-over dialog live in play.tsx). A game in progress opens
 * directly (a reload lands in it); the setup page is one tap away. `?seed=N` seeds the first game and
 * every later one counts up from it, so browser tests replay.
 */
import { type BlockyConfig, type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import { useRef, useState } from "preact/hooks";
import { DAILY_CONFIGS } from "../../shell/daily-configs";
import { lazyView } from "../../shell/lazy-view";
import { t as shellText } from "../../shell/messages";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch, rankedPlan } from "../../shell/ranked-plan";
import { NOT_RANKED, type StartPlan } from "../../shell/ranked-session";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { Play } from "./play";
import { DEFAULT_SETUP, Setup, type SetupChoice, setupOf, toConfig } from "./setup-view";
import {
  firstState,
  type GameStart,
  isRankedSeating,
  RANKED_SEATS,
  resumableGame,
  tutorialDone,
} from "./storage";
import { Tutorial } from "./tutorial-view";
import "./blocky.css";

/** The leaderboard page is fetched when opened: playing does not need it. */
const BlockyLeaderboard = lazyView(
  () => import("./leaderboard-view").then((m) => m.BlockyLeaderboard),
  () => shellText("leaderboard"),
);

function BlockyGame({ search, settings, exit, navigate }: GameScreenProps) {
  // A chosen seed plays locally until the player taps "Play ranked".
  const [urlSeed, setUrlSeed] = useState(() => seedFromSearch(search));
  const gamesStarted = useRef(0);
  // A saved game still being played is where the page opens.
  // The day's game (the daily page's Play, `?daily`) comes before a saved one.
  const [daily] = useState(() => isDailySearch(search));
  const [resumed] = useState(() => (daily ? null : (resumableGame() ?? null)));
  const [setup, setSetup] = useState<SetupChoice>(() => (resumed ? setupOf(resumed) : DEFAULT_SETUP));
  const [game, setGame] = useState<{ start: GameStart; id: number; daily?: boolean } | null>(() => {
    if (daily)
      return { start: { config: DAILY_CONFIGS.blocky as BlockyConfig, seed: randomSeed() }, id: 1, daily };
    return resumed ? { start: { resume: resumed }, id: 1 } : null;
  });
  const [learning, setLearning] = useState(false);
  const [learned, setLearned] = useState(() => tutorialDone.read() === true);
  const markLearned = () => {
    tutorialDone.write(true);
    setLearned(true);
  };
  // A chosen seed counts up from game to game; without one the server deals (a ranked session).
  const nextSeed = () => {
    const seed = urlSeed === undefined ? randomSeed() : (urlSeed + gamesStarted.current) >>> 0;
    gamesStarted.current++;
    return seed;
  };
  /** How a game page begins: a saved game or a chosen seed locally, else a ranked server session. */
  const planFor = (start: GameStart, chosen = urlSeed !== undefined, day = false): StartPlan<BlockyState> => {
    const state = firstState(start);
    const newGame = (seed: number) => firstState({ config: state.config, seed });
    if (day) return dailyPlan({ game: "blocky", newGame, config: state.config });
    if ("resume" in start)
      return rankedPlan({ game: "blocky", newGame, config: state.config, resume: state });
    if (chosen) return { kind: "local", state, why: NOT_RANKED.chosenSeed, canRank: true };
    if (!isRankedSeating(state)) return { kind: "local", state, why: RANKED_SEATS };
    return rankedPlan({ game: "blocky", newGame, config: start.config });
  };
  const open = (start: GameStart, day?: boolean) =>
    setGame((g) => ({ start, id: (g?.id ?? 0) + 1, ...(day ? { daily: true } : {}) }));

  if (learning) {
    return <Tutorial onDone={markLearned} onLeave={() => setLearning(false)} />;
  }
  if (!game) {
    // Read again each time the setup page opens: the game just left may have been saved.
    const resume = resumableGame() ?? null;
    return (
      <Setup
        initial={setup}
        onStart={(choice) => {
          setSetup(choice);
          open({ config: toConfig(choice), seed: nextSeed() });
        }}
        onExit={exit}
        tutorial={{
          done: learned,
          open: () => setLearning(true),
          skip: markLearned,
        }}
        onResume={
          resume
            ? () => {
                // "New setup" then offers the resumed game's setup.
                setSetup(setupOf(resume));
                open({ resume });
              }
            : null
        }
      />
    );
  }
  // One game per gate: a ranked session is opened once, when the game's page mounts.
  return (
    <GameGate
      key={game.id}
      game={blockyGame}
      class="blocky-play"
      plan={() => planFor(game.start, undefined, game.daily)}
    >
      {(begun) => (
        <Play
          start={game.start}
          begun={begun}
          onAgain={() =>
            // After the day's game, Play again is the day's practice, as in every game (docs/architecture.md).
            game.daily
              ? open({ config: DAILY_CONFIGS.blocky as BlockyConfig, seed: randomSeed() }, true)
              : open({ config: toConfig(setup), seed: nextSeed() })
          }
          onMakeRanked={() => {
            setUrlSeed(undefined);
            navigate("", { replace: true });
            open({ config: toConfig(setup), seed: randomSeed() });
          }}
          reducedMotion={settings.reducedMotion}
          onSetup={() => setGame(null)}
        />
      )}
    </GameGate>
  );
}

/** The leaderboard page is its own page; every other subpath is the game. */
export default function BlockyScreen(props: GameScreenProps) {
  return props.subpath === "/leaderboard" ? (
    <BlockyLeaderboard search={props.search} />
  ) : (
    <BlockyGame {...props} />
  );
}
