/** The "Look" section of the settings panel: theme and colour-blind mode (shell/look.ts). */
import { type ColourBlind, type Theme, updateLook, useLook } from "../shell/look";

const THEME_LABELS: [Theme, string][] = [
  ["system", "System"],
  ["light", "Light"],
  ["dark", "Dark"],
];
const COLOUR_BLIND_LABELS: [ColourBlind, string][] = [
  ["auto", "Where colour is a rule (Blocky)"],
  ["on", "Every game"],
  ["off", "Off"],
];

export function LookSettings() {
  const look = useLook();
  return (
    <section class="settings-look" aria-labelledby="settings-look-title" data-testid="settings-look">
      <h3 id="settings-look-title">Look</h3>
      <fieldset>
        <legend>Theme</legend>
        {THEME_LABELS.map(([value, label]) => (
          <label key={value} class="toggle">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={look.theme === value}
              onChange={() => updateLook({ theme: value })}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Colour-blind palette and letters in the cells</legend>
        {COLOUR_BLIND_LABELS.map(([value, label]) => (
          <label key={value} class="toggle">
            <input
              type="radio"
              name="colourBlind"
              value={value}
              checked={look.colourBlind === value}
              onChange={() => updateLook({ colourBlind: value })}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
