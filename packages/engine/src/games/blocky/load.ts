/**
 * Blocky from outside: configs, commands and `load` (docs/games/blocky.md "Config and load ranges").
 * The one rule of core/read.ts: a field left out takes its default, a present field must be valid
 * (`null` is refused), unknown keys are refused, and every number has a range the game keeps exact.
 * Messages describe outside values with `describeValue` only, so no input can make them unbounded.
 */

import { readCommand, readInput } from "../../core/check-input.js";
import { fail, type GameError, isPlainObject, ok, type Result } from "../../core/game.js";
import {
  BASE_STATE_KEYS,
  checkKeys,
  describeValue,
  readChoice,
  readInt,
  readRandom,
} from "../../core/read.js";
import {
  COLOURS,
  DEFAULT_DEPTH,
  DEFAULT_DIFFICULTY,
  DEFAULT_TURNS,
  GOAL_TYPES,
  MAX_DIFFICULTY,
  MAX_GOAL_SCORE,
  MAX_LOAD_DEPTH,
  MAX_PENALTY,
  MAX_PLAYERS,
  MAX_SMART_WORK,
  MAX_TURNS,
  PLAYER_KINDS,
} from "./constants.js";
import { COMMAND_INPUT, CONFIG_INPUT } from "./input-schema.js";
import { rescore, winnerOf } from "./scoring.js";
import { boardOf, isColour } from "./tree.js";
import type { Block, BlockyCommand, BlockyConfig, BlockyState, Goal, Player, PlayerConfig } from "./types.js";

type Code = "BAD_CONFIG" | "BAD_STATE";

export const DEFAULT_CONFIG: BlockyConfig = {
  maxDepth: DEFAULT_DEPTH,
  players: [{ kind: "human" }, { kind: "smart", difficulty: DEFAULT_DIFFICULTY }],
  turns: DEFAULT_TURNS,
};

const GOAL_KEYS = ["type", "colour"] as const;
const STATE_KEYS = [
  ...BASE_STATE_KEYS,
  "tree",
  "maxDepth",
  "players",
  "turns",
  "turn",
  "current",
  "winner",
] as const;
const PLAYER_STATE_KEYS = ["kind", "difficulty", "goal", "penalty", "score"] as const;

/** Every score a loaded position can hold: a whole goal minus the largest penalty. */
const SCORE_RANGE = { min: -MAX_PENALTY, max: MAX_GOAL_SCORE };

function refuse<T>(error: GameError | undefined): Result<T> | undefined {
  return error ? { ok: false, error } : undefined;
}

function recode<T>(result: Result<T>, code: Code): Result<T> {
  return result.ok ? result : fail(code, result.error.message);
}

function readGoal(raw: unknown, where: string, code: Code): Result<Goal> {
  if (!isPlainObject(raw)) {
    return fail(code, `${where} must be {"type":"blob"|"perimeter","colour":"B"}, not ${describeValue(raw)}`);
  }
  const unknown = refuse<Goal>(checkKeys(raw, GOAL_KEYS, where, code));
  if (unknown) return unknown;
  if (!("type" in raw) || !("colour" in raw)) return fail(code, `${where} needs both "type" and "colour"`);
  const type = readChoice(raw, "type", GOAL_TYPES, "blob", code);
  if (!type.ok) return prefixed(type, where);
  const colour = readChoice(raw, "colour", COLOURS, "B", code);
  if (!colour.ok) return prefixed(colour, where);
  return ok({ type: type.value, colour: colour.value });
}

function prefixed<T>(result: Result<T> & { ok: false }, where: string): Result<T> {
  return fail(result.error.code, `${where}.${result.error.message}`);
}

/** A player's kind and difficulty; a difficulty given to a human or random player is dropped. */
function readKind(
  raw: Record<string, unknown>,
  where: string,
  code: Code,
): Result<Pick<PlayerConfig, "kind" | "difficulty">> {
  if (!("kind" in raw))
    return fail(code, `${where}.kind is missing ("human", "random", "smart" or "expert")`);
  const kind = readChoice(raw, "kind", PLAYER_KINDS, "human", code);
  if (!kind.ok) return prefixed(kind, where);
  const difficulty = readInt(raw, "difficulty", { min: 1, max: MAX_DIFFICULTY }, DEFAULT_DIFFICULTY, code);
  if (!difficulty.ok) return prefixed(difficulty, where);
  return ok(
    kind.value === "smart" ? { kind: kind.value, difficulty: difficulty.value } : { kind: kind.value },
  );
}

