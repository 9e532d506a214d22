/**
 * Checks a value from outside against one of the protocol's JSON Schemas (docs/architecture.md
 * "Reading outside input"): what a game's `parseCommand` and `parseConfig` run first, so the engine
 * refuses exactly what the published schema refuses, in the words of `read.ts`. Each game's schemas
 * come from `schema/<game>.ts` (TypeBox, checked against the game's types) and reach the game as
 * plain JSON in `games/<game>/input-schema.ts`, written by `npm run schemas`: the pages download a
 * few hundred bytes of data, not a schema library.
 *
 * Only the keywords those schemas use are read; the walk follows the schema, never the value, so it
 * ends however deep the value is.
 */
import { type ErrorCode, fail, type GameId, ok, type Result } from "./game.js";
import { describeValue } from "./read.js";

/** The JSON Schema 2020-12 keywords the input schemas use. */
export interface InputSchema {
  readonly type?: "object" | "array" | "string" | "integer" | "number" | "boolean" | "null";
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly InputSchema[];
  readonly properties?: Readonly<Record<string, InputSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: InputSchema | false;
  readonly prefixItems?: readonly InputSchema[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The first is quoted when a value has the wrong type: "config must be an object such as {...}". */
  readonly examples?: readonly unknown[];
}

/** What is wrong with a value: where (a field's path, "" for the whole value) and why. */
export interface InputProblem {
  path: string;
  message: string;
}

/**
 * Why `value` does not fit `schema`, or undefined when it does. `name` is what the message calls the
 * whole value ("config", "place"); a field is called by its path ("rows", "players[1].goal").
 */
export function checkInput(schema: InputSchema, value: unknown, name: string): string | undefined {
  return findProblem(schema, value, name)?.message;
}

/** As `checkInput`, with the path of the field at fault (a route maps it to an error code). */
export function findProblem(schema: InputSchema, value: unknown, name: string): InputProblem | undefined {
  return check(schema, value, "", name);
}

type Found = InputProblem | undefined;

/** `given`, when passed, is quoted as what was sent ("..., not 5"). */
function problem(path: string, name: string, words: string, ...given: [unknown?]): InputProblem {
  const tail = given.length > 0 ? `, not ${describeValue(given[0])}` : "";
  return { path, message: `${path === "" ? name : path} ${words}${tail}` };
}

function check(schema: InputSchema, value: unknown, path: string, name: string): Found {
  if (schema.anyOf) return checkUnion(schema, value, path, name);
  if (isChoice(schema))
    return expect(schema, (schema.enum ?? [schema.const]).includes(value), value, path, name);
  switch (schema.type) {
    case "object":
      return checkObject(schema, value, path, name);
    case "array":
      return checkArray(schema, value, path, name);
    case "integer":
    case "number": {
      const { minimum: min = -Infinity, maximum: max = Infinity } = schema;
      const whole = schema.type === "integer" ? Number.isInteger(value) : Number.isFinite(value);
      return expect(schema, whole && (value as number) >= min && (value as number) <= max, value, path, name);
    }
    case "string": {
      const { minLength: min = 0, maxLength: max = Infinity } = schema;
      const length = typeof value === "string" ? value.length : -1;
      return expect(schema, length >= min && length <= max, value, path, name);
    }
    case "boolean":
      return expect(schema, typeof value === "boolean", value, path, name);
    case "null":
      return expect(schema, value === null, value, path, name);
    case undefined:
      return undefined;
  }
}

/** Nothing when the value fits, else "<path> must be <what the schema asks> [such as ...], not <value>". */
function expect(schema: InputSchema, fits: boolean, value: unknown, path: string, name: string): Found {
  return fits ? undefined : problem(path, name, `must be ${typeWords(schema)}${such(schema)}`, value);
}

function isChoice(schema: InputSchema): boolean {
  return "const" in schema || schema.enum !== undefined;
}

function checkObject(schema: InputSchema, value: unknown, path: string, name: string): Found {
  if (!typeFits(schema, value)) return expect(schema, false, value, path, name);
  const fields = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(fields, key)) return problem(path, name, `needs "${key}"`);
  }
  if (schema.additionalProperties === false) {
    const known = Object.keys(properties);
    for (const key of Object.keys(fields)) {
      if (!Object.hasOwn(properties, key)) {
        const takes = known.length > 0 ? `known: ${known.join(", ")}` : "it takes none";
        return problem(path, name, `has an unknown field ${describeValue(key)}; ${takes}`);
      }
    }
  }
  for (const [key, field] of Object.entries(properties)) {
    if (!Object.hasOwn(fields, key)) continue;
    const wrong = check(field, fields[key], path === "" ? key : `${path}.${key}`, name);
    if (wrong) return wrong;
  }
  return undefined;
}

function checkArray(schema: InputSchema, value: unknown, path: string, name: string): Found {
  if (!Array.isArray(value)) return expect(schema, false, value, path, name);
  const { minItems: min = 0, maxItems: max } = schema;
  const tuple = schema.prefixItems ?? [];
  const most = schema.items === false ? tuple.length : max;
  if (value.length < min || (most !== undefined && value.length > most)) {
    const size = most === undefined ? `at least ${min}` : min === most ? `${min}` : `${min} to ${most}`;
    return problem(path, name, `must hold ${size} items, not ${value.length}`);
  }
  for (let i = 0; i < value.length; i++) {
    const item = i < tuple.length ? tuple[i] : schema.items;
    const wrong = item && check(item, value[i], `${path === "" ? name : path}[${i}]`, name);
    if (wrong) return wrong;
  }
  return undefined;
}

