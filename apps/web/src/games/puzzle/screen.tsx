import {
  DEFAULT_CONFIG,
  newGame,
  type PuzzleConfig,
  type PuzzleState,
  puzzleGame,
} from "@blockarcade/engine/games/puzzle";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { DAILY_CONFIGS } from "../../shell/daily-configs";
import { lazyView } from "../../shell/lazy-view";
import { t as shellText } from "../../shell/messages";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch, rankedPlan } from "../../shell/ranked-plan";
import { NOT_RANKED, type StartPlan } from "../../shell/ranked-session";
import { randomSeed, seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { animationVars } from "./effects";
import { HowToPlay } from "./how-to-play-view";
import { NewGame } from "./new-game-view";
import { Play } from "./play";
import { keepScore, savedGame } from "./storage";
import { gameFromUrl } from "./url";
import "../tray/tray.css";
import "./puzzle.css";
import { t } from "./messages";

/** The leaderboard page is fetched when opened: playing does not need it. */
const PuzzleLeaderboard = lazyView(
  () => import("./leaderboard-view").then((m) => m.PuzzleLeaderboard),
  () => shellText("leaderboard"),
);

function PuzzleGame(props: GameScreenProps) {
  const { subpath, navigate, exit, settings } = props;
  // A game from the URL (a chosen seed or size) is local; its own seed is drawn here when none is given.
  const fromUrl = useMemo(() => gameFromUrl(props.search, randomSeed), []);
  // The latest state of the current game (from the URL, the saved game, or play), for Resume.
  const latest = useRef<PuzzleState | undefined>(
    fromUrl.kind === "game" ? fromUrl.state : savedGame.restore(),
  );
  // The game on the play page: how it starts (shell/ranked-plan.ts) and which game it is.
  const [session, setSession] = useState<{ plan: StartPlan<PuzzleState>; id: number } | null>(() => {
    // The day's game (the daily page's Play): its config is the day's.
    if (isDailySearch(props.search))
      return { plan: dailyPlan(planOf(DAILY_CONFIGS.puzzle as PuzzleConfig)), id: 0 };
    // A chosen seed plays locally (one tap makes a ranked game instead); a size alone is ranked.
    if (fromUrl.kind === "game" && seedFromSearch(props.search) === undefined) {
      return { plan: rankedPlan(planOf(fromUrl.state.config)), id: 0 };
    }
    if (fromUrl.kind === "game") {
      return {
        plan: { kind: "local", state: fromUrl.state, why: NOT_RANKED.chosenSeed, canRank: true },
        id: 0,
      };
    }
    return latest.current
      ? { plan: rankedPlan({ ...planOf(latest.current.config), resume: latest.current }), id: 0 }
      : null;
  });
  const [refused, setRefused] = useState(fromUrl.kind === "refused" ? fromUrl.reason : undefined);
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    // The query is dropped from the URL so a reload resumes instead of starting again.
    if (fromUrl.kind === "game") {
      const replaced = savedGame.restore();
      if (replaced && !replaced.over) keepScore(replaced);
      savedGame.save(fromUrl.state);
      navigate(subpath, { replace: true });
    } else if (fromUrl.kind === "refused") {
      navigate("/new", { replace: true });
    }
  }, []);

  const open = (plan: StartPlan<PuzzleState>) => {
    setRefused(undefined);
    setSession((s) => ({ plan, id: (s?.id ?? 0) + 1 }));
    navigate("");
  };
  const start = (config: PuzzleConfig) => {
    // An unfinished game's score still counts for its size's best (a finished one was recorded).
    if (latest.current && !latest.current.over) keepScore(latest.current);
    latest.current = undefined;
    open(rankedPlan(planOf(config)));
  };

  const current = latest.current;
  if (subpath === "/new" || !session || refused !== undefined) {
    return (
      <main class={settings.reducedMotion ? "puzzle is-still" : "puzzle"} style={animationVars()}>
        <header class="puzzle-head">
          <h1>{t("title")}</h1>
        </header>
        <NewGame
          initial={current?.config ?? DEFAULT_CONFIG}
          refused={refused}
          canResume={current !== undefined && !current.over}
          onStart={start}
          onResume={() => current && open(rankedPlan({ ...planOf(current.config), resume: current }))}
          onExit={exit}
          onHelp={() => setHelpOpen(true)}
        />
        {helpOpen && <HowToPlay onClose={() => setHelpOpen(false)} />}
      </main>
    );
  }
  // One game per gate: a ranked session is opened once, when the game's page mounts.
  return (
    <GameGate key={session.id} game={puzzleGame} class="puzzle" plan={() => session.plan}>
      {(begun) => (
        <Play
          start={begun}
          gameId={session.id}
          animate={!settings.reducedMotion}
          onState={(state) => {
            latest.current = state;
          }}
          // After the day's game, Play again is the day's practice, as in every game (docs/architecture.md).
          onPlayAgain={(config) =>
            session.plan.kind === "ranked" && session.plan.daily
              ? open(dailyPlan(planOf(config)))
              : start(config)
          }
          onNewGamePage={() => navigate("/new")}
          onExit={exit}
          onMakeRanked={() =>
            start(session.plan.kind === "local" ? session.plan.state.config : DEFAULT_CONFIG)
          }
        />
      )}
    </GameGate>
  );
}

/** A new game of `config` from `seed`, and the config the server starts a ranked one with. */
const planOf = (config: PuzzleConfig) => ({
  game: "puzzle",
  newGame: (seed: number) => newGame(config, seed),
  config,
});

/** The leaderboard page is its own page; every other subpath is the game. */
export default function PuzzleScreen(props: GameScreenProps) {
  return props.subpath === "/leaderboard" ? (
    <PuzzleLeaderboard search={props.search} reducedMotion={props.settings.reducedMotion} />
  ) : (
    <PuzzleGame {...props} />
  );
}
