/**
 * Match-3 Falling Bricks' schemas (docs/games/match3.md), classic and Arcade, checked against
 * games/match3/types.ts.
 */
import { type Static, Type } from "@sinclair/typebox";
import {
  ARCADE_MAX_HEIGHT,
  ARCADE_MAX_WIDTH,
  ARCADE_MIN_HEIGHT,
  ARCADE_MIN_WIDTH,
  BRICK_SETS,
  EXAMPLE_INPUT,
  MAX_LEVEL,
  SYMBOLS,
} from "../games/match3/constants.js";
import type {
  BrickSetName,
  Match3Command,
  Match3Config,
  Match3Event,
  Match3State,
} from "../games/match3/types.js";
import { baseState, type Check, Count, closed, type Same, tagged } from "./common.js";

const Input = Type.String({
  examples: [EXAMPLE_INPUT],
  description: 'The init line: "<width> <height> <bricks...>", e.g. "5 8 H^^* V*@^" (docs/games/match3.md)',
});
const Classic = closed(
  { mode: Type.Optional(Type.Literal("classic")), input: Input },
  "The classic game: the field and bricks of its init line.",
);
const BrickSet = Type.Union(
  (Object.keys(BRICK_SETS) as BrickSetName[]).map((name) => Type.Literal(name)),
  { description: "Which bricks the stream draws" },
);
const Width = Type.Integer({ minimum: ARCADE_MIN_WIDTH, maximum: ARCADE_MAX_WIDTH });
const Height = Type.Integer({ minimum: ARCADE_MIN_HEIGHT, maximum: ARCADE_MAX_HEIGHT });
const Level = Type.Integer({ minimum: 1, maximum: MAX_LEVEL });
const Arcade = closed(
  { mode: Type.Literal("arcade"), width: Width, height: Height, bricks: BrickSet, level: Level },
  'Arcade mode (docs/games/match3.md "Arcade mode"): an endless stream of bricks, gravity, chains.',
);

export const Match3ConfigSchema = Type.Union([Classic, Arcade], {
  description: "The config a game keeps: classic (no mode) or Arcade, every field filled in.",
});
/** What a client may send: the init line or Arcade's fields may be left out (defaults). */
export const Match3ConfigInputSchema = Type.Union(
  [
    Type.Partial(Classic),
    closed(
      {
        mode: Type.Literal("arcade"),
        width: Type.Optional(Width),
        height: Type.Optional(Height),
        bricks: Type.Optional(BrickSet),
        level: Type.Optional(Level),
      },
      'Arcade mode: {"mode":"arcade"} plus any of width, height, bricks and the starting level.',
    ),
  ],
  { description: "No config, or {}, is the classic example field.", examples: [{ input: EXAMPLE_INPUT }] },
);

const Move = Type.Union([Type.Literal("L"), Type.Literal("R"), Type.Literal("D")]);

export const Match3CommandSchema = tagged(
  [
    Type.Object({ cmd: Type.Literal("frame"), commands: Type.String() }),
    Type.Object({ cmd: Type.Literal("move"), move: Move }),
    Type.Object({ cmd: Type.Literal("tick") }),
  ],
  "Match-3's own commands: frame (classic), move and tick (Arcade)",
);
/** As a client may send them: a frame's `commands` may be left out (an empty frame). */
export const Match3CommandInputSchema = tagged(
  [
    Type.Object({
      cmd: Type.Literal("frame"),
      commands: Type.Optional(
        Type.String({ description: "The frame's line of L, R, D; the first two valid ones count" }),
      ),
    }),
    Type.Object({ cmd: Type.Literal("move"), move: Move }),
    Type.Object({ cmd: Type.Literal("tick") }),
  ],
  "Match-3's own commands: frame (classic), move and tick (Arcade)",
);

const BrickSymbol = Type.Union(SYMBOLS.map((s) => Type.Literal(s)));
const BrickText = Type.String({ pattern: "^[HV][\\^*@~]{3}$", description: "e.g. H^^*" });
const ActiveCell = Type.Tuple([Type.Integer(), Type.Integer(), BrickSymbol]);
const Reason = Type.Union([
  Type.Literal("no-bricks"),
  Type.Literal("spawn-blocked"),
  Type.Literal("topped-out"),
]);

export const Match3StateSchema = closed({
  ...baseState("match3"),
  config: Match3ConfigSchema,
  active: Type.Union([closed({ cells: Type.Tuple([ActiveCell, ActiveCell, ActiveCell]) }), Type.Null()]),
  queue: Type.Array(BrickText),
  level: Type.Optional(Type.Integer({ minimum: 1, description: "Arcade only" })),
  cells: Type.Optional(Type.Integer({ minimum: 0, description: "Arcade only" })),
  combo: Type.Optional(Type.Integer({ minimum: 0, description: "Arcade only" })),
  placed: Type.Optional(Type.Integer({ minimum: 0, description: "Arcade only" })),
  reason: Type.Optional(Reason),
});

export const Match3EventSchema = tagged(
  [
    closed({ type: Type.Literal("moved"), command: Move, rows: Type.Optional(Count) }),
    closed({ type: Type.Literal("blocked"), command: Move }),
    closed({ type: Type.Literal("fell") }),
    closed({ type: Type.Literal("locked"), cells: Type.Array(ActiveCell) }),
    closed({ type: Type.Literal("removed"), cells: Type.Array(ActiveCell), chain: Type.Optional(Count) }),
    closed({
      type: Type.Literal("dropped"),
      cells: Type.Array(Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer(), BrickSymbol])),
      chain: Count,
    }),
    closed({ type: Type.Literal("risen"), stones: Count }),
    closed({ type: Type.Literal("spawned"), brick: BrickText, cells: Type.Array(ActiveCell) }),
    closed({ type: Type.Literal("game_over"), reason: Reason }),
    closed({ type: Type.Literal("scored"), points: Count, cells: Count, combo: Count, chain: Count }),
    closed({ type: Type.Literal("level_up"), level: Type.Integer({ minimum: 1 }) }),
  ],
  "Match-3's events",
);

export type Match3Checks = [
  Check<Same<Static<typeof Match3ConfigSchema>, Match3Config>>,
  Check<Same<Static<typeof Match3CommandSchema>, Match3Command>>,
  Check<Same<Static<typeof Match3StateSchema>, Match3State>>,
  Check<Same<Static<typeof Match3EventSchema>, Match3Event>>,
];
