/**
 * The sound part of the settings panel: the switch for all sound (the top bar's button, with
 * vibration), and the volumes of effects and music, each with its own mute (shell/sound-settings.ts).
 * Moving a slider unmutes what it sets: a player who reaches for the volume wants to hear it.
 */
import { updateSettings, useSettings } from "../shell/settings";
import { type SoundSettings, updateSoundSettings, useSoundSettings } from "../shell/sound-settings";
import { t } from "./settings-messages";
import { Speaker } from "./sound-toggle";
import "./sound-settings.css";

type Channel = "effects" | "music";

function Volume({ channel, label, sound }: { channel: Channel; label: string; sound: SoundSettings }) {
  const value = sound[channel];
  const muted = sound[`${channel}Muted`];
  const id = `volume-${channel}`;
  return (
    <div class={muted ? "volume muted" : "volume"} data-testid={id}>
      <label for={id}>{label}</label>
      <button
        type="button"
        class="icon-button"
        aria-label={channel === "effects" ? t("muteEffects") : t("muteMusic")}
        aria-pressed={muted}
        onClick={() => updateSoundSettings({ [`${channel}Muted`]: !muted })}
      >
        <Speaker muted={muted} />
      </button>
      <input
        type="range"
        id={id}
        name={id}
        min={0}
        max={100}
        step={5}
        value={value}
        aria-valuetext={muted ? t("volumeMuted", { value }) : t("volume", { value })}
        onInput={(e) =>
          updateSoundSettings({ [channel]: e.currentTarget.valueAsNumber, [`${channel}Muted`]: false })
        }
      />
      <output for={id}>{muted ? t("off") : value}</output>
    </div>
  );
}

export function SoundSettingsSection() {
  const { sound: on } = useSettings();
  const sound = useSoundSettings();
  return (
    <section class="settings-sound" aria-labelledby="settings-sound-title" data-testid="settings-sound">
      <h3 id="settings-sound-title">{t("sound")}</h3>
      <label class="toggle">
        <input
          type="checkbox"
          name="sound"
          checked={on}
          onChange={(e) => updateSettings({ sound: e.currentTarget.checked })}
        />
        <span>{t("allSound")}</span>
      </label>
      <Volume channel="effects" label={t("effects")} sound={sound} />
      <Volume channel="music" label={t("music")} sound={sound} />
      <p>
        <small>{t("tunes")}</small>
      </p>
    </section>
  );
}
