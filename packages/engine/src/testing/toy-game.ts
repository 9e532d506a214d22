/**
 * A deliberately tiny game that exercises the whole contract (random source in state, refusals,
 * game over, load) so the protocol and the contract suite are tested apart from any real game.
 * Rules: on a 3x3 board, `fill` an empty cell (+1 point); then the random source fills one more
 * empty cell with `x`. The game is over when the board is full.
 */
import { type BaseState, fail, type GameDefinition, isInt, isPlainObject, ok } from "../core/game.js";
import { addCapped, checkKeys, readBool, readInt, readRandom, readScore } from "../core/read.js";
import { cloneRng, nextInt, seedRng } from "../core/rng.js";

type ToyState = BaseState & { config: { size: number } };
type ToyCommand = { cmd: "fill"; row: number; col: number };
type ToyEvent = { type: "filled"; row: number; col: number; by: "player" | "random" } | { type: "game_over" };

const empties = (board: string[]): [number, number][] =>
  board.flatMap((line, r) => [...line].flatMap((ch, c) => (ch === "." ? [[r, c] as [number, number]] : [])));

export const toyGame: GameDefinition<ToyState, ToyCommand, ToyEvent, { size: number }> = {
  // The toy borrows an id only to satisfy the type; it is never registered.
  id: "blast",
  title: "Toy",
  commands: ["fill"],
  defaultConfig: { size: 3 },
  parseConfig(raw) {
    if (raw === undefined) return ok({ size: 3 });
    if (!isPlainObject(raw)) return fail("BAD_CONFIG", "config must be an object");
    const unknown = checkKeys(raw, ["size"], "config", "BAD_CONFIG");
    if (unknown) return { ok: false, error: unknown };
    const size = readInt(raw, "size", { min: 1, max: 5 }, 3, "BAD_CONFIG");
    return size.ok ? ok({ size: size.value }) : size;
  },
  newGame(config, seed) {
    const row = ".".repeat(config.size);
    return {
      game: "blast",
      seed,
      score: 0,
      over: false,
      board: Array.from({ length: config.size }, () => row),
      rng: seedRng(seed),
      config,
    };
  },
  parseCommand(raw) {
    if (!isInt(raw.row) || !isInt(raw.col)) return fail("BAD_ARGUMENT", "fill needs integer row and col");
    return ok({ cmd: "fill", row: raw.row, col: raw.col });
  },
  apply(state, command) {
    switch (command.cmd) {
      case "fill": {
        if (state.over) return fail("GAME_OVER", "the game is over");
        const { row, col } = command;
        if (state.board[row]?.[col] !== ".") return fail("ILLEGAL_MOVE", `cell ${row},${col} is not empty`);
        const board = state.board.slice();
        const set = (r: number, c: number, ch: string) => {
          const line = board[r] as string;
          board[r] = line.slice(0, c) + ch + line.slice(c + 1);
        };
        set(row, col, "#");
        const events: ToyEvent[] = [{ type: "filled", row, col, by: "player" }];
        const rng = cloneRng(state.rng);
        const free = empties(board);
        if (free.length > 0) {
          const [r, c] = free[nextInt(rng, free.length)] as [number, number];
          set(r, c, "x");
          events.push({ type: "filled", row: r, col: c, by: "random" });
        }
        const over = empties(board).length === 0;
        if (over) events.push({ type: "game_over" });
        return { ok: true, state: { ...state, board, rng, score: addCapped(state.score, 1), over }, events };
      }
      default: {
        const never: never = command.cmd;
        return fail("UNKNOWN_COMMAND", `unknown command ${String(never)}`);
      }
    }
  },
  legal(state) {
    if (state.over) return [];
    return empties(state.board).map(([row, col]) => ({ cmd: "fill", row, col }));
  },
  hint(state) {
    if (state.over) return fail("GAME_OVER", "the game is over");
    const [first] = empties(state.board);
    if (!first) return fail("ILLEGAL_MOVE", "no empty cell");
    return ok({ commands: [{ cmd: "fill", row: first[0], col: first[1] }], reason: "the first empty cell" });
  },
  toText(state) {
    return [...state.board, `score ${state.score}`].join("\n");
  },
  load(raw, current) {
    const unknown = checkKeys(
      raw,
      ["game", "seed", "rng", "score", "over", "board", "config"],
      "state",
      "BAD_STATE",
    );
    if (unknown) return { ok: false, error: unknown };
    if ("config" in raw && JSON.stringify(raw.config) !== JSON.stringify(current.config)) {
      return fail("BAD_STATE", "config must be the current game's (start a new game for another)");
    }
    const board = raw.board ?? current.board;
    const size = current.config.size;
    if (!Array.isArray(board) || board.length !== size)
      return fail("BAD_STATE", `board must have ${size} rows`);
    if (!board.every((l) => typeof l === "string" && l.length === size && /^[.#x]*$/.test(l))) {
      return fail("BAD_STATE", `board rows must be ${size} characters of . # x`);
    }
    const score = readScore(raw, "score", 0);
    if (!score.ok) return score;
    const random = readRandom(raw, current);
    if (!random.ok) return random;
    const rows = board as string[];
    const over = empties(rows).length === 0;
    const saidOver = readBool(raw, "over", over);
    if (!saidOver.ok) return saidOver;
    if (saidOver.value !== over) return fail("BAD_STATE", `over must be ${over} for this board`);
    return ok({ ...current, ...random.value, board: rows, score: score.value, over });
  },
};
