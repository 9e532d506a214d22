/**
 * puzzle's command and config schemas as the game checks them (core/check-input.ts). Written by
 * `npm run schemas` from schema/puzzle.ts, the one source; do not edit.
 */
import type { InputSchema } from "../../core/check-input.js";

export const COMMAND_INPUT: InputSchema = {
  type: "object",
  required: ["cmd", "piece", "row", "col"],
  properties: {
    cmd: { const: "place", type: "string" },
    piece: { minimum: 0, maximum: 2, type: "integer" },
    row: { type: "integer" },
    col: { type: "integer" },
  },
};

export const CONFIG_INPUT: InputSchema = {
  additionalProperties: false,
  examples: [{ rows: 8, cols: 8 }],
  type: "object",
  properties: {
    rows: { minimum: 5, maximum: 20, type: "integer" },
    cols: { minimum: 5, maximum: 20, type: "integer" },
  },
};
