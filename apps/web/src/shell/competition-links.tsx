/**
 * The way into the competition from each game's first screen: today's daily challenge, the game's
 * leaderboard and the replays. One component for all five games (each passes its own button class,
 * so the links look like the screen's other buttons); every link is a real URL, so it works from the
 * keyboard, opens in a new tab and survives a reload.
 */
import type { GameId } from "@blockarcade/engine/core";
import { gameName } from "../app/messages";
import { t } from "./play-messages";

export interface CompetitionLinksProps {
  game: GameId;
  /** The class of the game's own buttons, e.g. "button" or "blast-button". */
  linkClass: string;
  /** Extra layout class for the row (the game's own button row), if any. */
  class?: string;
}

export function CompetitionLinks({ game, linkClass, class: extra }: CompetitionLinksProps) {
  const base = `/games/${game}`;
  return (
    <nav
      class={extra ? `competition-links ${extra}` : "competition-links"}
      aria-label={t("compete", { game: gameName(game) })}
      data-testid="competition-links"
    >
      <a class={linkClass} href={`${base}/daily`} data-testid="competition-daily">
        {t("daily")}
      </a>
      <a class={linkClass} href={`${base}/leaderboard`} data-testid="competition-leaderboard">
        {t("leaderboard")}
      </a>
      <a class={linkClass} href="/replays" data-testid="competition-replays">
        {t("replays")}
      </a>
    </nav>
  );
}
