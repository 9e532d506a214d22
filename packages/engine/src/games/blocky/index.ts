/**
 * Blocky as a GameDefinition: config and command parsing, load, legal moves and apply. The rules
 * live in rules.ts, the computer players in bots.ts.
 */
import { GAME_INFO } from "../../core/catalog.js";
import { fail, type GameDefinition, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import { loadedRng } from "../../core/protocol.js";
import { cloneRng, seedRng } from "../../core/rng.js";
import { randomPlayerMove, smartPlayerMove } from "./bots.js";
import {
  actOn,
  blockAt,
  boardOf,
  boardSize,
  commitMove,
  drawGoals,
  flatten,
  generateBoard,
  goalScore,
  isColour,
  rescore,
  validMoves,
  winnerOf,
} from "./rules.js";
import { renderText } from "./text.js";
import {
  ACTIONS,
  type Action,
  type Block,
  type BlockyCommand,
  type BlockyConfig,
  type BlockyEvent,
  type BlockyState,
  GOAL_TYPES,
  type Goal,
  type GoalType,
  MAX_CONFIG_DEPTH,
  MAX_DIFFICULTY,
  MAX_LOAD_DEPTH,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_CONFIG_DEPTH,
  PLAYER_KINDS,
  type Player,
  type PlayerConfig,
  type PlayerKind,
} from "./types.js";

export * from "./bots.js";
export * from "./rules.js";
export * from "./text.js";
export * from "./types.js";

/** A smart player's difficulty when none is given. */
export const DEFAULT_DIFFICULTY = 3;

export const DEFAULT_CONFIG: BlockyConfig = {
  maxDepth: 4,
  players: [{ kind: "human" }, { kind: "smart", difficulty: DEFAULT_DIFFICULTY }],
  turns: 5,
};

function parseGoal(raw: unknown, where: string): Result<Goal> {
  if (!isPlainObject(raw))
    return fail("BAD_ARGUMENT", `${where} must be {"type":"blob"|"perimeter","colour":"B"}`);
  if (!(GOAL_TYPES as readonly unknown[]).includes(raw.type)) {
    return fail("BAD_ARGUMENT", `${where}.type must be "blob" or "perimeter"`);
  }
  if (!isColour(raw.colour)) return fail("BAD_ARGUMENT", `${where}.colour must be one of B, R, G, Y`);
  return ok({ type: raw.type as GoalType, colour: raw.colour });
}

/** The kind and difficulty of a player from outside (config or load). */
function parsePlayerKind(
  raw: Record<string, unknown>,
  where: string,
  fallbackDifficulty: number,
): Result<{ kind: PlayerKind; difficulty?: number }> {
  if (!(PLAYER_KINDS as readonly unknown[]).includes(raw.kind)) {
    return fail("BAD_ARGUMENT", `${where}.kind must be "human", "random" or "smart"`);
  }
  const kind = raw.kind as PlayerKind;
  if (
    raw.difficulty !== undefined &&
    !(isInt(raw.difficulty) && raw.difficulty >= 1 && raw.difficulty <= MAX_DIFFICULTY)
  ) {
    return fail("BAD_ARGUMENT", `${where}.difficulty must be an integer from 1 to ${MAX_DIFFICULTY}`);
  }
  if (kind !== "smart") return ok({ kind });
  return ok({ kind, difficulty: (raw.difficulty as number | undefined) ?? fallbackDifficulty });
}

function parsePlayerConfigs(raw: unknown): Result<PlayerConfig[]> {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_PLAYERS) {
    return fail("BAD_ARGUMENT", `players must be a list of 1 to ${MAX_PLAYERS} players`);
  }
  const players: PlayerConfig[] = [];
  for (const [i, p] of raw.entries()) {
    const where = `players[${i}]`;
    if (!isPlainObject(p)) return fail("BAD_ARGUMENT", `${where} must be an object such as {"kind":"human"}`);
    const kind = parsePlayerKind(p, where, DEFAULT_DIFFICULTY);
    if (!kind.ok) return kind;
    const player: PlayerConfig = { ...kind.value };
    if (p.goal !== undefined) {
      const goal = parseGoal(p.goal, `${where}.goal`);
      if (!goal.ok) return goal;
      player.goal = goal.value;
    }
    players.push(player);
  }
  return ok(players);
}

