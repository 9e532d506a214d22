/**
 * Pieces every game's schema shares (docs/service.md "Schemas"). The schemas are TypeBox values:
 * plain JSON Schema objects whose static type the compiler checks against the engine's own types
 * (`Same` below), so a type that changes without its schema, or the other way round, fails `tsc -b`.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { ErrorCode, GameError } from "../core/game.js";
import { MAX_SEED, type RngState } from "../core/rng.js";

/**
 * True when A and B accept the same values (each is assignable to the other) and name the same
 * fields: mutual assignability alone would let an optional field go missing on one side.
 */
export type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [KeysOf<A>] extends [KeysOf<B>]
      ? [KeysOf<B>] extends [KeysOf<A>]
        ? true
        : false
      : false
    : false
  : false;
/** Each assignable to the other: for a type with an index signature (Blast's empty config). */
export type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every key of every member of a union. */
type KeysOf<T> = T extends unknown ? (T extends object ? keyof T : never) : never;
/** A compile-time check: `Check<Same<X, Y>>` fails to compile unless they are the same. */
export type Check<T extends true> = T;

export const Uint32 = Type.Integer({ minimum: 0, maximum: MAX_SEED });
export const Count = Type.Integer({ minimum: 0 });
/** A board cell as [row, col], row 0 at the top. */
export const CellPair = Type.Tuple([Type.Integer(), Type.Integer()]);

export const Rng = Type.Object(
  { s: Type.Tuple([Uint32, Uint32, Uint32, Uint32], { description: "sfc32 registers a, b, c, d" }) },
  { additionalProperties: false, description: "The random source; a ranked client never sees it." },
);
export type CheckRng = Check<Same<Static<typeof Rng>, RngState>>;

export const ERROR_CODES = [
  "ILLEGAL_MOVE",
  "GAME_OVER",
  "BAD_JSON",
  "UNKNOWN_COMMAND",
  "BAD_ARGUMENT",
  "BAD_CONFIG",
  "BAD_STATE",
] as const satisfies readonly ErrorCode[];

export const EngineError = Type.Object(
  {
    code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
    message: Type.String(),
  },
  { additionalProperties: false },
);
export type CheckError = Check<Same<Static<typeof EngineError>, GameError>>;

/** One string per row, top row first; `.` is an empty cell. */
export const Board = Type.Array(Type.String(), {
  description: "One string per row, top row first; . is empty",
});

/** The fields of every state (docs/protocol.md "State fields"), with the game's id as a constant. */
export function baseState<G extends string>(game: G) {
  return {
    game: Type.Literal(game),
    seed: Uint32,
    score: Count,
    over: Type.Boolean(),
    board: Board,
    rng: Rng,
  };
}

/** A closed object: states, events and configs carry exactly their listed fields. */
export function closed<P extends Parameters<typeof Type.Object>[0]>(
  properties: P,
  description?: string,
  example?: Record<string, unknown>,
) {
  return Type.Object(properties, {
    additionalProperties: false,
    ...(description === undefined ? {} : { description }),
    // The engine quotes it when a config is no object (core/check-input.ts).
    ...(example === undefined ? {} : { examples: [example] }),
  });
}

/** A union of objects told apart by a constant `cmd` or `type`: a discriminated union to a generator. */
export function tagged<T extends TSchema[]>(members: [...T], description: string) {
  return Type.Union(members, { description });
}
