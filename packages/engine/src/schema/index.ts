/**
 * The protocol's JSON Schemas, one set per game (docs/service.md "Schemas"): what a session takes
 * (config, commands), what it answers (state, public view, events, reply). Each game's file checks
 * its schemas against the engine's types at compile time; schema/agreement.test.ts checks them
 * against the engine's behaviour on every golden replay and on fuzzed commands.
 *
 * The schemas are TypeBox values (draft-07 style, as ajv and Fastify read them); `toJsonSchema2020`
 * writes one out as JSON Schema 2020-12, the dialect of OpenAPI 3.1. No front end imports this
 * entry point, so it costs the pages nothing.
 */
import { type TObject, type TSchema, Type } from "@sinclair/typebox";
import type { InputSchema } from "../core/check-input.js";
import type { GameId } from "../core/game.js";
import { PROTOCOL_COMMANDS } from "../core/protocol.js";
import { BlastCommandSchema, BlastConfigSchema, BlastEventSchema, BlastStateSchema } from "./blast.js";
import {
  BlockyCommandInputSchema,
  BlockyCommandSchema,
  BlockyConfigInputSchema,
  BlockyConfigSchema,
  BlockyEventSchema,
  BlockyStateSchema,
} from "./blocky.js";
import { EngineError, Uint32 } from "./common.js";
import {
  Match3CommandInputSchema,
  Match3CommandSchema,
  Match3ConfigInputSchema,
  Match3ConfigSchema,
  Match3EventSchema,
  Match3StateSchema,
} from "./match3.js";
import {
  PuzzleCommandSchema,
  PuzzleConfigInputSchema,
  PuzzleConfigSchema,
  PuzzleEventSchema,
  PuzzleStateSchema,
} from "./puzzle.js";
import {
  StackerCommandInputSchema,
  StackerCommandSchema,
  StackerConfigInputSchema,
  StackerConfigSchema,
  StackerEventSchema,
  StackerStateSchema,
} from "./stacker.js";

export { EngineError, ERROR_CODES } from "./common.js";

/** One game's schemas as the engine's types are: what `legal`, `hint` and states hold. */
export interface GameSchemaSet {
  /** The config a state keeps (every field filled in). */
  config: TSchema;
  /** A config as a client sends it to `new` or POST /api/games (fields may be left out). */
  configInput: TSchema;
  /** The game's own commands as the engine keeps them: `legal` and `hint` answer these. */
  move: TSchema;
  /** The game's own commands as a client may send them (aliases and left-out fields allowed). */
  moveInput: TSchema;
  state: TObject;
  event: TSchema;
  /** State fields a ranked client never gets besides `rng` and `seed` (`GameDefinition.hidden`). */
  hidden: readonly string[];
}

export const GAME_SCHEMAS: Readonly<Record<GameId, GameSchemaSet>> = {
  blast: {
    config: BlastConfigSchema,
    configInput: BlastConfigSchema,
    move: BlastCommandSchema,
    moveInput: BlastCommandSchema,
    state: BlastStateSchema,
    event: BlastEventSchema,
    hidden: [],
  },
  puzzle: {
    config: PuzzleConfigSchema,
    configInput: PuzzleConfigInputSchema,
    move: PuzzleCommandSchema,
    moveInput: PuzzleCommandSchema,
    state: PuzzleStateSchema,
    event: PuzzleEventSchema,
    hidden: [],
  },
  stacker: {
    config: StackerConfigSchema,
    configInput: StackerConfigInputSchema,
    move: StackerCommandSchema,
    moveInput: StackerCommandInputSchema,
    state: StackerStateSchema,
    event: StackerEventSchema,
    hidden: ["bag"],
  },
  match3: {
    config: Match3ConfigSchema,
    configInput: Match3ConfigInputSchema,
    move: Match3CommandSchema,
    moveInput: Match3CommandInputSchema,
    state: Match3StateSchema,
    event: Match3EventSchema,
    hidden: [],
  },
  blocky: {
    config: BlockyConfigSchema,
    configInput: BlockyConfigInputSchema,
    move: BlockyCommandSchema,
    moveInput: BlockyCommandInputSchema,
    state: BlockyStateSchema,
    event: BlockyEventSchema,
    hidden: [],
  },
};

/** The state a ranked client holds: no `rng`, no `seed`, none of the game's hidden fields. */
export function publicStateSchema(id: GameId): TObject {
  const set = GAME_SCHEMAS[id];
  return Type.Omit(set.state, ["rng", "seed", ...set.hidden], {
    additionalProperties: false,
    description: "A ranked session's state: the public view (no seed, no rng, nothing hidden)",
  });
}

/** The events a reply may carry: the game's own and the protocol's `new_game` and `loaded`. */
export function eventSchema(id: GameId): TSchema {
  const own = GAME_SCHEMAS[id].event;
  return Type.Union([
    ...members(own),
    Type.Object({ type: Type.Literal("new_game") }, { additionalProperties: false }),
    Type.Object({ type: Type.Literal("loaded") }, { additionalProperties: false }),
  ]);
}

/**
 * Every command a session of the game takes, as a client sends it: the protocol's own (state, new,
 * load, legal, hint, ai) and the game's. A field the engine does not read is ignored, not refused,
 * so command objects are open.
 */
