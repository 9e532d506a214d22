/** The setup page: the two modes, Arcade (the default for newcomers) and Classic, each with its setup. */
import type { ArcadeConfig } from "@blockarcade/engine/games/match3";
import { CompetitionLinks } from "../../shell/competition-links";
import { type ArcadeSetupProps, ArcadeSetupView } from "./arcade-setup-view";
import { type ClassicSetupProps, ClassicSetupView } from "./classic-setup-view";
import { t } from "./messages";

export type Mode = "arcade" | "classic";

const MODES: readonly Mode[] = ["arcade", "classic"];

export function SetupPage(props: {
  mode: Mode;
  onMode: (mode: Mode) => void;
  arcade: ArcadeSetupProps & { config: ArcadeConfig };
  classic: ClassicSetupProps;
}) {
  return (
    <section class="match3-setup-page">
      <fieldset class="match3-modes">
        <legend class="match3-sr">{t("mode")}</legend>
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            class="match3-mode"
            aria-pressed={props.mode === mode}
            data-testid={`match3-mode-${mode}`}
            onClick={() => props.onMode(mode)}
          >
            <strong>{t(`mode_${mode}`)}</strong>
            <span>{t(`modeAbout_${mode}`)}</span>
          </button>
        ))}
      </fieldset>
      {props.mode === "arcade" ? (
        <ArcadeSetupView {...props.arcade} />
      ) : (
        <ClassicSetupView {...props.classic} />
      )}
      <CompetitionLinks game="match3" linkClass="button" />
    </section>
  );
}
