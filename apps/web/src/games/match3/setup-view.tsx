/** The setup page: the init prompt, the line, its error, and the symbols' legend. */
import { EXAMPLE_INPUT, INIT_PROMPT, SYMBOLS } from "@blockarcade/engine/games/match3";
import { SYMBOL_NAMES, SymbolGlyph } from "./symbols";

function Legend() {
  return (
    <ul class="match3-legend" aria-label="Symbols">
      {SYMBOLS.map((s) => (
        <li key={s}>
          <SymbolGlyph symbol={s} />
          <code>{s}</code> {SYMBOL_NAMES[s]}
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
      <label for="match3-input">{INIT_PROMPT}</label>
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
        Width and height, then 0 to 5 bricks: H or V followed by three symbols, e.g.{" "}
        <code>{EXAMPLE_INPUT}</code>
      </p>
      <p id="match3-input-error" class="match3-error" role="alert">
        {props.error && `Invalid input: ${props.error}.`}
      </p>
      <Legend />
      <button type="submit" class="button primary">
        Start
      </button>
    </form>
  );
}
