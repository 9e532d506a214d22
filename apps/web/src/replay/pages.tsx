/**
 * The replay pages (app/pages.ts isShellPage): /replay#<packed> (a game packed in the link, no
 * network needed), /replay/<id> (a server replay; a daily game still locked says so and when it
 * opens) and /replays (the last finished games of this device, with a Watch link each, and the
 * way to every game's board).
 */
import { GAME_IDS } from "@blockarcade/engine/core";
import { useEffect, useState } from "preact/hooks";
import { readFinished } from "../shell/finished-games";
import { type PackedGame, unpackGame } from "../shell/replay-pack";
import { fetchReplay } from "../shell/replays-api";
import { replayHref } from "../shell/watch-replay-link";
import { formatDate, ReplayError, type ReplayMeta, ReplayViewer } from "./viewer";
import "./replay.css";
import { gameName } from "../app/messages";
import { serverWords } from "../shell/play-messages";
import { t } from "./messages";

type Source =
  | { kind: "loading" }
  | { kind: "error"; message: string; code?: string }
  | { kind: "ready"; packed: PackedGame; meta: ReplayMeta };

export function ReplayPage(props: { path: string; hash: string }) {
  const id = /^\/replay\/(\d+)\/*$/.exec(props.path)?.[1];
  const [source, setSource] = useState<Source>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    setSource({ kind: "loading" });
    const origin = window.location.origin;
    if (id !== undefined) {
      void fetchReplay(Number(id)).then((got) => {
        if (!live) return;
        if (!got.ok) {
          const message =
            got.kind === "offline"
              ? t("unreachable")
              : got.code === "UNKNOWN_REPLAY"
                ? t("noSuchReplay")
                : serverWords(got.message);
          return setSource({ kind: "error", message, code: got.code });
        }
        const r = got.value;
        const by = `${r.name || t("aPlayer")}${r.day ? t("byDaily", { day: r.day }) : ""}${r.board === "help" ? t("byHelp") : ""}`;
        setSource({
          kind: "ready",
          packed: { game: r.game, seed: r.seed, config: r.config, commands: r.commands },
          meta: { by, date: r.date, link: `${origin}/replay/${r.id}` },
        });
      });
    } else {
      void unpackGame(props.hash).then((got) => {
        if (!live) return;
        if (!got.ok) return setSource({ kind: "error", message: got.message });
        setSource({
          kind: "ready",
          packed: got.value,
          meta: {
            by: t("thisDevice"),
            link: `${origin}/replay${props.hash}`,
          },
        });
      });
    }
    return () => {
      live = false;
    };
  }, [id, props.hash]);

  useEffect(() => {
    if (source.kind === "error") document.title = t("replayTitle");
  }, [source.kind]);
  if (source.kind === "loading") return <main class="loading" aria-busy="true" />;
  if (source.kind === "error")
    return <ReplayError title={t("replay")} message={source.message} code={source.code} />;
  return <ReplayViewer packed={source.packed} meta={source.meta} />;
}

export function ReplaysPage() {
  const [games] = useState(readFinished);
  const [links, setLinks] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    document.title = t("yourReplaysTitle");
    let live = true;
    void Promise.all(games.map(async (g) => [g.id, await replayHref(g)] as const)).then((pairs) => {
      if (live) setLinks(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <main class="replay-page replays-page" data-testid="replays-page">
      <h1>{t("yourReplays")}</h1>
      <p class="note">{t("lastGames", { n: games.length || 20 })}</p>
      {games.length === 0 ? (
        <p class="replays-empty">{t("noGame")}</p>
      ) : (
        <ol class="replays-list">
          {games.map((g) => {
            const link = links[g.id];
            const title = gameName(g.game);
            return (
              <li key={g.id} class="replays-item" data-game={g.game} data-testid="replays-item">
                <span class="replays-game">{title}</span>
                <span class="replays-score">{t("points", { score: g.score })}</span>
                <span class="replays-when">
                  {t(g.ranked ? "whenRanked" : "when", { date: formatDate(g.date), n: g.moves })}
                </span>
                {link ? (
                  <a
                    class="button primary replays-watch"
                    href={link}
                    aria-label={t("watchGame", { game: title, score: g.score })}
                  >
                    {t("watch")}
                  </a>
                ) : (
                  <a class="button replays-watch" href={`/games/${g.game}/leaderboard`}>
                    {t("onTheBoard")}
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <h2>{t("theBoards")}</h2>
      <p class="note">{t("boardsNote")}</p>
      <ul class="replays-boards">
        {GAME_IDS.map((id) => (
          <li key={id}>
            <a class="button" href={`/games/${id}/leaderboard`}>
              {gameName(id)}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
