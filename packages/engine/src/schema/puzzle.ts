/** Block Puzzle's schemas (docs/games/puzzle.md "State and protocol"), checked against its types. */
import { type Static, Type } from "@sinclair/typebox";
import { BLOCK_COLOURS, MAX_SIDE, MIN_SIDE, TRAY_SIZE } from "../games/puzzle/constants.js";
import type { PuzzleCommand, PuzzleConfig, PuzzleEvent, PuzzleState } from "../games/puzzle/types.js";
import { baseState, CellPair, type Check, Count, closed, type Same, tagged } from "./common.js";

const Side = Type.Integer({ minimum: MIN_SIDE, maximum: MAX_SIDE });

export const PuzzleConfigSchema = closed(
  { rows: Side, cols: Side },
  "The board's size; a field left out is 8. No config is 8 x 8.",
  { rows: 8, cols: 8 },
);
/** What a client may send: either side may be left out. */
export const PuzzleConfigInputSchema = Type.Partial(PuzzleConfigSchema);

export const PuzzleCommandSchema = tagged(
  [
    Type.Object({
      cmd: Type.Literal("place"),
      piece: Type.Integer({ minimum: 0, maximum: TRAY_SIZE - 1, description: "Tray slot" }),
      row: Type.Integer(),
      col: Type.Integer(),
    }),
  ],
  "Block Puzzle's own command",
);

const Colour = Type.Union(BLOCK_COLOURS.map((c) => Type.Literal(c)));
const TrayBlock = closed({
  id: Type.String(),
  baseShape: Type.String(),
  colour: Colour,
  shape: Type.Array(Type.String()),
});
const Cells = Type.Array(CellPair);

export const PuzzleStateSchema = closed({
  ...baseState("puzzle"),
  config: PuzzleConfigSchema,
  tray: Type.Array(Type.Union([TrayBlock, Type.Null()]), { minItems: TRAY_SIZE, maxItems: TRAY_SIZE }),
  round: Count,
  lines: Count,
});

export const PuzzleEventSchema = tagged(
  [
    closed({
      type: Type.Literal("placed"),
      piece: Type.Integer(),
      id: Type.String(),
      colour: Colour,
      row: Type.Integer(),
      col: Type.Integer(),
      cells: Cells,
    }),
    closed({
      type: Type.Literal("cleared"),
      rows: Type.Array(Type.Integer()),
      cols: Type.Array(Type.Integer()),
      cells: Cells,
    }),
    closed({
      type: Type.Literal("scored"),
      points: Count,
      block: Count,
      lines: Count,
      doubled: Type.Boolean(),
      fullClear: Count,
    }),
    closed({ type: Type.Literal("dealt"), round: Count, tray: Type.Array(TrayBlock) }),
    closed({ type: Type.Literal("game_over"), score: Count }),
  ],
  "Block Puzzle's events",
);

export type PuzzleChecks = [
  Check<Same<Static<typeof PuzzleConfigSchema>, PuzzleConfig>>,
  Check<Same<Static<typeof PuzzleConfigInputSchema>, Partial<PuzzleConfig>>>,
  Check<Same<Static<typeof PuzzleCommandSchema>, PuzzleCommand>>,
  Check<Same<Static<typeof PuzzleStateSchema>, PuzzleState>>,
  Check<Same<Static<typeof PuzzleEventSchema>, PuzzleEvent>>,
];
