/**
 * Match-3's leaderboard page (shell/leaderboard-page.tsx) in its own look: one board per Arcade
 * field (at level 1 with the classic bricks), the Arcade setup last played, and the classic line
 * last played; this device's best per field (Arcade's score, the classic game's cells removed).
 */
import { ARCADE_FIELDS, isArcadeConfig, match3Game } from "@blockarcade/engine/games/match3";
import { boardChoices, configFromSearch, LeaderboardPage, LocalBests } from "../../shell/leaderboard-page";
import { type Match3Message, t } from "./messages";
import { arcadeBest, classicBest, lastInput, readArcadeSetup } from "./storage";

function label(config: unknown): string {
  if (!isArcadeConfig(config as never))
    return t("boardClassic", { input: (config as { input: string }).input });
  const c = config as { width: number; height: number; level: number; bricks: string };
  const field = ARCADE_FIELDS.find((f) => f.width === c.width && f.height === c.height);
  const name = field
    ? t("fieldNamedBoard", { name: t(`fieldTitle_${field.name}` as Match3Message) })
    : t("fieldLegend");
  const bricks = t(`boardBricks_${c.bricks}` as Match3Message);
  return t("boardArcade", { field: name, width: c.width, height: c.height, level: c.level, bricks });
}
const READER = { parseConfig: (raw: unknown) => match3Game.parseConfig(raw), label };
const COMMON = ARCADE_FIELDS.map((f) => ({
  mode: "arcade",
  width: f.width,
  height: f.height,
  bricks: "classic",
  level: 1,
}));

export function Match3Leaderboard({ search }: { search: string }) {
  // The medium field comes first: the Arcade default (and the daily's field).
  const common = [COMMON[1], COMMON[0], COMMON[2]];
  const line = lastInput.read();
  const { choices, open } = boardChoices(READER, common, [
    configFromSearch(search),
    readArcadeSetup(),
    line === undefined ? undefined : { input: line },
  ]);
  return (
    <LeaderboardPage
      game="match3"
      title={t("title")}
      search={search}
      choices={choices}
      open={open}
      mainClass="match3 match3-boards"
      buttonClass="button"
      back={{ href: "/games/match3", label: t("backToMatch3") }}
      local={(choice) => {
        if (!isArcadeConfig(choice.config as never)) {
          // The classic game's record is the most cells removed per field size (the line's first two numbers).
          const [w, h] = (choice.config as { input: string }).input.trim().split(/\s+/);
          const rows = Object.entries(classicBest.all()).map(([key, score]) => ({
            label: t("localClassic", { size: key.replace("x", " x ") }),
            score,
            current: key === `${w}x${h}`,
          }));
          return <LocalBests rows={rows} empty={t("noClassicGames")} />;
        }
        const c = choice.config as { width?: number; height?: number };
        const current = `${c.width}x${c.height}`;
        const rows = Object.entries(arcadeBest.all()).map(([key, score]) => ({
          label: t("localArcade", { size: key.replace("x", " x ") }),
          score,
          current: key === current,
        }));
        return <LocalBests rows={rows} empty={t("noArcadeGames")} />;
      }}
    />
  );
}
