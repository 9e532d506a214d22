/**
 * Validators of the published schemas (schema/index.ts, in their JSON Schema 2020-12 form) for the
 * tests that hold the engine to them: golden replays (golden.ts) and the agreement test.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { GameId } from "../core/game.js";
import { type SchemaKind, schemaOf, toJsonSchema2020 } from "../schema/index.js";

/** A reply, or one whose state is a public view. */
export type ReplyLike = { ok: boolean; state: unknown; events?: readonly unknown[] };

export interface SchemaChecker {
  /** Null when `value` is valid, else ajv's first errors as text. */
  problems(id: GameId, kind: SchemaKind, value: unknown): string | null;
  /** Checks a reply and, inside it, the state against the full or public state schema. */
  replyProblems(id: GameId, reply: ReplyLike, view: "full" | "public"): string | null;
}

export function createSchemaChecker(): SchemaChecker {
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (id: GameId, kind: SchemaKind): ValidateFunction => {
    const key = `${id}/${kind}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema2020(schemaOf(id, kind)));
      compiled.set(key, validate);
    }
    return validate;
  };
  const problems = (id: GameId, kind: SchemaKind, value: unknown): string | null => {
    const validate = validator(id, kind);
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: kind });
  };
  return {
    problems,
    replyProblems(id, reply, view) {
      return (
        problems(id, "reply", reply) ??
        problems(id, view === "full" ? "state" : "public-state", reply.state) ??
        (reply.events
          ? (reply.events.map((e) => problems(id, "event", e)).find((p) => p !== null) ?? null)
          : null)
      );
    },
  };
}
