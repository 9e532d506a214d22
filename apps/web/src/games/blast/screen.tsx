/**
 * Block Blast in the browser: its pages, each at its own URL under /games/blast. This file only
 * routes; each page is its own module.
 */
import { useEffect, useState } from "preact/hooks";
import { prepareSeed } from "../../shell/ranked-seed";
import type { GameScreenProps } from "../../shell/types";
import { HowToPlayPage } from "./how-to-play-view";
import { LeaderboardPage } from "./leaderboard-view";
import { MenuPage } from "./menu-view";
import { PlayPage } from "./play";
import { themeStyle } from "./theme";
import "../tray/tray.css";
import "./blast.css";

export default function BlastScreen(props: GameScreenProps) {
  // Bumped by Restart / Play Again: a fresh game page with a fresh runner.
  const [round, setRound] = useState(0);
  // A server seed on hand before Play is pressed: the first game can be ranked.
  useEffect(() => void prepareSeed("blast"), []);
  switch (props.subpath) {
    case "":
      return <MenuPage {...props} />;
    case "/how-to-play":
      return <HowToPlayPage />;
    case "/leaderboard":
      return <LeaderboardPage />;
    case "/play":
      return <PlayPage {...props} key={`${round}${props.search}`} onRestart={() => setRound((r) => r + 1)} />;
    default:
      return (
        <main class="blast-page blast-screen" style={themeStyle()}>
          <h1>Not found</h1>
          <p class="blast-secondary">Block Blast has no page at {props.subpath}.</p>
          <a class="blast-button primary" href="/games/blast">
            Block Blast menu
          </a>
        </main>
      );
  }
}