function readPlayerList(raw: Record<string, unknown>, code: Code): Result<unknown[] | undefined> {
  if (!("players" in raw)) return ok(undefined);
  const list = raw.players;
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_PLAYERS) {
    return fail(code, `players must be a list of 1 to ${MAX_PLAYERS} players, not ${describeValue(list)}`);
  }
  return ok(list);
}

/** A config of the published schema (input-schema.ts): fields left out take their defaults. */
export function parseConfig(raw: unknown): Result<BlockyConfig> {
  if (raw === undefined) return ok(DEFAULT_CONFIG);
  const read = readInput<Partial<BlockyConfig>>(CONFIG_INPUT, raw, "config", "BAD_CONFIG");
  if (!read.ok) return read;
  const { maxDepth = DEFAULT_CONFIG.maxDepth, turns = DEFAULT_CONFIG.turns, players } = read.value;
  if (players === undefined) return ok({ maxDepth, turns, players: DEFAULT_CONFIG.players });
  // A difficulty given to a human or random player is dropped; a smart one without takes the default.
  return ok({
    maxDepth,
    turns,
    players: players.map(({ kind, difficulty, goal }) => ({
      kind,
      ...(kind === "smart" ? { difficulty: difficulty ?? DEFAULT_DIFFICULTY } : {}),
      ...(goal === undefined ? {} : { goal: { type: goal.type, colour: goal.colour } }),
    })),
  });
}

/**
 * A tree from outside: leaves B/R/G/Y, split blocks exactly 4 children, no deeper than maxDepth.
 * The depth is checked before descending, so recursion never goes past maxDepth + 1 levels.
 */
export function parseTree(raw: unknown, maxDepth: number, level = 0): Result<Block> {
  if (isColour(raw)) return ok(raw);
  if (Array.isArray(raw)) {
    if (raw.length !== 4) return fail("BAD_STATE", `a split block has exactly 4 children, not ${raw.length}`);
    if (level >= maxDepth) return fail("BAD_STATE", `the tree is deeper than maxDepth ${maxDepth}`);
    const children: Block[] = [];
    for (const child of raw) {
      const parsed = parseTree(child, maxDepth, level + 1);
      if (!parsed.ok) return parsed;
      children.push(parsed.value);
    }
    return ok(children as unknown as Block);
  }
  return fail(
    "BAD_STATE",
    `a block is a colour letter (B, R, G, Y) or a list of 4 blocks, not ${describeValue(raw)}`,
  );
}

/** A command of the published schema (input-schema.ts), its fields copied: a command object is open. */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<BlockyCommand> {
  type Input = BlockyCommand | { cmd: "move"; action: "pass"; path?: number[] };
  const read = readCommand<Input>(COMMAND_INPUT, raw, "blocky");
  if (!read.ok) return read;
  const command = read.value;
  switch (command.cmd) {
    case "move":
      // A pass does not touch a block, so its path may be left out.
      return ok({ cmd: "move", action: command.action, path: [...(command.path ?? [])] });
    case "ai":
      return ok({ cmd: "ai" });
    case "score":
      return ok({ cmd: "score", goal: command.goal, colour: command.colour });
  }
}

function loadPlayers(raw: Record<string, unknown>, current: BlockyState): Result<Player[]> {
  const list = readPlayerList(raw, "BAD_STATE");
  if (!list.ok) return list;
  if (list.value === undefined) return ok(current.players.map((p) => ({ ...p })));
  const players: Player[] = [];
  for (const [i, p] of list.value.entries()) {
    const where = `players[${i}]`;
    if (!isPlainObject(p)) return fail("BAD_STATE", `${where} must be an object, not ${describeValue(p)}`);
    const keys = refuse<Player[]>(checkKeys(p, PLAYER_STATE_KEYS, where, "BAD_STATE"));
    if (keys) return keys;
    const kind = readKind(p, where, "BAD_STATE");
    if (!kind.ok) return kind;
    const before = current.players[i];
    let goal: Goal;
    if ("goal" in p) {
      const parsed = readGoal(p.goal, `${where}.goal`, "BAD_STATE");
      if (!parsed.ok) return parsed;
      goal = parsed.value;
    } else if (before) {
      goal = { ...before.goal };
    } else {
      return fail("BAD_STATE", `${where}.goal is missing`);
    }
    const penalty = readInt(p, "penalty", { min: 0, max: MAX_PENALTY }, 0);
    if (!penalty.ok) return prefixed(penalty, where);
    // The score is recomputed from the board; a given one must still be a score the game can hold.
    const score = readInt(p, "score", SCORE_RANGE, 0);
    if (!score.ok) return prefixed(score, where);
    players.push({ ...kind.value, goal, penalty: penalty.value, score: 0 });
  }
  return ok(players);
}

