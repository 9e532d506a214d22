/**
 * A game's daily challenge page (/games/<id>/daily, issue 23): the day and its config in words, the
 * player's attempt (none, playing, done with score and rank; a later game is practice, said before
 * Play), the time to the next challenge, the streak, yesterday's winners and today's top 10 with
 * the player's own line marked. Offline it shows the last copy and says when it was fetched. The
 * same page for every game; loaded on demand by app/game-route.tsx.
 */
import type { GameId } from "@blockarcade/engine/core";
import { useEffect, useState } from "preact/hooks";
import {
  type DailyBoard,
  type DailyCopy,
  type DailyEntry,
  dailyCopy,
  fetchDaily,
  fetchDailyBoard,
} from "./daily-api";
import {
  attemptText,
  configWords,
  countdownText,
  countdownWords,
  dayWords,
  offlineText,
  playLabel,
  playText,
  streakText,
} from "./daily-words";
import { useTimeline } from "./effects-timeline";
import { keptDailySession } from "./ranked-session";
import "./daily-page.css";
import { gameName } from "../app/messages";
import { t } from "./daily-messages";
import { formatNumber } from "./i18n";
import { serverWords } from "./play-messages";
import { rich } from "./rich";

/** Where Play goes: the game's play page with the day's game (`?daily`). */
export function dailyPlayUrl(game: GameId): string {
  return game === "blast" ? "/games/blast/play?daily" : `/games/${game}?daily`;
}

type Loaded =
  | { kind: "loading" }
  | { kind: "shown"; copy: DailyCopy; live: boolean }
  | { kind: "failed"; message: string };

/** Fetches the day's page (and keeps it); offline, the last copy. */
async function load(game: GameId): Promise<Loaded> {
  const info = await fetchDaily(game);
  const kept = dailyCopy.read(game);
  if (!info.ok)
    return kept ? { kind: "shown", copy: kept, live: false } : { kind: "failed", message: info.message };
  const board = await fetchDailyBoard(info.value);
  const sameDay = kept?.info.date === info.value.date ? kept.board : null;
  const copy: DailyCopy = { info: info.value, board: board.ok ? board.value : sameDay, savedAt: Date.now() };
  dailyCopy.write(game, copy);
  return { kind: "shown", copy, live: board.ok };
}

/** Milliseconds to `target` (ISO), counted down each second on the page's timeline. */
function useTimeLeft(target: string | undefined): number | undefined {
  const timeline = useTimeline();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!target) return undefined;
    let cancel = () => {};
    const tick = () => {
      setNow(Date.now());
      // Wake on the next whole second, so the display turns over with the clock.
      cancel = timeline.after(1000 - (Date.now() % 1000) + 5, tick);
    };
    tick();
    return () => cancel();
  }, [target]);
  return target === undefined ? undefined : Date.parse(target) - now;
}

export default function DailyPage({ game }: { game: GameId }) {
  const title = gameName(game);
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void load(game).then((l) => {
      if (live) setLoaded(l);
    });
    return () => {
      live = false;
    };
  }, [game, round]);
  useEffect(() => {
    document.title = t("docTitle", { game: title });
  }, [title]);
  const copy = loaded.kind === "shown" ? loaded.copy : undefined;
  const left = useTimeLeft(copy?.info.nextAt);
  // A new day: its challenge is fetched (once per turnover).
  useEffect(() => {
    if (left !== undefined && left <= 0 && loaded.kind === "shown" && loaded.live) setRound((r) => r + 1);
  }, [left !== undefined && left <= 0]);

  return (
    <main class="daily-page" data-testid="daily-page" data-game={game}>
      <h1>
        {rich(t("heading", { game: title }), { accent: <span class="daily-accent">{t("accent")}</span> })}
      </h1>
      {loaded.kind === "loading" && (
        <p class="daily-note" aria-busy="true">
          {t("loading")}
        </p>
      )}
      {loaded.kind === "failed" && (
        <p class="daily-note" role="alert" data-testid="daily-failed">
          {serverWords(loaded.message)}
        </p>
      )}
      {loaded.kind === "shown" && <DailyBody game={game} copy={loaded.copy} live={loaded.live} left={left} />}
      <p>
        <a class="daily-back" href={`/games/${game}`}>
          {t("backTo", { game: title })}
        </a>
      </p>
    </main>
  );
}

