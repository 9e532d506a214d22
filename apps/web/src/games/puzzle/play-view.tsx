import type { PuzzleState } from "@blockarcade/engine/games/puzzle";
import type { Ref } from "preact";
import type { WatchSpeed } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { RankedLine } from "../../shell/ranked-line";
import type { RankedStatus } from "../../shell/ranked-session";
import {
  type BoardPreview,
  BoardView,
  type Clearing,
  type PlacedCells,
  type RefusedDrop,
} from "./board-view";
import { DragView } from "./drag-view";
import { animationVars, type ScorePopup } from "./effects";
import { HowToPlay } from "./how-to-play-view";
import { t } from "./messages";
import { OverView } from "./over-view";
import type { Choice, Drag } from "./preview";
import type { Bests } from "./storage";
import { TrayView } from "./tray-view";

/** What is on screen besides the position. */
export interface Shown {
  /** What the live region says. */
  message: string;
  preview: BoardPreview | null;
  placed: PlacedCells | null;
  clearing: Clearing | null;
  refused: RefusedDrop | null;
  popups: readonly (ScorePopup & { id: number })[];
  drag: Drag | null;
  pick: Choice | null;
  helpOpen: boolean;
}

export interface PlayControls {
  boardPointerDown(e: PointerEvent): void;
  trayPointerDown(piece: number, e: PointerEvent, shapeEl: HTMLElement): void;
  /** A tap or Enter on a tray block. */
  activate(piece: number): void;
  hint(): void;
  watch(): void;
  speed(speed: WatchSpeed): void;
  help(open: boolean): void;
  newGamePage(): void;
  exit(): void;
  again(): void;
  /** One tap from a chosen-seed game to a ranked one. */
  makeRanked(): void;
}

export function PlayView(props: {
  game: PuzzleState;
  animate: boolean;
  bests: Bests;
  shown: Shown;
  watch: { watching: boolean; speed: WatchSpeed };
  boardRef: Ref<HTMLDivElement>;
  on: PlayControls;
  /** Ranked or not, and why (shell/ranked-session.ts). */
  status: RankedStatus;
}) {
  const { game, animate, shown, on } = props;
  const { drag, helpOpen } = shown;
  const { best } = props.bests;
  const { rows, cols } = game.config;
  const dragBlock = drag ? game.tray[drag.piece] : null;
  const filled = game.board.join("").replaceAll(".", "").length;
  return (
    <main class={animate ? "puzzle" : "puzzle is-still"} style={animationVars()}>
      <header class="puzzle-head">
        <h1>{t("title")}</h1>
        <div class="puzzle-scores">
          <p class="puzzle-score">
            <span>{t("score")}</span>
            <strong data-testid="puzzle-score">{game.score}</strong>
          </p>
          <p class="puzzle-score">
            <span>{t("best")}</span>
            <strong data-testid="puzzle-best">{Math.max(best, game.score)}</strong>
          </p>
        </div>
        <div class="puzzle-actions">
          <button
            type="button"
            class="puzzle-button"
            onClick={() => on.help(true)}
            data-testid="puzzle-help-open"
          >
            {t("howToPlay")}
          </button>
          <button type="button" class="puzzle-button" onClick={on.newGamePage}>
            {t("newGame")}
          </button>
          <button type="button" class="puzzle-button" onClick={on.exit}>
            {t("arcade")}
          </button>
        </div>
      </header>
      {/* At the end, Play again is the way to a ranked game. */}
      <RankedLine status={props.status} onMakeRanked={game.over ? undefined : on.makeRanked} />
      <div class="puzzle-play">
        <BoardView
          board={game.board}
          rows={rows}
          cols={cols}
          preview={shown.preview}
          placed={shown.placed}
          clearing={shown.clearing}
          refused={shown.refused}
          popups={shown.popups}
          boardRef={props.boardRef}
          label={t("boardHelp", { rows, cols, filled })}
          onPointerDown={on.boardPointerDown}
        />
        <div class="puzzle-side">
          <TrayView
            tray={game.tray}
            round={game.round}
            selected={shown.pick?.piece ?? null}
            dragging={drag ? drag.piece : null}
            disabled={game.over}
            animate={animate}
            onPointerDown={on.trayPointerDown}
            onActivate={on.activate}
          />
          <ComputerControls
            game="puzzle"
            class="puzzle-computer"
            onHint={on.hint}
            watching={props.watch.watching}
            onWatch={on.watch}
            speed={props.watch.speed}
            onSpeed={on.speed}
            disabled={game.over}
          />
        </div>
      </div>
      <p class="tray-sr-only" aria-live="polite">
        {shown.message}
      </p>
      {drag?.frame && dragBlock && <DragView block={dragBlock} frame={drag.frame} />}
      {helpOpen && <HowToPlay onClose={() => on.help(false)} />}
      {game.over && !helpOpen && (
        <OverView
          score={game.score}
          best={best}
          previous={props.bests.previous}
          rows={rows}
          cols={cols}
          onAgain={on.again}
          onChangeSize={on.newGamePage}
          onExit={on.exit}
        >
          <RankedLine status={props.status} />
        </OverView>
      )}
    </main>
  );
}
