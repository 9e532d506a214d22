/**
 * The sound part of the settings panel: the switch for all sound (the top bar's button, with
 * vibration), and the volumes of effects and music, each with its own mute (shell/sound-settings.ts).
 * Moving a slider unmutes what it sets: a player who reaches for the volume wants to hear it.
 */
import { updateSettings, useSettings } from "../shell/settings";
import { type SoundSettings, updateSoundSettings, useSoundSettings } from "../shell/sound-settings";
import "./sound-settings.css";

type Channel = "effects" | "music";

/** A speaker, with waves or crossed out (the top bar's sound switch draws the same). */
export function Speaker({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path fill="currentColor" d="M3 9v6h4l5 4V5L7 9H3z" />
      <path
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        d={muted ? "M16 9l6 6M22 9l-6 6" : "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"}
      />
    </svg>
  );
}

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
