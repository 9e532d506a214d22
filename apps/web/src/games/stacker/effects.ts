/**
 * What an accepted command's events mean on screen, in the speakers and in the hand: sounds, a
 * buzz on phones (a lock, a clear, the game over), the line-clear flash and the words announced (and read out by screen readers). Pure, so it is tested without a
 * browser.
 */
import type { Hint } from "@blockarcade/engine/core";
import {
  type Cell,
  hintTarget,
  KEY_ACTIONS,
  type StackerCommand,
  type StackerEvent,
  type StackerState,
  sameTurn,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
// Type only: the shell's haptics read the settings (the window), and this file stays pure.
import type { BUZZ } from "../../shell/haptics";
import { playedEvents } from "../../shell/hint-outcome";
import type { Tone } from "../../shell/sound";
import { type StackerMessage, t } from "./messages";

export interface Effects {
  tones: Tone[];
  /** A vibration, by the name of the shell's pattern (shell/haptics.ts `BUZZ`), or none. */
  buzz: keyof typeof BUZZ | null;
  /** Board rows (before the clear) to flash for a moment. */
  flash: number[];
  /** Words to announce; undefined keeps what is shown. */
  message?: string;
  /** A piece locked: the best score may have changed. */
  locked: boolean;
}

/** The words of a clear of 1 to 4 lines. */
export const clearWords = (lines: number): string =>
  lines >= 1 && lines <= 4 ? t(`clear${lines}` as StackerMessage) : "";

const GAME_OVER_TONES: Tone[] = [
  { freq: 392, duration: 0.2, slideTo: 196, type: "triangle" },
  { freq: 262, duration: 0.35, delay: 0.2, slideTo: 110, type: "triangle" },
];

function clearTones(lines: number): Tone[] {
  return Array.from({ length: lines }, (_, i) => ({
    freq: 523 * 1.26 ** i,
    duration: 0.09,
    delay: i * 0.07,
    type: "square" as const,
    gain: 0.07,
  }));
}

export function effectsOf(events: readonly StackerEvent[], state: StackerState): Effects {
  let cleared: number[] = [];
  let level: number | undefined;
  let locked = false;
  let over = false;
  let rotated = false;
  for (const event of events) {
    if (event.type === "cleared") cleared = event.rows;
    else if (event.type === "level_up") level = event.level;
    else if (event.type === "locked") locked = true;
    else if (event.type === "game_over") over = true;
    else if (event.type === "rotated") rotated = true;
  }
  if (over) {
    return {
      tones: GAME_OVER_TONES,
      buzz: "over",
      flash: cleared,
      message: t("saidOver", { score: state.score }),
      locked,
    };
  }
  if (cleared.length > 0) {
    const words = [clearWords(cleared.length), level === undefined ? "" : t("levelUp", { level })];
    return {
      tones: clearTones(cleared.length),
      buzz: "clear",
      flash: cleared,
      message: words.join(" ").trim(),
      locked,
    };
  }
  if (locked) {
    return {
      tones: [{ freq: 140, duration: 0.06, type: "sine", gain: 0.12 }],
      buzz: "place",
      flash: [],
      locked,
    };
  }
  // A turn is too frequent to buzz for: only its click.
  if (rotated) {
    return {
      tones: [{ freq: 600, duration: 0.03, type: "sine", gain: 0.04 }],
      buzz: null,
      flash: [],
      locked,
    };
  }
  return { tones: [], buzz: null, flash: [], locked };
}

/** Should a change be saved at once (a new piece, a hold, a new position) rather than throttled? */
export function isUrgentSave(events: readonly { type: string }[]): boolean {
  return (
    events.length === 0 ||
    events.some((e) => ["spawned", "locked", "held", "new_game", "loaded", "game_over"].includes(e.type))
  );
}

/** What a hint's keys do, played on the position: the lines the drop clears, and the piece played after a hold. */
export function hintOutcome(state: StackerState, commands: readonly StackerCommand[]): string {
  const events = playedEvents(stackerGame, state, commands)?.events ?? [];
  let lines = 0;
  let held = false;
  let played = "";
  for (const e of events) {
    if (e.type === "cleared") lines += e.rows.length;
    if (e.type === "held") held = true;
    if (e.type === "locked" && !played) played = e.piece;
  }
  const outcome = t("hintClears", { n: lines });
  return held && played ? t("hintHeld", { piece: played, outcome }) : outcome;
}

/** The hint in words: the piece, its keys and what they do (the keys are also drawn as its target on the board). */
export function hintAnnouncement(piece: string | undefined, keys: string, outcome: string): string {
  return piece ? t("hintFor", { piece, keys, outcome }) : t("hint", { keys, outcome });
}

/** What the computer is doing while the player watches: one line per piece, not per key. */
export function watchAnnouncement(piece: string | undefined, outcome: string): string {
  return piece ? t("computerPiece", { piece, outcome }) : t("computer", { outcome });
}

/** The keys in words, repeats counted: "hold, turn, left x3, drop" (the engine's hintKeysText, in the catalogue's words). */
export function keysText(commands: readonly StackerCommand[]): string {
  const words: string[] = [];
  let last = "";
  let count = 0;
  const flush = () => {
    if (count > 0) words.push(count > 1 ? t("times", { word: last, n: count }) : last);
  };
  for (const command of commands) {
    const word = t(`key_${command.cmd === "key" ? KEY_ACTIONS[command.key] : "wait"}` as StackerMessage);
    if (word === last) count++;
    else {
      flush();
      last = word;
      count = 1;
    }
  }
  flush();
  return words.join(", ");
}

/** How long a clear's words stay (ms); the game-over line stays. */
export const MESSAGE_MS = 2000;

/** How long a message stays before it goes: `null` for one that stays (the game over, or none). */
export function messageMs(message: string): number | null {
  return message === "" || message.startsWith(t("gameOver")) ? null : MESSAGE_MS;
}

/** The computer's plan on show: the position it answers, the target it draws, the words it says. */
export interface ShownPlan {
  state: StackerState;
  target: Cell[];
  text: string;
  /** Asked by Hint (H), or drawn because the computer is playing (Watch). */
  source: "hint" | "watch";
}

/** The plan for `state` from the computer's answer (shell/computer.ts `askHint`), or why there is none. */
export function planOf(
  state: StackerState,
  asked: { hint: Hint } | { error: string },
  source: ShownPlan["source"],
): ShownPlan | { error: string } {
  if ("error" in asked) return asked;
  const commands = asked.hint.commands as StackerCommand[];
  const piece = state.active?.type;
  const outcome = hintOutcome(state, commands);
  return {
    state,
    target: hintTarget(state, commands)?.cells ?? [],
    text:
      source === "hint"
        ? hintAnnouncement(piece, keysText(commands), outcome)
        : watchAnnouncement(piece, outcome),
    source,
  };
}

/**
 * The plan on show once the position is `state`: while watching it is asked again after every key
 * (the same words while the same piece moves: one line per piece for the live region); a hint
 * follows its piece as it moves and falls, and goes once the piece locks or is held.
 */
export function followPlan(
  plan: ShownPlan | null,
  state: StackerState,
  watching: boolean,
  ask: (source: ShownPlan["source"]) => ShownPlan | { error: string },
): ShownPlan | null {
  if (watching) {
    if (plan?.state === state && plan.source === "watch") return plan;
    const asked = ask("watch");
    if ("error" in asked) return null;
    return plan && plan.text === asked.text ? { ...asked, text: plan.text } : asked;
  }
  if (!plan || plan.state === state) return plan;
  if (plan.source === "hint" && sameTurn(plan.state, state)) {
    const asked = ask("hint");
    return "error" in asked ? null : asked;
  }
  return null;
}
