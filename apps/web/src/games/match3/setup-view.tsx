/** The setup page: the init prompt, the line, its error, and the symbols' legend. */
import { EXAMPLE_INPUT, SYMBOLS } from "@blockarcade/engine/games/match3";
import { rich } from "../../shell/rich";
import { initLineWords } from "./init-line-words";
import { t } from "./messages";
import { SymbolGlyph, symbolName } from "./symbols";

function Legend() {
  return (
    <ul class="match3-legend" aria-label={t("symbols")}>
      {SYMBOLS.map((s) => (
        <li key={s}>
          <SymbolGlyph symbol={s} />
          <code>{s}</code> {symbolName(s)}
        </li>
      ))}
    </ul>
  );
}

export interface SetupViewProps {
  line: string;
  error: string;
  inputRef: { current: HTMLInputElement | null };
  onChange: (line: string) => void;
  onSubmit: (line: string) => void;
}

export function SetupView(props: SetupViewProps) {
  return (
    <form
      class="match3-setup"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(props.line);
      }}
      noValidate
    >
      <label for="match3-input">{t("initPrompt")}</label>
      <input
        id="match3-input"
        ref={props.inputRef}
        value={props.line}
        onInput={(event) => props.onChange((event.target as HTMLInputElement).value)}
        autocomplete="off"
        autocapitalize="characters"
        spellcheck={false}
        aria-invalid={props.error !== ""}
        aria-describedby="match3-input-help match3-input-error"
      />
      <p id="match3-input-help" class="match3-help">
        {rich(t("inputHelp"), { example: <code>{EXAMPLE_INPUT}</code> })}
      </p>
      <p id="match3-input-error" class="match3-error" role="alert">
        {props.error && t("invalidInput", { error: initLineWords(props.error) })}
      </p>
      <Legend />
      <button type="submit" class="button primary">
        {t("start")}
      </button>
    </form>
  );
}
