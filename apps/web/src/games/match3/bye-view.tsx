import { useEffect, useRef } from "preact/hooks";
import { t } from "./messages";

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
        {t("goodbye")}
      </p>
      <div class="match3-row">
        <button
          ref={again}
          type="button"
          class="button primary"
          onClick={onPlayAgain}
          aria-describedby="match3-goodbye"
        >
          {t("playAgain")}
        </button>
        <button type="button" class="button" onClick={onChangeMode}>
          {t("changeMode")}
        </button>
        <a class="button" href="/">
          {t("backToArcade")}
        </a>
      </div>
    </section>
  );
}
