/** The end of a game: why it ended, the cells removed, and the end prompt's S and Q as buttons. */
import type { Match3State } from "@blockarcade/engine/games/match3";
import type { ComponentChildren } from "preact";
import { BoardLink } from "../../shell/board-link";
import { Dialog } from "../../shell/dialog";
import { NewBest } from "../../shell/new-best";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import { t } from "./messages";

export interface EndViewProps {
  state: Match3State;
  /** The most cells removed on this field size before this game, for "New best!". */
  previousBest: number;
  onStartOver: () => void;
  onQuit: () => void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  children?: ComponentChildren;
}

export function EndView({ state, previousBest, onStartOver, onQuit, children }: EndViewProps) {
  const why =
    state.reason === "spawn-blocked" ? t("whySpawn", { brick: state.queue[0] ?? "" }) : t("whyNoBricks");
  // No onDismiss: like the terminal's end prompt, it waits for S or Q.
  return (
    <Dialog title={t("gameOver")} class="match3-over" testId="match3-over">
      <NewBest score={state.score} previous={previousBest} />
      <p>{t("cellsRemoved", { why, score: state.score })}</p>
      <p class="match3-prompt">{t("endPrompt")}</p>
      <div class="match3-row">
        <button type="button" class="button primary" onClick={onStartOver}>
          {t("startOver")}
        </button>
        <button type="button" class="button" onClick={onQuit}>
          {t("quitS")}
        </button>
        <WatchReplayLink game="match3" />
      </div>
      <BoardLink game="match3" config={state.config} class="button" />
      {children}
    </Dialog>
  );
}
