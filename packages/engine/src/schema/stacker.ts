/** Block Stacker's schemas (docs/games/stacker.md "State"), checked against games/stacker/types.ts. */
import { type Static, Type } from "@sinclair/typebox";
import { MAX_SIZE, MIN_SIZE, PIECE_TYPES, STACKER_KEYS } from "../games/stacker/constants.js";
import type { StackerCommand, StackerConfig, StackerEvent, StackerState } from "../games/stacker/types.js";
import { baseState, CellPair, type Check, Count, closed, type Same, tagged } from "./common.js";

export const StackerConfigSchema = closed(
  { size: Type.Integer({ minimum: MIN_SIZE, maximum: MAX_SIZE, description: "The board is size x size" }) },
  "No config (or {}) is a 20 x 20 board.",
  { size: 20 },
);
export const StackerConfigInputSchema = Type.Partial(StackerConfigSchema);

const Key = Type.Union(STACKER_KEYS.map((key) => Type.Literal(key)));
/** What the engine also reads as a key: a letter key in lower case, and " " for Space. */
const KEY_ALIASES = [...STACKER_KEYS.filter((key) => key.length === 1).map((key) => key.toLowerCase()), " "];

export const StackerCommandSchema = tagged(
  [Type.Object({ cmd: Type.Literal("key"), key: Key }), Type.Object({ cmd: Type.Literal("tick") })],
  "Block Stacker's own commands",
);
/** The commands as a client may send them: a key may also be a lower-case letter or " ". */
export const StackerCommandInputSchema = tagged(
  [
    Type.Object({
      cmd: Type.Literal("key"),
      key: Type.Union([Key, ...KEY_ALIASES.map((key) => Type.Literal(key))], {
        description: `One of ${STACKER_KEYS.join(", ")}; letters in either case, " " for Space`,
      }),
    }),
    Type.Object({ cmd: Type.Literal("tick") }),
  ],
  "Block Stacker's own commands",
);

const Piece = Type.Union(PIECE_TYPES.map((type) => Type.Literal(type)));
const Rotation = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
const Cells = Type.Array(CellPair);
const ActivePiece = closed({ type: Piece, rotation: Rotation, cells: Cells });

export const StackerStateSchema = closed({
  ...baseState("stacker"),
  config: StackerConfigSchema,
  active: Type.Union([ActivePiece, Type.Null()]),
  next: Type.Array(Piece),
  bag: Type.Array(Piece, { description: "Hidden: a ranked client's state has no bag" }),
  hold: Type.Union([Piece, Type.Null()]),
  canHold: Type.Boolean(),
  lines: Count,
  level: Type.Integer({ minimum: 1 }),
});

export const StackerEventSchema = tagged(
  [
    closed({
      type: Type.Literal("moved"),
      direction: Type.Union([Type.Literal("left"), Type.Literal("right"), Type.Literal("down")]),
    }),
    closed({ type: Type.Literal("fell") }),
    closed({
      type: Type.Literal("rotated"),
      direction: Type.Union([Type.Literal("cw"), Type.Literal("ccw")]),
      from: Rotation,
      to: Rotation,
      kick: Count,
      offset: CellPair,
    }),
    closed({ type: Type.Literal("hard_dropped"), rows: Count }),
    closed({ type: Type.Literal("locked"), piece: Piece, cells: Cells }),
    closed({ type: Type.Literal("cleared"), rows: Type.Array(Type.Integer()) }),
    closed({
      type: Type.Literal("scored"),
      points: Count,
      reason: Type.Union([Type.Literal("lines"), Type.Literal("soft_drop"), Type.Literal("hard_drop")]),
    }),
    closed({ type: Type.Literal("level_up"), level: Type.Integer({ minimum: 1 }) }),
    closed({ type: Type.Literal("held"), piece: Piece, released: Type.Union([Piece, Type.Null()]) }),
    closed({ type: Type.Literal("spawned"), piece: Piece }),
    closed({ type: Type.Literal("game_over"), piece: Piece }),
  ],
  "Block Stacker's events",
);

export type StackerChecks = [
  Check<Same<Static<typeof StackerConfigSchema>, StackerConfig>>,
  Check<Same<Static<typeof StackerCommandSchema>, StackerCommand>>,
  Check<Same<Static<typeof StackerStateSchema>, StackerState>>,
  Check<Same<Static<typeof StackerEventSchema>, StackerEvent>>,
];
