/**
 * Every game's leaderboard page (/games/<id>/leaderboard), in the game's own look: a config picker
 * (the common configs and the one the player last played), the boards played alone and with help
 * apart (how-ranking-works.tsx), today / this week / all time, a page of entries with paging, the
 * player's own place with its neighbours, a "Watch" link to each entry's replay, the device's own
 * best list, and the last copy with "Offline: last updated <time>" when the server cannot be reached.
 * The API calls are boards-api.ts; each game's leaderboard-view.tsx says what its boards are.
 */
import { canonicalJson } from "@blockarcade/engine/core";
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import {
  BOARD_KINDS,
  type BoardKind,
  type BoardPeriod,
  type BoardQuery,
  loadBoard,
  PAGE_SIZE,
  type PagedEntry,
  PERIODS,
  pagesOf,
  type ShownBoard,
  watchHref,
} from "./boards-api";
import { HowRankingWorks } from "./how-ranking-works";
import type { ApiResult } from "./leaderboard";
import "./leaderboard-page.css";
import { t } from "./board-messages";
import { formatDate, formatNumber } from "./i18n";
import { serverWords } from "./play-messages";
import { rich } from "./rich";

/** One board a game offers: a config and what a player calls it. */
export interface BoardChoice {
  label: string;
  config: unknown;
}

/** What a game knows of its configs: the engine's reading (every field filled in) and a name for one. */
export interface ConfigReader {
  parseConfig(raw: unknown): { ok: true; value: unknown } | { ok: false };
  label(config: unknown): string;
}

/** `?config=<JSON>` of a page's query, as the game-over dialog's link gives it; undefined if absent or not JSON. */
export function configFromSearch(search: string): unknown {
  const text = new URLSearchParams(search).get("config");
  if (text === null || text.length > 2048) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The picker's choices: the common configs, then the ones the player played (the URL's, the last
 * played) unless they are one of those; each in the engine's reading, so one board is one choice.
 * Returns the choices and which one the page opens on: the URL's, else the last played, else the first.
 */
export function boardChoices(
  reader: ConfigReader,
  common: readonly unknown[],
  played: readonly unknown[],
): { choices: BoardChoice[]; open: number } {
  const choices: BoardChoice[] = [];
  const keys: string[] = [];
  const add = (raw: unknown): number => {
    if (raw === undefined) return -1;
    const parsed = reader.parseConfig(raw);
    if (!parsed.ok) return -1;
    const key = canonicalJson(parsed.value);
    const found = keys.indexOf(key);
    if (found >= 0) return found;
    keys.push(key);
    choices.push({ label: reader.label(parsed.value), config: parsed.value });
    return choices.length - 1;
  };
  for (const config of common) add(config);
  const opened = played.map(add).find((i) => i >= 0);
  return { choices, open: opened ?? 0 };
}

export interface LeaderboardPageProps {
  game: string;
  /** The game's title, for the heading. */
  title: string;
  /** The page's query: `board=help` and `period=` open those tabs. */
  search: string;
  choices: BoardChoice[];
  /** The choice the page opens on. */
  open: number;
  /** The game's own look: its page class (and style), and its button class. */
  mainClass: string;
  style?: Record<string, string>;
  buttonClass: string;
  /** The way back to the game's first screen. */
  back: { href: string; label: string };
  /** The device's own best list for a choice, where the game keeps one. */
  local?: (choice: BoardChoice) => ComponentChildren;
}

const isPeriod = (v: string | null): v is BoardPeriod => v === "today" || v === "week" || v === "all";

