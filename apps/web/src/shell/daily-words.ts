/**
 * The daily page's words (shell/daily-page.tsx), made here so they are tested: the day, the time to
 * the next challenge, the streak, the attempt and what Play starts, the day's config, the offline note.
 */
import type { GameId } from "@blockarcade/engine/core";
import type { Attempt, DailyInfo } from "./daily-api";
import { type DailyMessage, t } from "./daily-messages";
import { formatDate } from "./i18n";
import { isRecord } from "./leaderboard";

/** A config value as it is written ("?" when missing); not a count, so no thousands separator. */
const text = (v: unknown): string => (v === undefined || v === null ? "?" : String(v));
const BRICK_SETS = new Set(["classic", "easy", "flat", "tall"]);

/** "Friday 27 November 2026" for a UTC day (spelt here: locales punctuate dates differently). */
export function dayWords(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const part = (options: Intl.DateTimeFormatOptions) => formatDate(date, { ...options, timeZone: "UTC" });
  return t("day", {
    weekday: part({ weekday: "long" }),
    day: date.getUTCDate(),
    month: part({ month: "long" }),
    year: String(date.getUTCFullYear()),
  });
}

/** The time left as H:MM:SS ("0:00:00" once it is due). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** The time left in words, for screen readers: "4 hours 5 minutes", "3 minutes", "less than a minute". */
export function countdownWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t("lessThanMinute");
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t("minutes", { n: m });
  return m === 0
    ? t("hours", { n: h })
    : t("hoursMinutes", { hours: t("hours", { n: h }), minutes: t("minutes", { n: m }) });
}

/** The streak in words; one not yet extended today asks for today's game. */
export function streakText(streak: number, attempt: Attempt): string {
  if (streak <= 0) return t("noStreak");
  const days = t("streakDays", { n: streak });
  return attempt === "none" ? t("streakKeep", { days }) : t("streakDone", { days });
}

/** The player's attempt, in words (the ranked one; a later game is practice). */
export function attemptText(me: DailyInfo["me"]): string {
  if (!me || me.attempt === "none") return t("notPlayed");
  if (me.attempt === "playing") return t("underWay");
  if (me.score === undefined) return t("done");
  return me.rank === undefined
    ? t("doneScore", { score: me.score })
    : t("doneScoreRank", { score: me.score, rank: me.rank });
}

/**
 * What Play starts, said before it starts: the ranked attempt, going on with it (under way on this
 * device), or practice.
 */
export function playText(me: DailyInfo["me"], continues = false): string {
  if (me?.attempt === "playing" && continues) return t("playContinue");
  return me && me.attempt !== "none" ? t("playPractice") : t("playChallenge");
}

/** The Play button's words. */
export function playLabel(me: DailyInfo["me"], continues = false): string {
  if (!me || me.attempt === "none") return t("labelChallenge");
  return me.attempt === "playing" && continues ? t("labelContinue") : t("labelPractice");
}

/** "A" or "An" before a number said aloud (an 8, an 11, an 18). */
/** English says "an 8 x 8", "an 11 x 11", "an 18 x 18": the catalogue has both forms. */
const an = (n: unknown) => /^(8|11|18)(\D|$)/.test(String(n));

/** A day's config in words, per game (a switch over every GameId: a new game without words is a type error). */
export function configWords(game: GameId, config: unknown): string {
  const c = isRecord(config) ? config : {};
  switch (game) {
    case "blast":
      return t("configBlast");
    case "puzzle":
      return t(an(c.rows) ? "configPuzzleAn" : "configPuzzle", { rows: text(c.rows), cols: text(c.cols) });
    case "stacker":
      return t(an(c.size) ? "configStackerAn" : "configStacker", { size: text(c.size) });
    case "match3":
      return t("configMatch3", {
        width: text(c.width),
        height: text(c.height),
        bricks: BRICK_SETS.has(String(c.bricks ?? "classic"))
          ? t(`bricks_${c.bricks ?? "classic"}` as DailyMessage)
          : String(c.bricks),
        level: text(c.level ?? 1),
      });
    case "blocky": {
      const players = Array.isArray(c.players) ? c.players.filter(isRecord) : [];
      const others = players.filter((p) => p.kind !== "human");
      const who = others
        .map((p) =>
          p.kind === "smart"
            ? t("smartComputer", { n: text(p.difficulty) })
            : t(`kindComputer_${p.kind === "expert" ? "expert" : "random"}`),
        )
        .join(t("and"));
      const size = typeof c.maxDepth === "number" ? `${2 ** c.maxDepth} x ${2 ** c.maxDepth}` : "?";
      return t(an(2 ** Number(c.maxDepth)) ? "configBlockyAn" : "configBlocky", {
        size,
        turns: text(c.turns),
        who: who || t("noOne"),
      });
    }
  }
}

/** "Offline: last updated 21:40" (today) or with the date when older. */
export function offlineText(savedAt: number, now: number): string {
  const then = new Date(savedAt);
  const sameDay = new Date(now).toDateString() === then.toDateString();
  const time = formatDate(then, { hour: "2-digit", minute: "2-digit", hour12: false });
  const when = sameDay ? time : `${formatDate(then, { day: "numeric", month: "short" })} ${time}`;
  return t("offline", { when });
}
