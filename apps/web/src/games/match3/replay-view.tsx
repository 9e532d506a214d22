/** Match-3 in the replay viewer: its own field and next bricks, read-only (shell/replay-adapter.ts). */
import {
  bestLanding,
  isArcade,
  type Match3Command,
  type Match3State,
  match3Game,
} from "@blockarcade/engine/games/match3";
import type { ReplayAdapter, ReplayBoardProps } from "../../shell/replay-adapter";
import { NextView } from "./arcade-view";
import { hintOutcome } from "./effects";
import { FieldView } from "./field-view";
import { savedGame, writeArcadeGame } from "./storage";
import "./match3.css";

function Board({ state: shown, hint }: ReplayBoardProps) {
  const state = shown as Match3State;
  const width = state.board[0]?.length ?? 0;
  // The coach's landing is drawn as the game draws its hint (Arcade: the engine's best landing).
  const target = hint && isArcade(state) && !state.over ? (bestLanding(state).best?.landing ?? null) : null;
  return (
    <div class="match3-arcade replay-match3">
      <div class="match3-arena">
        <div class="match3-well">
          <div
            class="match3-field-box"
            style={{ "--cols": String(width), "--rows": String(state.board.length) }}
          >
            <FieldView
              board={state.board}
              active={state.active}
              hint={target ? { cells: target.cells } : null}
            />
          </div>
        </div>
        {isArcade(state) && <NextView state={state} />}
      </div>
    </div>
  );
}

export const replay: ReplayAdapter = {
  game: match3Game,
  outcome: (state, hint) => hintOutcome(state as Match3State, hint.commands as Match3Command[]),
  Board,
  practice(shown, moves) {
    const state = shown as Match3State;
    if (isArcade(state)) writeArcadeGame(state);
    else savedGame.save({ state, frame: moves + 1, pending: [] });
    return "/games/match3";
  },
};
