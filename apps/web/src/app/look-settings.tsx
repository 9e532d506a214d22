/** The "Look" section of the settings panel: theme and colour-blind mode (shell/look.ts). */
import { COLOUR_BLIND_MODES, THEMES, updateLook, useLook } from "../shell/look";
import { t } from "./settings-messages";

export function LookSettings() {
  const look = useLook();
  return (
    <section class="settings-look" aria-labelledby="settings-look-title" data-testid="settings-look">
      <h3 id="settings-look-title">{t("look")}</h3>
      <fieldset>
        <legend>{t("theme")}</legend>
        {THEMES.map((value) => (
          <label key={value} class="toggle">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={look.theme === value}
              onChange={() => updateLook({ theme: value })}
            />
            <span>{t(`theme_${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("colourBlind")}</legend>
        {COLOUR_BLIND_MODES.map((value) => (
          <label key={value} class="toggle">
            <input
              type="radio"
              name="colourBlind"
              value={value}
              checked={look.colourBlind === value}
              onChange={() => updateLook({ colourBlind: value })}
            />
            <span>{t(`colourBlind_${value}`)}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
