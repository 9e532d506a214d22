/**
 * blocky's command and config schemas as the game checks them (core/check-input.ts). Written by
 * `npm run schemas` from schema/blocky.ts, the one source; do not edit.
 */
import type { InputSchema } from "../../core/check-input.js";

export const COMMAND_INPUT: InputSchema = {
  anyOf: [
    {
      type: "object",
      required: ["cmd", "action"],
      properties: {
        cmd: { const: "move", type: "string" },
        action: { const: "pass", type: "string" },
        path: { maxItems: 8, type: "array", items: { minimum: 0, maximum: 3, type: "integer" } },
      },
    },
    {
      type: "object",
      required: ["cmd", "action", "path"],
      properties: {
        cmd: { const: "move", type: "string" },
        action: {
          type: "string",
          enum: ["rotate_cw", "rotate_ccw", "swap_h", "swap_v", "smash", "paint", "combine", "pass"],
        },
        path: { maxItems: 8, type: "array", items: { minimum: 0, maximum: 3, type: "integer" } },
      },
    },
    { type: "object", required: ["cmd"], properties: { cmd: { const: "ai", type: "string" } } },
    {
      type: "object",
      required: ["cmd", "goal", "colour"],
      properties: {
        cmd: { const: "score", type: "string" },
        goal: { type: "string", enum: ["blob", "perimeter"] },
        colour: { type: "string", enum: ["B", "R", "G", "Y"] },
      },
    },
  ],
};

export const CONFIG_INPUT: InputSchema = {
  additionalProperties: false,
  type: "object",
  properties: {
    maxDepth: { minimum: 2, maximum: 6, type: "integer" },
    players: {
      minItems: 1,
      maxItems: 4,
      type: "array",
      items: {
        additionalProperties: false,
        examples: [{ kind: "human" }],
        type: "object",
        required: ["kind"],
        properties: {
          kind: { type: "string", enum: ["human", "random", "smart", "expert"] },
          difficulty: { minimum: 1, maximum: 1000, type: "integer" },
          goal: {
            additionalProperties: false,
            type: "object",
            required: ["type", "colour"],
            properties: {
              type: { type: "string", enum: ["blob", "perimeter"] },
              colour: { type: "string", enum: ["B", "R", "G", "Y"] },
            },
          },
        },
      },
    },
    turns: { minimum: 1, maximum: 1000, type: "integer" },
  },
  examples: [{ maxDepth: 3 }],
};
