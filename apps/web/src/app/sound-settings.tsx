/**
 * The sound part of the settings panel: the switch for all sound (the top bar's button, with
 * vibration), and the volumes of effects and music, each with its own mute (shell/sound-settings.ts).
 * Moving a slider unmutes what it sets: a player who reaches for the volume wants to hear it.
 */
import { updateSettings, useSettings } from "../shell/settings";
import { type SoundSettings, updateSoundSettings, useSoundSettings } from "../shell/sound-settings";
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
        aria-label={`Mute ${label.toLowerCase()}`}
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
        aria-valuetext={muted ? `${value}%, muted` : `${value}%`}
        onInput={(e) =>
          updateSoundSettings({ [channel]: e.currentTarget.valueAsNumber, [`${channel}Muted`]: false })
        }
      />
      <output for={id}>{muted ? "Off" : value}</output>
    </div>
  );
}

export function SoundSettingsSection() {
  const { sound: on } = useSettings();
  const sound = useSoundSettings();
  return (
    <section class="settings-sound" aria-labelledby="settings-sound-title" data-testid="settings-sound">
      <h3 id="settings-sound-title">Sound</h3>
      <label class="toggle">
        <input
          type="checkbox"
          name="sound"
          checked={on}
          onChange={(e) => updateSettings({ sound: e.currentTarget.checked })}
        />
        <span>All sound and vibration</span>
      </label>
      <Volume channel="effects" label="Effects" sound={sound} />
      <Volume channel="music" label="Music" sound={sound} />
      <p>
        <small>Each game has its own calm tune, made in your browser. It plays while you play.</small>
      </p>
    </section>
  );
}