export function commandSchema(id: GameId): TSchema {
  const set = GAME_SCHEMAS[id];
  const own = members(set.moveInput);
  const ownNames = new Set(own.map((member) => (member as TObject).properties.cmd?.const as string));
  const simple = (["state", "legal", "hint", "ai"] as const)
    .filter((cmd) => !ownNames.has(cmd))
    .map((cmd) => Type.Object({ cmd: Type.Literal(cmd) }));
  const start = Type.Object({
    cmd: Type.Literal("new"),
    seed: Type.Optional(Uint32),
    config: Type.Optional(
      Type.Union([set.configInput, Type.Null()], { description: "Left out or null: the current config" }),
    ),
  });
  const load = Type.Object({
    cmd: Type.Literal("load"),
    state: Type.Object(
      { game: Type.Optional(Type.Literal(id)) },
      { description: "A state of this game as the engine emits it; fields left out take defaults" },
    ),
  });
  return Type.Union([...simple, start, load, ...own], {
    description: `A command to a ${id} session: the protocol's (${PROTOCOL_COMMANDS.join(", ")}) or the game's own`,
  });
}

/** The engine's reply to a command: accepted with the new state and events, or refused. */
export function replySchema(id: GameId): TSchema {
  const set = GAME_SCHEMAS[id];
  const state = Type.Union([set.state, publicStateSchema(id)]);
  const hint = Type.Object(
    { commands: Type.Array(set.move), reason: Type.String() },
    { description: "The computer player's move: the commands to send, in order, and why" },
  );
  return Type.Union([
    Type.Object(
      {
        ok: Type.Literal(true),
        state,
        events: Type.Array(eventSchema(id)),
        legal: Type.Optional(Type.Array(set.move, { description: "Every legal move (legal)" })),
        hint: Type.Optional(hint),
        ...(id === "blocky"
          ? { value: Type.Optional(Type.Integer({ description: "score: the goal's value on the board" })) }
          : {}),
      },
      { description: "Accepted" },
    ),
    Type.Object(
      { ok: Type.Literal(false), error: EngineError, state },
      { description: "Refused: nothing changed; the state is the unchanged one" },
    ),
  ]);
}

/** The members of a union; TypeBox writes a union of one as that one schema. */
function members(schema: TSchema): TSchema[] {
  return (schema.anyOf as TSchema[] | undefined) ?? [schema];
}

/** The names the schemas are published under (docs/schemas/<file>, /api/schemas/<file>). */
export type SchemaKind =
  | "config"
  | "config-input"
  | "move"
  | "command"
  | "state"
  | "public-state"
  | "event"
  | "reply";

export const SCHEMA_KINDS: readonly SchemaKind[] = [
  "config",
  "config-input",
  "move",
  "command",
  "state",
  "public-state",
  "event",
  "reply",
];

export function schemaOf(id: GameId, kind: SchemaKind): TSchema {
  const set = GAME_SCHEMAS[id];
  switch (kind) {
    case "config":
      return set.config;
    case "config-input":
      return set.configInput;
    case "move":
      return set.move;
    case "command":
      return commandSchema(id);
    case "state":
      return set.state;
    case "public-state":
      return publicStateSchema(id);
    case "event":
      return eventSchema(id);
    case "reply":
      return replySchema(id);
  }
}

/**
 * A schema as plain JSON Schema 2020-12 (OpenAPI 3.1's dialect): TypeBox's markers dropped, tuples
 * written with `prefixItems`. A fresh object each call.
 */
export function toJsonSchema2020(schema: TSchema): Record<string, unknown> {
  return convert(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>;
}

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = convert(value);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = false;
    delete out.additionalItems;
  }
  return enumOfConstants(out);
}

/** A union of bare constants of one type ("B" | "R" | ...) as the shorter, equal `enum`. */
function enumOfConstants(node: Record<string, unknown>): Record<string, unknown> {
  const members = node.anyOf;
  if (!Array.isArray(members) || members.length === 0) return node;
  const type = (members[0] as Record<string, unknown>).type;
  const bare = members.every((member: Record<string, unknown>) => {
    const keys = Object.keys(member);
    return (
      "const" in member && member.type === type && keys.every((key) => key === "const" || key === "type")
    );
  });
  if (!bare) return node;
  const { anyOf: _members, ...rest } = node;
  return { ...rest, type, enum: members.map((member: Record<string, unknown>) => member.const) };
}

/**
 * What a game's `parseCommand` and `parseConfig` check (core/check-input.ts): its command and config
 * input schemas as JSON Schema 2020-12 without descriptions, as `games/<game>/input-schema.ts` holds
 * them (written by `npm run schemas`; schema/inputs.test.ts fails while one is out of date).
 */
export function inputSchemas(id: GameId): { command: InputSchema; config: InputSchema } {
  const set = GAME_SCHEMAS[id];
  return { command: withoutWords(set.moveInput), config: withoutWords(set.configInput) };
}

/** The source text of `games/<game>/input-schema.ts` (formatted by Biome after writing). */
export function inputSchemaModule(id: GameId): string {
  const { command, config } = inputSchemas(id);
  return [
    `/**`,
    ` * ${id}'s command and config schemas as the game checks them (core/check-input.ts). Written by`,
    ` * \`npm run schemas\` from schema/${id}.ts, the one source; do not edit.`,
    ` */`,
    `import type { InputSchema } from "../../core/check-input.js";`,
    ``,
    `export const COMMAND_INPUT: InputSchema = ${JSON.stringify(command)};`,
    ``,
    `export const CONFIG_INPUT: InputSchema = ${JSON.stringify(config)};`,
    ``,
  ].join("\n");
}

function withoutWords(schema: TSchema): InputSchema {
  return JSON.parse(
    JSON.stringify(toJsonSchema2020(schema), (key, value) => (key === "description" ? undefined : value)),
  ) as InputSchema;
}
