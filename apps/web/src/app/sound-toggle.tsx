/** The top bar's sound switch on every game page: all sound on or off (effects, music; haptics follow it). */
import { updateSettings, useSettings } from "../shell/settings";
import { Speaker } from "./sound-settings";

export function SoundToggle() {
  const { sound } = useSettings();
  return (
    <button
      type="button"
      class="icon-button"
      aria-label="Sound"
      aria-pressed={sound}
      title={sound ? "Sound on: press to mute" : "Sound off: press to unmute"}
      data-testid="sound-toggle"
      onClick={() => updateSettings({ sound: !sound })}
    >
      <Speaker muted={!sound} />
    </button>
  );
}
