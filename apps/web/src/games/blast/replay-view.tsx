/** Block Blast in the replay viewer: its own board and tray, read-only (shell/replay-adapter.ts). */
import { type BlastCommand, type BlastState, blastGame } from "@blockarcade/engine/games/blast";
import { useTheme } from "../../shell/look";
import type { ReplayAdapter, ReplayBoardProps } from "../../shell/replay-adapter";
import { BoardView } from "./board-view";
import { hintOutcome } from "./effects";
import { ghostOf, hintSelection } from "./preview";
import { savedGame } from "./storage";
import { themeStyle } from "./theme";
import { TrayView } from "./tray-view";
import "../tray/tray.css";
import "./blast.css";

const NONE: ReadonlySet<string> = new Set();
const nothing = () => undefined;

function Board({ state: shown, hint }: ReplayBoardProps) {
  const state = shown as BlastState;
  const selection = hintSelection(hint?.commands[0] as BlastCommand | undefined);
  const ghost = selection ? ghostOf(state, undefined, selection) : undefined;
  return (
    <div class="blast-page replay-blast" style={themeStyle(useTheme())}>
      <div class="blast-play">
        <div class="blast-board-wrap">
          <BoardView
            board={state.board}
            ghost={ghost}
            hint={ghost !== undefined}
            burst={undefined}
            popped={NONE}
            streak={state.streak}
            boardRef={nothing}
            onClick={nothing}
          />
        </div>
        <div class="blast-side">
          <TrayView
            tray={state.tray}
            selected={undefined}
            hinted={selection?.piece}
            dragging={undefined}
            disabled={true}
            dealId={0}
            onPointerDown={nothing}
            onFocusPiece={nothing}
          />
        </div>
      </div>
    </div>
  );
}

export const replay: ReplayAdapter = {
  game: blastGame,
  outcome: (state, hint) => hintOutcome(state as BlastState, hint.commands[0] as BlastCommand),
  Board,
  practice(state) {
    savedGame.save(state as BlastState);
    return "/games/blast/play";
  },
};
