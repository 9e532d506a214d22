/**
 * After Q: the goodbye line once, and the ways on: the same field again, the setup page, or the
 * arcade. Focus goes to Play again, which the goodbye line describes, so a screen reader hears it.
 */
import { GOODBYE } from "@blockarcade/engine/games/match3";
import { useEffect, useRef } from "preact/hooks";

export function ByeView({
  onPlayAgain,
  onChangeMode,
}: {
  onPlayAgain: () => void;
  onChangeMode: () => void;
}) {
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <section class="match3-bye" data-testid="match3-bye">
      <p class="match3-goodbye" id="match3-goodbye">
        {GOODBYE}
      </p>
      <div class="match3-row">
        <button
          ref={again}
          type="button"
          class="button primary"
          onClick={onPlayAgain}
          aria-describedby="match3-goodbye"
        >
          Play again
        </button>
        <button type="button" class="button" onClick={onChangeMode}>
          Change mode or field
        </button>
        <a class="button" href="/">
          Back to the arcade
        </a>
      </div>
    </section>
  );
}