function withCode<T>(result: Result<T>, code: "BAD_CONFIG" | "BAD_STATE"): Result<T> {
  return result.ok ? result : fail(code, result.error.message);
}

export function parseBlockyConfig(raw: unknown): Result<BlockyConfig> {
  if (raw === undefined) return ok(DEFAULT_CONFIG);
  if (!isPlainObject(raw)) return fail("BAD_CONFIG", 'config must be an object such as {"maxDepth":3}');
  const maxDepth = raw.maxDepth ?? DEFAULT_CONFIG.maxDepth;
  if (!isInt(maxDepth) || maxDepth < MIN_CONFIG_DEPTH || maxDepth > MAX_CONFIG_DEPTH) {
    return fail("BAD_CONFIG", `maxDepth must be an integer from ${MIN_CONFIG_DEPTH} to ${MAX_CONFIG_DEPTH}`);
  }
  const turns = raw.turns ?? DEFAULT_CONFIG.turns;
  if (!isInt(turns) || turns < 1 || turns > MAX_TURNS) {
    return fail("BAD_CONFIG", `turns must be an integer from 1 to ${MAX_TURNS}`);
  }
  const players = raw.players === undefined ? ok(DEFAULT_CONFIG.players) : parsePlayerConfigs(raw.players);
  if (!players.ok) return withCode(players, "BAD_CONFIG");
  return ok({ maxDepth, turns, players: players.value });
}

export function newBlockyGame(config: BlockyConfig, seed: number): BlockyState {
  const rng = seedRng(seed);
  const goals = drawGoals(rng, config.players);
  const tree = generateBoard(rng, config.maxDepth);
  const players = rescore(
    config.players.map((p, i) => ({
      kind: p.kind,
      ...(p.kind === "smart" ? { difficulty: p.difficulty ?? DEFAULT_DIFFICULTY } : {}),
      goal: goals[i] as Goal,
      penalty: 0,
      score: 0,
    })),
    tree,
    config.maxDepth,
  );
  return {
    game: "blocky",
    seed,
    score: (players[0] as Player).score,
    over: false,
    board: boardOf(tree, config.maxDepth),
    rng,
    config,
    tree,
    maxDepth: config.maxDepth,
    players,
    turns: config.turns,
    turn: 0,
    current: 0,
    winner: null,
  };
}

/** A tree from outside: leaves B/R/G/Y, split blocks exactly 4 children, no deeper than maxDepth. */
export function parseTree(raw: unknown, maxDepth: number, level = 0): Result<Block> {
  if (isColour(raw)) return ok(raw);
  if (Array.isArray(raw)) {
    if (raw.length !== 4) return fail("BAD_STATE", `a split block has exactly 4 children, got ${raw.length}`);
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
    `a block is a colour letter (B, R, G, Y) or a list of 4 blocks, got ${describe(raw)}`,
  );
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function parsePath(raw: unknown): Result<number[]> {
  if (!Array.isArray(raw) || raw.length > MAX_LOAD_DEPTH || !raw.every((i) => isInt(i) && i >= 0 && i <= 3)) {
    return fail(
      "BAD_ARGUMENT",
      `path must be a list of at most ${MAX_LOAD_DEPTH} child indices 0-3 (upper-right, upper-left, lower-left, lower-right)`,
    );
  }
  return ok(raw as number[]);
}

function loadPlayers(raw: unknown, current: BlockyState): Result<Player[]> {
  if (raw === undefined) return ok(current.players.map((p) => ({ ...p })));
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_PLAYERS) {
    return fail("BAD_STATE", `players must be a list of 1 to ${MAX_PLAYERS} players`);
  }
  const players: Player[] = [];
  for (const [i, p] of raw.entries()) {
    const where = `players[${i}]`;
    if (!isPlainObject(p)) return fail("BAD_STATE", `${where} must be an object`);
    const before = current.players[i];
    const kind = parsePlayerKind(p, where, before?.difficulty ?? DEFAULT_DIFFICULTY);
    if (!kind.ok) return withCode(kind, "BAD_STATE");
    let goal: Goal;
    if (p.goal !== undefined) {
      const parsed = parseGoal(p.goal, `${where}.goal`);
      if (!parsed.ok) return withCode(parsed, "BAD_STATE");
      goal = parsed.value;
    } else if (before) {
      goal = { ...before.goal };
    } else {
      return fail("BAD_STATE", `${where}.goal is missing`);
    }
    const penalty = p.penalty ?? 0;
    if (!isInt(penalty) || penalty < 0)
      return fail("BAD_STATE", `${where}.penalty must be a non-negative integer`);
    players.push({ ...kind.value, goal, penalty, score: 0 });
  }
  return ok(players);
}