export function LeaderboardPage(props: LeaderboardPageProps) {
  const params = new URLSearchParams(props.search);
  const [choice, setChoice] = useState(() => Math.min(props.open, props.choices.length - 1));
  const [board, setBoard] = useState<BoardKind>(() => (params.get("board") === "help" ? "help" : "unaided"));
  const [period, setPeriod] = useState<BoardPeriod>(() => {
    const p = params.get("period");
    return isPeriod(p) ? p : "all";
  });
  const [offset, setOffset] = useState(0);
  const [reply, setReply] = useState<ApiResult<ShownBoard> | undefined>(undefined);
  const current = props.choices[choice] ?? props.choices[0];
  const config = current?.config;
  const configKey = canonicalJson(config ?? {});

  useEffect(() => {
    let live = true;
    setReply(undefined);
    const query: BoardQuery = { game: props.game, config, board, period, offset, limit: PAGE_SIZE };
    loadBoard(query).then((r) => {
      if (live) setReply(r);
    });
    return () => {
      live = false;
    };
  }, [props.game, configKey, board, period, offset]);

  const pick =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  const { buttonClass } = props;
  return (
    <main class={`${props.mainClass} lb-page`} style={props.style} data-testid="leaderboard-page">
      <h1>{t("title", { game: props.title })}</h1>
      {props.choices.length > 1 && (
        <label class="lb-picker">
          <span>{t("board")}</span>
          <select
            data-testid="lb-config"
            value={String(choice)}
            onChange={(e) => pick(setChoice)(Number(e.currentTarget.value))}
          >
            {props.choices.map((c, i) => (
              <option key={c.label} value={String(i)}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {props.choices.length === 1 && current && <p class="lb-one-config">{current.label}</p>}
      <Tabs
        label={t("whoPlayed")}
        testId="lb-kind"
        items={BOARD_KINDS.map((k) => ({ id: k.id, label: t(`kind_${k.id}`) }))}
        value={board}
        onPick={pick(setBoard)}
        buttonClass={buttonClass}
      />
      <Tabs
        label={t("when")}
        testId="lb-period"
        items={PERIODS.map((p) => ({ id: p.id, label: t(`period_${p.id}`) }))}
        value={period}
        onPick={pick(setPeriod)}
        buttonClass={buttonClass}
      />
      <BoardView reply={reply} board={board} buttonClass={buttonClass} onOffset={setOffset} />
      {props.local && current && (
        <section class="lb-local" aria-labelledby="lb-local-title" data-testid="lb-local">
          <h2 id="lb-local-title">{t("thisDevice")}</h2>
          {props.local(current)}
        </section>
      )}
      <HowRankingWorks />
      <a class={`${buttonClass} lb-back`} href={props.back.href}>
        {props.back.label}
      </a>
    </main>
  );
}

function Tabs<T extends string>(props: {
  label: string;
  testId: string;
  items: readonly { id: T; label: string }[];
  value: T;
  onPick: (v: T) => void;
  buttonClass: string;
}) {
  return (
    <fieldset class="lb-tabs" data-testid={props.testId}>
      <legend class="visually-hidden">{props.label}</legend>
      {props.items.map((item) => (
        <button
          key={item.id}
          type="button"
          class={`${props.buttonClass}${item.id === props.value ? " primary" : ""}`}
          aria-pressed={item.id === props.value}
          onClick={() => props.onPick(item.id)}
        >
          {item.label}
        </button>
      ))}
    </fieldset>
  );
}

const sameEntry = (a: PagedEntry, b: PagedEntry): boolean =>
  a.replay !== undefined && b.replay !== undefined
    ? a.replay === b.replay
    : a.rank === b.rank && a.name === b.name && a.score === b.score && a.date === b.date;

function BoardView(props: {
  reply: ApiResult<ShownBoard> | undefined;
  board: BoardKind;
  buttonClass: string;
  onOffset: (offset: number) => void;
}) {
  const { reply } = props;
  if (!reply) {
    return (
      <p class="lb-note" data-testid="lb-loading" aria-busy="true">
        {t("loading")}
      </p>
    );
  }
  if (!reply.ok) {
    return (
      <p class="lb-note" data-testid="lb-offline">
        {reply.kind === "offline" ? t("offline") : serverWords(reply.message)}
      </p>
    );
  }
  const { board, offlineSince } = reply.value;
  const mine = board.me?.entry;
  const pages = pagesOf(board);
  return (
    <section class="lb-board" aria-label={t("leaderboard")} data-testid="lb-board" data-board={props.board}>
      {offlineSince && (
        <p class="lb-note lb-offline-note" data-testid="lb-offline-copy">
          {t("offlineSince", { when: when(offlineSince) })}
        </p>
      )}
      {board.entries.length === 0 ? (
        <p class="lb-note" data-testid="lb-empty">
          {board.offset > 0 ? t("noMore") : props.board === "help" ? t("noHelpGames") : t("noGames")}
        </p>
      ) : (
        <Entries entries={board.entries} mine={mine} testId="lb-entries" />
      )}
      <nav class="lb-paging" aria-label={t("pages")}>
        <button
          type="button"
          class={props.buttonClass}
          disabled={pages.previous === undefined}
          onClick={() => pages.previous !== undefined && props.onOffset(pages.previous)}
        >
          {t("previous")}
        </button>
        <span aria-live="polite" data-testid="lb-page-label">
          {pages.label &&
            t("pageLabel", {
              from: board.offset + 1,
              to: Math.min(board.total, board.offset + board.limit),
              total: board.total,
            })}
        </span>
        <button
          type="button"
          class={props.buttonClass}
          disabled={pages.next === undefined}
          onClick={() => pages.next !== undefined && props.onOffset(pages.next)}
        >
          {t("next")}
        </button>
      </nav>
      {board.me !== undefined && (
        <section class="lb-me" aria-labelledby="lb-me-title" data-testid="lb-me">
          <h2 id="lb-me-title">{t("yourPlace")}</h2>
          {board.me === null ? (
            <p class="lb-note">{t("notOnBoard")}</p>
          ) : (
            <>
              <p class="lb-me-rank" data-testid="lb-me-rank">
                {t("rankOf", { rank: board.me.rank, total: board.total })}
              </p>
              <Entries entries={board.me.around} mine={mine} testId="lb-around" />
            </>
          )}
        </section>
      )}
    </section>
  );
}

function Entries(props: { entries: PagedEntry[]; mine: PagedEntry | undefined; testId: string }) {
  return (
    <ol class="lb-entries" data-testid={props.testId}>
      {props.entries.map((e) => {
        const isMine = props.mine !== undefined && sameEntry(e, props.mine);
        return (
          <li
            key={`${e.rank}-${e.replay ?? e.name}`}
            class={isMine ? "lb-entry is-me" : "lb-entry"}
            aria-current={isMine ? "true" : undefined}
            data-testid="lb-entry"
          >
            <span class="lb-rank">{e.rank}</span>
            <span class="lb-name">
              <span class="lb-name-text">{e.name}</span>
              {isMine && <span class="lb-you">{t("you")}</span>}
            </span>
            <span class="lb-score">{formatNumber(e.score)}</span>
            <span class="lb-date">{day(e.date)}</span>
            {e.replay !== undefined ? (
              <a class="lb-watch" href={watchHref(e.replay)}>
                {t("watch")}
                <span class="visually-hidden">{t("watchGame", { name: e.name, rank: e.rank })}</span>
              </a>
            ) : (
              <span class="lb-watch" />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function day(date: string): string {
  return formatDate(date, { day: "numeric", month: "short" });
}

function when(iso: string): string {
  return formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
}

/** A device's best score per config (a game's best-score table), the open board's one marked. */
export function LocalBests(props: {
  rows: { label: string; score: number; current: boolean }[];
  empty: string;
}) {
  if (props.rows.length === 0) return <p class="lb-note">{props.empty}</p>;
  return (
    <ul class="lb-bests" data-testid="lb-local-bests">
      {props.rows.map((r) => (
        <li key={r.label} class={r.current ? "is-current" : undefined}>
          {rich(t("localBest", { label: r.label }), { score: <strong>{formatNumber(r.score)}</strong> })}
          {r.current && <span class="lb-you">{t("thisBoard")}</span>}
        </li>
      ))}
    </ul>
  );
}
