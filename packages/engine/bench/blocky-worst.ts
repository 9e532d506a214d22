/**
 * Blocky: the positions that cost the computer players the most work (docs/games/blocky.md
 * "Computer player"). Random loaded positions (boards of depth 0-8, complete or random, with 1 to
 * 4 colours; 1-4 players with blob or perimeter goals; any number of moves left), then a hill-climb
 * from the worst of them on the expert's work without its hard bound (a cell recoloured, a leaf
 * split, a block merged, a goal, the players or the moves left changed), kept when the work does
 * not fall. Prints the worst positions as JSON lines: the expert's work uncapped and capped, the CPU
 * time of a `hint` and of an `ai` by each kind of seat on it (median of 3 after a warm-up).
 *
 *   npx tsc -b packages/engine/bench && node packages/engine/dist-bench/bench/blocky-worst.js [random] [steps] [seed] [cpu]
 *
 * The positions it prints are kept as fixtures in src/games/blocky/worst-positions.json.
 */
import { nextInt, type RngState, seedRng } from "../src/core/rng.js";
import { expertOf } from "../src/games/blocky/computer.js";
import { COLOURS, MAX_LOAD_DEPTH, MAX_SMART_WORK } from "../src/games/blocky/constants.js";
import { expertMove } from "../src/games/blocky/expert.js";
import { blockyGame } from "../src/games/blocky/index.js";
import type { Block, BlockyState, Colour, GoalType, PlayerKind } from "../src/games/blocky/types.js";
import { cpuRuns } from "./harness.js";

const RANDOM = Number(process.argv[2] ?? 200);
const STEPS = Number(process.argv[3] ?? 300);
const SEED = Number(process.argv[4] ?? 1);
/** "cpu": rank the random positions by the CPU of the bounded hint instead (noisy, but what counts). */
const BY_CPU = process.argv[5] === "cpu";

export interface Position {
  maxDepth: number;
  tree: Block;
  goals: { type: GoalType; colour: Colour }[];
  /** Moves left in the game, this one included. */
  movesLeft: number;
}

const base = blockyGame.newGame(
  { maxDepth: 4, turns: 5, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }] },
  1,
);

/** The position with every seat of one kind (a smart seat at the most difficulty the depth allows). */
export function loadAs(p: Position, kind: PlayerKind): BlockyState | null {
  const count = p.goals.length;
  const difficulty = Math.min(1000, Math.floor(MAX_SMART_WORK / 4 ** p.maxDepth));
  const left = p.movesLeft;
  const turns = 1000;
  const turn = turns - Math.ceil(left / count);
  const current = (count - (left % count)) % count;
  const r = blockyGame.load(
    {
      maxDepth: p.maxDepth,
      tree: p.tree,
      turns,
      turn,
      current,
      players: p.goals.map((goal) => ({
        kind,
        goal,
        penalty: 0,
        ...(kind === "smart" ? { difficulty } : {}),
      })),
    },
    base,
  );
  return r.ok && !r.value.over ? r.value : null;
}

const colourOf = (rng: RngState, palette: number) => COLOURS[nextInt(rng, palette)] as Colour;

function randomTree(rng: RngState, level: number, maxDepth: number, split: number, palette: number): Block {
  if (level >= maxDepth || nextInt(rng, 100) >= split) return colourOf(rng, palette);
  const child = () => randomTree(rng, level + 1, maxDepth, split, palette);
  return [child(), child(), child(), child()];
}

function randomPosition(rng: RngState): Position {
  const maxDepth = nextInt(rng, 3) === 0 ? nextInt(rng, MAX_LOAD_DEPTH + 1) : 6 + nextInt(rng, 3);
  const split = [100, 95, 85, 70][nextInt(rng, 4)] as number;
  const palette = 1 + nextInt(rng, 4);
  const count = 1 + nextInt(rng, 4);
  const type: GoalType = nextInt(rng, 2) === 0 ? "blob" : "perimeter";
  const goals = Array.from({ length: count }, (_, i) => ({
    type: nextInt(rng, 4) === 0 ? (type === "blob" ? "perimeter" : "blob") : type,
    colour: COLOURS[i] as Colour,
  }));
  const tree = randomTree(rng, 0, maxDepth, split, palette);
  return { maxDepth, tree, goals, movesLeft: 1 + nextInt(rng, 6) };
}

