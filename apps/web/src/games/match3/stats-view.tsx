/** The frame number, the cells removed so far, the most on this field size, and the next brick. */
import type { BrickSymbol, Match3State } from "@blockarcade/engine/games/match3";
import { t } from "./messages";
import { describeBrick, SymbolGlyph } from "./symbols";

export function StatsView({ state, frame, best }: { state: Match3State; frame: number; best: number }) {
  const next = state.queue[0];
  return (
    <dl class="match3-stats">
      <div>
        <dt>{t("frame")}</dt>
        <dd data-testid="match3-frame">{frame}</dd>
      </div>
      <div>
        <dt>{t("removed")}</dt>
        <dd data-testid="match3-score">{state.score}</dd>
      </div>
      <div>
        <dt>{t("bestLabel")}</dt>
        <dd data-testid="match3-classic-best">{best}</dd>
      </div>
      <div>
        <dt>{t("next")}</dt>
        <dd data-testid="match3-next">
          {state.over || next === undefined ? (
            t("none")
          ) : (
            <>
              <span class={`match3-next-brick${next[0] === "V" ? " is-vertical" : ""}`} aria-hidden="true">
                {[...next.slice(1)].map((s, i) => (
                  <SymbolGlyph key={i} symbol={s as BrickSymbol} />
                ))}
              </span>
              <span class="match3-sr">
                {next}, {describeBrick(next)}
              </span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
