/**
 * What the screen does with the engine's events (docs/games/blocky.md "Browser"): the line under the
 * board, the recent-moves log, the outline of a changed block, sounds, and the narration of a
 * computer player's move before it is shown. Pure, so it is tested without a browser.
 */
import {
  type Action,
  type BlockyCommand,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
  PENALTY,
  regionOf,
} from "@blockarcade/engine/games/blocky";
import { type Turn, WATCH_SPEEDS, type WatchView } from "../../shell/computer";
// Types only: the shell's haptics read the settings (the window), and this file stays pure.
import type { BUZZ, BuzzPattern } from "../../shell/haptics";
import { playedEvents } from "../../shell/hint-outcome";
import type { Tone } from "../../shell/sound";
import { type BlockyMessage, en, t } from "./messages";
import { actionLabel, colourName, doingText, doneText } from "./words";

export interface Effects {
  /** The line under the board, or null to leave it as it is. */
  message: string | null;
  /** New lines for the recent-moves log, oldest first. */
  log: string[];
  /** The block to outline for a moment, or null (a pass changes no block). */
  flash: number[] | null;
  tones: Tone[];
  /** A vibration on phones, by the name of the shell's pattern (shell/haptics.ts `BUZZ`), or none. */
  buzz: keyof typeof BUZZ | null;
}

/** A refused move: two short taps, unlike any accepted move. */
export const REFUSED_BUZZ: BuzzPattern = [25, 50, 25];

const MOVE_TONE: Tone = { freq: 520, duration: 0.08, type: "triangle" };
const PASS_TONE: Tone = { freq: 330, duration: 0.08, type: "triangle" };
const REFUSED_TONE: Tone = { freq: 160, duration: 0.12, type: "square", gain: 0.06 };
const GAME_OVER_TONES: Tone[] = [
  { freq: 523, duration: 0.14 },
  { freq: 659, duration: 0.14, delay: 0.12 },
  { freq: 784, duration: 0.22, delay: 0.24 },
];

/** The sentence for a finished move: "Player 2 smashed a block (-3)." */
export function movedText(state: BlockyState, event: BlockyEvent & { type: "moved" }): string {
  const colour = state.players[event.player]?.goal.colour ?? "B";
  return t("playerMoved", {
    n: event.player + 1,
    done: doneText(event.action, colour, PENALTY[event.action]),
  });
}

/** Effects of the events of one accepted command, on the state it led to. */
export function effectsOf(state: BlockyState, events: readonly BlockyEvent[]): Effects {
  const effects: Effects = { message: null, log: [], flash: null, tones: [], buzz: null };
  for (const event of events) {
    switch (event.type) {
      case "moved": {
        const line = movedText(state, event);
        effects.message = line;
        effects.log.push(line);
        effects.flash = event.action === "pass" ? null : event.path;
        effects.tones.push(event.action === "pass" ? PASS_TONE : MOVE_TONE);
        effects.buzz = event.action === "pass" ? null : event.action === "smash" ? "clear" : "place";
        break;
      }
      case "game_over":
        effects.tones.push(...GAME_OVER_TONES);
        effects.buzz = "over";
        break;
      default:
        // The protocol's own events (new_game, loaded) come through the runner too: nothing to show.
        void (event satisfies never);
    }
  }
  return effects;
}

/**
 * Before a computer player's move is shown: what it is doing and which block it chose, so the
 * player sees the block marked on the old board first. Null when the events hold no move.
 */
export function computerNarration(
  state: BlockyState,
  events: readonly BlockyEvent[],
): { text: string; path: number[] } | null {
  const moved = events.find((e) => e.type === "moved");
  if (moved?.type !== "moved") return null;
  const colour = state.players[moved.player]?.goal.colour ?? "B";
  return {
    text: t("playerDoing", { n: moved.player + 1, doing: doingText(moved.action, colour) }),
    path: moved.path,
  };
}

/**
 * An engine refusal of an action on a block (blocky/actions.ts) in the player's language: the
 * English catalogue holds the engine's sentences; one it does not know (a path the page never
 * sends) is shown as the engine says it.
 */
export function refusalReason(message: string): string {
  const key = (Object.keys(en) as BlockyMessage[]).find((k) => k.startsWith("no_") && en[k] === message);
  return key ? t(key) : message;
}

