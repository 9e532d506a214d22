/** A goal colour's swatch: the fill, and in colour-blind mode its letter (the board's second cue). */
import type { Colour } from "@blockarcade/engine/games/blocky";
import { useColourBlind } from "../../shell/look";
import { CUE, CUE_INK, fills } from "./colours";

export function Swatch({ colour, big }: { colour: Colour; big?: boolean }) {
  const cb = useColourBlind("blocky");
  return (
    <span
      class={big ? "blocky-swatch big" : "blocky-swatch"}
      style={{ background: fills(cb)[colour], color: CUE_INK[colour] }}
      aria-hidden="true"
    >
      {cb && <span class="cue">{CUE[colour]}</span>}
    </span>
  );
}
