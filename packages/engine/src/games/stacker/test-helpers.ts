/** Fixtures for the Block Stacker tests: positions from pictures, commands by key name. */
import { PIECE_TYPES } from "./constants.js";
import { stackerGame } from "./index.js";
import { GHOST_MARK, stackerPicture } from "./text.js";
import type {
  ActivePiece,
  Cell,
  PieceType,
  Rotation,
  StackerCommand,
  StackerEvent,
  StackerKey,
  StackerState,
} from "./types.js";

/**
 * Reads a picture back into the parts `load` takes: lower-case letters are the falling piece (all
 * of one type), `+` is ignored (a ghost), everything else is the locked board. The rotation cannot
 * always be seen (an I lying in row 1 or row 2 of its box), so it is given.
 */
export function parseStackerPicture(
  picture: readonly string[],
  rotation: Rotation = 0,
): { board: string[]; active: ActivePiece | null } {
  const cells: Cell[] = [];
  let type: PieceType | null = null;
  const board = picture.map((line, r) => {
    let out = "";
    for (let c = 0; c < line.length; c++) {
      const ch = line[c] as string;
      const upper = ch.toUpperCase();
      if (ch !== upper && (PIECE_TYPES as readonly string[]).includes(upper)) {
        if (type !== null && type !== upper)
          throw new Error(`picture has two falling pieces: ${type}, ${upper}`);
        type = upper as PieceType;
        cells.push([r, c]);
        out += ".";
      } else out += ch === GHOST_MARK ? "." : ch;
    }
    return out;
  });
  return { board, active: type === null ? null : { type, rotation, cells } };
}

/** Pads a bottom-aligned picture with empty rows on top to a square board of its width. */
export function board(...rows: string[]): string[] {
  const size = rows[0]?.length ?? 10;
  return [...Array.from({ length: size - rows.length }, () => ".".repeat(size)), ...rows];
}

export interface PositionOptions {
  rotation?: Rotation;
  next?: PieceType[];
  bag?: PieceType[];
  hold?: PieceType | null;
  canHold?: boolean;
  lines?: number;
  score?: number;
  seed?: number;
}

/** A position from a picture (lower case = the falling piece), loaded through the game's own `load`. */
export function position(picture: string[], options: PositionOptions = {}): StackerState {
  const { board: rows, active } = parseStackerPicture(picture, options.rotation ?? 0);
  const start = stackerGame.newGame({ size: rows.length }, options.seed ?? 1);
  const raw: Record<string, unknown> = {
    board: rows,
    next: options.next ?? ["O", "O", "O"],
    bag: options.bag ?? [],
    hold: options.hold ?? null,
    canHold: options.canHold ?? true,
    lines: options.lines ?? 0,
    score: options.score ?? 0,
  };
  if (active) raw.active = active;
  const loaded = stackerGame.load(raw, start);
  if (!loaded.ok) throw new Error(`fixture refused: ${loaded.error.message}`);
  return loaded.value;
}

export type Step = StackerKey | "tick";

export function command(step: Step): StackerCommand {
  return step === "tick" ? { cmd: "tick" } : { cmd: "key", key: step };
}

/** Applies the steps in order; throws on a refusal so a test cannot silently skip one. */
export function play(state: StackerState, ...steps: Step[]): { state: StackerState; events: StackerEvent[] } {
  let s = state;
  const events: StackerEvent[] = [];
  for (const step of steps) {
    const result = stackerGame.apply(s, command(step));
    if (!result.ok) throw new Error(`${step} refused: ${result.error.message}`);
    s = result.state;
    events.push(...result.events);
  }
  return { state: s, events };
}

export function picture(state: StackerState, ghost = false): string[] {
  return stackerPicture(state, { ghost });
}
