/**
 * Block Puzzle's pages: the new-game page (`/new`, or when there is no game to resume, or when the
 * URL asked for a size the engine refused) and the play page. Which game is current lives here; the
 * playing itself is play.tsx.
 */
import { GAME_INFO } from "@blockarcade/engine/core";
import {
  DEFAULT_CONFIG,
  newGame,
  type PuzzleConfig,
  type PuzzleState,
} from "@blockarcade/engine/games/puzzle";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { nextSeed, prepareSeed } from "../../shell/ranked-seed";
import type { GameScreenProps } from "../../shell/types";
import { animationVars } from "./effects";
import { HowToPlay } from "./how-to-play-view";
import { NewGame } from "./new-game-view";
import { Play } from "./play";
import { keepScore, savedGame } from "./storage";
import { gameFromUrl } from "./url";
import "../tray/tray.css";
import "./puzzle.css";

export default function PuzzleScreen(props: GameScreenProps) {
  const { subpath, navigate, exit, settings } = props;
  // A new game takes a server seed when one is on hand (it can be ranked), else a local one.
  const seed = () => nextSeed("puzzle");
  const fromUrl = useMemo(() => gameFromUrl(props.search, seed), []);
  // The latest state of the current game (from the URL, the saved game, or play), for Resume.
  const latest = useRef<PuzzleState | undefined>(
    fromUrl.kind === "game" ? fromUrl.state : savedGame.restore(),
  );
  const [session, setSession] = useState(() => (latest.current ? { state: latest.current, id: 0 } : null));
  const [refused, setRefused] = useState(fromUrl.kind === "refused" ? fromUrl.reason : undefined);
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    void prepareSeed("puzzle");
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

  const open = (state: PuzzleState) => {
    latest.current = state;
    setRefused(undefined);
    setSession((s) => ({ state, id: (s?.id ?? 0) + 1 }));
    navigate("");
  };
  const start = (config: PuzzleConfig) => {
    // An unfinished game's score still counts for its size's best (a finished one was recorded).
    if (latest.current && !latest.current.over) keepScore(latest.current);
    const state = newGame(config, seed());
    savedGame.save(state);
    open(state);
  };

  const current = latest.current;
  if (subpath === "/new" || !session || refused !== undefined) {
    return (
      <main class={settings.reducedMotion ? "puzzle is-still" : "puzzle"} style={animationVars()}>
        <header class="puzzle-head">
          <h1>{GAME_INFO.puzzle.title}</h1>
        </header>
        <NewGame
          initial={current?.config ?? DEFAULT_CONFIG}
          refused={refused}
          canResume={current !== undefined && !current.over}
          onStart={start}
          onResume={() => current && open(current)}
          onExit={exit}
          onHelp={() => setHelpOpen(true)}
        />
        {helpOpen && <HowToPlay onClose={() => setHelpOpen(false)} />}
      </main>
    );
  }
  return (
    <Play
      initial={session.state}
      gameId={session.id}
      animate={!settings.reducedMotion}
      onState={(state) => {
        latest.current = state;
      }}
      onPlayAgain={start}
      onNewGamePage={() => navigate("/new")}
      onExit={exit}
    />
  );
}
