/**
 * The protocol's JSON Schemas as this service publishes them (docs/service.md "Schemas"): under
 * GET /api/schemas/, as components of the OpenAPI document, and as files in docs/schemas/
 * (scripts/write-schemas.mjs). They come from the engine (@blockarcade/engine/schema), whose tests
 * hold them to the engine's types and behaviour; here they only get their names.
 */
import type { GameId } from "@blockarcade/engine/core";
import {
  EngineError,
  SCHEMA_KINDS,
  type SchemaKind,
  schemaOf,
  toJsonSchema2020,
} from "@blockarcade/engine/schema";
import { OFFERED_IDS } from "./games.js";

export const SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

export interface PublishedSchema {
  /** The OpenAPI component's name, e.g. BlastCommand. */
  name: string;
  /** The file's name under docs/schemas/ and /api/schemas/, e.g. blast-command.json. */
  file: string;
  game: GameId;
  kind: SchemaKind;
  description: string;
}

const KIND_DESCRIPTIONS: Readonly<Record<SchemaKind, string>> = {
  config: "The config a game keeps in its state, every field filled in",
  "config-input": "A config as sent to POST /api/games or the new command (fields may be left out)",
  move: "The game's own commands as `legal` and `hint` answer them",
  command: "Every command a session of the game takes (the protocol's and the game's own)",
  state: "The whole state of an unranked session",
  "public-state": "A ranked session's state: no seed, no rng, nothing the game keeps hidden",
  event: "The events of a reply",
  reply: "The engine's reply to a command: accepted, or refused with the unchanged state",
};

const GAME_NAMES: Readonly<Record<GameId, string>> = {
  blast: "Blast",
  puzzle: "Puzzle",
  stacker: "Stacker",
  match3: "Match3",
  blocky: "Blocky",
};

/** The component name of a game's schema: BlastCommand, Match3PublicState. */
export function componentName(game: GameId, kind: SchemaKind): string {
  const words = kind.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${GAME_NAMES[game]}${words.join("")}`;
}

export function publishedSchemas(): PublishedSchema[] {
  return OFFERED_IDS.flatMap((game) =>
    SCHEMA_KINDS.map((kind) => ({
      name: componentName(game, kind),
      file: `${game}-${kind}.json`,
      game,
      kind,
      description: KIND_DESCRIPTIONS[kind],
    })),
  );
}

/** The list GET /api/schemas/ answers (and docs/schemas/index.json holds), files under `base`. */
export function schemaIndex(base: string) {
  return {
    dialect: SCHEMA_DIALECT,
    schemas: publishedSchemas().map((entry) => ({ ...entry, url: `${base}${entry.file}` })),
  };
}

/**
 * A schema as a file: JSON Schema 2020-12, standing alone. A game schema it holds whole (a reply's
 * state, moves and events) is written once under $defs and referred to.
 */
export function schemaFile(entry: PublishedSchema): Record<string, unknown> {
  const shared = sharedSchemas();
  const defs: Record<string, unknown> = {};
  const define = (name: string): Record<string, unknown> => {
    if (!(name in defs)) {
      defs[name] = {};
      defs[name] = referTo(shared.byName.get(name), shared.names, name, true, define);
    }
    return { $ref: `#/$defs/${name}` };
  };
  const body = referTo(
    toJsonSchema2020(schemaOf(entry.game, entry.kind)),
    shared.names,
    entry.name,
    true,
    define,
  ) as Record<string, unknown>;
  return {
    $schema: SCHEMA_DIALECT,
    $id: entry.file,
    title: entry.name,
    ...body,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

/** Kinds another schema may refer to, in the order a shared shape is named (a Blast config is both). */
const REFERABLE: readonly SchemaKind[] = ["state", "public-state", "event", "move", "config", "config-input"];

/** The schemas others may hold whole: by their JSON text (to find them) and by name. */
function sharedSchemas(): { names: Map<string, string>; byName: Map<string, unknown> } {
  const engineError = toJsonSchema2020(EngineError);
  const names = new Map<string, string>([[JSON.stringify(engineError), "EngineError"]]);
  const byName = new Map<string, unknown>([["EngineError", engineError]]);
  const entries = publishedSchemas();
  for (const kind of REFERABLE) {
    for (const entry of entries.filter((e) => e.kind === kind)) {
      const schema = toJsonSchema2020(schemaOf(entry.game, entry.kind));
      const text = JSON.stringify(schema);
      if (!names.has(text)) {
        names.set(text, entry.name);
        byName.set(entry.name, schema);
      }
    }
  }
  return { names, byName };
}

/**
 * The schemas as OpenAPI components ($id: the component's name): where one holds another game
 * schema whole (a reply its state, moves and events; a state its config), it refers to it by name,
 * so a client generator makes one type of each.
 */
export function schemaComponents(): Record<string, unknown>[] {
  const { names, byName } = sharedSchemas();
  const components = publishedSchemas().map((entry) => {
    const schema = toJsonSchema2020(schemaOf(entry.game, entry.kind));
    return {
      $id: entry.name,
      ...(referTo(schema, names, entry.name, true, (name) => ({ $ref: `${name}#` })) as Record<
        string,
        unknown
      >),
    };
  });
  const engineError = byName.get("EngineError") as Record<string, unknown>;
  return [...components, { $id: "EngineError", ...engineError }];
}

/** `node` with every schema of `names` inside it (not itself) replaced by what `refer` makes. */
function referTo(
  node: unknown,
  names: Map<string, string>,
  self: string,
  root: boolean,
  refer: (name: string) => Record<string, unknown>,
): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (!root) {
    const name = names.get(JSON.stringify(node));
    if (name !== undefined && name !== self) return refer(name);
  }
  if (Array.isArray(node)) return node.map((item) => referTo(item, names, self, false, refer));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = referTo(value, names, self, false, refer);
  return out;
}
