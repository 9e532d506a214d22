import type { BlockyState, Player } from "@blockarcade/engine/games/blocky";
import type { WatchSpeed } from "../../shell/computer";
import { ComputerControls } from "../../shell/computer-controls";
import { NewBest } from "../../shell/new-best";
import { RankedLine } from "../../shell/ranked-line";
import type { RankedStatus } from "../../shell/ranked-session";
import { Board, describeBlock } from "./board-view";
import { ControlsView } from "./controls-view";
import type { HintView } from "./effects";
import type { KeyIntent } from "./keyboard";
import { keysHelp } from "./keyboard";
import { t } from "./messages";
import { OverView } from "./over-view";
import { PlayersView, StatusLine } from "./players-view";
import { type Cursor, type LevelZoom, maxZoom, selectedPath, viewOf } from "./pointer";

/** What the page asks for: a key's intent, a pointed or picked cell, a watching speed, a new game. */
export type Intent =
  | KeyIntent
  | { type: "point" | "pick"; cell: Cursor }
  | { type: "speed"; speed: WatchSpeed }
  | { type: "again" };

export interface Message {
  text: string;
  tone: "info" | "error";
}

export interface PlayViewProps {
  /** Ranked or not, and why (shell/ranked-session.ts). */
  status: RankedStatus;
  /** The position drawn: while a computer's move is marked, the board as it was. */
  shown: BlockyState;
  /** The runner's position (the finished game posted). */
  state: BlockyState;
  humanTurn: boolean;
  cursor: Cursor;
  at: LevelZoom;
  /** The computer's chosen block ("pending") or the block just changed ("done"). */
  marked: { path: number[] | null; kind: "pending" | "done" };
  hint: HintView | null;
  message: Message | null;
  log: readonly string[];
  record: { score: number; previous: number } | null;
  watching: boolean;
  speed: WatchSpeed;
  onIntent: (intent: Intent) => void;
  onSetup: () => void;
}

export function PlayView(props: PlayViewProps) {
  const { shown, humanTurn, cursor, message, log, record, onIntent, onSetup } = props;
  const { level, zoom } = props.at;
  const current = shown.players[shown.current] as Player;
  const selected = humanTurn ? selectedPath(shown.tree, cursor, level, shown.maxDepth) : null;
  const side = 2 ** shown.maxDepth;
  const zoomLimit = maxZoom(shown.maxDepth);
  const view = viewOf(cursor, zoom, shown.maxDepth);
  const zoomed = view.size < side;
  const zoomedOn = zoomed
    ? t("zoomedOn", {
        rowFrom: view.row + 1,
        rowTo: view.row + view.size,
        colFrom: view.col + 1,
        colTo: view.col + view.size,
      })
    : "";
  const where = selected
    ? t("selected", { block: describeBlock(shown.tree, selected, shown.maxDepth) })
    : shown.over
      ? t("isOver")
      : t("waitingComputer");
  const boardLabel = `${t("boardLabel", { side })}${zoomedOn}. ${where} ${t("boardKeys")}`;
  const step = (type: "level" | "zoom") => (s: -1 | 1) => onIntent({ type, step: s });

  return (
    <main class="blocky-play">
      <h1 class="blocky-visually-hidden">{t("title")}</h1>
      <div class="blocky-top">
        <StatusLine game={shown} />
        <nav class="blocky-nav" aria-label={t("leaveGame")}>
          <button type="button" class="button blocky-small" onClick={onSetup}>
            {t("setup")}
          </button>
          <a class="button blocky-small" href="/">
            {t("arcade")}
          </a>
        </nav>
      </div>
      <div class="blocky-layout">
        <div class="blocky-board-wrap">
          <div class="blocky-board-box">
            <Board
              tree={shown.tree}
              maxDepth={shown.maxDepth}
              selected={selected}
              marked={props.marked.path}
              markKind={props.marked.kind}
              label={boardLabel}
              hinted={props.hint?.path ? { path: props.hint.path, action: props.hint.action } : null}
              interactive={humanTurn}
              onHover={(cell) => onIntent({ type: "point", cell })}
              onPick={(cell) => onIntent({ type: "pick", cell })}
              onWheelLevel={step("level")}
              view={view}
            />
            {zoomed && (
              <span class="blocky-zoom-badge" aria-hidden="true">
                {t("zoomBadge", { n: side / view.size })}
              </span>
            )}
          </div>
        </div>
        <div class="blocky-side">
          <p
            class={`blocky-message${message?.tone === "error" ? " is-error" : ""}`}
            role="status"
            aria-live="polite"
          >
            {message?.text ?? (humanTurn ? t("yourMove") : "")}
          </p>
          {!shown.over && <RankedLine status={props.status} />}
          <PlayersView game={shown} />
          {shown.over ? (
            <OverView
              game={shown}
              onAgain={() => onIntent({ type: "again" })}
              onSetup={onSetup}
              newBest={record && <NewBest score={record.score} previous={record.previous} />}
            >
              <RankedLine status={props.status} />
            </OverView>
          ) : (
            <ControlsView
              level={level}
              maxDepth={shown.maxDepth}
              enabled={humanTurn}
              paint={current.goal.colour}
              onLevel={step("level")}
              onAct={(action) => onIntent({ type: "act", action })}
              zoom={{ zoom: Math.min(zoom, zoomLimit), maxZoom: zoomLimit, onZoom: step("zoom") }}
            />
          )}
          <ComputerControls
            game="blocky"
            class="blocky-computer"
            onHint={() => onIntent({ type: "hint" })}
            watching={props.watching}
            onWatch={() => onIntent({ type: "watch" })}
            speed={props.speed}
            onSpeed={(speed) => onIntent({ type: "speed", speed })}
            disabled={shown.over}
          />
          {log.length > 0 && (
            <ul class="blocky-log" aria-label={t("recentMoves")}>
              {log.map((line, i) => (
                <li key={`${log.length - i}`}>{line}</li>
              ))}
            </ul>
          )}
          {!shown.over && (
            <p class="blocky-help">{keysHelp()} Tab moves between the board and the buttons.</p>
          )}
        </div>
      </div>
    </main>
  );
}
