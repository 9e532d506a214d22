/**
 * The way into the competition from each game's first screen: today's daily challenge, the game's
 * leaderboard and the replays. One component for all five games (each passes its own button class,
 * so the links look like the screen's other buttons); every link is a real URL, so it works from the
 * keyboard, opens in a new tab and survives a reload.
 */
import { GAME_INFO, type GameId } from "@blockarcade/engine/core";

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
      aria-label={`${GAME_INFO[game].title}: compete`}
      data-testid="competition-links"
    >
      <a class={linkClass} href={`${base}/daily`} data-testid="competition-daily">
        Daily
      </a>
      <a class={linkClass} href={`${base}/leaderboard`} data-testid="competition-leaderboard">
        Leaderboard
      </a>
      <a class={linkClass} href="/replays" data-testid="competition-replays">
        Replays
      </a>
    </nav>
  );
}