function DailyBody(props: { game: GameId; copy: DailyCopy; live: boolean; left: number | undefined }) {
  const { game, copy, live, left } = props;
  const { info, board } = copy;
  const me = info.me;
  const attempt = me?.attempt ?? "none";
  const done = attempt === "done";
  // A ranked attempt under way on this device: Play goes on with it (shell/ranked-session.ts).
  const continues = attempt === "playing" && keptDailySession(game);
  const practice = attempt !== "none" && !continues;
  // Today's replays open once the attempt has nothing left to play (the server's daily lock).
  const canWatch = done && me?.canWatch !== false;
  return (
    <>
      {!live && (
        <p class="daily-offline" role="status" data-testid="daily-offline">
          {offlineText(copy.savedAt, Date.now())}
        </p>
      )}
      <p class="daily-date" data-testid="daily-date" data-date={info.date}>
        <time datetime={info.date}>{dayWords(info.date)}</time>
      </p>
      <p class="daily-config" data-testid="daily-config">
        {t("sameForEveryone", { config: configWords(game, info.config) })}
      </p>

      <section class="daily-card daily-you" aria-labelledby="daily-you-title">
        <h2 id="daily-you-title">{t("yourGame")}</h2>
        <p data-testid="daily-attempt" data-attempt={attempt}>
          {attemptText(me)}
        </p>
        <p class="daily-streak" data-testid="daily-streak" data-streak={me?.streak ?? 0}>
          {streakText(me?.streak ?? 0, attempt)}
        </p>
        <p class="daily-play-note" data-testid="daily-play-note">
          {playText(me, continues)}
        </p>
        <a
          class={practice ? "button daily-play" : "button primary daily-play"}
          href={dailyPlayUrl(game)}
          data-testid="daily-play"
          data-practice={String(practice)}
        >
          {playLabel(me, continues)}
        </a>
      </section>

      {left !== undefined && (
        <p class="daily-next" data-testid="daily-next">
          {rich(t("nextIn"), {
            countdown: (
              <span class="daily-countdown" aria-hidden="true">
                {countdownText(left)}
              </span>
            ),
          })}
          <span class="visually-hidden">{countdownWords(left)}</span>
        </p>
      )}

      <section class="daily-card" aria-labelledby="daily-board-title">
        <h2 id="daily-board-title">{t("todaysBoard")}</h2>
        {info.leader && <Leader leader={info.leader} canWatch={canWatch} done={done} />}
        <TodayBoard board={board} canWatch={canWatch} />
      </section>

      <section class="daily-card" aria-labelledby="daily-yesterday-title">
        <h2 id="daily-yesterday-title">{t("yesterday")}</h2>
        {info.yesterday.length === 0 ? (
          <p class="daily-note">{t("noYesterday")}</p>
        ) : (
          <ol class="daily-board" data-testid="daily-yesterday">
            {info.yesterday.map((w) => (
              <Line key={`${w.rank}-${w.name}`} entry={w} watch />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/**
 * The day's #1 and its game. The server answers a replay of today's game only to a player whose own
 * attempt has ended (403 REPLAY_LOCKED): before that the page says why there is no link.
 */
function Leader({
  leader,
  canWatch,
  done,
}: {
  leader: NonNullable<DailyCopy["info"]["leader"]>;
  canWatch: boolean;
  done: boolean;
}) {
  return (
    <p class="daily-leader" data-testid="daily-leader">
      <span>{t("leader", { name: leader.name, score: leader.score })}</span>{" "}
      {canWatch ? (
        <a
          class="button daily-watch-leader"
          href={`/replay/${leader.replay}`}
          data-testid="daily-watch-leader"
        >
          {t("watchLeader")}
        </a>
      ) : (
        <span class="daily-note" data-testid="daily-watch-locked">
          {done ? t("lockedRevive") : t("lockedPlay")}
        </span>
      )}
    </p>
  );
}

function TodayBoard({ board, canWatch }: { board: DailyBoard | null; canWatch: boolean }) {
  if (!board) return <p class="daily-note">{t("boardFailed")}</p>;
  if (board.entries.length === 0)
    return (
      <p class="daily-note" data-testid="daily-board-empty">
        {t("boardEmpty")}
      </p>
    );
  const mine = board.me?.entry;
  const isMine = (e: DailyEntry) =>
    mine !== undefined && e.rank === mine.rank && e.name === mine.name && e.score === mine.score;
  const shown = mine && board.entries.some(isMine);
  return (
    <>
      <ol class="daily-board" data-testid="daily-board">
        {board.entries.map((e) => (
          <Line key={`${e.rank}-${e.name}-${e.score}`} entry={e} mine={isMine(e)} watch={canWatch} />
        ))}
      </ol>
      {mine && !shown && (
        <ol class="daily-board daily-board-me" aria-label={t("yourPlace")}>
          <Line entry={mine} mine watch={canWatch} />
        </ol>
      )}
      {board.total > board.entries.length && <p class="daily-note">{t("finished", { n: board.total })}</p>}
    </>
  );
}

function Line({
  entry,
  mine = false,
  watch = false,
}: {
  entry: DailyEntry;
  mine?: boolean;
  watch?: boolean;
}) {
  return (
    <li
      class={mine ? "daily-line is-mine" : "daily-line"}
      data-testid={mine ? "daily-my-line" : undefined}
      aria-current={mine ? "true" : undefined}
    >
      <span class="daily-rank">#{entry.rank}</span>
      <span class="daily-name">
        {entry.name}
        {mine && <span class="daily-you-tag">{t("you")}</span>}
      </span>
      <span class="daily-score">{formatNumber(entry.score)}</span>
      {watch && entry.replay !== undefined && (
        <a
          class="daily-watch"
          href={`/replay/${entry.replay}`}
          aria-label={t("watchGame", { name: entry.name })}
        >
          {t("watch")}
        </a>
      )}
    </li>
  );
}