/** A refused move: why, that it cost nothing, and a low tone. */
export function refusalEffects(
  action: Action,
  /** The engine's refusal message. */
  message: string,
  /** In the tutorial the way on is the outlined block, not "your move". */
  tutorial = false,
): { message: string; tones: Tone[]; buzz: BuzzPattern } {
  return {
    message: t(tutorial ? "refusedTutorial" : "refused", {
      action: actionLabel(action).toLowerCase(),
      reason: refusalReason(message),
    }),
    tones: [REFUSED_TONE],
    buzz: REFUSED_BUZZ,
  };
}

/** How long a computer player "thinks", how long its chosen block is marked, and the changed-block outline. */
export function computerTiming(reducedMotion: boolean): { think: number; show: number; flash: number } {
  return reducedMotion ? { think: 150, show: 450, flash: 900 } : { think: 350, show: 750, flash: 900 };
}

/**
 * What the shell's watcher plays next (shell/computer.ts `next`): a computer seat's move after its
 * thinking time, watched or not; a human seat's while watching, at the chosen pace; nothing once
 * the game is over. Always the protocol's `ai`, so a ranked session records the computer's moves as such.
 */
export function computerTurn(
  state: BlockyState,
  view: Pick<WatchView, "watching" | "speed">,
  timing: { think: number },
): Turn | null {
  if (state.over) return null;
  const seat = state.players[state.current];
  if (seat && seat.kind !== "human") return { after: timing.think, command: { cmd: "ai" } };
  return view.watching ? { after: WATCH_SPEEDS[view.speed], command: { cmd: "ai" } } : null;
}

/** The recent-moves log after new lines: latest first, the last four. */
export function nextLog(log: readonly string[], lines: readonly string[]): string[] {
  return [...[...lines].reverse(), ...log].slice(0, 4);
}

/** A hint as the screen shows it: the block to outline (null for a pass), its action, and the sentence. */
export interface HintView {
  path: number[] | null;
  action: Action;
  text: string;
}

/** What a block is called in a hint: "the cell", "the block" (with its size in cells). */
function blockWords(state: BlockyState, path: readonly number[]): string {
  const { size } = regionOf(path, state.maxDepth);
  return size === 1 ? t("outlinedCell") : t("outlinedBlock", { size });
}

/**
 * What a hinted move does, played on the position: the mover's score before and after (the cost
 * counted), the first other player it cuts, and the cost. A smash's new blocks are chance (in a
 * ranked game the server deals them), so a smash says its cost alone.
 */
export function hintOutcome(state: BlockyState, command: BlockyCommand): string {
  const after = playedEvents(blockyGame, state, [command])?.state;
  const own = state.players[state.current];
  const now = after?.players[state.current];
  if (!after || !own || !now || command.cmd !== "move") return "";
  const parts: string[] = [];
  if (command.action !== "smash") {
    parts.push(
      own.score === now.score
        ? t("outcomeKeeps", { n: own.score })
        : t("outcomeScore", { from: own.score, to: now.score }),
    );
    const cut = state.players.findIndex(
      (p, i) => i !== state.current && (after.players[i]?.score ?? 0) < p.score,
    );
    const from = state.players[cut]?.score;
    if (from !== undefined)
      parts.push(t("outcomeCuts", { n: cut + 1, from, to: after.players[cut]?.score ?? 0 }));
  }
  const cost = now.penalty - own.penalty;
  if (command.action !== "pass") parts.push(cost > 0 ? t("outcomeCosts", { n: cost }) : t("outcomeFree"));
  return parts.join(", ");
}

/**
 * The hint's sentence for the live region: the action on the outlined block at its level, then
 * what it does. "Hint: paint the outlined cell red (level 2): your score goes from 3 to 4, costs 1."
 */
export function hintView(state: BlockyState, hint: { commands: readonly BlockyCommand[] }): HintView | null {
  const command = hint.commands[0];
  if (command?.cmd !== "move") return null;
  const { action, path } = command;
  const outcome = hintOutcome(state, command);
  if (action === "pass") return { path: null, action, text: t("hintPass", { outcome }) };
  const colour = colourName(state.players[state.current]?.goal.colour ?? "B");
  const verb = t(`verb_${action}`, { block: blockWords(state, path), colour });
  return { path, action, text: t("hint", { verb, level: path.length, outcome }) };
}
