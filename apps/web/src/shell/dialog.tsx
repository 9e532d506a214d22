/**
 * The one modal dialog of every game (pause, game over, confirmations): labelled by its title,
 * focus moved into it when it opens and back when it closes, Tab and Shift+Tab kept inside it (a
 * focus trap: the page behind is inert to the keyboard), Escape dismisses it when it can be
 * dismissed. Games style it through `class` and find it in tests through `testId`.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";
import { focusableIn, nextInCycle } from "./focus";
import { musicGate } from "./music-gate";

export interface DialogProps {
  title: ComponentChildren;
  children?: ComponentChildren;
  /** Escape calls this; leave it out for a dialog that must be answered (game over). */
  onDismiss?: () => void;
  class?: string;
  testId?: string;
}

// Open dialogs, the newest last: only the newest one keeps the keyboard.
const open: HTMLElement[] = [];

export function Dialog({ title, children, onDismiss, class: className, testId }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    open.push(el);
    // A dialog over the game (pause, game over, a choice) pauses the music.
    const closeMusic = musicGate().dialog();
    (focusableIn(el)[0] ?? el).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || open[open.length - 1] !== el) return;
      const items = focusableIn(el);
      const target = nextInCycle(items, document.activeElement, event.shiftKey);
      event.preventDefault();
      (target ?? el).focus();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      open.splice(open.indexOf(el), 1);
      closeMusic();
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
