/**
 * Arcade's setup: the ready-made fields and brick sets as big buttons to tap, the start level,
 * and Play (docs/games/match3.md "Arcade mode": ARCADE_FIELDS, BRICK_SETS, MAX_LEVEL).
 */
import {
  ARCADE_FIELDS,
  type ArcadeConfig,
  arcadeFallInterval,
  BRICK_SETS,
  type BrickSetName,
  MAX_LEVEL,
} from "@blockarcade/engine/games/match3";
import { rich } from "../../shell/rich";
import { BrickPicture } from "./arcade-view";
import { type Match3Message, t } from "./messages";

const SET_SAMPLES: Record<BrickSetName, string> = {
  classic: "H^*@",
  easy: "H^^*",
  flat: "H~@*",
  tall: "V*@~",
};

export interface ArcadeSetupProps {
  config: ArcadeConfig;
  best: (width: number, height: number) => number;
  onConfig: (config: ArcadeConfig) => void;
  onPlay: () => void;
  /** An unfinished Arcade game waits: offer to continue it. */
  onResume?: () => void;
}

export function ArcadeSetupView(props: ArcadeSetupProps) {
  const { config } = props;
  const set = (change: Partial<ArcadeConfig>) => props.onConfig({ ...config, ...change });
  return (
    <form
      class="match3-arcade-setup"
      data-testid="match3-arcade-setup"
      onSubmit={(e) => {
        e.preventDefault();
        props.onPlay();
      }}
    >
      <p class="match3-about">
        {rich(t("aboutArcade"), { link: <a href="/games/match3/how-to-play">{t("howToPlay")}</a> })}
      </p>
      <fieldset class="match3-choices">
        <legend>{t("fieldLegend")}</legend>
        <div class="match3-choice-grid is-three">
          {ARCADE_FIELDS.map((f) => {
            const best = props.best(f.width, f.height);
            const on = f.width === config.width && f.height === config.height;
            return (
              <button
                key={f.name}
                type="button"
                class="match3-choice"
                aria-pressed={on}
                data-testid={`match3-field-${f.name}`}
                onClick={() => set({ width: f.width, height: f.height })}
              >
                <strong class="match3-choice-title">{t(`fieldTitle_${f.name}` as Match3Message)}</strong>
                <span>
                  {f.width} × {f.height}
                </span>
                <span class="match3-choice-best">
                  {best > 0 ? t("best", { score: best }) : t("noBestYet")}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset class="match3-choices">
        <legend>{t("bricks")}</legend>
        <div class="match3-choice-grid">
          {(Object.keys(BRICK_SETS) as BrickSetName[]).map((name) => (
            <button
              key={name}
              type="button"
              class="match3-choice is-row"
              aria-pressed={config.bricks === name}
              data-testid={`match3-bricks-${name}`}
              onClick={() => set({ bricks: name })}
            >
              <BrickPicture brick={SET_SAMPLES[name]} />
              <span>
                <strong class="match3-choice-title">{t(`set_${name}`)}</strong>{" "}
                <span class="match3-choice-about">{t(`setAbout_${name}`)}</span>
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset class="match3-level">
        <legend class="match3-level-label">{t("startLevel")}</legend>
        <button
          type="button"
          class="match3-step"
          aria-label={t("lowerLevel")}
          disabled={config.level <= 1}
          onClick={() => set({ level: config.level - 1 })}
        >
          −
        </button>
        <output class="match3-level-value" data-testid="match3-start-level" aria-live="polite">
          {config.level}
        </output>
        <button
          type="button"
          class="match3-step"
          aria-label={t("raiseLevel")}
          disabled={config.level >= MAX_LEVEL}
          onClick={() => set({ level: config.level + 1 })}
        >
          +
        </button>
        <span class="match3-level-speed">{t("rowEvery", { ms: arcadeFallInterval(config.level) })}</span>
      </fieldset>
      <div class="match3-row">
        <button type="submit" class="button primary match3-play-button" data-testid="match3-play">
          {t("playArcade")}
        </button>
        {props.onResume && (
          <button type="button" class="button" onClick={props.onResume} data-testid="match3-resume">
            {t("continueGame")}
          </button>
        )}
      </div>
    </form>
  );
}
