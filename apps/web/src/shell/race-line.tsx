/**
 * The "race the best" line under the daily game's ranked line: "You 1,240 · #1 Ana 1,580 at move 37"
 * from the leader's score curve (GET /api/replays/:id/scores), or the player's own best when they
 * lead. Hidden when there is no leader, the curve cannot be had, or the game is not under way.
 * The daily API is fetched with the line, only on the day's game: other games do not download it.
 */
import { useEffect, useState } from "preact/hooks";
import { useRaceProgress } from "./race";

interface Target {
  name: string;
  scores: number[];
  mine: boolean;
  words: typeof import("./daily-api").raceText;
}

export function RaceLine({ game }: { game: string }) {
  const progress = useRaceProgress();
  const [target, setTarget] = useState<Target | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void (async () => {
      const { fetchDaily, fetchScoreCurve, raceText } = await import("./daily-api");
      const daily = await fetchDaily(game);
      const leader = daily.ok ? daily.value.leader : null;
      if (!daily.ok || !leader) return;
      const curve = await fetchScoreCurve(leader.replay);
      if (!live || !curve.ok) return;
      // The player leads the day: they race their own best.
      const mine = daily.value.me?.rank === 1;
      setTarget({ name: curve.value.name, scores: curve.value.scores, mine, words: raceText });
    })();
    return () => {
      live = false;
    };
  }, [game]);
  const text =
    target && progress ? target.words(progress.score, progress.moves, target, target.mine) : undefined;
  if (!text) return null;
  return (
    <span class="race-line" data-testid="race-line">
      {text}
    </span>
  );
}
