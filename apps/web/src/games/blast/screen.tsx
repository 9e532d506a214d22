/**
 * Block Blast in the browser: its pages, each at its own URL under /games/blast. This file only
 * routes; each page is its own module.
 */
import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { useState } from "preact/hooks";
import { LazyView } from "../../shell/lazy-view";
import { useTheme } from "../../shell/look";
import { NAME_KEY } from "../../shell/player";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch } from "../../shell/ranked-plan";
import { readJson } from "../../shell/storage";
import type { GameScreenProps } from "../../shell/types";
import { HowToPlayPage } from "./how-to-play-view";
import { MenuPage } from "./menu-view";
import { PlayPage } from "./play";
import { startPlan } from "./storage";
import { themeStyle } from "./theme";
import "../tray/tray.css";
import "./blast.css";

export default function BlastScreen(props: GameScreenProps) {
  // Bumped by Restart / Play Again: a fresh game page with a fresh runner.
  const [round, setRound] = useState(0);
  const theme = useTheme();
  switch (props.subpath) {
    case "":
      return <MenuPage {...props} />;
    case "/how-to-play":
      return <HowToPlayPage />;
    case "/leaderboard":
      return <LazyView load={loadBlastLeaderboard} props={{ search: props.search }} />;
    case "/play":
      // One game per gate: a ranked session is opened once, when the page's game begins.
      return (
        <GameGate
          key={`${round}${props.search}`}
          game={blastGame}
          plan={() =>
            isDailySearch(props.search)
              ? dailyPlan({ game: "blast", newGame: newBlastGame, config: undefined })
              : startPlan(props.search, readJson(NAME_KEY, isName))
          }
          class="blast-page blast-screen"
        >
          {(start) => <PlayPage {...props} start={start} onRestart={() => setRound((r) => r + 1)} />}
        </GameGate>
      );
    default:
      return (
        <main class="blast-page blast-screen" style={themeStyle(theme)}>
          <h1>Not found</h1>
          <p class="blast-secondary">Block Blast has no page at {props.subpath}.</p>
          <a class="blast-button primary" href="/games/blast">
            Block Blast menu
          </a>
        </main>
      );
  }
}

const isName = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0;

/** The replay viewer's view of this game, in the same chunk as the game's pages (replay/adapters.ts). */
export { replay } from "./replay-view";

/** The leaderboard page, loaded on demand: the game's page does not carry it. */
const loadBlastLeaderboard = () => import("./leaderboard-view").then((m) => m.BlastLeaderboard);
