import type { GameId } from "@blockarcade/engine/core";
import { progress as blastProgress } from "../games/blast/progress";
import { progress as blockyProgress } from "../games/blocky/progress";
import { progress as match3Progress } from "../games/match3/progress";
import { progress as puzzleProgress } from "../games/puzzle/progress";
import { progress as stackerProgress } from "../games/stacker/progress";
import type { Progress } from "../shell/progress";
import { CATALOG } from "./catalog";
import { t } from "./messages";
import { CONTINUE_PAGE } from "./pages";
import { Thumbnail } from "./thumbnails";

// Each reader is a few lines over localStorage (no game rules), so the home page stays light.
const PROGRESS: Record<GameId, () => Progress> = {
  blast: blastProgress,
  puzzle: puzzleProgress,
  stacker: stackerProgress,
  match3: match3Progress,
  blocky: blockyProgress,
};

export function Home() {
  return (
    <main class="home">
      <section class="home-intro">
        <h1>{t("homeTitle")}</h1>
        <p>{t("homeLead")}</p>
      </section>
      <ul class="cards" aria-label={t("games")}>
        {CATALOG.map((game) => {
          // Read on each visit to the home page: the game just left may have saved or scored.
          const { best, waiting } = PROGRESS[game.id]();
          const href = `/games/${game.id}${waiting ? (CONTINUE_PAGE[game.id] ?? "") : ""}`;
          return (
            <li key={game.id}>
              <a class="card" href={href} data-game={game.id}>
                <Thumbnail id={game.id} />
                <span class="card-text">
                  <span class="card-name">{game.name}</span>
                  <span class="card-tagline">{game.tagline}</span>
                  {(best !== null || waiting) && (
                    <span class="card-progress">
                      {waiting && (
                        <span class="badge badge-continue" data-testid="card-continue">
                          {t("continue")}
                        </span>
                      )}
                      {best !== null && (
                        <span class="card-best" data-testid="card-best">
                          {t("best", { score: best })}
                        </span>
                      )}
                    </span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
