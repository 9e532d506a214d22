/**
 * "New best!": the one celebration of a record, the same in every game. It is a live region, so a
 * screen reader says it too; the burst is CSS (`.new-best` in app/shell.css) and stands still when
 * reduced motion is on (the `data-reduced-motion` attribute every game already honours).
 */
import { t } from "./play-messages";

export interface NewBestProps {
  /** The finished game's score. */
  score: number;
  /** The best score before this game (0 when there was none). */
  previous: number;
}

/** A record is a score above the previous best; a first game with a score of 0 is not one. */
export function isNewBest(score: number, previous: number): boolean {
  return score > previous;
}

export function NewBest({ score, previous }: NewBestProps) {
  if (!isNewBest(score, previous)) return null;
  return (
    <p class="new-best" role="status" data-testid="new-best">
      <span class="new-best-burst" aria-hidden="true">
        ★
      </span>
      {t("newBest")}{" "}
      <span class="new-best-detail">{previous > 0 ? t("beats", { score, previous }) : t("firstRecord")}</span>
    </p>
  );
}
