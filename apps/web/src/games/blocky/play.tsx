/**
 * The Blocky game page: goals, then play until the game-over dialog. Wiring only: intents from keys and the
 * page (play-view.tsx) in, runner commands out (moves, `ai`, `new`), effects (effects.ts) on the page's
 * timeline. The shell's watcher plays the computer seats, and the human seats while watching (V): a computer's
 * move is shown in two beats, its chosen block marked on the board as it was, then the new board (the watcher
 * holds the next turn until both are shown). Hint (H) outlines the expert's move and says why. A move of the
 * player's own takes over from the computer.
 */
import type { Reply } from "@blockarcade/engine/core";
import {
  type Action,
  type BlockyCommand,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
} from "@blockarcade/engine/games/blocky";
import { useEffect, useState } from "preact/hooks";
import { askHint, useWatch } from "../../shell/computer";
import { useTimed, useTimeline } from "../../shell/effects-timeline";
import { useGameKeys } from "../../shell/game-keys";
import { BUZZ, buzz } from "../../shell/haptics";
import { RankedLine } from "../../shell/ranked-line";
import { type GameStart as Begun, waitingFor } from "../../shell/ranked-session";
import { playTones } from "../../shell/sound";
import { useLatestState } from "../../shell/use-latest";
import { useRankedRunner } from "../../shell/use-ranked";
import {
  computerNarration,
  computerTiming,
  computerTurn,
  effectsOf,
  type HintView,
  hintView,
  nextLog,
  refusalEffects,
} from "./effects";
import { GoalsView } from "./goals-view";
import { keyContext, keyToIntent, moveCursor } from "./keyboard";
import { t } from "./messages";
import { type Intent, type Message, PlayView } from "./play-view";
import {
  type Cursor,
  firstLevel,
  type LevelZoom,
  selectBlock,
  selectedPath,
  stepLevelZoom,
  stepZoom,
} from "./pointer";
import { type GameStart, recordBest, savedGame } from "./storage";

const TOP = { row: 0, col: 0 };
/** The intents that are a move of the player's own: they take over from the computer. */
const TAKE_OVER = new Set<Intent["type"]>(["act", "move", "pick", "level", "zoom"]);

