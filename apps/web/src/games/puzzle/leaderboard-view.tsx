/**
 * Block Puzzle's leaderboard page (shell/leaderboard-page.tsx) in its own look: one board per grid
 * size (the common sizes and the size last played), and this device's best per size.
 */
import { type PuzzleConfig, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { boardChoices, configFromSearch, LeaderboardPage, LocalBests } from "../../shell/leaderboard-page";
import { t } from "./messages";
import { bestScores, savedGame, sizeKey } from "./storage";

const READER = {
  parseConfig: (raw: unknown) => puzzleGame.parseConfig(raw),
  label: (c: unknown) => `${(c as PuzzleConfig).rows} x ${(c as PuzzleConfig).cols}`,
};
const COMMON: PuzzleConfig[] = [
  { rows: 8, cols: 8 },
  { rows: 10, cols: 10 },
  { rows: 6, cols: 6 },
];

export function PuzzleLeaderboard({ search, reducedMotion }: { search: string; reducedMotion: boolean }) {
  const { choices, open } = boardChoices(READER, COMMON, [
    configFromSearch(search),
    savedGame.restore()?.config,
  ]);
  return (
    <LeaderboardPage
      game="puzzle"
      title={t("title")}
      search={search}
      choices={choices}
      open={open}
      mainClass={reducedMotion ? "puzzle is-still" : "puzzle"}
      buttonClass="puzzle-button"
      back={{ href: "/games/puzzle", label: t("backToPuzzle") }}
      local={(choice) => {
        const current = sizeKey(choice.config as PuzzleConfig);
        const rows = Object.entries(bestScores.all()).map(([key, score]) => ({
          label: key.replace("x", " x "),
          score,
          current: key === current,
        }));
        return <LocalBests rows={rows} empty={t("noLocalGames")} />;
      }}
    />
  );
}
