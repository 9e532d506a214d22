/**
 * The schemas (schema/index.ts) and the engine agree (issue 25): on fuzzed commands the engine
 * accepts a command's shape exactly when the game's command schema validates it (a refusal by the
 * rules, ILLEGAL_MOVE or GAME_OVER, still counts as a shape the engine accepted), and every state,
 * event and reply it gives on the way validates. Golden replays are checked in testing/golden.ts.
 */
import { describe, expect, it } from "vitest";
import { type AnyGame, type BaseState, GAME_IDS } from "../core/game.js";
import { handleCommand, startGame } from "../core/protocol.js";
import { publicView } from "../core/public-view.js";
import { MAX_SEED, nextFloat, nextInt, pick, type RngState, seedRng } from "../core/rng.js";
import { GAMES } from "../games/registry.js";
import { createSchemaChecker } from "../testing/schema-check.js";
import { GAME_SCHEMAS } from "./index.js";

const RULE_CODES = new Set(["ILLEGAL_MOVE", "GAME_OVER"]);
const ALL_CMDS = [
  "state",
  "legal",
  "hint",
  "ai",
  "new",
  "load",
  "place",
  "revive",
  "key",
  "tick",
  "frame",
  "move",
  "score",
  "jump",
  "",
  "PLACE",
];
/** Values a fuzzed field may take: wrong types, edges of ranges, and right values of other games. */
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  3,
  4,
  -1,
  1.5,
  99,
  2 ** 32,
  -(2 ** 31),
  "",
  "x",
  "1",
  "L",
  "R",
  "D",
  "LR",
  "l",
  "a",
  "A",
  "q",
  " ",
  "Space",
  "space",
  "ArrowLeft",
  "left",
  "pass",
  "smash",
  "rotate_cw",
  "B",
  "Y",
  "blob",
  "perimeter",
  [],
  [0],
  [3, 3],
  [0, 4],
  [0, 1, 2, 3, 0, 1, 2, 3, 0],
  [1.5],
  {},
  { a: 1 },
];

/** Configs to try with `new`: each game's contract configs, other games' configs, broken ones. */
const CONFIGS: unknown[] = [
  ...GAME_IDS.flatMap((id) => GAMES[id].contract?.configs ?? []),
  {},
  null,
  5,
  "x",
  [],
  { rows: 4 },
  { rows: 21 },
  { rows: 10, cols: 5.5 },
  { size: 9 },
  { size: 30 },
  { size: "20" },
  { input: 5 },
  { input: "x" },
  { input: "3 3 H^^^" },
  { mode: "classic" },
  { mode: "ARCADE" },
  { mode: "arcade", width: 3 },
  { mode: "arcade", level: 16 },
  { mode: "arcade", bricks: "hard" },
  { mode: "arcade", input: "5 8" },
  { maxDepth: 7 },
  { turns: 0 },
  { players: [] },
  { players: [{ kind: "smart", difficulty: 0 }] },
  { players: [{ kind: "human", goal: { type: "blob" } }] },
  { players: [{ kind: "human", goal: { type: "blob", colour: "G" } }, { kind: "expert" }] },
  { players: [{ kind: "robot" }] },
  { unknown: 1 },
];

