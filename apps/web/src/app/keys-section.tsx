/**
 * The settings screen's Keys section, loaded when the screen opens: the key maps and their editor
 * stay out of the home page's first download (scripts/page-budgets.json); the service worker keeps
 * the chunk for offline use like every other.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

export function KeysSection() {
  const [Keys, setKeys] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import("./key-settings").then((m) => {
      if (live) setKeys(() => m.KeySettings);
    });
    return () => {
      live = false;
    };
  }, []);
  return Keys ? <Keys /> : null;
}
