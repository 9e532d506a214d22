/**
 * What a game says about the leaderboards, before it starts and while it goes on
 * (shell/ranked-session.ts): "Ranked game", "with help" once Hint or Watch was used, "Not ranked"
 * and why (with one tap to a ranked game when a chosen seed is the reason), and, when the connection
 * drops halfway, that the game goes on here, unranked, with no move lost.
 */
import type { AnyGame, BaseState } from "@blockarcade/engine/core";
import type { ComponentChildren } from "preact";
import { serverWords, t } from "./play-messages";
import { RaceLine } from "./race-line";
import { type GameStart, NOT_RANKED, type RankedStatus, type StartPlan } from "./ranked-session";
import { useGameStart } from "./use-ranked";

/** The session's reasons are its English constants; a server's own words pass through as they are. */
function why(text: string): string {
  const found = (Object.keys(NOT_RANKED) as (keyof typeof NOT_RANKED)[]).find((k) => NOT_RANKED[k] === text);
  return found ? t(`why_${found}`) : serverWords(text);
}

export function RankedLine(props: { status: RankedStatus; onMakeRanked?: () => void; class?: string }) {
  const { status } = props;
  const help = status.assisted ? t("withHelp") : "";
  const cls = `ranked-line ${props.class ?? ""}`;
  if (status.kind === "ranked" && status.daily) {
    const { daily } = status;
    // After the day's ranked game, every game's Play again is the day's practice (as the daily page's Play).
    const entry = status.entry?.rank ? t("enteredToday", { rank: status.entry.rank }) : "";
    return (
      <p
        class={cls}
        data-testid="ranked-line"
        data-kind={daily.practice ? "practice" : "ranked"}
        data-daily={daily.day}
        data-assisted={String(status.assisted)}
      >
        {daily.practice ? t("dailyPractice", { help }) : t("dailyChallenge", { help, entry })}
        {status.entry && (
          <>
            {" "}
            <a class="ranked-line-button" href={`/games/${daily.game}/daily`} data-testid="daily-board-link">
              {t("todaysBoard")}
            </a>
          </>
        )}
        <br />
        <RaceLine game={daily.game} />
      </p>
    );
  }
  if (status.kind === "ranked") {
    const entry = status.entry?.rank ? t("entered", { rank: status.entry.rank }) : "";
    return (
      <p class={cls} data-testid="ranked-line" data-kind="ranked" data-assisted={String(status.assisted)}>
        {t("rankedGame", { help, entry })}
      </p>
    );
  }
  if (status.dropped) {
    return (
      <p class={`${cls} ranked-line-alert`} data-testid="ranked-line" data-kind="dropped" role="alert">
        {status.why === NOT_RANKED.dropped
          ? t("connectionLost")
          : t("notRankedAnyMore", { why: why(status.why) })}
        {t("goesOn", { help })}
      </p>
    );
  }
  return (
    <p class={cls} data-testid="ranked-line" data-kind="unranked" data-assisted={String(status.assisted)}>
      {t("notRanked", { help, why: why(status.why) })}
      {status.canRank && props.onMakeRanked && (
        <>
          {" "}
          <button type="button" class="ranked-line-button" onClick={props.onMakeRanked}>
            {t("playRanked")}
          </button>
        </>
      )}
    </p>
  );
}

/**
 * Opens the page's one game (a ranked session takes one round trip; offline it is local at once)
 * and then draws it; a short note until then. Keyed by the page, so a new game is a new gate.
 */
export function GameGate<S extends BaseState>(props: {
  game: AnyGame;
  plan: () => StartPlan<S>;
  class?: string;
  children: (start: GameStart<S>) => ComponentChildren;
}) {
  const start = useGameStart(props.game, props.plan);
  if (!start) {
    return (
      <main class={props.class} data-testid="game-starting" aria-busy="true">
        <p class="ranked-line" role="status">
          {t("starting")}
        </p>
      </main>
    );
  }
  return <>{props.children(start)}</>;
}
