/**
 * Plays Arcade's chain pictures (chain-frames.ts) on the page's effects timeline: each picture for
 * chainStepMs, then the field at rest. A restart clears the timeline, and with it the pictures.
 */
import type { Match3Event, Match3State } from "@blockarcade/engine/games/match3";
import { useRef } from "preact/hooks";
import { type Timeline, useTimed } from "../../shell/effects-timeline";
import { type ChainFrame, chainFrames, chainStepMs } from "./chain-frames";

export interface ChainAnimation {
  /** The picture to draw instead of the field at rest, or null. */
  frame: ChainFrame | null;
  /** After each step of the game: true when the step's lock is being shown picture by picture. */
  play: (state: Match3State, events: readonly Match3Event[]) => boolean;
}

export function useChainAnimation(timeline: Timeline, reducedMotion: boolean): ChainAnimation {
  const [frame, show] = useTimed<ChainFrame | null>(timeline, null);
  /** The field before the step (the pictures are replayed from it); a game's first step is a fall. */
  const field = useRef<readonly string[] | null>(null);
  return {
    frame,
    play(state, events) {
      const frames = field.current ? chainFrames(field.current, events) : [];
      field.current = state.board;
      const step = chainStepMs(reducedMotion);
      if (frames.length === 0 || step === 0) return false;
      frames.forEach((picture, i) => {
        if (i === 0) show(picture, step);
        else timeline.after(i * step, () => show(picture, step));
      });
      return true;
    },
  };
}