export function loadBlocky(raw: Record<string, unknown>, current: BlockyState): Result<BlockyState> {
  const maxDepth = raw.maxDepth ?? current.maxDepth;
  if (!isInt(maxDepth) || maxDepth < 0 || maxDepth > MAX_LOAD_DEPTH) {
    return fail("BAD_STATE", `maxDepth must be an integer from 0 to ${MAX_LOAD_DEPTH}`);
  }
  const tree = parseTree(raw.tree ?? current.tree, maxDepth);
  if (!tree.ok) return tree;
  const loadedPlayers = loadPlayers(raw.players, current);
  if (!loadedPlayers.ok) return loadedPlayers;
  const turns = raw.turns ?? current.turns;
  if (!isInt(turns) || turns < 1 || turns > MAX_TURNS) {
    return fail("BAD_STATE", `turns must be an integer from 1 to ${MAX_TURNS}`);
  }
  const turn = raw.turn ?? 0;
  if (!isInt(turn) || turn < 0 || turn > turns)
    return fail("BAD_STATE", `turn must be an integer from 0 to ${turns}`);
  const currentPlayer = raw.current ?? 0;
  if (!isInt(currentPlayer) || currentPlayer < 0 || currentPlayer >= loadedPlayers.value.length) {
    return fail("BAD_STATE", `current must be a player index from 0 to ${loadedPlayers.value.length - 1}`);
  }
  if (turn === turns && currentPlayer !== 0) {
    return fail("BAD_STATE", "a finished game (turn = turns) has current 0");
  }
  const players = rescore(loadedPlayers.value, tree.value, maxDepth);
  const over = turn >= turns;
  // The config is what `new` starts from: it follows the loaded game when that is a valid setup.
  const derived = parseBlockyConfig({
    maxDepth,
    turns,
    players: players.map((p) => ({ kind: p.kind, ...(p.difficulty ? { difficulty: p.difficulty } : {}) })),
  });
  return ok({
    ...current,
    ...loadedRng(raw, current),
    config: derived.ok ? derived.value : current.config,
    tree: tree.value,
    maxDepth,
    board: boardOf(tree.value, maxDepth),
    players,
    score: (players[0] as Player).score,
    turns,
    turn,
    current: currentPlayer,
    over,
    winner: over ? winnerOf(players) : null,
  });
}

