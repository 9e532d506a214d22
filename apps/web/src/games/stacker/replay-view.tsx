/** Block Stacker in the replay viewer: its own board, hold and next pieces, read-only (shell/replay-adapter.ts). */
import {
  hintTarget,
  type StackerCommand,
  type StackerState,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import type { ReplayAdapter, ReplayBoardProps } from "../../shell/replay-adapter";
import { BoardView } from "./board-view";
import { hintOutcome } from "./effects";
import { HoldView, NextView } from "./side-view";
import { writeSavedGame } from "./storage";
import "./stacker.css";

const NO_FLASH: readonly number[] = [];

function Board({ state: shown, hint }: ReplayBoardProps) {
  const state = shown as StackerState;
  const target = hint ? hintTarget(state, hint.commands as StackerCommand[])?.cells : undefined;
  return (
    <div class="stacker replay-stacker">
      <div class="stacker-field">
        <HoldView hold={state.hold} canHold={state.canHold} />
        <BoardView state={state} flash={NO_FLASH} hint={target} />
        <NextView next={state.next} />
      </div>
    </div>
  );
}

export const replay: ReplayAdapter = {
  game: stackerGame,
  outcome: (state, hint) => hintOutcome(state as StackerState, hint.commands as StackerCommand[]),
  Board,
  practice(state) {
    writeSavedGame(state as StackerState);
    return "/games/stacker";
  },
};
