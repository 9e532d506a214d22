/**
 * The one modal dialog of every game (pause, game over, confirmations): labelled by its title,
 * focus moved into it when it opens and back when it closes, Escape dismisses it when it can be
 * dismissed. Games style it through `class` and find it in tests through `testId`.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";

export interface DialogProps {
  title: ComponentChildren;
  children?: ComponentChildren;
  /** Escape calls this; leave it out for a dialog that must be answered (game over). */
  onDismiss?: () => void;
  class?: string;
  testId?: string;
}

export function Dialog({ title, children, onDismiss, class: className, testId }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>("button, [href], input, select");
    (first ?? box.current)?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  useEffect(() => {
    if (!onDismiss) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      onDismiss();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [onDismiss]);

  return (
    <div
      ref={box}
      class={className ? `dialog ${className}` : "dialog"}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}
