/** The setup page: the two modes, Arcade (the default for newcomers) and Classic, each with its setup. */
import type { ArcadeConfig } from "@blockarcade/engine/games/match3";
import { CompetitionLinks } from "../../shell/competition-links";
import { type ArcadeSetupProps, ArcadeSetupView } from "./arcade-setup-view";
import { type ClassicSetupProps, ClassicSetupView } from "./classic-setup-view";

export type Mode = "arcade" | "classic";

const MODES: { mode: Mode; title: string; about: string }[] = [
  { mode: "arcade", title: "Arcade", about: "endless, real time" },
  { mode: "classic", title: "Classic", about: "frame by frame" },
];

export function SetupPage(props: {
  mode: Mode;
  onMode: (mode: Mode) => void;
  arcade: ArcadeSetupProps & { config: ArcadeConfig };
  classic: ClassicSetupProps;
}) {
  return (
    <section class="match3-setup-page">
      <fieldset class="match3-modes">
        <legend class="match3-sr">Mode</legend>
        {MODES.map(({ mode, title, about }) => (
          <button
            key={mode}
            type="button"
            class="match3-mode"
            aria-pressed={props.mode === mode}
            data-testid={`match3-mode-${mode}`}
            onClick={() => props.onMode(mode)}
          >
            <strong>{title}</strong>
            <span>{about}</span>
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