function fuzzCommand(rng: RngState, game: AnyGame, state: BaseState): unknown {
  const roll = nextFloat(rng);
  if (roll < 0.04) return pick(rng, [null, 5, "state", [], [{ cmd: "state" }]]);
  if (roll < 0.1) {
    const command: Record<string, unknown> = { cmd: "new" };
    if (nextFloat(rng) < 0.5) command.config = pick(rng, CONFIGS);
    if (nextFloat(rng) < 0.5) command.seed = pick(rng, [0, 7, MAX_SEED, MAX_SEED + 1, -1, 1.5, "3", null]);
    return command;
  }
  if (roll < 0.13) {
    return pick(rng, [
      { cmd: "load", state: JSON.parse(JSON.stringify(state)) },
      { cmd: "load", state: [] },
      { cmd: "load" },
      { cmd: "load", state: "x" },
    ]);
  }
  const legal = game.legal(state) as Record<string, unknown>[];
  const base: Record<string, unknown> =
    legal.length > 0 && nextFloat(rng) < 0.8
      ? { ...pick(rng, legal) }
      : { cmd: pick(rng, [...game.commands, ...ALL_CMDS]) };
  const mutations = nextInt(rng, 3);
  for (let i = 0; i < mutations; i++) {
    const keys = Object.keys(base);
    const what = nextFloat(rng);
    if (what < 0.5 && keys.length > 0) base[pick(rng, keys)] = pick(rng, VALUES);
    else if (what < 0.7 && keys.length > 0) delete base[pick(rng, keys)];
    else if (what < 0.85)
      base[
        pick(rng, [
          "extra",
          "piece",
          "row",
          "col",
          "key",
          "move",
          "commands",
          "action",
          "path",
          "goal",
          "colour",
        ])
      ] = pick(rng, VALUES);
    else base.cmd = pick(rng, ALL_CMDS);
  }
  // Searches are the costly part of a run and their shape is a bare {cmd}: few of them.
  if ((base.cmd === "hint" || base.cmd === "ai") && nextFloat(rng) < 0.8) base.cmd = "state";
  return base;
}

/**
 * The one refusal the schema leaves to the engine: Match-3's init line is a string to the schema,
 * its grammar (sizes, brick letters, fit on the field) the engine's (docs/service.md "Schemas").
 */
function knownGap(game: AnyGame, command: unknown, code: string, message: string): boolean {
  return (
    game.id === "match3" &&
    code === "BAD_CONFIG" &&
    message.startsWith("config.input:") &&
    (command as { cmd?: unknown }).cmd === "new"
  );
}

describe("schemas agree with the engine", () => {
  it("keeps the same hidden fields as the game definitions", () => {
    for (const id of GAME_IDS) expect(GAME_SCHEMAS[id].hidden).toEqual(GAMES[id].hidden ?? []);
  });

  for (const id of GAME_IDS) {
    it(`${id}: the engine accepts a fuzzed command's shape iff the schema validates it`, () => {
      const game = GAMES[id];
      const check = createSchemaChecker();
      const rng = seedRng(0x5c4e3a + id.length);
      const counts = { accepted: 0, refusedByShape: 0, refusedByRule: 0, gaps: 0 };
      for (const config of game.contract?.configs ?? [undefined]) {
        for (const seed of [1, 2]) {
          const started = startGame(game, seed, config);
          if (!started.ok) throw new Error(started.error.message);
          let state = started.value;
          for (let i = 0; i < 250; i++) {
            const command = fuzzCommand(rng, game, state);
            const schemaSays = check.problems(id, "command", command);
            const step = handleCommand(game, state, command);
            const reply = step.reply;
            const label = JSON.stringify(command);
            if (!reply.ok && knownGap(game, command, reply.error.code, reply.error.message)) {
              counts.gaps++;
              continue;
            }
            const engineAccepts = reply.ok || RULE_CODES.has(reply.error.code);
            expect(
              schemaSays === null,
              `${label}: engine ${reply.ok ? "ok" : reply.error.code}, schema ${schemaSays ?? "valid"}`,
            ).toBe(engineAccepts);
            expect(check.replyProblems(id, reply, "full"), label).toBeNull();
            const view = { ...reply, state: publicView(game, reply.state) };
            expect(check.replyProblems(id, view, "public"), label).toBeNull();
            if (reply.ok) counts.accepted++;
            else if (engineAccepts) counts.refusedByRule++;
            else counts.refusedByShape++;
            state = step.state;
            // Keep the game going: a legal move now and then, a fresh game once it is over.
            const legal = game.legal(state);
            if (legal.length > 0 && nextFloat(rng) < 0.5) {
              const moved = game.apply(state, pick(rng, legal));
              if (moved.ok) state = moved.state;
            } else if (state.over && nextFloat(rng) < 0.3) {
              state = started.value;
            }
          }
        }
      }
      // The fuzz reached every kind of answer, or it proves little.
      expect(counts.accepted).toBeGreaterThan(50);
      expect(counts.refusedByShape).toBeGreaterThan(50);
      if (id !== "blocky") expect(counts.refusedByRule).toBeGreaterThan(0);
    });
  }
});
