/**
 * Block Blast in the browser: its pages, each at its own URL under /games/blast. This file only
 * routes; each page is its own module.
 */
import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { useState } from "preact/hooks";
import { lazyView } from "../../shell/lazy-view";
import { t as shellText } from "../../shell/messages";
import { NAME_KEY } from "../../shell/player";
import { GameGate } from "../../shell/ranked-line";
import { dailyPlan, isDailySearch } from "../../shell/ranked-plan";
import { readJson } from "../../shell/storage";
import type { GameScreenProps } from "../../shell/types";
import { MenuPage } from "./menu-view";
import { PlayPage } from "./play";
import { startPlan } from "./storage";
import { themeStyle } from "./theme";
import "../tray/tray.css";
import "./blast.css";
import { t } from "./messages";

/** The leaderboard page is fetched when opened: playing does not need it. */
/** So is the how-to-play page. */
const HowToPlayPage = lazyView(
  () => import("./how-to-play-view").then((m) => m.HowToPlayPage),
  () => shellText("howToPlay"),
);
const BlastLeaderboard = lazyView(
  () => import("./leaderboard-view").then((m) => m.BlastLeaderboard),
  () => shellText("leaderboard"),
);

export default function BlastScreen(props: GameScreenProps) {
  // Bumped by Restart / Play Again: a fresh game page with a fresh runner.
  const [round, setRound] = useState(0);
  switch (props.subpath) {
    case "":
      return <MenuPage {...props} />;
    case "/how-to-play":
      return <HowToPlayPage />;
    case "/leaderboard":
      return <BlastLeaderboard search={props.search} />;
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
        <main class="blast-page blast-screen" style={themeStyle()}>
          <h1>{t("notFound")}</h1>
          <p class="blast-secondary">{t("noPage", { path: props.subpath })}</p>
          <a class="blast-button primary" href="/games/blast">
            {t("menu")}
          </a>
        </main>
      );
  }
}

const isName = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0;
