/**
 * The game page's drawing: the bar, the board with its ghost, bursts and celebration, the tray, the
 * computer's controls and the dialogs. Drawing only: play.tsx says what is shown and what each
 * control does.
 */
import type { BlastState } from "@blockarcade/engine/games/blast";
import type { WatchSpeed } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { useTheme } from "../../shell/look";
import { RankedLine } from "../../shell/ranked-line";
import type { RankedStatus } from "../../shell/ranked-session";
import { BoardView, type Burst } from "./board-view";
import { GameOverDialog, PauseDialog, SeeBoardBar } from "./dialogs-view";
import type { ShownCelebration } from "./effects";
import { CelebrationView, HudView, StreakView } from "./hud-view";
import { t } from "./messages";
import type { DragFrame } from "./pointer";
import type { Ghost, Selection } from "./preview";
import { themeStyle } from "./theme";
import { LiftedPiece, TrayView } from "./tray-view";

/** What is on screen besides the position. */
export interface Shown {
  announcement: string;
  /** Bumped by a refused placement: the board shakes again. */
  shake: number;
  ghost: Ghost | undefined;
  selection: Selection | undefined;
  drag: DragFrame | undefined;
  burst: Burst | undefined;
  popped: ReadonlySet<string>;
  celebration: ShownCelebration | undefined;
  /** Bumped by each deal: the tray slides in again. */
  dealId: number;
  paused: boolean;
  /** The game-over dialog is put aside while the player looks at the final board. */
  seeingBoard: boolean;
}

export interface PlayControls {
  pause(): void;
  boardClick(e: MouseEvent): void;
  pointerDown(e: PointerEvent, piece: number): void;
  focusPiece(piece: number): void;
  hint(): void;
  watch(): void;
  speed(speed: WatchSpeed): void;
  seeBoard(seeing: boolean): void;
  resume(): void;
  restart(): void;
  /** A chosen-seed or restored game's one tap to a ranked one. */
  makeRanked(): void;
  quit(): void;
  revive(): void;
  playAgain(): void;
  menu(): void;
}

export function PlayView(props: {
  state: BlastState;
  reduced: boolean;
  best: number;
  previousBest: number;
  shown: Shown;
  watch: { watching: boolean; speed: WatchSpeed };
  /** Ranked or not, and why (shell/ranked-line.tsx). */
  ranked: RankedStatus;
  boardRef: (el: HTMLElement | null) => void;
  on: PlayControls;
}) {
  const { state, reduced, best, shown, on } = props;
  const { selection, drag, ghost } = shown;
  const overlayOpen = shown.paused || state.over;
  return (
    <main
      class={`blast-page blast-game${reduced ? " blast-reduced" : ""}`}
      style={themeStyle(useTheme())}
      data-testid="blast-game"
      data-over={String(state.over)}
      data-seed={state.seed}
    >
      <h1 class="tray-sr-only">{t("title")}</h1>
      <HudView score={state.score} best={best} over={state.over} onPause={on.pause} />
      {/* One slim row: the streak and whether the game is ranked share it, so the board keeps its room. */}
      <div class="blast-status">
        <StreakView streak={state.streak} />
        <RankedLine status={props.ranked} onMakeRanked={on.makeRanked} class="blast-ranked" />
      </div>
      <p class="tray-sr-only" aria-live="polite" data-testid="blast-announcement">
        {shown.announcement}
      </p>
      <div class="blast-play">
        <div
          class="blast-board-wrap"
          key={`shake-${shown.shake}`}
          data-shake={shown.shake > 0 ? "true" : "false"}
        >
          <BoardView
            board={state.board}
            ghost={ghost}
            hint={!drag && selection?.hint === true}
            raised={drag !== undefined}
            burst={shown.burst}
            popped={shown.popped}
            streak={state.streak}
            boardRef={props.boardRef}
            onClick={on.boardClick}
          />
          <CelebrationView celebration={shown.celebration} />
        </div>
        <div class="blast-side">
          <TrayView
            tray={state.tray}
            selected={selection?.piece}
            hinted={selection?.hint ? selection.piece : undefined}
            dragging={drag?.piece}
            disabled={overlayOpen}
            dealId={reduced ? 0 : shown.dealId}
            onPointerDown={on.pointerDown}
            onFocusPiece={on.focusPiece}
          />
          {state.over && shown.seeingBoard ? (
            <SeeBoardBar score={state.score} onBack={() => on.seeBoard(false)} />
          ) : (
            <ComputerControls
              game="blast"
              class="blast-computer"
              onHint={on.hint}
              watching={props.watch.watching}
              onWatch={on.watch}
              speed={props.watch.speed}
              onSpeed={on.speed}
              disabled={overlayOpen}
            />
          )}
        </div>
      </div>
      {drag && (
        <LiftedPiece frame={drag} slot={state.tray[drag.piece] ?? null} overBoard={ghost !== undefined} />
      )}
      {shown.paused && !state.over && (
        <PauseDialog score={state.score} onResume={on.resume} onRestart={on.restart} onQuit={on.quit} />
      )}
      {state.over && !shown.seeingBoard && (
        <GameOverDialog
          score={state.score}
          best={best}
          previousBest={props.previousBest}
          onSeeBoard={() => on.seeBoard(true)}
          revivesLeft={state.revivesLeft}
          onRevive={on.revive}
          onPlayAgain={on.playAgain}
          onMenu={on.menu}
          post={<RankedLine status={props.ranked} onMakeRanked={on.makeRanked} />}
        />
      )}
    </main>
  );
}
