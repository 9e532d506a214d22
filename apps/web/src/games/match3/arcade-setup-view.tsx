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
import { BrickPicture } from "./arcade-view";

const SET_WORDS: Record<BrickSetName, { title: string; about: string; sample: string }> = {
  classic: { title: "Classic", about: "all four symbols", sample: "H^*@" },
  easy: { title: "Easy", about: "three symbols", sample: "H^^*" },
  flat: { title: "Flat", about: "lying bricks only", sample: "H~@*" },
  tall: { title: "Tall", about: "standing bricks only", sample: "V*@~" },
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
        Bricks fall on their own. Steer them with Left, Right and Drop; three equal symbols in a line vanish
        and the symbols above fall, maybe into a chain. <a href="/games/match3/how-to-play">How to play</a>
      </p>
      <fieldset class="match3-choices">
        <legend>Field</legend>
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
                <strong class="match3-choice-title">{f.name[0]?.toUpperCase() + f.name.slice(1)}</strong>
                <span>
                  {f.width} × {f.height}
                </span>
                <span class="match3-choice-best">{best > 0 ? `Best ${best}` : "No best yet"}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset class="match3-choices">
        <legend>Bricks</legend>
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
              <BrickPicture brick={SET_WORDS[name].sample} />
              <span>
                <strong class="match3-choice-title">{SET_WORDS[name].title}</strong>{" "}
                <span class="match3-choice-about">{SET_WORDS[name].about}</span>
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset class="match3-level">
        <legend class="match3-level-label">Start level</legend>
        <button
          type="button"
          class="match3-step"
          aria-label="Lower start level"
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
          aria-label="Raise start level"
          disabled={config.level >= MAX_LEVEL}
          onClick={() => set({ level: config.level + 1 })}
        >
          +
        </button>
        <span class="match3-level-speed">a row every {arcadeFallInterval(config.level)} ms</span>
      </fieldset>
      <div class="match3-row">
        <button type="submit" class="button primary match3-play-button" data-testid="match3-play">
          Play Arcade
        </button>
        {props.onResume && (
          <button type="button" class="button" onClick={props.onResume} data-testid="match3-resume">
            Continue your game
          </button>
        )}
      </div>
    </form>
  );
}
