/**
 * Arcade mode's views around the field: the stats bar with the pause button, the preview of the
 * next bricks, and the pause and game-over dialogs (the shell's Dialog: it takes focus, keeps it
 * inside and gives it back). Both dialogs have a way back to the arcade. Over the field: the
 * "+points" popups and the level banner.
 */
import { BRICKS_PER_LEVEL, type BrickSymbol, type Match3State } from "@blockarcade/engine/games/match3";
import type { ComponentChildren } from "preact";
import { BoardLink } from "../../shell/board-link";
import { BoundKeys } from "../../shell/bound-keys";
import { Dialog } from "../../shell/dialog";
import { formatNumber } from "../../shell/i18n";
import { ariaKeyShortcuts, useKeyBindings } from "../../shell/key-bindings";
import { NewBest } from "../../shell/new-best";
import { rich } from "../../shell/rich";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import type { PointsPopup } from "./effects";
import { t } from "./messages";
import { describeBrick, SymbolGlyph } from "./symbols";

function Stat(props: { label: string; value: string | number; testid: string }) {
  return (
    <div class="match3-stat">
      <dt>{props.label}</dt>
      <dd data-testid={props.testid}>{props.value}</dd>
    </div>
  );
}

export function ArcadeBar(props: { state: Match3State; best: number; paused: boolean; onPause: () => void }) {
  const { state } = props;
  useKeyBindings();
  return (
    <header class="match3-bar">
      <dl class="match3-bar-stats">
        <Stat label={t("score")} value={state.score} testid="match3-arcade-score" />
        <Stat label={t("level")} value={state.level ?? 1} testid="match3-level" />
        <Stat label={t("cells")} value={state.cells ?? 0} testid="match3-cells" />
        <Stat label={t("bestLabel")} value={Math.max(props.best, state.score)} testid="match3-best" />
      </dl>
      <button
        type="button"
        class="icon-button match3-pause"
        aria-label={props.paused ? t("resume") : t("pause")}
        aria-keyshortcuts={ariaKeyShortcuts("match3", "pause")}
        data-testid="match3-pause"
        // A mouse click leaves focus where it was: Space stays the drop.
        onPointerDown={(e) => e.pointerType === "mouse" && e.preventDefault()}
        onClick={props.onPause}
      >
        <span aria-hidden="true">{props.paused ? "▶" : "❚❚"}</span>
      </button>
    </header>
  );
}

export function BrickPicture({ brick }: { brick: string }) {
  return (
    <span class={`match3-next-brick${brick[0] === "V" ? " is-vertical" : ""}`} aria-hidden="true">
      {[...brick.slice(1)].map((s, i) => (
        <SymbolGlyph key={i} symbol={s as BrickSymbol} />
      ))}
    </span>
  );
}

/** The preview: the bricks that come next, first on top, and the combo in progress. */
export function NextView({ state }: { state: Match3State }) {
  return (
    <aside class="match3-side" aria-label={t("nextBricks")}>
      <h2 class="match3-side-title">{t("next")}</h2>
      <ol class="match3-queue" data-testid="match3-queue">
        {state.queue.map((brick, i) => (
          <li key={`${i}-${brick}`}>
            <BrickPicture brick={brick} />
            <span class="match3-sr">{describeBrick(brick)}</span>
          </li>
        ))}
      </ol>
      <p class="match3-combo" data-testid="match3-combo">
        {(state.combo ?? 0) > 1 ? t("combo", { n: state.combo ?? 0 }) : ""}
      </p>
      {/* The stage to come (docs/games/match3.md "Score, chains, combo and stages"). */}
      <p class="match3-stage-left" data-testid="match3-stage-left">
        {t("floorRisesIn", { n: BRICKS_PER_LEVEL - ((state.placed ?? 0) % BRICKS_PER_LEVEL) })}
      </p>
    </aside>
  );
}

function Backdrop(props: { children: ComponentChildren }) {
  return <div class="match3-backdrop">{props.children}</div>;
}

