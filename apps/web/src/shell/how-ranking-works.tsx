/** "How ranking works" on a leaderboard screen: the players' rules (ranking-rules.ts), folded away. */

import { t } from "./ranking-messages";
import { RANKING_RULES } from "./ranking-rules";

export function HowRankingWorks(props: { class?: string }) {
  return (
    <details class={`how-ranking-works ${props.class ?? ""}`} data-testid="how-ranking-works">
      <summary>{t("howRankingWorks")}</summary>
      <ul>
        {RANKING_RULES.map((rule) => (
          <li key={rule}>{t(rule)}</li>
        ))}
      </ul>
    </details>
  );
}
