/**
 * Block Stacker's leaderboard page (shell/leaderboard-page.tsx) in its own look: one board per board
 * size (the common sizes and the size last played), and this device's best per size.
 */
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, stackerGame } from "@blockarcade/engine/games/stacker";
import { boardChoices, configFromSearch, LeaderboardPage, LocalBests } from "../../shell/leaderboard-page";
import { t } from "./messages";
import { readBest, readSize } from "./storage";

const sizeOf = (config: unknown): number => (config as { size: number }).size;
const READER = {
  parseConfig: (raw: unknown) => stackerGame.parseConfig(raw),
  label: (c: unknown) => t("sizeLabel", { size: sizeOf(c) }),
};
const COMMON = [{ size: DEFAULT_SIZE }, { size: 12 }, { size: MIN_SIZE }];

export function StackerLeaderboard({ search }: { search: string }) {
  const last = readSize();
  const { choices, open } = boardChoices(READER, COMMON, [
    configFromSearch(search),
    last === undefined ? undefined : { size: last },
  ]);
  return (
    <LeaderboardPage
      game="stacker"
      title={t("title")}
      search={search}
      choices={choices}
      open={open}
      mainClass="stacker stacker-boards"
      buttonClass="button"
      back={{ href: "/games/stacker", label: t("backToStacker") }}
      local={(choice) => {
        const rows = [];
        for (let size = MIN_SIZE; size <= MAX_SIZE; size++) {
          const score = readBest(size);
          if (score > 0)
            rows.push({ label: t("sizeLabel", { size }), score, current: size === sizeOf(choice.config) });
        }
        return <LocalBests rows={rows} empty={t("noLocalGames")} />;
      }}
    />
  );
}