export function PauseDialog(props: {
  restored: boolean;
  /** A ranked game: its clock is the server's (docs/service.md "Fair play"). */
  ranked?: boolean;
  onResume: () => void;
  onChangeMode: () => void;
}) {
  return (
    <Backdrop>
      <Dialog title={t("paused")} onDismiss={props.onResume} class="match3-dialog" testId="match3-paused">
        {props.restored && <p data-testid="match3-restored">{t("restored")}</p>}
        {props.ranked && <p data-testid="ranked-pause">{t("rankedPause")}</p>}
        <button type="button" class="button primary" onClick={props.onResume}>
          {t("resume")}
        </button>
        <button type="button" class="button" onClick={props.onChangeMode}>
          {t("changeMode")}
        </button>
        <a class="button" href="/">
          {t("backToArcade")}
        </a>
        <p class="match3-dialog-keys">
          {rich(t("resumes"), { key: <BoundKeys game="match3" action="pause" /> })}
        </p>
      </Dialog>
    </Backdrop>
  );
}

export function ArcadeOverDialog(props: {
  state: Match3State;
  /** The best on this field now (this game recorded). */
  best: number;
  /** The best before this game, for "New best!". */
  previousBest: number;
  fieldName: string;
  onPlayAgain: () => void;
  onChangeMode: () => void;
  /** Hide the dialog to look at the final field. */
  onLook: () => void;
  /** Posting the score (shell/post-score.tsx). */
  children?: ComponentChildren;
}) {
  const { state } = props;
  return (
    <Backdrop>
      <Dialog title={t("gameOver")} class="match3-dialog" testId="match3-arcade-over">
        <NewBest score={state.score} previous={props.previousBest} />
        <p>{state.reason === "topped-out" ? t("whyToppedOut") : t("whyNoRoom")}</p>
        <p class="match3-final">
          {rich(t("finalLine", { level: state.level ?? 1, cells: state.cells ?? 0 }), {
            score: <strong data-testid="match3-final-score">{state.score}</strong>,
          })}
        </p>
        <p>{t("bestOnField", { field: props.fieldName, score: Math.max(props.best, state.score) })}</p>
        <button type="button" class="button primary" onClick={props.onPlayAgain}>
          {t("playAgain")}
        </button>
        <button type="button" class="button" onClick={props.onChangeMode}>
          {t("changeMode")}
        </button>
        <BoardLink game="match3" config={state.config} class="button" />
        <a class="button" href="/">
          {t("backToArcade")}
        </a>
        <button type="button" class="button" onClick={props.onLook} data-testid="match3-look">
          {t("seeField")}
        </button>
        <WatchReplayLink game="match3" />
        {props.children}
      </Dialog>
    </Backdrop>
  );
}

/** While the player looks at the final field: the result in one line and the way back to it. */
export function LookBar(props: { state: Match3State; onBack: () => void }) {
  return (
    <div class="match3-look-bar" data-testid="match3-look-bar">
      <span>{rich(t("lookLine"), { score: <strong>{formatNumber(props.state.score)}</strong> })}</span>
      <button type="button" class="button primary" onClick={props.onBack} ref={(el) => el?.focus()}>
        {t("backToResults")}
      </button>
    </div>
  );
}

/** The "+points" popups where matches went and the level banner, over the field (not read out). */
export function FieldOverlay(props: {
  popups: readonly (PointsPopup & { id: number })[];
  banner: string | null;
  field: { width: number; height: number };
  reducedMotion: boolean;
  /** Behind a dialog the popups would only be noise. */
  hidePopups: boolean;
}) {
  return (
    <>
      {!props.hidePopups &&
        props.popups.map((p) => (
          <span
            key={p.id}
            class={props.reducedMotion ? "match3-popup is-still" : "match3-popup"}
            aria-hidden="true"
            style={{
              left: `${((p.col + 0.5) / props.field.width) * 100}%`,
              top: `${((p.row + 0.5) / props.field.height) * 100}%`,
            }}
          >
            {p.text}
          </span>
        ))}
      {props.banner && (
        <span class="match3-banner" aria-hidden="true" data-testid="match3-banner">
          {props.banner}
        </span>
      )}
    </>
  );
}
