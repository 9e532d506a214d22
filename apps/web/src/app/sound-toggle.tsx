/** The top bar's sound switch on every game page: all sound on or off (effects, music; haptics follow it). */
import { updateSettings, useSettings } from "../shell/settings";
import { t } from "./messages";

export function SoundToggle() {
  const { sound } = useSettings();
  return (
    <button
      type="button"
      class="icon-button"
      aria-label={t("soundLabel")}
      aria-pressed={sound}
      title={sound ? t("soundOn") : t("soundOff")}
      data-testid="sound-toggle"
      onClick={() => updateSettings({ sound: !sound })}
    >
      <Speaker muted={!sound} />
    </button>
  );
}

/** A speaker, with waves or crossed out (the settings panel's volumes draw the same). */
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
