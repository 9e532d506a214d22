/** A help text's keys as the player bound them (shell/key-bindings.ts): one <kbd> per key. */
import type { GameId } from "@blockarcade/engine/core";
import { Fragment } from "preact";
import { bindingsOf, keyLabel, useKeyBindings } from "./key-bindings";

export function BoundKeys({ game, action }: { game: GameId; action: string }) {
  useKeyBindings();
  const keys = bindingsOf(game)[action] ?? [];
  return (
    <>
      {keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 && " "}
          <kbd>{keyLabel(k)}</kbd>
        </Fragment>
      ))}
    </>
  );
}
