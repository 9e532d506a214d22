/** Block Blast's schemas (docs/games/blast.md "Events"), checked against games/blast/types.ts. */
import { type Static, Type } from "@sinclair/typebox";
import { TRAY_SIZE } from "../games/blast/constants.js";
import type { BlastCommand, BlastConfig, BlastEvent, BlastState } from "../games/blast/types.js";
import { baseState, CellPair, type Check, Count, closed, type Mutual, type Same, tagged } from "./common.js";

export const BlastConfigSchema = closed({}, "Block Blast takes no options: {} (or no config).", {});

const Piece = Type.Integer({ minimum: 0, maximum: TRAY_SIZE - 1, description: "Tray slot" });

export const BlastCommandSchema = tagged(
  [
    Type.Object({ cmd: Type.Literal("place"), piece: Piece, row: Type.Integer(), col: Type.Integer() }),
    Type.Object({ cmd: Type.Literal("revive") }),
  ],
  "Block Blast's own commands",
);

const TrayPiece = closed({
  shape: Type.Array(Type.String(), { description: "Rows of # and ., as drawn" }),
  colour: Count,
});
const TraySlot = Type.Union([TrayPiece, Type.Null()]);
const Cells = Type.Array(CellPair);

export const BlastStateSchema = closed({
  ...baseState("blast"),
  config: BlastConfigSchema,
  tray: Type.Array(TraySlot, { minItems: TRAY_SIZE, maxItems: TRAY_SIZE }),
  streak: Count,
  movesSinceLastClear: Count,
  revivesLeft: Count,
});

export const BlastEventSchema = tagged(
  [
    closed({
      type: Type.Literal("placed"),
      piece: Type.Integer(),
      row: Type.Integer(),
      col: Type.Integer(),
      colour: Count,
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
      lines: Count,
      cells: Count,
      streak: Count,
      perfect: Type.Boolean(),
    }),
    closed({ type: Type.Literal("dealt"), tray: Type.Array(TraySlot) }),
    closed({ type: Type.Literal("game_over"), revivesLeft: Count }),
    closed({ type: Type.Literal("revived"), removed: Cells, revivesLeft: Count }),
  ],
  "Block Blast's events",
);

export type BlastChecks = [
  Check<Mutual<Static<typeof BlastConfigSchema>, BlastConfig>>,
  Check<Same<Static<typeof BlastCommandSchema>, BlastCommand>>,
  Check<Same<Static<typeof BlastStateSchema>, BlastState>>,
  Check<Same<Static<typeof BlastEventSchema>, BlastEvent>>,
];
