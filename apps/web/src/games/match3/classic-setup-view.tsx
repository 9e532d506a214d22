/**
 * Classic's setup: the spec's game as it is. Ready-made init lines start at one tap; the typed line
 * (setup-view.tsx, the spec's init prompt) opens for those who want to write their own, with the
 * input focused.
 */
import { EXAMPLE_INPUT } from "@blockarcade/engine/games/match3";
import { type Match3Message, t } from "./messages";
import { SetupView, type SetupViewProps } from "./setup-view";

/** Ready-made fields: the spec's example, then longer games on bigger fields. */
export const READY_LINES: readonly { title: Match3Message; line: string }[] = [
  { title: "ready_example", line: EXAMPLE_INPUT },
  { title: "ready_one", line: "5 6 H^^@ V**^" },
  { title: "ready_five", line: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" },
  { title: "ready_tall", line: "7 20 H^*@ V~@~ H*^* V@@~ H~~^" },
];

export interface ClassicSetupProps extends SetupViewProps {
  /** The typed-line form is open. */
  typing: boolean;
  onType: () => void;
}

export function ClassicSetupView(props: ClassicSetupProps) {
  return (
    <div class="match3-classic-setup" data-testid="match3-classic-setup">
      <p class="match3-about">{t("aboutClassic")}</p>
      <ul class="match3-lines" aria-label={t("readyFields")}>
        {READY_LINES.map(({ title, line }) => (
          <li key={line}>
            <button type="button" class="match3-choice is-row" onClick={() => props.onSubmit(line)}>
              <strong class="match3-choice-title">{t(title)}</strong> <code>{line}</code>
            </button>
          </li>
        ))}
      </ul>
      {props.typing ? (
        <SetupView {...props} />
      ) : (
        <button type="button" class="button" onClick={props.onType} data-testid="match3-type-line">
          {t("typeLine")}
        </button>
      )}
    </div>
  );
}
