/** The "Language" section of the settings panel (shell/i18n.ts): the browser's, or one we ship. */
import { useState } from "preact/hooks";
import {
  chooseLanguage,
  getLanguageSetting,
  LANGUAGE_NAMES,
  LANGUAGES,
  type LanguageSetting,
  setLanguageSetting,
  useLanguage,
} from "../shell/i18n";
import { t } from "./settings-messages";

export function LanguageSettings() {
  useLanguage();
  const [setting, setSetting] = useState<LanguageSetting>(getLanguageSetting);
  const browser = LANGUAGE_NAMES[chooseLanguage("auto", navigator.languages ?? [navigator.language])];
  return (
    <section class="settings-language" data-testid="settings-language">
      <label class="settings-select">
        <span>{t("language")}</span>
        <select
          name="language"
          value={setting}
          onChange={(e) => {
            const next = e.currentTarget.value as LanguageSetting;
            setSetting(next);
            void setLanguageSetting(next);
          }}
        >
          <option value="auto">{t("languageAuto", { language: browser })}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
