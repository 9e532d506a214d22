/**
 * The daily page's words (shell/daily-page.tsx), made here so they are tested: the day, the time to
 * the next challenge, the streak, the attempt and what Play starts, the day's config, the offline note.
 */
import type { GameId } from "@blockarcade/engine/core";
import type { Attempt, DailyInfo } from "./daily-api";
import { isRecord } from "./leaderboard";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Friday 27 November 2026" for a UTC day (spelt here: locales punctuate dates differently). */
export function dayWords(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
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
  if (minutes < 1) return "less than a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (h === 0) return part(m, "minute");
  return m === 0 ? part(h, "hour") : `${part(h, "hour")} ${part(m, "minute")}`;
}

/** The streak in words; one not yet extended today asks for today's game. */
export function streakText(streak: number, attempt: Attempt): string {
  if (streak <= 0) return "No streak yet: play today's challenge to start one.";
  const days = streak === 1 ? "1 day in a row" : `${streak} days in a row`;
  return attempt === "none" ? `${days}: play today to keep it going.` : `${days}.`;
}

/** The player's attempt, in words (the ranked one; a later game is practice). */
export function attemptText(me: DailyInfo["me"]): string {
  if (!me || me.attempt === "none")
    return "You have not played today's challenge yet: your first game counts.";
  if (me.attempt === "playing") return "Your ranked attempt is under way.";
  const score = me.score === undefined ? "" : ` You scored ${me.score.toLocaleString("en-GB")}`;
  const rank = me.rank === undefined ? "." : `, #${me.rank} today.`;
  return `Done.${score}${score ? rank : ""}`;
}

/**
 * What Play starts, said before it starts: the ranked attempt, going on with it (under way on this
 * device), or practice.
 */
export function playText(me: DailyInfo["me"], continues = false): string {
  if (me?.attempt === "playing" && continues)
    return "Continue: your ranked attempt goes on where you left it.";
  return me && me.attempt !== "none"
    ? "Play practice: today's ranked attempt is taken, so this game is not entered."
    : "Play today's challenge: one ranked attempt.";
}

/** The Play button's words. */
export function playLabel(me: DailyInfo["me"], continues = false): string {
  if (!me || me.attempt === "none") return "Play today's challenge";
  return me.attempt === "playing" && continues ? "Continue today's challenge" : "Play practice";
}

/** "A" or "An" before a number said aloud (an 8, an 11, an 18). */
const an = (n: unknown) => (/^(8|11|18)(\D|$)/.test(String(n)) ? "An" : "A");

/** A day's config in words, per game (a switch over every GameId: a new game without words is a type error). */
export function configWords(game: GameId, config: unknown): string {
  const c = isRecord(config) ? config : {};
  switch (game) {
    case "blast":
      return "The standard 8 x 8 board, three pieces at a time.";
    case "puzzle":
      return `${an(c.rows)} ${c.rows ?? "?"} x ${c.cols ?? "?"} grid.`;
    case "stacker":
      return `${an(c.size)} ${c.size ?? "?"} x ${c.size ?? "?"} board.`;
    case "match3":
      return `Arcade on the ${c.width ?? "?"} x ${c.height ?? "?"} field, ${c.bricks ?? "classic"} bricks, from level ${c.level ?? 1}.`;
    case "blocky": {
      const players = Array.isArray(c.players) ? c.players.filter(isRecord) : [];
      const others = players.filter((p) => p.kind !== "human");
      const who = others
        .map((p) =>
          p.kind === "smart"
            ? `a smart computer (difficulty ${p.difficulty ?? "?"})`
            : `a ${p.kind} computer`,
        )
        .join(" and ");
      const size = typeof c.maxDepth === "number" ? `${2 ** c.maxDepth} x ${2 ** c.maxDepth}` : "?";
      return `${an(2 ** Number(c.maxDepth))} ${size} board, ${c.turns ?? "?"} turns, you against ${who || "no one"}.`;
    }
  }
}

/** "Offline: last updated 21:40" (today) or with the date when older. */
export function offlineText(savedAt: number, now: number): string {
  const then = new Date(savedAt);
  const sameDay = new Date(now).toDateString() === then.toDateString();
  const time = then.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const when = sameDay
    ? time
    : `${then.toLocaleDateString("en-GB", { day: "numeric", month: "short" })} ${time}`;
  return `Offline: last updated ${when}`;
}
