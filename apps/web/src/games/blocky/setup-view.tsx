import {
  type BlockyConfig,
  DEFAULT_DEPTH,
  DEFAULT_TURNS,
  MAX_CONFIG_DEPTH,
  MAX_DIFFICULTY,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_CONFIG_DEPTH,
  type PlayerKind,
} from "@blockarcade/engine/games/blocky";
import { useState } from "preact/hooks";
import { CompetitionLinks } from "../../shell/competition-links";
import { t } from "./messages";

export interface SetupChoice {
  maxDepth: number;
  turns: number;
  players: { kind: PlayerKind; difficulty: number }[];
}

/** The difficulty the form suggests for a new smart player. */
const SUGGESTED_DIFFICULTY = 5;

export const DEFAULT_SETUP: SetupChoice = {
  maxDepth: DEFAULT_DEPTH,
  turns: DEFAULT_TURNS,
  players: [
    { kind: "human", difficulty: SUGGESTED_DIFFICULTY },
    { kind: "smart", difficulty: SUGGESTED_DIFFICULTY },
  ],
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The setup that starts a game like `state` again (Play again after a resumed game). */
export function setupOf(state: {
  maxDepth: number;
  turns: number;
  players: readonly { kind: PlayerKind; difficulty?: number }[];
}): SetupChoice {
  return {
    maxDepth: Math.min(MAX_CONFIG_DEPTH, Math.max(MIN_CONFIG_DEPTH, state.maxDepth)),
    turns: state.turns,
    players: state.players.map((p) => ({ kind: p.kind, difficulty: p.difficulty ?? SUGGESTED_DIFFICULTY })),
  };
}

export function toConfig(choice: SetupChoice): BlockyConfig {
  return {
    maxDepth: choice.maxDepth,
    turns: choice.turns,
    players: choice.players.map((p) =>
      p.kind === "smart" ? { kind: "smart", difficulty: p.difficulty } : { kind: p.kind },
    ),
  };
}

const clampInt = (text: string, min: number, max: number, fallback: number): number => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export function Setup({
  initial,
  onStart,
  onResume,
  onExit,
  tutorial,
}: {
  initial: SetupChoice;
  onStart: (choice: SetupChoice) => void;
  onResume: (() => void) | null;
  onExit: () => void;
  /** The tutorial: offered first until finished or skipped once, then a button at the foot. */
  tutorial: { done: boolean; open: () => void; skip: () => void };
}) {
  const [choice, setChoice] = useState<SetupChoice>(initial);
  const setPlayers = (count: number) => {
    const players = choice.players.slice(0, count);
    while (players.length < count) players.push({ kind: "smart", difficulty: SUGGESTED_DIFFICULTY });
    setChoice({ ...choice, players });
  };
  const setPlayer = (i: number, change: Partial<SetupChoice["players"][number]>) =>
    setChoice({ ...choice, players: choice.players.map((p, j) => (j === i ? { ...p, ...change } : p)) });

  return (
    <main class="blocky-setup">
      <h1>{t("title")}</h1>
      <p class="blocky-lede">{t("lede")}</p>
      <CompetitionLinks game="blocky" linkClass="button" />
      {!tutorial.done && (
        <section class="blocky-learn" aria-labelledby="blocky-learn-title">
          <h2 id="blocky-learn-title">{t("newTo")}</h2>
          <p>{t("learn")}</p>
          <div class="blocky-setup-actions">
            <button type="button" class="button primary" onClick={tutorial.open}>
              {t("startTutorial")}
            </button>
            <button type="button" class="button" onClick={tutorial.skip}>
              {t("skip")}
            </button>
          </div>
        </section>
      )}
      {onResume && (
        <p>
          <button type="button" class="button primary" onClick={onResume}>
            {t("resumeSaved")}
          </button>
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onStart(choice);
        }}
      >
        <div class="blocky-field">
          <label for="blocky-depth">{t("maxDepth")}</label>
          <select
            id="blocky-depth"
            value={String(choice.maxDepth)}
            onChange={(e) => setChoice({ ...choice, maxDepth: Number(e.currentTarget.value) })}
          >
            {range(MIN_CONFIG_DEPTH, MAX_CONFIG_DEPTH).map((d) => (
              <option key={d} value={String(d)}>
                {t("depthOption", { d, side: 2 ** d })}
              </option>
            ))}
          </select>
        </div>
        <div class="blocky-field">
          <label for="blocky-turns">{t("turnsLabel")}</label>
          <input
            id="blocky-turns"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TURNS}
            value={choice.turns}
            onInput={(e) =>
              setChoice({ ...choice, turns: clampInt(e.currentTarget.value, 1, MAX_TURNS, choice.turns) })
            }
          />
        </div>
        <div class="blocky-field">
          <label for="blocky-count">{t("players")}</label>
          <select
            id="blocky-count"
            value={String(choice.players.length)}
            onChange={(e) => setPlayers(Number(e.currentTarget.value))}
          >
            {range(1, MAX_PLAYERS).map((c) => (
              <option key={c} value={String(c)}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {choice.players.map((p, i) => (
          <fieldset class="blocky-player-setup" key={i}>
            <legend>{t("playerN", { n: i + 1 })}</legend>
            <div class="blocky-field">
              <label for={`blocky-kind-${i}`}>
                <span class="blocky-visually-hidden">{t("playerN", { n: i + 1 })} </span>
                {t("kind")}
              </label>
              <select
                id={`blocky-kind-${i}`}
                value={p.kind}
                onChange={(e) => setPlayer(i, { kind: e.currentTarget.value as PlayerKind })}
              >
                <option value="human">{t("option_human")}</option>
                <option value="random">{t("option_random")}</option>
                <option value="smart">{t("option_smart")}</option>
                <option value="expert">{t("option_expert")}</option>
              </select>
            </div>
            {p.kind === "smart" && (
              <div class="blocky-field">
                <label for={`blocky-difficulty-${i}`}>
                  <span class="blocky-visually-hidden">{t("playerN", { n: i + 1 })} </span>
                  {t("difficulty")}
                </label>
                <input
                  id={`blocky-difficulty-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_DIFFICULTY}
                  value={p.difficulty}
                  onInput={(e) =>
                    setPlayer(i, {
                      difficulty: clampInt(e.currentTarget.value, 1, MAX_DIFFICULTY, p.difficulty),
                    })
                  }
                />
              </div>
            )}
          </fieldset>
        ))}
        <div class="blocky-setup-actions">
          <button type="submit" class="button primary">
            {t("startGame")}
          </button>
          {tutorial.done && (
            <button type="button" class="button" onClick={tutorial.open}>
              {t("tutorial")}
            </button>
          )}
          <button type="button" class="button" onClick={onExit}>
            {t("backToArcade")}
          </button>
        </div>
      </form>
    </main>
  );
}
