/**
 * Every place the falling piece can end up, found the way a player gets there: a breadth-first
 * search from where the piece is now over the game's own moves (left, right, both turns with their
 * SRS kicks, soft drop), each target reached by the fewest keys, then the hard drop
 * (docs/games/stacker.md "Computer player"). Tucks under overhangs and kicked spins count; a spot
 * no sequence of keys reaches does not.
 */
import { dropDistance } from "./board.js";
import { stepPiece, turnPiece } from "./moves.js";
import type { ActivePiece, Cell, StackerKey } from "./types.js";

export interface Placement {
  /** Where the piece locks: its four cells, row-major. */
  cells: Cell[];
  /** The keys from the current position, the last one the hard drop (`Space`). */
  keys: StackerKey[];
  /** The cells as text ("r,c r,c ..."): names the target, the same however it is reached. */
  id: string;
}

/** The search's moves, in the order it tries them (so the fewest-keys path is chosen the same way every time). */
const MOVES: readonly { key: StackerKey; dr: number; dc: number; turn?: 1 | 3 }[] = [
  { key: "A", dr: 0, dc: -1 },
  { key: "D", dr: 0, dc: 1 },
  { key: "Q", dr: 0, dc: 0, turn: 1 },
  { key: "E", dr: 0, dc: 0, turn: 3 },
  { key: "S", dr: 1, dc: 0 },
];

/** Room around the board in a node key (a key must stay unique for any first cell on the board). */
const PAD = 8;
const SPAN = 64;

/** A piece's cells are kept row-major, so its turn and first cell name its position. */
function nodeKey(piece: ActivePiece): number {
  const [row, col] = piece.cells[0] as Cell;
  return (piece.rotation * SPAN + row + PAD) * SPAN + col + PAD;
}

export function cellsId(cells: readonly Cell[]): string {
  return cells.map(([r, c]) => `${r},${c}`).join(" ");
}

interface Node {
  piece: ActivePiece;
  key: number;
  parent: number;
  /** The keys from the parent to here: one, or a run of soft drops through open sky. */
  keys: StackerKey[];
  /** The node below by soft drop, or -1 when the piece rests here. */
  down: number;
}

/**
 * The work a search may do, counted in positions (docs/games/stacker.md "Bounded work"): a position
 * the search expands (its five moves tried) and a place the player scores cost one each. The count
 * is the same on every machine, so a replayed `ai` plays the same keys.
 */
export class SearchWork {
  spent = 0;
  constructor(readonly limit: number) {}
  get left(): number {
    return this.limit - this.spent;
  }
}

/** Empty rows kept between the piece and the highest block: below that, every move is searched. */
const SKY_MARGIN = 4;

/** The first row holding a block (`size` on an empty board). */
function stackTop(board: readonly string[], size: number): number {
  for (let r = 0; r < size; r++) if (/[^.]/.test(board[r] as string)) return r;
  return size;
}

function lowestRow(piece: ActivePiece): number {
  let low = -1;
  for (const [r] of piece.cells) low = Math.max(low, r);
  return low;
}

/** All reachable landing places of `start` on `board`, in the order the search first reached them. */
export function reachablePlacements(
  board: readonly string[],
  size: number,
  start: ActivePiece,
  work: SearchWork = new SearchWork(Number.POSITIVE_INFINITY),
): Placement[] {
  const nodes: Node[] = [{ piece: start, key: nodeKey(start), parent: -1, keys: [], down: -1 }];
  const index = new Map<number, number>([[(nodes[0] as Node).key, 0]]);
  // In open sky (SKY_MARGIN empty rows and more between the piece and the highest block) a move
  // then a drop lands where the drop then the move does: so a soft drop there runs straight down
  // to the edge of the sky in one step of several `S`, and the sideways moves and turns are
  // searched at the starting height and near the stack. The same places, far fewer nodes.
  const skyEdge = stackTop(board, size) - SKY_MARGIN;
  // Breadth-first, so a search the budget cuts short has tried every turn and column near the
  // piece first, its straight drops among them; the positions it found but did not expand still land.
  let expanded = 0;
  // Every position found may become a place to score, so the positions found count against the
  // budget too: expansions and the scoring after them stay within `work.limit` together.
  for (; expanded < nodes.length && work.spent + nodes.length + MOVES.length <= work.limit; expanded++) {
    work.spent++;
    const node = nodes[expanded] as Node;
    const i = expanded;
    for (const move of MOVES) {
      let rows = move.dr;
      if (rows === 1) rows = Math.max(1, skyEdge - lowestRow(node.piece));
      const next =
        move.turn === undefined
          ? stepPiece(board, size, node.piece, rows, move.dc)
          : (turnPiece(board, size, node.piece, move.turn)?.piece ?? null);
      if (next === null) continue;
      const k = nodeKey(next);
      let at = index.get(k);
      if (at === undefined) {
        at = nodes.length;
        index.set(k, at);
        const keys = new Array<StackerKey>(Math.max(1, rows)).fill(move.key);
        nodes.push({ piece: next, key: k, parent: i, keys, down: -1 });
      }
      if (move.dr === 1) node.down = at;
    }
  }
  // A hard drop lands where soft drops would end: follow `down` to the resting node (memoised).
  // A node the search did not expand has no `down` yet: its landing is its straight drop.
  const rest = new Array<number>(nodes.length).fill(-1);
  const restOf = (i: number): number => {
    const known = rest[i] as number;
    if (known >= 0) return known;
    const down = i < expanded ? (nodes[i] as Node).down : -1;
    const r = down < 0 ? i : restOf(down);
    rest[i] = r;
    return r;
  };
  const landing = (r: number): ActivePiece => {
    const piece = (nodes[r] as Node).piece;
    if (r < expanded) return piece;
    const drop = dropDistance(board, size, piece.cells);
    return drop === 0 ? piece : (stepPiece(board, size, piece, drop, 0) as ActivePiece);
  };
  // Each landing is reached by the first node in search order that drops onto it: the fewest keys.
  const firstFor = new Map<number, { first: number; piece: ActivePiece }>();
  for (let i = 0; i < nodes.length; i++) {
    const r = restOf(i);
    const piece = landing(r);
    const k = r < expanded ? r : -1 - nodeKey(piece);
    if (!firstFor.has(k)) firstFor.set(k, { first: i, piece });
  }
  const byCells = new Map<string, Placement>();
  for (const { first, piece } of firstFor.values()) {
    const cells = piece.cells.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const id = cellsId(cells);
    // Two turns of an S, Z or I can cover the same cells: one target, the shorter way to it.
    const parts: StackerKey[][] = [["Space"]];
    for (let n = first; n > 0; n = (nodes[n] as Node).parent) parts.push((nodes[n] as Node).keys);
    const keys = parts.reverse().flat();
    const known = byCells.get(id);
    if (!known || keys.length < known.keys.length) byCells.set(id, { cells, keys, id });
  }
  return [...byCells.values()];
}
