/** Block Puzzle in the replay viewer: its own board and tray, read-only (shell/replay-adapter.ts). */
import { type PuzzleCommand, type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";
import type { ReplayAdapter, ReplayBoardProps } from "../../shell/replay-adapter";
import { BoardView } from "./board-view";
import { animationVars, hintOutcome } from "./effects";
import { boardPreview, hintChoice } from "./preview";
import { savedGame } from "./storage";
import { TrayView } from "./tray-view";
import "../tray/tray.css";
import "./puzzle.css";
import { t } from "./messages";

const nothing = () => undefined;

function Board({ state: shown, hint }: ReplayBoardProps) {
  const game = shown as PuzzleState;
  const command = hint?.commands[0] as PuzzleCommand | undefined;
  const pick = command?.cmd === "place" ? hintChoice(command) : null;
  const preview = boardPreview(game, null, pick);
  const { rows, cols } = game.config;
  const filled = game.board.join("").replaceAll(".", "").length;
  return (
    <div class="puzzle is-still replay-puzzle" style={animationVars()}>
      <div class="puzzle-play">
        <BoardView
          board={game.board}
          rows={rows}
          cols={cols}
          preview={preview}
          placed={null}
          clearing={null}
          refused={null}
          popups={[]}
          boardRef={null}
          label={t("boardLabel", { rows, cols, filled })}
          onPointerDown={nothing}
        />
        <div class="puzzle-side">
          <TrayView
            tray={game.tray}
            round={game.round}
            selected={pick?.piece ?? null}
            dragging={null}
            disabled={true}
            animate={false}
            onPointerDown={nothing}
            onActivate={nothing}
          />
        </div>
      </div>
    </div>
  );
}

export const replay: ReplayAdapter = {
  game: puzzleGame,
  outcome: (state, hint) => hintOutcome(state as PuzzleState, hint.commands[0] as PuzzleCommand),
  Board,
  practice(state) {
    savedGame.save(state as PuzzleState);
    return "/games/puzzle";
  },
};