/**
 * Fields the position determines. `over` and `winner`, when given, must agree with it (`turn` =
 * `turns` is a finished game); scores and the board must have the right shape and are recomputed.
 */
function checkDerived(
  raw: Record<string, unknown>,
  over: boolean,
  winner: number | null,
): GameError | undefined {
  const score = readInt(raw, "score", SCORE_RANGE, 0);
  if (!score.ok) return score.error;
  if ("over" in raw && raw.over !== over) {
    return {
      code: "BAD_STATE",
      message: `over must be ${over} for this turn, not ${describeValue(raw.over)}`,
    };
  }
  if ("winner" in raw && raw.winner !== winner) {
    const expected = winner === null ? "null (the game is not over)" : `${winner} (the highest score)`;
    return { code: "BAD_STATE", message: `winner must be ${expected}, not ${describeValue(raw.winner)}` };
  }
  if ("board" in raw) {
    const board = raw.board;
    const side = 2 ** MAX_LOAD_DEPTH;
    if (
      !Array.isArray(board) ||
      board.length > side ||
      !board.every((r) => typeof r === "string" && r.length <= side)
    ) {
      return {
        code: "BAD_STATE",
        message: `board must be a list of rows of colour letters, not ${describeValue(board)}`,
      };
    }
  }
  return undefined;
}

export function load(raw: Record<string, unknown>, current: BlockyState): Result<BlockyState> {
  const unknown = refuse<BlockyState>(checkKeys(raw, STATE_KEYS, "state", "BAD_STATE"));
  if (unknown) return unknown;
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  const maxDepth = readInt(raw, "maxDepth", { min: 0, max: MAX_LOAD_DEPTH }, current.maxDepth);
  if (!maxDepth.ok) return maxDepth;
  const tree = parseTree("tree" in raw ? raw.tree : current.tree, maxDepth.value);
  if (!tree.ok) return tree;
  const loadedPlayers = loadPlayers(raw, current);
  if (!loadedPlayers.ok) return loadedPlayers;
  const cells = 4 ** maxDepth.value;
  for (const [i, player] of loadedPlayers.value.entries()) {
    if (player.kind === "smart" && (player.difficulty ?? 0) * cells > MAX_SMART_WORK) {
      return fail(
        "BAD_STATE",
        `players[${i}].difficulty ${player.difficulty} is too much work on a board of depth ${maxDepth.value}: at most ${Math.floor(MAX_SMART_WORK / cells)} there`,
      );
    }
  }
  const count = loadedPlayers.value.length;
  const turns = readInt(raw, "turns", { min: 1, max: MAX_TURNS }, current.turns);
  if (!turns.ok) return turns;
  const turn = readInt(raw, "turn", { min: 0, max: turns.value }, 0);
  if (!turn.ok) return turn;
  const currentPlayer = readInt(raw, "current", { min: 0, max: count - 1 }, 0);
  if (!currentPlayer.ok) return currentPlayer;
  if (turn.value === turns.value && currentPlayer.value !== 0) {
    return fail("BAD_STATE", "a finished game (turn = turns) has current 0");
  }
  const players = rescore(loadedPlayers.value, tree.value, maxDepth.value);
  const over = turn.value >= turns.value;
  const winner = over ? winnerOf(players) : null;
  const derived = checkDerived(raw, over, winner);
  if (derived) return { ok: false, error: derived };
  const config = loadConfig(raw, maxDepth.value, turns.value, loadedPlayers.value, current);
  if (!config.ok) return config;
  return ok({
    game: "blocky",
    seed: random.value.seed,
    score: (players[0] as Player).score,
    over,
    board: boardOf(tree.value, maxDepth.value),
    rng: random.value.rng,
    config: config.value,
    tree: tree.value,
    maxDepth: maxDepth.value,
    players,
    turns: turns.value,
    turn: turn.value,
    current: currentPlayer.value,
    winner,
  });
}

/**
 * The config `new` starts from: the one given, or else one that follows the loaded game when that is
 * a valid setup (a depth outside 2-6 keeps the current game's config).
 */
function loadConfig(
  raw: Record<string, unknown>,
  maxDepth: number,
  turns: number,
  players: readonly Player[],
  current: BlockyState,
): Result<BlockyConfig> {
  if ("config" in raw) return recode(parseConfig(raw.config), "BAD_STATE");
  const derived = parseConfig({
    maxDepth,
    turns,
    players: players.map((p) => ({ kind: p.kind, ...(p.difficulty ? { difficulty: p.difficulty } : {}) })),
  });
  return ok(derived.ok ? derived.value : current.config);
}
