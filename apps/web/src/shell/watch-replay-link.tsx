/**
 * "Watch replay" in a game-over dialog: the game just finished, as the shell kept it
 * (shell/finished-games.ts): the server's replay of a ranked game once the server names it, or the
 * local game packed into the link. A ranked game the server has not named goes to the game's board.
 */
import type { GameId } from "@blockarcade/engine/core";
import { useEffect, useState } from "preact/hooks";
import { type FinishedGame, lastFinished, onFinishedChange } from "./finished-games";
import { t } from "./play-messages";

export async function replayHref(game: FinishedGame): Promise<string | undefined> {
  if (game.replay !== undefined) return `/replay/${game.replay}`;
  if (!game.local) return undefined;
  // Loaded when a game ends: a game page does not carry the packing until it needs it.
  const { packGame } = await import("./replay-pack");
  return `/replay#${await packGame({ game: game.game, ...game.local })}`;
}

export function WatchReplayLink(props: { game: GameId; class?: string }) {
  const [href, setHref] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const update = () => {
      const last = lastFinished(props.game);
      if (!last) return;
      void replayHref(last).then((link) => {
        if (live && link) setHref(link);
      });
    };
    update();
    const stop = onFinishedChange(update);
    return () => {
      live = false;
      stop();
    };
  }, [props.game]);
  return (
    <a
      class={props.class ?? "button"}
      href={href ?? "/replays"}
      data-testid="watch-replay"
      data-ready={href ? "true" : "false"}
      // A link drawn as the dialog's buttons: no underline in any game's style.
      style={{ textDecoration: "none" }}
    >
      {t("watchReplay")}
    </a>
  );
}
