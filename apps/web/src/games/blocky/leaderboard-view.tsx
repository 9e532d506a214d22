/**
 * Blocky's leaderboard page (shell/leaderboard-page.tsx) in its own look: one board per setup (the
 * common tables of computer opponents and the setup last played), and this device's best per setup.
 */
import { type BlockyConfig, blockyGame, DEFAULT_CONFIG } from "@blockarcade/engine/games/blocky";
import { boardChoices, configFromSearch, LeaderboardPage, LocalBests } from "../../shell/leaderboard-page";
import { t } from "./messages";
import { bestScores, bestVariant, savedGame } from "./storage";
import { kindText } from "./words";

function label(config: unknown): string {
  const c = config as BlockyConfig;
  const others = c.players.slice(1).map((p) => kindText(p));
  return t("vsLabel", { others: others.join(", "), n: c.turns, depth: c.maxDepth });
}
/** A best-score key, `d4-t5-human-smart3`, as words: "vs smart 3 · 5 turns · depth 4". */
function variantLabel(key: string): string {
  const [depth, turns, , ...others] = key.split("-");
  const seats = others.map((s) => s.replace(/^smart(\d+)$/, "smart $1"));
  const n = turns?.slice(1);
  return t("variantLabel", { others: seats.join(", "), n: Number(n), depth: depth?.slice(1) ?? "" });
}
const READER = { parseConfig: (raw: unknown) => blockyGame.parseConfig(raw), label };
const COMMON: BlockyConfig[] = [
  DEFAULT_CONFIG,
  { ...DEFAULT_CONFIG, players: [{ kind: "human" }, { kind: "random" }] },
  { ...DEFAULT_CONFIG, players: [{ kind: "human" }, { kind: "expert" }] },
];

export function BlockyLeaderboard({ search }: { search: string }) {
  const { choices, open } = boardChoices(READER, COMMON, [
    configFromSearch(search),
    savedGame.restore()?.config,
  ]);
  return (
    <LeaderboardPage
      game="blocky"
      title={t("title")}
      search={search}
      choices={choices}
      open={open}
      mainClass="blocky-setup blocky-boards"
      buttonClass="button"
      back={{ href: "/games/blocky", label: t("backToBlocky") }}
      local={(choice) => {
        const c = choice.config as BlockyConfig;
        const current = bestVariant({ maxDepth: c.maxDepth, turns: c.turns, players: c.players as never });
        const rows = Object.entries(bestScores.all()).map(([key, score]) => ({
          label: variantLabel(key),
          score,
          current: key === current,
        }));
        return <LocalBests rows={rows} empty={t("noLocalGames")} />;
      }}
    />
  );
}
