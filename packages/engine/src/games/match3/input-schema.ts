/**
 * match3's command and config schemas as the game checks them (core/check-input.ts). Written by
 * `npm run schemas` from schema/match3.ts, the one source; do not edit.
 */
import type { InputSchema } from "../../core/check-input.js";

export const COMMAND_INPUT: InputSchema = {
  anyOf: [
    {
      type: "object",
      required: ["cmd"],
      properties: { cmd: { const: "frame", type: "string" }, commands: { type: "string" } },
    },
    {
      type: "object",
      required: ["cmd", "move"],
      properties: { cmd: { const: "move", type: "string" }, move: { type: "string", enum: ["L", "R", "D"] } },
    },
    { type: "object", required: ["cmd"], properties: { cmd: { const: "tick", type: "string" } } },
  ],
};

export const CONFIG_INPUT: InputSchema = {
  examples: [{ input: "5 8 H^^* V*@^" }],
  anyOf: [
    {
      additionalProperties: false,
      type: "object",
      properties: {
        mode: { const: "classic", type: "string" },
        input: { examples: ["5 8 H^^* V*@^"], type: "string" },
      },
    },
    {
      additionalProperties: false,
      type: "object",
      required: ["mode"],
      properties: {
        mode: { const: "arcade", type: "string" },
        width: { minimum: 4, maximum: 16, type: "integer" },
        height: { minimum: 6, maximum: 30, type: "integer" },
        bricks: { type: "string", enum: ["classic", "easy", "flat", "tall"] },
        level: { minimum: 1, maximum: 15, type: "integer" },
      },
    },
  ],
};
