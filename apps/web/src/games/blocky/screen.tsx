/**
 * Blocky in the browser (docs/games/blocky.md "Browser"): routes the setup page and the game page
 * (goals, play and the game-over dialog live in play.tsx). `?seed=N` seeds the first game and every
 * later one counts up from it, so browser tests replay.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { prepareSeed, nextSeed as serverSeed } from "../../shell/ranked-seed";
import { seedFromSearch } from "../../shell/seed";
import type { GameScreenProps } from "../../shell/types";
import { type GameStart, Play } from "./play";
import { DEFAULT_SETUP, Setup, type SetupChoice, setupOf, toConfig } from "./setup-view";
import { resumableGame } from "./storage";
import "./blocky.css";

export default function BlockyScreen({ search, settings, exit }: GameScreenProps) {
  const urlSeed = seedFromSearch(search);
  const gamesStarted = useRef(0);
  const [setup, setSetup] = useState<SetupChoice>(DEFAULT_SETUP);
  const [game, setGame] = useState<{ start: GameStart; id: number } | null>(null);
  // A server seed on hand before Start is pressed: the game can be ranked.
  useEffect(() => void prepareSeed("blocky"), []);

  const nextSeed = () => {
    const seed = urlSeed === undefined ? serverSeed("blocky") : (urlSeed + gamesStarted.current) >>> 0;
    gamesStarted.current++;
    return seed;
  };
  const open = (start: GameStart) => setGame((g) => ({ start, id: (g?.id ?? 0) + 1 }));

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
