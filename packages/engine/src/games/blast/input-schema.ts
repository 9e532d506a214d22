/**
 * blast's command and config schemas as the game checks them (core/check-input.ts). Written by
 * `npm run schemas` from schema/blast.ts, the one source; do not edit.
 */
import type { InputSchema } from "../../core/check-input.js";

export const COMMAND_INPUT: InputSchema = {
  anyOf: [
    {
      type: "object",
      required: ["cmd", "piece", "row", "col"],
      properties: {
        cmd: { const: "place", type: "string" },
        piece: { minimum: 0, maximum: 2, type: "integer" },
        row: { type: "integer" },
        col: { type: "integer" },
      },
    },
    { type: "object", required: ["cmd"], properties: { cmd: { const: "revive", type: "string" } } },
  ],
};

export const CONFIG_INPUT: InputSchema = {
  additionalProperties: false,
  examples: [{}],
  type: "object",
  properties: {},
};
