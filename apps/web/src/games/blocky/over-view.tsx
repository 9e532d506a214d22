/**
 * The game-over dialog: goal points, penalty and final score per player, the winner, "New best!"
 * when player 1 beat this configuration's best, and the ways on: again, setup, or the arcade.
 */
import type { BlockyState } from "@blockarcade/engine/games/blocky";
import type { ComponentChildren } from "preact";
import { BoardLink } from "../../shell/board-link";
import { Dialog } from "../../shell/dialog";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import { t } from "./messages";
import { goalShort } from "./words";

export function OverView({
  game,
  onAgain,
  onSetup,
  newBest,
  children,
}: {
  game: BlockyState;
  onAgain: () => void;
  onSetup: () => void;
  /** The shell's `<NewBest>` when player 1's score beat the stored best. */
  newBest?: ComponentChildren;
  /** Posting player 1's score to the global leaderboard (shell/post-score.tsx). */
  children?: ComponentChildren;
}) {
  const winner = game.winner ?? 0;
  const best = game.players[winner]?.score;
  const tied = game.players.some((p, i) => i !== winner && p.score === best);
  return (
    <Dialog title={t("gameOver")} class="blocky-over" testId="blocky-over">
      <p class="blocky-winner">
        {t("winner", { n: winner + 1, score: best ?? 0 })}
        {tied && t("tie")}
      </p>
      {newBest}
      <table class="blocky-scores">
        <thead>
          <tr>
            <th scope="col">{t("player")}</th>
            <th scope="col">{t("goal")}</th>
            <th scope="col">{t("penalty")}</th>
            <th scope="col">{t("score")}</th>
          </tr>
        </thead>
        <tbody>
          {game.players.map((p, i) => (
            <tr key={i} class={i === winner ? "is-winner" : ""}>
              <th scope="row">
                {i + 1} <small>({goalShort(p.goal)})</small>
              </th>
              <td>{p.score + p.penalty}</td>
              <td>{p.penalty === 0 ? "0" : `-${p.penalty}`}</td>
              <td>{p.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="blocky-over-actions">
        <button type="button" class="button primary" onClick={onAgain}>
          {t("playAgain")}
        </button>
        <button type="button" class="button" onClick={onSetup}>
          {t("newSetup")}
        </button>
        <BoardLink game="blocky" config={game.config} class="button" />
        <a class="button" href="/">
          {t("backToArcade")}
        </a>
        <WatchReplayLink game="blocky" />
      </div>
      {children && (
        <div class="blocky-post">
          <p class="post-score-note">{t("globalTakes", { score: game.players[0]?.score ?? 0 })}</p>
          {children}
        </div>
      )}
    </Dialog>
  );
}