/** A copy of `tree` with one random block changed: recoloured, split or merged. */
function mutateTree(rng: RngState, tree: Block, level: number, maxDepth: number): Block {
  if (typeof tree === "string") {
    if (level < maxDepth && nextInt(rng, 3) === 0) {
      return [colourOf(rng, 4), colourOf(rng, 4), colourOf(rng, 4), colourOf(rng, 4)];
    }
    return colourOf(rng, 4);
  }
  if (nextInt(rng, 40) === 0) return colourOf(rng, 4);
  const i = nextInt(rng, 4);
  const children = tree.slice() as Block[];
  children[i] = mutateTree(rng, tree[i] as Block, level + 1, maxDepth);
  return children as unknown as Block;
}

function mutate(rng: RngState, p: Position): Position {
  const roll = nextInt(rng, 12);
  if (roll < 9) {
    let tree = p.tree;
    for (let k = 1 + nextInt(rng, 8); k > 0; k--) tree = mutateTree(rng, tree, 0, p.maxDepth);
    return { ...p, tree };
  }
  if (roll === 9) return { ...p, movesLeft: 1 + nextInt(rng, 6) };
  const goals = p.goals.slice();
  if (roll === 10 && goals.length < 4) goals.push({ type: "blob", colour: COLOURS[goals.length] as Colour });
  else {
    const i = nextInt(rng, goals.length);
    const g = goals[i] as Position["goals"][number];
    goals[i] = { ...g, type: g.type === "blob" ? "perimeter" : "blob" };
  }
  return { ...p, goals };
}

/** The expert's work on the position, with its hard bound (`maxWork` given) or without. */
export function expertWork(state: BlockyState, maxWork?: number): number {
  return expertMove(
    {
      tree: state.tree,
      maxDepth: state.maxDepth,
      players: state.players,
      mover: state.current,
      movesLeft: (state.turns - state.turn) * state.players.length - state.current,
      rng: state.rng,
    },
    maxWork === undefined ? {} : { maxWork },
  ).work;
}

/** CPU ms of `fn`, median of 3 after a warm-up. */
const cpuMs = (fn: () => void): number => cpuRuns(fn, 3)[1] as number;

const round = (x: number) => Math.round(x * 100) / 100;

function report(label: string, p: Position): void {
  const expert = loadAs(p, "expert") as BlockyState;
  const smart = loadAs(p, "smart") as BlockyState;
  const random = loadAs(p, "random") as BlockyState;
  const line = {
    label,
    uncappedWork: expertWork(expert, Number.POSITIVE_INFINITY),
    work: expertOf(expert).work,
    hintMs: round(cpuMs(() => blockyGame.hint(expert))),
    expertAiMs: round(cpuMs(() => blockyGame.apply(expert, { cmd: "ai" }))),
    smartAiMs: round(cpuMs(() => blockyGame.apply(smart, { cmd: "ai" }))),
    randomAiMs: round(cpuMs(() => blockyGame.apply(random, { cmd: "ai" }))),
    position: p,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const rng = seedRng(SEED);
const found: { p: Position; w: number }[] = [];
for (let i = 0; i < RANDOM; i++) {
  const p = randomPosition(rng);
  const s = loadAs(p, "expert");
  if (s)
    found.push({ p, w: BY_CPU ? cpuMs(() => blockyGame.hint(s)) : expertWork(s, Number.POSITIVE_INFINITY) });
}
if (BY_CPU) {
  found.sort((a, b) => b.w - a.w);
  for (const [i, f] of found.slice(0, 3).entries())
    report(`random, ${i + 1}. slowest bounded hint of ${RANDOM}`, f.p);
  process.exit(0);
}
found.sort((a, b) => b.w - a.w);
report(`worst of ${RANDOM} random`, (found[0] as { p: Position }).p);
for (const start of found.slice(0, 3)) {
  let cur = start;
  for (let step = 0; step < STEPS; step++) {
    const q = mutate(rng, cur.p);
    const s = loadAs(q, "expert");
    if (!s) continue;
    const w = expertWork(s, Number.POSITIVE_INFINITY);
    if (w >= cur.w) cur = { p: q, w };
  }
  report(`hill-climb ${STEPS} steps from random ${start.w}`, cur.p);
}
