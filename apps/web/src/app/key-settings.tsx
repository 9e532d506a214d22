/**
 * The settings screen's Keys section: per game, each action with its keys (shell/key-bindings.ts).
 * Pressing a key's button waits for the next key and binds it in that key's place; a key already
 * doing something else in that game is refused with a message, Escape or leaving the button cancels.
 * Stacker adds its held-key repeat (DAS / ARR). Everything is stored, so it lasts and works offline.
 */
import { GAME_IDS, type GameId } from "@blockarcade/engine/core";
import { useState } from "preact/hooks";
import {
  ARR_RANGE,
  bindingsOf,
  DAS_RANGE,
  DEFAULT_KEY_MAPS,
  getKeyRepeat,
  type KeyRepeatTiming,
  keyLabel,
  rebind,
  resetBindings,
  setKeyRepeat,
  useKeyBindings,
} from "../shell/key-bindings";
import "./key-settings.css";
import { gameName } from "./messages";
import { t } from "./settings-messages";

interface Capture {
  game: GameId;
  action: string;
  slot: number;
}

/** Keys that only modify: a press of one alone waits for the real key. */
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "OS"]);

type Note = { text: string; error: boolean } | undefined;

function RepeatInputs({ onNote }: { onNote: (note: Note) => void }) {
  const repeat = getKeyRepeat();
  const field = (name: keyof KeyRepeatTiming, label: string, range: { min: number; max: number }) => (
    <label class="key-repeat">
      <span>{label}</span>
      <input
        type="number"
        name={name}
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={10}
        value={repeat[name]}
        data-testid={`key-repeat-${name}`}
        onChange={(e) => {
          const value = e.currentTarget.valueAsNumber;
          const set = setKeyRepeat({ [name]: value });
          e.currentTarget.value = String(set[name]);
          onNote(
            Number.isFinite(value) && value === set[name]
              ? undefined
              : { text: t("kept", { label, min: range.min, max: range.max }), error: true },
          );
        }}
      />
    </label>
  );
  return (
    <div class="key-repeats">
      {field("das", t("das"), DAS_RANGE)}
      {field("arr", t("arr"), ARR_RANGE)}
    </div>
  );
}

export function KeySettings() {
  useKeyBindings();
  const [capture, setCapture] = useState<Capture | undefined>(undefined);
  const [note, setNote] = useState<Note>(undefined);

  const onCaptureKey = (e: KeyboardEvent, at: Capture) => {
    // The key is this screen's alone: not the dialog's (Escape closes it), not the game's behind it.
    e.preventDefault();
    e.stopPropagation();
    if (MODIFIERS.has(e.key)) return;
    setCapture(undefined);
    if (e.key === "Escape") {
      setNote(undefined);
      return;
    }
    const done = rebind(at.game, at.action, at.slot, e.key);
    const spec = DEFAULT_KEY_MAPS[at.game].find((a) => a.id === at.action);
    setNote(
      done.ok
        ? {
            text: t("rebound", {
              game: gameName(at.game),
              action: spec?.label ?? at.action,
              key: keyLabel(e.key === "Spacebar" ? " " : e.key),
            }),
            error: false,
          }
        : { text: done.message, error: true },
    );
  };

  return (
    <section class="settings-keys" aria-labelledby="settings-keys-title" data-testid="settings-keys">
      <h3 id="settings-keys-title">{t("keys")}</h3>
      <p class="key-help">
        <small>{t("keysHelp")}</small>
      </p>
      <p role="status" class={note?.error ? "key-note is-error" : "key-note"} data-testid="keys-note">
        {note?.text}
      </p>
      {GAME_IDS.map((game) => {
        const bindings = bindingsOf(game);
        return (
          <details key={game} class="key-game" data-testid={`keys-${game}`}>
            <summary>{gameName(game)}</summary>
            <ul class="key-list">
              {DEFAULT_KEY_MAPS[game].map((spec) => (
                <li key={spec.id}>
                  <span class="key-action">{spec.label}</span>
                  <span class="key-caps">
                    {(bindings[spec.id] ?? []).map((k, slot) => {
                      const here =
                        capture?.game === game && capture.action === spec.id && capture.slot === slot;
                      return (
                        <button
                          key={slot}
                          type="button"
                          class={here ? "key-cap is-waiting" : "key-cap"}
                          aria-label={
                            here
                              ? t("pressNewKey", { action: spec.label })
                              : t("actionKey", { action: spec.label, key: keyLabel(k) })
                          }
                          onClick={() => {
                            setNote(undefined);
                            setCapture({ game, action: spec.id, slot });
                          }}
                          onKeyDown={
                            here ? (e) => onCaptureKey(e, { game, action: spec.id, slot }) : undefined
                          }
                          onBlur={here ? () => setCapture(undefined) : undefined}
                        >
                          {here ? t("pressAKey") : keyLabel(k)}
                        </button>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
            {game === "stacker" && <RepeatInputs onNote={setNote} />}
            <button
              type="button"
              class="button key-reset"
              onClick={() => {
                resetBindings(game);
                if (game === "stacker") setKeyRepeat({ das: DAS_RANGE.default, arr: ARR_RANGE.default });
                setCapture(undefined);
                setNote({ text: t("defaultsBack", { game: gameName(game) }), error: false });
              }}
            >
              {t("resetKeys", { game: gameName(game) })}
            </button>
          </details>
        );
      })}
    </section>
  );
}
