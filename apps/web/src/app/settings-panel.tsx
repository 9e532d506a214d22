import { useEffect, useRef, useState } from "preact/hooks";
import { serverWords } from "../shell/play-messages";
import {
  MAX_NAME_LENGTH,
  NAME_KEY,
  onPlayerChange,
  type PlayerIdentity,
  readPlayer,
  recoverPlayer,
} from "../shell/player";
import { updateSettings, useSettings } from "../shell/settings";
import { readJson, writeJson } from "../shell/storage";
import { KeysSection } from "./keys-section";
import { LanguageSettings } from "./language-settings";
import { LookSettings } from "./look-settings";
import { t } from "./settings-messages";
import { SoundSettingsSection } from "./sound-settings";

/**
 * The player's identity (shell/player.ts): the recovery code that carries it to another device, and
 * the field that takes one from another device.
 */
const isName = (v: unknown): v is string => typeof v === "string" && v.length <= MAX_NAME_LENGTH;

function PlayerSection() {
  const [player, setPlayer] = useState<PlayerIdentity | undefined>(readPlayer);
  const [code, setCode] = useState("");
  const [note, setNote] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(() => readJson(NAME_KEY, isName) ?? "");
  useEffect(() => onPlayerChange(setPlayer), []);
  const recover = async (event: Event) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    const reply = await recoverPlayer(code);
    setBusy(false);
    if (reply.ok) {
      setCode("");
      setNote({
        text: t("recovered"),
        error: false,
      });
    } else {
      setNote({ text: serverWords(reply.message), error: true });
    }
  };
  return (
    <section class="settings-player" aria-labelledby="settings-player-title" data-testid="settings-player">
      <h3 id="settings-player-title">{t("player")}</h3>
      <label class="settings-name">
        <span>{t("nameLabel")}</span>
        <input
          type="text"
          name="playerName"
          value={name}
          maxLength={MAX_NAME_LENGTH}
          placeholder={t("anonymous")}
          autoComplete="nickname"
          onInput={(e) => {
            setName(e.currentTarget.value);
            writeJson(NAME_KEY, e.currentTarget.value.trim().slice(0, MAX_NAME_LENGTH));
          }}
        />
      </label>
      {player ? (
        <p>
          {t("recoveryCode")} <code data-testid="recovery-code">{player.recoveryCode}</code>
          <br />
          <small>{t("keepCode")}</small>
        </p>
      ) : (
        <p>
          <small>{t("firstRanked")}</small>
        </p>
      )}
      <form onSubmit={recover}>
        <label>
          <span>{t("useCodeLabel")}</span>
          <input
            type="text"
            name="recoveryCode"
            value={code}
            autoComplete="off"
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            onInput={(e) => setCode(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="button" disabled={busy || !code.trim()}>
          {busy ? t("checking") : t("useCode")}
        </button>
      </form>
      {note && (
        <p role={note.error ? "alert" : "status"} data-testid="recovery-note">
          {note.text}
        </p>
      )}
    </section>
  );
}

export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="settings" aria-labelledby="settings-title" onClose={onClose}>
      <h2 id="settings-title">{t("settings")}</h2>
      <SoundSettingsSection />
      <label class="toggle">
        <input
          type="checkbox"
          name="reducedMotion"
          checked={settings.reducedMotion}
          onChange={(e) => updateSettings({ reducedMotion: e.currentTarget.checked })}
        />
        <span>{t("reducedMotion")}</span>
      </label>
      <LanguageSettings />
      <LookSettings />
      <KeysSection />
      <PlayerSection />
      <form method="dialog">
        <button type="submit" class="button primary">
          {t("done")}
        </button>
      </form>
    </dialog>
  );
}
