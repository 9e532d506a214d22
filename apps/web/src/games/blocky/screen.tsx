/**
 * Blocky in the browser (docs/games/blocky.md "Browser"): routes the setup page, the tutorial and the
 * game page (goals, play and the game-over dialog live in play.tsx). A game in progress opens
 * directly (a reload lands in it); the setup page is one tap away. `?seed=N` seeds the first game and
 * every later one counts up from it, so browser tests replay.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { prepareSeed, nextSeed as serverSeed } from "../../shell/ranked-seed";
import { seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { Play } from "./play";
import { DEFAULT_SETUP, Setup, type SetupChoice, setupOf, toConfig } from "./setup-view";
import { type GameStart, resumableGame, tutorialDone } from "./storage";
import { Tutorial } from "./tutorial-view";
import "./blocky.css";

export default function BlockyScreen({ search, settings, exit }: GameScreenProps) {
  const urlSeed = seedFromSearch(search);
  const gamesStarted = useRef(0);
  // A saved game still being played is where the page opens.
  const [resumed] = useState(() => resumableGame() ?? null);
  const [setup, setSetup] = useState<SetupChoice>(() => (resumed ? setupOf(resumed) : DEFAULT_SETUP));
  const [game, setGame] = useState<{ start: GameStart; id: number } | null>(() =>
    resumed ? { start: { resume: resumed }, id: 1 } : null,
  );
  const [learning, setLearning] = useState(false);
  const [learned, setLearned] = useState(() => tutorialDone.read() === true);
  const markLearned = () => {
    tutorialDone.write(true);
    setLearned(true);
  };
  // A server seed on hand before Start is pressed: the game can be ranked.
  useEffect(() => void prepareSeed("blocky"), []);

  const nextSeed = () => {
    const seed = urlSeed === undefined ? serverSeed("blocky") : (urlSeed + gamesStarted.current) >>> 0;
    gamesStarted.current++;
    return seed;
  };
  const open = (start: GameStart) => setGame((g) => ({ start, id: (g?.id ?? 0) + 1 }));

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
  return (
    <Play
      key={game.id}
      start={game.start}
      nextSeed={nextSeed}
      reducedMotion={settings.reducedMotion}
      onSetup={() => setGame(null)}
    />
  );
}
