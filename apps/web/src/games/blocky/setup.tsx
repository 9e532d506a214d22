/** The setup screen: maximum depth, turns, and 1-4 players, each human, random or smart. */
import type { BlockyConfig, PlayerKind } from "@blockarcade/engine/games/blocky";
import { useState } from "preact/hooks";

export interface SetupChoice {
  maxDepth: number;
  turns: number;
  players: { kind: PlayerKind; difficulty: number }[];
}

export const DEFAULT_SETUP: SetupChoice = {
  maxDepth: 4,
  turns: 5,
  players: [
    { kind: "human", difficulty: 5 },
    { kind: "smart", difficulty: 5 },
  ],
};

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
}: {
  initial: SetupChoice;
  onStart: (choice: SetupChoice) => void;
  onResume: (() => void) | null;
  onExit: () => void;
}) {
  const [choice, setChoice] = useState<SetupChoice>(initial);
  const setPlayers = (count: number) => {
    const players = choice.players.slice(0, count);
    while (players.length < count) players.push({ kind: "smart", difficulty: 5 });
    setChoice({ ...choice, players });
  };
  const setPlayer = (i: number, change: Partial<SetupChoice["players"][number]>) =>
    setChoice({ ...choice, players: choice.players.map((p, j) => (j === i ? { ...p, ...change } : p)) });

  return (
    <main class="blocky-setup">
      <h1>Blocky</h1>
      <p class="blocky-lede">
        Rotate, swap, smash and paint blocks of a colourful quad-tree. Each player is dealt a goal: the
        largest blob of a colour, or the most of it on the edge. Highest score after the last turn wins.
      </p>
      {onResume && (
        <p>
          <button type="button" class="button primary" onClick={onResume}>
            Resume saved game
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
          <label for="blocky-depth">Maximum depth</label>
          <select
            id="blocky-depth"
            value={String(choice.maxDepth)}
            onChange={(e) => setChoice({ ...choice, maxDepth: Number(e.currentTarget.value) })}
          >
            {[2, 3, 4, 5, 6].map((d) => (
              <option key={d} value={String(d)}>
                {d} ({2 ** d} x {2 ** d} cells)
              </option>
            ))}
          </select>
        </div>
        <div class="blocky-field">
          <label for="blocky-turns">Number of turns</label>
          <input
            id="blocky-turns"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={choice.turns}
            onInput={(e) =>
              setChoice({ ...choice, turns: clampInt(e.currentTarget.value, 1, 100, choice.turns) })
            }
          />
        </div>
        <div class="blocky-field">
          <label for="blocky-count">Players</label>
          <select
            id="blocky-count"
            value={String(choice.players.length)}
            onChange={(e) => setPlayers(Number(e.currentTarget.value))}
          >
            {[1, 2, 3, 4].map((c) => (
              <option key={c} value={String(c)}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {choice.players.map((p, i) => (
          <fieldset class="blocky-player-setup" key={i}>
            <legend>Player {i + 1}</legend>
            <div class="blocky-field">
              <label for={`blocky-kind-${i}`}>
                <span class="blocky-visually-hidden">Player {i + 1} </span>Kind
              </label>
              <select
                id={`blocky-kind-${i}`}
                value={p.kind}
                onChange={(e) => setPlayer(i, { kind: e.currentTarget.value as PlayerKind })}
              >
                <option value="human">Human</option>
                <option value="random">Random computer</option>
                <option value="smart">Smart computer</option>
              </select>
            </div>
            {p.kind === "smart" && (
              <div class="blocky-field">
                <label for={`blocky-difficulty-${i}`}>
                  <span class="blocky-visually-hidden">Player {i + 1} </span>Difficulty (moves tried)
                </label>
                <input
                  id={`blocky-difficulty-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={200}
                  value={p.difficulty}
                  onInput={(e) =>
                    setPlayer(i, { difficulty: clampInt(e.currentTarget.value, 1, 200, p.difficulty) })
                  }
                />
              </div>
            )}
          </fieldset>
        ))}
        <div class="blocky-setup-actions">
          <button type="submit" class="button primary">
            Start game
          </button>
          <button type="button" class="button" onClick={onExit}>
            Back to the arcade
          </button>
        </div>
      </form>
    </main>
  );
}
