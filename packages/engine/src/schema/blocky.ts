/** Blocky's schemas (docs/games/blocky.md "The model"), checked against games/blocky/types.ts. */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import {
  ACTIONS,
  COLOURS,
  GOAL_TYPES,
  MAX_CONFIG_DEPTH,
  MAX_DIFFICULTY,
  MAX_LOAD_DEPTH,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_CONFIG_DEPTH,
  PLAYER_KINDS,
} from "../games/blocky/constants.js";
import type { Block, BlockyCommand, BlockyConfig, BlockyEvent, BlockyState } from "../games/blocky/types.js";
import { baseState, type Check, Count, closed, type Same, tagged } from "./common.js";

const Colour = Type.Union(COLOURS.map((c) => Type.Literal(c)));
const Action = Type.Union(ACTIONS.map((a) => Type.Literal(a)));
const GoalType = Type.Union(GOAL_TYPES.map((g) => Type.Literal(g)));
const Kind = Type.Union(PLAYER_KINDS.map((k) => Type.Literal(k)));
const Goal = closed({ type: GoalType, colour: Colour });
const Path = Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), {
  maxItems: MAX_LOAD_DEPTH,
  description:
    "Child indices from the top block down: 0 upper-right, 1 upper-left, 2 lower-left, 3 lower-right",
});

const PlayerConfig = closed(
  {
    kind: Kind,
    difficulty: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_DIFFICULTY, description: "Smart players: moves tried" }),
    ),
    goal: Type.Optional(Goal),
  },
  undefined,
  { kind: "human" },
);

export const BlockyConfigSchema = closed({
  maxDepth: Type.Integer({ minimum: MIN_CONFIG_DEPTH, maximum: MAX_CONFIG_DEPTH }),
  players: Type.Array(PlayerConfig, { minItems: 1, maxItems: MAX_PLAYERS }),
  turns: Type.Integer({ minimum: 1, maximum: MAX_TURNS }),
});
/** What a client may send: any field left out takes its default. */
export const BlockyConfigInputSchema = Type.Partial(BlockyConfigSchema, { examples: [{ maxDepth: 3 }] });

export const BlockyCommandSchema = tagged(
  [
    Type.Object({ cmd: Type.Literal("move"), action: Action, path: Path }),
    Type.Object({ cmd: Type.Literal("ai") }),
    Type.Object({ cmd: Type.Literal("score"), goal: GoalType, colour: Colour }),
  ],
  "Blocky's own commands",
);
/** As a client may send them: a pass may leave its path out. */
export const BlockyCommandInputSchema = tagged(
  [
    Type.Object({ cmd: Type.Literal("move"), action: Type.Literal("pass"), path: Type.Optional(Path) }),
    Type.Object({ cmd: Type.Literal("move"), action: Action, path: Path }),
    Type.Object({ cmd: Type.Literal("ai") }),
    Type.Object({ cmd: Type.Literal("score"), goal: GoalType, colour: Colour }),
  ],
  "Blocky's own commands",
);

/**
 * A block: a colour, or the array of its 4 children. Written out level by level to the deepest tree
 * a state may hold (MAX_LOAD_DEPTH) instead of a recursive $ref, so the schema stands alone wherever
 * it is embedded (an OpenAPI component, a file); its static type is the engine's `Block`.
 */
function blockSchema(levels: number): TSchema {
  if (levels === 0) return Colour;
  return Type.Union([Colour, Type.Array(blockSchema(levels - 1), { minItems: 4, maxItems: 4 })]);
}
const Tree = Type.Unsafe<Block>(
  Type.Union([blockSchema(MAX_LOAD_DEPTH)], {
    description: "A leaf is its colour; a split block the array of its children UR, UL, LL, LR",
  }),
);

const Player = closed({
  kind: Kind,
  difficulty: Type.Optional(Type.Integer({ minimum: 1 })),
  goal: Goal,
  penalty: Count,
  score: Type.Integer(),
});

export const BlockyStateSchema = closed({
  ...baseState("blocky"),
  score: Type.Integer({ description: "The current player's score: goal minus penalty, may be below 0" }),
  config: BlockyConfigSchema,
  tree: Tree,
  maxDepth: Type.Integer({ minimum: 0, maximum: MAX_LOAD_DEPTH }),
  players: Type.Array(Player),
  turns: Count,
  turn: Count,
  current: Count,
  winner: Type.Union([Count, Type.Null()]),
});

export const BlockyEventSchema = tagged(
  [
    closed({ type: Type.Literal("moved"), player: Count, action: Action, path: Path }),
    closed({ type: Type.Literal("game_over"), winner: Count, scores: Type.Array(Type.Integer()) }),
  ],
  "Blocky's events",
);

export type BlockyChecks = [
  Check<Same<Static<typeof BlockyConfigSchema>, BlockyConfig>>,
  Check<Same<Static<typeof BlockyCommandSchema>, BlockyCommand>>,
  Check<Same<Static<typeof BlockyStateSchema>, BlockyState>>,
  Check<Same<Static<typeof BlockyEventSchema>, BlockyEvent>>,
];