/**
 * A union: fits when one member fits. A union of choices is one list of choices. Objects told apart
 * by a constant field (`cmd`, `mode`, `game`) are judged only against the members whose constants
 * the value matches, and the last of those (the most general) says what is wrong; a value no
 * member's constants match is told the choices of the first such field it sets.
 */
function checkUnion(union: InputSchema, value: unknown, path: string, name: string): Found {
  const members = union.anyOf ?? [];
  const typed = members.filter((member) => typeFits(member, value));
  // A union of choices (Stacker's keys and their aliases) is one list of choices.
  if (members.every(isChoice) || typed.length === 0) {
    const fits = members.some((member) => isChoice(member) && check(member, value, path, name) === undefined);
    return expect(union, fits, value, path, name);
  }
  let last: Found;
  for (const member of typed.filter((candidate) => constantsMatch(candidate, value))) {
    last = check(member, value, path, name);
    if (last === undefined) return undefined;
  }
  if (last !== undefined) return last;
  const field = firstTag(members, value);
  // No constant set at all (`{}` for a command): the most general member says what is missing.
  if (field === undefined) return check(typed[typed.length - 1] as InputSchema, value, path, name);
  const choices = members.flatMap((member) => {
    const tag = member.properties?.[field];
    return tag && "const" in tag ? [tag.const] : [];
  });
  const given = (value as Record<string, unknown>)[field];
  return problem(path === "" ? field : `${path}.${field}`, name, `must be ${choiceWords(choices)}`, given);
}

/** Whether the value has the JSON type the member asks for (a constant or union: any). */
function typeFits(member: InputSchema, value: unknown): boolean {
  if (member.anyOf || isChoice(member)) return true;
  switch (member.type) {
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "integer":
    case "number":
      return typeof value === "number";
    case "null":
      return value === null;
    case undefined:
      return true;
    default:
      return typeof value === member.type;
  }
}

/** False when the value is an object whose field differs from a constant the member sets. */
function constantsMatch(member: InputSchema, value: unknown): boolean {
  if (member.type !== "object" || typeof value !== "object" || value === null) return true;
  const fields = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(member.properties ?? {})) {
    if (!("const" in field)) continue;
    const present = Object.hasOwn(fields, key);
    if (present ? fields[key] !== field.const : member.required?.includes(key)) return false;
  }
  return true;
}

/** The first constant field of the members that the value sets to none of their constants. */
function firstTag(members: readonly InputSchema[], value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  for (const member of members) {
    for (const [key, field] of Object.entries(member.properties ?? {})) {
      if ("const" in field && Object.hasOwn(value, key)) return key;
    }
  }
  return undefined;
}

function such(schema: InputSchema): string {
  return schema.examples?.length ? ` such as ${JSON.stringify(schema.examples[0])}` : "";
}

function choiceWords(choices: readonly unknown[]): string {
  // Bare words as read.ts writes them; a choice with a space (Stacker's " ") is quoted.
  const words = choices.map((choice) =>
    typeof choice === "string" && /^\S+$/.test(choice) ? choice : JSON.stringify(choice),
  );
  return words.length === 1 ? `${words[0]}` : `one of ${words.join(", ")}`;
}

function stringWords(schema: InputSchema): string {
  const { minLength: min = 0, maxLength: max } = schema;
  if (max !== undefined) return `a string of ${min} to ${max} characters`;
  return min > 0 ? `a string of at least ${min} characters` : "a string";
}

function numberWords(schema: InputSchema): string {
  const kind = schema.type === "integer" ? "an integer" : "a number";
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}

function typeWords(schema: InputSchema): string {
  const members = schema.anyOf;
  if (members?.every(isChoice)) return choiceWords(members.flatMap((m) => m.enum ?? [m.const]));
  if (members) return [...new Set(members.map(typeWords))].join(" or ");
  if (isChoice(schema)) return choiceWords(schema.enum ?? [schema.const]);
  switch (schema.type) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return stringWords(schema);
    case "integer":
    case "number":
      return numberWords(schema);
    case "boolean":
      return "true or false";
    case "null":
      return "null";
    case undefined:
      return "any value";
  }
}

/** `raw` read as `T` when it fits the schema, else the refusal with `code` and the reason. */
export function readInput<T>(schema: InputSchema, raw: unknown, name: string, code: ErrorCode): Result<T> {
  const wrong = checkInput(schema, raw, name);
  return wrong === undefined ? ok(raw as T) : fail(code, wrong);
}

/**
 * A game's own command read against its command schema: a name the schema does not list is
 * UNKNOWN_COMMAND, a command of the wrong shape BAD_ARGUMENT, named in the message by its `cmd`.
 */
export function readCommand<T>(schema: InputSchema, raw: { cmd: string }, game: GameId): Result<T> {
  const names = (schema.anyOf ?? [schema]).map((member) => member.properties?.cmd?.const);
  if (!names.includes(raw.cmd)) {
    return fail("UNKNOWN_COMMAND", `unknown command ${describeValue(raw.cmd)} for ${game}`);
  }
  return readInput<T>(schema, raw, raw.cmd, "BAD_ARGUMENT");
}