export function applyBlocky(
  state: BlockyState,
  command: BlockyCommand,
): ReturnType<GameDefinition<BlockyState, BlockyCommand, BlockyEvent, BlockyConfig>["apply"]> {
  switch (command.cmd) {
    case "score": {
      const value = goalScore(flatten(state.tree, state.maxDepth), boardSize(state.maxDepth), {
        type: command.goal,
        colour: command.colour,
      });
      return { ok: true, state, events: [], reply: { value } };
    }
    case "move": {
      if (state.over) return fail("GAME_OVER", "the game is over");
      const { action, path } = command;
      const player = state.players[state.current] as Player;
      const block = blockAt(state.tree, path);
      if (block === undefined) {
        return fail(
          "ILLEGAL_MOVE",
          `there is no block at path [${path.join(",")}]: the path goes below a leaf`,
        );
      }
      const rng = cloneRng(state.rng);
      const outcome = actOn(block, path.length, action, state.maxDepth, player.goal.colour, rng);
      if (!outcome.ok) return fail("ILLEGAL_MOVE", outcome.reason);
      const done = commitMove(state, action, action === "pass" ? [] : path, outcome.block, rng);
      return { ok: true, ...done };
    }
    case "ai": {
      if (state.over) return fail("GAME_OVER", "the game is over");
      const player = state.players[state.current] as Player;
      if (player.kind === "human") {
        return fail("ILLEGAL_MOVE", `player ${state.current + 1} is human: it plays with "move"`);
      }
      const rng = cloneRng(state.rng);
      const input = { tree: state.tree, maxDepth: state.maxDepth, goal: player.goal };
      const move =
        player.kind === "random"
          ? randomPlayerMove(input, rng)
          : smartPlayerMove(input, player.difficulty ?? DEFAULT_DIFFICULTY, rng);
      return { ok: true, ...commitMove(state, move.action, move.path, move.block, rng) };
    }
    default: {
      const never: never = command;
      return fail("UNKNOWN_COMMAND", `unknown command ${JSON.stringify(never)}`);
    }
  }
}

export function parseBlockyCommand(raw: { cmd: string } & Record<string, unknown>): Result<BlockyCommand> {
  switch (raw.cmd) {
    case "move": {
      if (!(ACTIONS as readonly unknown[]).includes(raw.action)) {
        return fail("BAD_ARGUMENT", `action must be one of ${ACTIONS.join(", ")}`);
      }
      const action = raw.action as Action;
      // A pass does not touch a block, so its path may be left out.
      if (raw.path === undefined && action === "pass") return ok({ cmd: "move", action, path: [] });
      const path = parsePath(raw.path);
      if (!path.ok) return path;
      return ok({ cmd: "move", action, path: [...path.value] });
    }
    case "ai":
      return ok({ cmd: "ai" });
    case "score": {
      if (!(GOAL_TYPES as readonly unknown[]).includes(raw.goal)) {
        return fail("BAD_ARGUMENT", 'goal must be "blob" or "perimeter"');
      }
      if (!isColour(raw.colour)) return fail("BAD_ARGUMENT", "colour must be one of B, R, G, Y");
      return ok({ cmd: "score", goal: raw.goal as GoalType, colour: raw.colour });
    }
    default:
      return fail("UNKNOWN_COMMAND", `unknown blocky command "${raw.cmd}"`);
  }
}

/**
 * Every legal command: `ai` when a computer player is to move, every valid move of the current
 * player (all blocks x actions; paint in its target colour), and one pass (a pass is the same on
 * any block, so it is listed once, on the top-level block).
 */
export function legalBlocky(state: BlockyState): BlockyCommand[] {
  if (state.over) return [];
  const player = state.players[state.current] as Player;
  const commands: BlockyCommand[] = player.kind === "human" ? [] : [{ cmd: "ai" }];
  for (const move of validMoves(state.tree, state.maxDepth, player.goal.colour)) {
    commands.push({ cmd: "move", action: move.action, path: move.path });
  }
  commands.push({ cmd: "move", action: "pass", path: [] });
  return commands;
}

export const blockyGame: GameDefinition<BlockyState, BlockyCommand, BlockyEvent, BlockyConfig> = {
  id: "blocky",
  title: GAME_INFO.blocky.title,
  toText: renderText,
  commands: ["move", "ai", "score"],
  defaultConfig: DEFAULT_CONFIG,
  parseConfig: parseBlockyConfig,
  newGame: newBlockyGame,
  parseCommand: parseBlockyCommand,
  apply: applyBlocky,
  legal: legalBlocky,
  load: loadBlocky,
  contract: {
    configs: [
      { maxDepth: 3, turns: 6, players: [{ kind: "human" }, { kind: "smart", difficulty: 4 }] },
      {
        maxDepth: 2,
        turns: 4,
        players: [{ kind: "random" }, { kind: "human" }, { kind: "smart", difficulty: 2 }],
      },
    ],
    seeds: [1, 2],
    steps: 30,
    legalSample: 6,
  },
};
