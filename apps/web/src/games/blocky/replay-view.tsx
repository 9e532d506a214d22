/** Blocky in the replay viewer: its own board and the players' table, read-only (shell/replay-adapter.ts). */
import { type BlockyCommand, type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import type { ReplayAdapter, ReplayBoardProps } from "../../shell/replay-adapter";
import { Board as BlockyBoard } from "./board-view";
import { hintOutcome, hintView } from "./effects";
import { PlayersView, StatusLine } from "./players-view";
import { savedGame } from "./storage";
import "./blocky.css";

const nothing = () => undefined;

function Board({ state: shown, hint }: ReplayBoardProps) {
  const state = shown as BlockyState;
  const view = hint && !state.over ? hintView(state, hint as { commands: BlockyCommand[] }) : null;
  return (
    <div class="blocky-play replay-blocky">
      <StatusLine game={state} />
      <div class="blocky-layout">
        <div class="blocky-board-wrap">
          <div class="blocky-board-box">
            <BlockyBoard
              tree={state.tree}
              maxDepth={state.maxDepth}
              selected={null}
              marked={null}
              markKind="done"
              hinted={view?.path ? { path: view.path, action: view.action } : null}
              label={`Board, turn ${Math.min(state.turn + 1, state.turns)} of ${state.turns}`}
              interactive={false}
              onHover={nothing}
              onPick={nothing}
              onWheelLevel={nothing}
            />
          </div>
        </div>
        <div class="blocky-side">
          <PlayersView game={state} />
        </div>
      </div>
    </div>
  );
}

export const replay: ReplayAdapter = {
  game: blockyGame,
  outcome: (state, hint) => hintOutcome(state as BlockyState, hint.commands[0] as BlockyCommand),
  Board,
  practice(state) {
    savedGame.save(state as BlockyState);
    return "/games/blocky";
  },
};
