import { type Action, type BlockyEvent, blockyGame, regionOf } from "@blockarcade/engine/games/blocky";
import { useLayoutEffect, useState } from "preact/hooks";
import { BUZZ, buzz } from "../../shell/haptics";
import { useRunner } from "../../shell/runner";
import { playTones } from "../../shell/sound";
import { Board, describeBlock } from "./board-view";
import { ControlsView } from "./controls-view";
import { effectsOf, refusalEffects } from "./effects";
import { keyToIntent, moveCursor } from "./keyboard";
import { t } from "./messages";
import { type Cursor, selectedPath, stepLevel } from "./pointer";
import { checkAction, stepTarget, TUTORIAL_STEPS, tutorialState } from "./tutorial";

export function Tutorial({
  onDone,
  onLeave,
}: {
  /** Finished or skipped: remembered, so the setup page stops offering it first. */
  onDone: () => void;
  /** Back to the setup page. */
  onLeave: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [level, setLevel] = useState(TUTORIAL_STEPS[0]?.level ?? 1);
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: 0 });
  const [note, setNote] = useState<{ text: string; tone: "info" | "error" } | null>(null);
  const [flash, setFlash] = useState<number[] | null>(null);

  const { state, runner } = useRunner(blockyGame, tutorialState, {
    onEvents: (s, events) => {
      const fx = effectsOf(s, events as BlockyEvent[]);
      setFlash(fx.flash);
      playTones(fx.tones);
      if (fx.buzz) buzz(BUZZ[fx.buzz]);
    },
  });

  const step = TUTORIAL_STEPS[index];
  const finished = step === undefined;
  const target = step ? stepTarget(state, step) : null;

  // Each step starts at its level, with the cursor on its block.
  const goTo = (next: number) => {
    setIndex(next);
    const s = TUTORIAL_STEPS[next];
    if (!s) {
      onDone();
      return;
    }
    setLevel(s.level);
    const path = stepTarget(runner.state, s);
    if (path) {
      const { row, col } = regionOf(path, runner.state.maxDepth);
      setCursor({ row, col });
    }
  };

  const act = (action: Action) => {
    if (!step) return;
    const check = checkAction(step, action);
    if (!check.done) {
      setNote({ text: check.text, tone: "error" });
      return;
    }
    const path = action === "pass" ? [] : selectedPath(state.tree, cursor, level, state.maxDepth);
    const reply = runner.dispatch({ cmd: "move", action, path });
    if (!reply.ok) {
      const refused = refusalEffects(action, reply.error.message, true);
      setNote({ text: refused.message, tone: "error" });
      playTones(refused.tones);
      buzz(refused.buzz);
      return;
    }
    setNote({ text: t("wellDone", { n: index + 1, total: TUTORIAL_STEPS.length }), tone: "info" });
    goTo(index + 1);
  };

  const changeLevel = (s: -1 | 1) => setLevel((l) => stepLevel(l, s, state.maxDepth));

  useLayoutEffect(() => {
    if (finished) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const intent = keyToIntent({
        key: e.key,
        shiftKey: e.shiftKey,
        modified: e.ctrlKey || e.metaKey || e.altKey,
        tag: el?.tagName,
        inDialog: el?.closest("dialog, [role=dialog]") != null,
      });
      if (!intent || intent.type === "hint" || intent.type === "watch" || intent.type === "zoom") return;
      e.preventDefault();
      if (intent.type === "act") act(intent.action);
      else if (intent.type === "level") changeLevel(intent.step);
      else setCursor((c) => moveCursor(state.tree, c, level, state.maxDepth, intent.direction));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const selected = finished ? null : selectedPath(state.tree, cursor, level, state.maxDepth);
  const side = 2 ** state.maxDepth;
  const label = [
    t("tutorialBoard", { side }),
    selected ? t("selected", { block: describeBlock(state.tree, selected, state.maxDepth) }) : "",
    t("boardKeys"),
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <main class="blocky-play blocky-tutorial">
      <h1 class="blocky-visually-hidden">{t("title")}</h1>
      <div class="blocky-top">
        <h2 class="blocky-status" data-testid="blocky-tutorial-step">
          {finished
            ? t("tutorialComplete")
            : t("tutorialStep", { n: index + 1, total: TUTORIAL_STEPS.length })}
        </h2>
        {!finished && (
          <nav class="blocky-nav" aria-label={t("leaveTutorial")}>
            <button
              type="button"
              class="button blocky-small"
              onClick={() => {
                onDone();
                onLeave();
              }}
            >
              {t("skipTutorial")}
            </button>
          </nav>
        )}
      </div>
      {finished ? (
        <section class="blocky-tutorial-end">
          <p>{t("tutorialEnd")}</p>
          <button type="button" class="button primary" onClick={onLeave}>
            {t("setUpGame")}
          </button>
        </section>
      ) : (
        <p class="blocky-lesson" aria-live="polite">
          {step.text}
        </p>
      )}
      <div class="blocky-layout">
        <div class="blocky-board-wrap">
          <div class="blocky-board-box">
            <Board
              tree={state.tree}
              maxDepth={state.maxDepth}
              selected={selected}
              marked={flash}
              markKind="done"
              label={label}
              hinted={target && step ? { path: target, action: step.action } : null}
              interactive={!finished}
              onHover={setCursor}
              onPick={setCursor}
              onWheelLevel={changeLevel}
            />
          </div>
        </div>
        {!finished && (
          <div class="blocky-side">
            <p
              class={`blocky-message${note?.tone === "error" ? " is-error" : ""}`}
              role="status"
              aria-live="polite"
            >
              {note?.text ?? t("dashed")}
            </p>
            <ControlsView
              level={level}
              maxDepth={state.maxDepth}
              enabled={true}
              paint={state.players[0]?.goal.colour ?? "B"}
              onLevel={changeLevel}
              onAct={act}
              only={step.action}
            />
          </div>
        )}
      </div>
    </main>
  );
}
