/**
 * stacker's command and config schemas as the game checks them (core/check-input.ts). Written by
 * `npm run schemas` from schema/stacker.ts, the one source; do not edit.
 */
import type { InputSchema } from "../../core/check-input.js";

export const COMMAND_INPUT: InputSchema = {
  anyOf: [
    {
      type: "object",
      required: ["cmd", "key"],
      properties: {
        cmd: { const: "key", type: "string" },
        key: {
          anyOf: [
            {
              type: "string",
              enum: [
                "A",
                "ArrowLeft",
                "D",
                "ArrowRight",
                "S",
                "ArrowDown",
                "Q",
                "X",
                "ArrowUp",
                "E",
                "Z",
                "Space",
                "C",
                "Shift",
              ],
            },
            { const: "a", type: "string" },
            { const: "d", type: "string" },
            { const: "s", type: "string" },
            { const: "q", type: "string" },
            { const: "x", type: "string" },
            { const: "e", type: "string" },
            { const: "z", type: "string" },
            { const: "c", type: "string" },
            { const: " ", type: "string" },
          ],
        },
      },
    },
    { type: "object", required: ["cmd"], properties: { cmd: { const: "tick", type: "string" } } },
  ],
};

export const CONFIG_INPUT: InputSchema = {
  additionalProperties: false,
  examples: [{ size: 20 }],
  type: "object",
  properties: { size: { minimum: 10, maximum: 30, type: "integer" } },
};