export function Play(props: {
  start: GameStart;
  /** The game the shell opened: a ranked session, or a local game and why (shell/ranked-session.ts). */
  begun: Begun<BlockyState>;
  /** "Play again" (a new page: a new ranked session) and the one tap from a chosen seed to ranked. */
  onAgain: () => void;
  onMakeRanked: () => void;
  reducedMotion: boolean;
  onSetup: () => void;
}) {
  const { start, begun, onAgain, onMakeRanked, reducedMotion, onSetup } = props;
  const timeline = useTimeline();
  const timing = computerTiming(reducedMotion);
  // Read by the watcher before the next render: no computer moves behind the goals page.
  const [phase, setPhase, phaseNow] = useLatestState<"goals" | "play">("resume" in start ? "play" : "goals");
  const [at, setAt] = useState<LevelZoom>(() => ({
    level: firstLevel("resume" in start ? start.resume.maxDepth : start.config.maxDepth),
    zoom: 0,
  }));
  // Player 1's final score against the best before it, for "New best!" (read before recording).
  const [record, setRecord] = useState<{ score: number; previous: number } | null>(null);
  const [cursor, setCursor] = useState<Cursor>(TOP);
  const [message, setMessage] = useState<Message | null>(null);
  const [log, setLog] = useState<string[]>([]);
  // The hint for one position: shown only while that position is on the board.
  const [hint, setHint] = useState<{ for: BlockyState; view: HintView } | null>(null);
  const [pending, setPending] = useTimed<{ before: BlockyState; path: number[] } | null>(timeline, null);
  const [flash, setFlash] = useTimed<number[] | null>(timeline, null);
  const say = (text: string, tone: Message["tone"] = "info") => setMessage({ text, tone });

  const showEffects = (state: BlockyState, events: readonly BlockyEvent[]) => {
    const fx = effectsOf(state, events);
    if (fx.message) say(fx.message);
    if (fx.log.length > 0) setLog((l) => nextLog(l, fx.log));
    // The "just changed" outline fades after a moment.
    setFlash(fx.flash, timing.flash);
    playTones(fx.tones);
    if (fx.buzz) buzz(BUZZ[fx.buzz]);
  };

  const restart = (s: BlockyState) => {
    timeline.clear();
    setPhase("goals");
    watch.stop();
    setAt({ level: firstLevel(s.maxDepth), zoom: 0 });
    setRecord(null);
    setCursor(TOP);
    setMessage(null);
    setLog([]);
    setHint(null);
  };

  const { state, runner, status } = useRankedRunner(blockyGame, begun, {
    save: (s) => (s.over ? savedGame.clear() : savedGame.save(s)),
    // Moves show their effects where they are dispatched: a computer's in two beats (`played`).
    onEvents: (s, events) => {
      if (events.some((e) => (e as { type: string }).type === "new_game")) restart(s);
      else if (events.some((e) => e.type === "game_over")) setRecord(recordBest(s));
    },
  });

  // The computer's move, dispatched by the watcher: narrated and marked on the old board, then shown.
  const played = (before: BlockyState, reply: Reply) => {
    if (!reply.ok) return void say(reply.error.message, "error");
    const after = runner.state;
    const events = reply.events as BlockyEvent[];
    const narration = computerNarration(before, events);
    if (narration) say(narration.text);
    setPending({ before, path: narration?.path ?? [] }, null);
    timeline.after(timing.show, () => {
      setPending(null, null);
      showEffects(after, events);
    });
    if (after.over) watch.stop(); // Watching ends with the game.
    return timing.show;
  };
  const watch = useWatch(runner, {
    next: (s, view) => (phaseNow.current === "play" ? computerTurn(s, view, timing) : null),
    played,
  });

  // A new game is saved from its first position on, so a reload can resume it.
  useEffect(() => void ("resume" in start || savedGame.save(runner.state)), [runner]);

  const shown = pending ? pending.before : state;
  const humanTurn =
    phase === "play" && !shown.over && pending === null && shown.players[shown.current]?.kind === "human";

  // A ranked smash is dealt by the server: shown, and the next seat's turn planned, when it comes.
  const shownMove = (reply: Reply): void => {
    const dealt = waitingFor(reply);
    if (dealt) return void dealt.then(shownMove);
    if (reply.ok) showEffects(runner.state, reply.events as BlockyEvent[]);
    watch.update();
  };
  const act = (action: Action) => {
    if (!humanTurn) return;
    const path = action === "pass" ? [] : selectedPath(state.tree, cursor, at.level, state.maxDepth);
    const reply = runner.dispatch({ cmd: "move", action, path });
    if (reply.ok) return shownMove(reply);
    const refused = refusalEffects(action, reply.error.message);
    say(refused.message, "error");
    playTones(refused.tones);
    buzz(refused.buzz);
  };

  const showHint = () => {
    if (!humanTurn) return say(t("hintOwnMove"));
    const asked = askHint(runner);
    if ("error" in asked) return say(asked.error, "error");
    const view = hintView(state, asked.hint as { commands: BlockyCommand[] });
    if (!view) return;
    setHint({ for: state, view });
    say(view.text);
    // Select the hinted block at its level, so the named action's key or button plays it.
    if (view.path) {
      const selected = selectBlock(at, view.path, state.maxDepth);
      setAt(selected.at);
      setCursor(selected.cursor);
    }
  };

  const onIntent = (intent: Intent) => {
    if (TAKE_OVER.has(intent.type)) watch.stop();
    switch (intent.type) {
      case "act":
        return act(intent.action);
      case "move":
        if (humanTurn)
          setCursor((c) => moveCursor(state.tree, c, at.level, state.maxDepth, intent.direction));
        return;
      case "point":
      case "pick":
        // Pointer moves report the same cell many times: keep the same object so nothing re-renders.
        return setCursor((c) => (c.row === intent.cell.row && c.col === intent.cell.col ? c : intent.cell));
      case "level":
        return setAt((a) => stepLevelZoom(a, intent.step, state.maxDepth));
      case "zoom":
        return setAt((a) => stepZoom(a, intent.step, state.maxDepth));
      case "hint":
        return showHint();
      case "watch":
        return state.over ? undefined : watch.toggle();
      case "speed":
        return watch.setSpeed(intent.speed);
      case "again":
        return onAgain();
      default:
        return intent satisfies never;
    }
  };

  useGameKeys({
    down: (e) => {
      const intent = phase === "play" ? keyToIntent(keyContext(e)) : null;
      if (!intent) return;
      e.preventDefault();
      if (intent.type !== "hint" || !state.over) onIntent(intent);
    },
  });

  if (phase === "goals") {
    const begin = () => {
      setPhase("play");
      watch.update();
    };
    return (
      <GoalsView
        game={state}
        onStart={begin}
        ranked={<RankedLine status={status} onMakeRanked={onMakeRanked} />}
      />
    );
  }
  return (
    <PlayView
      shown={shown}
      state={state}
      humanTurn={humanTurn}
      cursor={cursor}
      at={at}
      marked={pending ? { path: pending.path, kind: "pending" } : { path: flash, kind: "done" }}
      hint={hint && hint.for === shown && humanTurn ? hint.view : null}
      message={message}
      log={log}
      record={record}
      watching={watch.watching}
      speed={watch.speed}
      onIntent={onIntent}
      onSetup={onSetup}
      status={status}
    />
  );
}
