/** After Q: the goodbye line, and the ways on. */
import { GOODBYE } from "@blockarcade/engine/games/match3";

export function ByeView({ onPlayAgain, onExit }: { onPlayAgain: () => void; onExit: () => void }) {
  return (
    <section class="match3-bye">
      <p class="match3-goodbye">{GOODBYE}</p>
      <div class="match3-row">
        <button type="button" class="button primary" onClick={onPlayAgain}>
          Play again
        </button>
        <button type="button" class="button" onClick={onExit}>
          Back to the arcade
        </button>
      </div>
    </section>
  );
}
