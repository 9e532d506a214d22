/**
 * "Leaderboard" in a game-over dialog: the game's leaderboard page, opened on the config just played
 * and on the board the game went on: "with help" after a game that had help (the kept game's mark,
 * shell/finished-games.ts), else the board played alone.
 */
import type { GameId } from "@blockarcade/engine/core";
import { useEffect, useState } from "preact/hooks";
import { leaderboardHref } from "./board-href";
import { lastFinished, onFinishedChange } from "./finished-games";
import { t } from "./play-messages";

export function BoardLink(props: { game: GameId; config?: unknown; class: string }) {
  const [helped, setHelped] = useState(() => lastFinished(props.game)?.assisted === true);
  useEffect(() => {
    const update = () => setHelped(lastFinished(props.game)?.assisted === true);
    update();
    return onFinishedChange(update);
  }, [props.game]);
  return (
    <a
      class={`${props.class} board-link`}
      href={leaderboardHref(props.game, props.config, helped ? "help" : "unaided")}
      data-testid="board-link"
      data-board={helped ? "help" : "unaided"}
    >
      {t("leaderboard")}
    </a>
  );
}
