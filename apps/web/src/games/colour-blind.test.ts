/**
 * Every game's colour-blind palette (docs/accessibility.md "Look"): each pair of colours stays apart
 * as people with each dichromacy see them, and each colour has its own second cue (a letter or a
 * shape) so that no rule rests on colour alone.
 *
 * Simulation: Machado, Oliveira & Fernandes 2009 (IEEE TVCG 15(6), "A Physiologically-based Model
 * for Simulation of Color Vision Deficiency"), severity 1.0 matrices on linear sRGB. Distance:
 * CIEDE2000 (Sharma, Wu & Dalal 2005), checked below against two of Sharma's published test pairs.
 *
 * Threshold: the finding behind this (issue 24) measured Blocky's red and green at 10.8 (CIE76), that
 * is 10.2 in CIEDE2000, under simulated deuteranopia: a pair people mistake at a glance. Every palette
 * must beat that pair with a margin: 12 or more for every pair under every simulated vision. Where
 * colour carries more weight (Blocky, where the goal is a colour; Match-3, whose four symbols are
 * matched by colour and shape) the four-colour palettes must keep 20 or more.
 */
import { COLOUR_NAMES, type Colour } from "@blockarcade/engine/games/blocky";
import type { BrickSymbol } from "@blockarcade/engine/games/match3";
import type { PieceType } from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import { inkOn } from "../shell/ink";
import {
  ciede2000,
  closestPair,
  parseColour,
  seenDifference,
  toLab,
  type Vision,
} from "../testing/colour-vision";
import * as blast from "./blast/colours";
import * as blocky from "./blocky/colours";
import { COLOUR_BLIND_COLORS as MATCH3_COLOURS, SYMBOL_NAMES } from "./match3/symbols";
import * as puzzle from "./puzzle/colours";
import * as stacker from "./stacker/colours";

const VISIONS: Vision[] = ["deuteranopia", "protanopia", "tritanopia"];
const BLOCKY: Colour[] = ["B", "R", "G", "Y"];
const SYMBOLS: BrickSymbol[] = ["^", "*", "@", "~"];
const PIECES: PieceType[] = ["I", "O", "T", "S", "Z", "J", "L"];

interface Palette {
  game: string;
  colours: string[];
  cues: string[];
  threshold: number;
  /** Where the cue is a letter drawn on the colour: its ink must read on it. */
  letters: boolean;
}

const PALETTES: Palette[] = [
  {
    game: "blocky",
    colours: BLOCKY.map((c) => blocky.COLOUR_BLIND_FILL[c]),
    cues: BLOCKY.map((c) => blocky.CUE[c]),
    threshold: 20,
    letters: true,
  },
  {
    game: "match3",
    colours: SYMBOLS.map((s) => MATCH3_COLOURS[s]),
    cues: SYMBOLS.map((s) => SYMBOL_NAMES[s]),
    threshold: 20,
    letters: false,
  },
  {
    game: "puzzle",
    colours: puzzle.COLOUR_BLIND_COLOURS,
    cues: [...puzzle.CUES],
    threshold: 12,
    letters: true,
  },
  {
    game: "stacker",
    colours: PIECES.map((p) => stacker.COLOUR_BLIND_COLOURS[p]),
    cues: PIECES.map((p) => stacker.CUE[p]),
    threshold: 12,
    letters: true,
  },
  { game: "blast", colours: blast.COLOUR_BLIND_COLOURS, cues: [...blast.CUES], threshold: 12, letters: true },
];

function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = parseColour(c).map((v) => {
      const x = v / 255;
      return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("colour maths", () => {
  it("matches Sharma's CIEDE2000 test data", () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(ciede2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it("reproduces the finding: Blocky's rules colours, red and green, fall together under deuteranopia", () => {
    const [d, i, j] = closestPair(
      BLOCKY.map((c) => blocky.FILL[c]),
      "deuteranopia",
    );
    expect([BLOCKY[i], BLOCKY[j]]).toEqual(["R", "G"]);
    expect(d).toBeLessThan(12);
    expect(toLab(parseColour("#ffffff"))[0]).toBeCloseTo(100, 3);
  });
});

describe.each(PALETTES)("the $game colour-blind palette", (palette) => {
  it.each(VISIONS)(
    `keeps every pair at CIEDE2000 ${palette.threshold} or more under simulated %s`,
    (vision) => {
      const [d, i, j] = closestPair(palette.colours, vision);
      expect(d, `${palette.colours[i]} and ${palette.colours[j]}`).toBeGreaterThanOrEqual(palette.threshold);
    },
  );

  it("keeps every pair apart for normal vision too", () => {
    expect(closestPair(palette.colours, "normal")[0]).toBeGreaterThanOrEqual(palette.threshold);
  });

  it("gives each colour its own second cue", () => {
    expect(palette.cues).toHaveLength(palette.colours.length);
    expect(new Set(palette.cues).size).toBe(palette.colours.length);
    for (const cue of palette.cues) expect(cue.trim()).not.toBe("");
  });
});

describe.each(PALETTES.filter((p) => p.letters))("the $game letters", (palette) => {
  it("are drawn in an ink that reads on each colour (3:1 or more)", () => {
    for (const colour of palette.colours)
      expect(contrast(colour, inkOn(colour)), colour).toBeGreaterThanOrEqual(3);
  });
});

it("Blocky's letters are the initials of the colours' names", () => {
  for (const c of BLOCKY) expect(COLOUR_NAMES[c][0]?.toUpperCase()).toBe(blocky.CUE[c]);
  expect(
    seenDifference(blocky.COLOUR_BLIND_FILL.R, blocky.COLOUR_BLIND_FILL.G, "deuteranopia"),
  ).toBeGreaterThan(20);
});
