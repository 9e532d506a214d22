/**
 * Ctrl-C in the line games (Block Blast, Block Puzzle, Blocky, Match-3's dialogue): on a terminal in
 * its usual (cooked) mode Ctrl-C is SIGINT, which would end the process before its last words. While
 * a game runs, SIGINT instead settles `interrupted`, so the game can print its final score and end
 * with status 130, as a shell expects of Ctrl-C.
 */
export const INTERRUPTED_STATUS = 130;

export interface Interrupt {
  /** Resolves when Ctrl-C comes; never rejects. */
  readonly interrupted: Promise<"interrupted">;
  readonly fired: boolean;
  /** Stops listening: SIGINT is the default again. */
  dispose(): void;
}

export function catchInterrupt(): Interrupt {
  let fired = false;
  let settle: (value: "interrupted") => void = () => {};
  const interrupted = new Promise<"interrupted">((resolve) => {
    settle = resolve;
  });
  const onSignal = () => {
    fired = true;
    settle("interrupted");
  };
  process.on("SIGINT", onSignal);
  return {
    interrupted,
    get fired() {
      return fired;
    },
    dispose: () => process.removeListener("SIGINT", onSignal),
  };
}
