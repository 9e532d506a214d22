/**
 * `blockarcade stacker`: Block Stacker in a real terminal. Raw-mode keys, a redraw that moves the
 * cursor home and overwrites the previous frame (no clearing, so no flicker), the cursor hidden, and
 * the terminal restored however the game ends (q, Ctrl-C, a signal, an error).
 *
 * The timer lives here, not in the engine: it sends `tick` after `tickDelayMs` (the level's gravity,
 * or the lock delay for a resting piece).
 */
import {
  gravityMs,
  isResting,
  MAX_LOCK_RESETS,
  MAX_SIZE,
  MIN_SIZE,
  type PieceType,
  parseKey,
  type StackerCommand,
  type StackerKey,
  type StackerState,
  spawnCells,
  stackerGame,
  stackerPicture,
  tickDelayMs,
} from "@blockarcade/engine/games/stacker";
import type { TerminalIo } from "./types.js";

const USAGE = `Usage: blockarcade stacker [--size N] [--seed N]
       blockarcade stacker --json [--seed N] [--config '{"size":20}']

  --size N   board of N x N cells, ${MIN_SIZE} to ${MAX_SIZE} (default 20)
  --seed N   seed of the piece sequence (default: from the clock)

Keys: A / Left, D / Right move; S / Down soft drop; Space hard drop;
      Shift+Q / Up / X rotate clockwise; E / Z counter-clockwise; C hold;
      P / Esc pause; R new game (after game over); q or Ctrl-C quit.
`;

interface Options {
  size: number;
  seed: number | undefined;
}

export function parseStackerArgs(args: string[]): Options | { error: string } {
  let size = 20;
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = args[i + 1];
    if (arg === "--size") {
      const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!(n >= MIN_SIZE && n <= MAX_SIZE))
        return { error: `--size needs an integer from ${MIN_SIZE} to ${MAX_SIZE}` };
      size = n;
      i++;
    } else if (arg === "--seed") {
      const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!(n >= 0 && n <= 0xffffffff)) return { error: "--seed needs an integer from 0 to 4294967295" };
      seed = n;
      i++;
    } else {
      return { error: `unknown option '${arg}'` };
    }
  }
  return { size, seed };
}

// ---- drawing ----

const ESC = "\u001b[";
/** 16-colour codes per piece, close to the guideline colours a terminal can show. */
const COLOURS: Record<PieceType, number> = { I: 96, O: 93, T: 95, S: 92, Z: 91, J: 94, L: 33 };

interface Look {
  colour: boolean;
  /** Characters per cell: 2 looks square in most terminal fonts; 1 when the terminal is narrow. */
  cellWidth: 1 | 2;
}

function cellText(ch: string, look: Look): string {
  const w = look.cellWidth;
  if (ch === ".") return look.colour ? `${ESC}90m${w === 2 ? " ." : "."}${ESC}0m` : w === 2 ? " ." : ".";
  if (ch === "+") return look.colour ? `${ESC}2m${w === 2 ? "[]" : "+"}${ESC}0m` : w === 2 ? "::" : "+";
  const type = ch.toUpperCase() as PieceType;
  const code = COLOURS[type];
  const falling = ch !== type;
  if (!look.colour || code === undefined) {
    const mark = falling ? ch : type;
    return w === 2 ? mark + mark : mark;
  }
  // Locked and falling blocks alike are solid colour; the falling one is bold so it stands out.
  const bg = code + 10;
  return `${ESC}${bg}m${falling ? `${ESC}1;30m` : ""}${w === 2 ? (falling ? "[]" : "  ") : falling ? "o" : " "}${ESC}0m`;
}

/** A piece in its spawn orientation, two lines of 4 cells (blank when there is none). */
function miniPiece(type: PieceType | null, look: Look): string[] {
  const blank = " ".repeat(4 * look.cellWidth);
  if (type === null) return [blank, blank];
  const rows = [" ".repeat(4), " ".repeat(4)].map((r) => r.split(""));
  for (const [r, c] of spawnCells(type, 4)) (rows[r] as string[])[c] = type;
  return rows.map((row) =>
    row.map((ch) => (ch === " " ? " ".repeat(look.cellWidth) : cellText(ch, look))).join(""),
  );
}

export interface ScreenOptions {
  paused: boolean;
  colour: boolean;
  columns: number;
  best: number;
}

/** The whole screen as lines (no trailing newlines). */
export function stackerScreen(state: StackerState, options: ScreenOptions): string[] {
  const size = state.config.size;
  const cellWidth: 1 | 2 = options.columns >= size * 2 + 30 ? 2 : 1;
  const look: Look = { colour: options.colour, cellWidth };
  const picture = stackerPicture(state, { ghost: true });
  const border = `+${"-".repeat(size * cellWidth)}+`;
  const boardLines = [
    border,
    ...picture.map((row) => `|${[...row].map((ch) => cellText(ch, look)).join("")}|`),
    border,
  ];

  // Next pieces in a column, the hold box beside the first one.
  const gap = "   ";
  const hold = miniPiece(state.hold, look);
  const pieces = state.next.flatMap((t, i) => {
    const [a, b] = miniPiece(t, look) as [string, string];
    return i === 0 ? [a + gap + hold[0], b + gap + hold[1]] : [a, b];
  });
  const side: string[] = [
    "BLOCK STACKER",
    `Score  ${state.score}`,
    `Level  ${state.level}    Lines  ${state.lines}`,
    `Best   ${options.best}`,
    `Speed  ${Math.round(gravityMs(state.level))} ms a row`,
    "",
    `${"Next".padEnd(4 * cellWidth)}${gap}Hold${state.canHold ? "" : " (used)"}`,
    ...pieces,
    "",
  ];
  if (state.over) side.push("GAME OVER", "r: new game  q: quit");
  else if (options.paused) side.push("PAUSED", "p / Esc: resume  q: quit");
  else
    side.push(
      "A D <- ->: move   S Down: soft",
      "Shift+Q X Up: turn  E Z: back",
      "Space: hard drop  C: hold",
      "P Esc: pause  q: quit",
    );

  const lines: string[] = [];
  const height = Math.max(boardLines.length, side.length);
  for (let i = 0; i < height; i++) {
    const left = boardLines[i] ?? " ".repeat(size * cellWidth + 2);
    lines.push(`${left}  ${side[i] ?? ""}`);
  }
  return lines;
}

// ---- input ----

type Input =
  | { kind: "command"; command: StackerCommand }
  | { kind: "quit" }
  | { kind: "pause" }
  | { kind: "restart" };

const ARROWS: Record<string, StackerKey> = {
  A: "ArrowUp",
  B: "ArrowDown",
  C: "ArrowRight",
  D: "ArrowLeft",
};

/** Splits a chunk of raw terminal input into inputs (arrow keys arrive as escape sequences). */
export function parseInput(chunk: string): Input[] {
  const out: Input[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk[i] as string;
    if (ch === "\u001b") {
      const next = chunk[i + 1];
      if ((next === "[" || next === "O") && chunk[i + 2] !== undefined) {
        const arrow = ARROWS[chunk[i + 2] as string];
        if (arrow) out.push({ kind: "command", command: { cmd: "key", key: arrow } });
        i += 2;
      } else out.push({ kind: "pause" });
      continue;
    }
    if (ch === "\u0003" || ch === "q") out.push({ kind: "quit" });
    else if (ch === "p" || ch === "P") out.push({ kind: "pause" });
    else if (ch === "r" || ch === "R") out.push({ kind: "restart" });
    else if (ch === "Q") out.push({ kind: "command", command: { cmd: "key", key: "Q" } });
    else {
      // Lower-case letters stand for the spec's upper-case keys; q (quit) is taken above.
      const key = parseKey(ch);
      if (key) out.push({ kind: "command", command: { cmd: "key", key } });
    }
  }
  return out;
}

// ---- the session ----

export async function play(args: string[], io: TerminalIo): Promise<number> {
  const options = parseStackerArgs(args);
  if ("error" in options) {
    io.stderr.write(`blockarcade: ${options.error}\n${USAGE}`);
    return 2;
  }
  const size = options.size;
  const stdin = io.stdin;
  if (!stdin.isTTY || typeof stdin.setRawMode !== "function") {
    io.stderr.write(
      "blockarcade: stacker is a real-time game and needs an interactive terminal (stdin is not a TTY).\n" +
        "For scripts and bots use: blockarcade stacker --json [--seed N] [--config '{\"size\":20}']\n",
    );
    return 2;
  }
  const setRawMode = stdin.setRawMode.bind(stdin);
  const out = io.stdout;
  const colour = process.env.NO_COLOR === undefined && process.env.TERM !== "dumb";

  return new Promise<number>((resolve) => {
    let seed = options.seed ?? Date.now() % 0x100000000;
    let state = stackerGame.newGame({ size }, seed);
    let paused = false;
    let best = 0;
    let timer: NodeJS.Timeout | undefined;
    let lockResets = 0;
    let finished = false;
    let lastFrame = "";
    let removeResize = () => {};

    const draw = () => {
      let lines = stackerScreen(state, { paused, colour, columns: out.columns ?? 80, best });
      const rows = out.rows ?? 0;
      if (rows > 0 && rows < lines.length + 1) {
        // Scrolling would smear the frames: stop the clock and say what is needed instead.
        if (!paused && !state.over) {
          paused = true;
          schedule();
          lines = stackerScreen(state, { paused, colour, columns: out.columns ?? 80, best });
        }
        lines = [
          `The terminal is ${rows} rows high; Block Stacker ${size} x ${size} needs ${lines.length + 1}.`,
          `Enlarge it (the game is paused; p resumes) or start with a smaller --size. q quits.`,
        ];
      }
      // Home, then every line overwritten and cleared to its end; below the last line cleared too.
      const frame = `${ESC}H${lines.map((l) => `${l}${ESC}K`).join("\r\n")}\r\n${ESC}J`;
      if (frame !== lastFrame) out.write(frame);
      lastFrame = frame;
    };

    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (finished || paused || state.over) return;
      timer = setTimeout(onTimer, tickDelayMs(state));
    };

    const apply = (command: StackerCommand): boolean => {
      const result = stackerGame.apply(state, command);
      if (!result.ok) return false;
      const wasResting = isResting(state);
      const pieceChanged = result.events.some((e) => e.type === "spawned" || e.type === "game_over");
      state = result.state;
      if (state.score > best) best = state.score;
      if (pieceChanged || command.cmd === "tick") {
        if (pieceChanged) lockResets = 0;
        schedule();
      } else if (wasResting || isResting(state)) {
        // A move or turn on a resting piece restarts the lock delay, a limited number of times.
        if (lockResets < MAX_LOCK_RESETS) {
          lockResets++;
          schedule();
        }
      }
      return true;
    };

    function onTimer() {
      timer = undefined;
      apply({ cmd: "tick" });
      draw();
    }

    const restore = () => {
      clearTimeout(timer);
      removeResize();
      stdin.removeListener("data", onData);
      try {
        setRawMode(false);
      } catch {
        // the terminal may already be gone
      }
      stdin.pause();
      out.write(`${ESC}0m${ESC}?25h${ESC}?1049l`);
      process.removeListener("SIGINT", onSignal);
      process.removeListener("SIGTERM", onSignal);
      process.removeListener("SIGHUP", onSignal);
    };

    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      restore();
      out.write(
        `Block Stacker: score ${state.score}, level ${state.level}, ${state.lines} lines (seed ${seed}).\n`,
      );
      resolve(code);
    };

    function onSignal() {
      finish(130);
    }

    function onData(data: Buffer | string) {
      try {
        for (const input of parseInput(data.toString())) {
          if (input.kind === "quit") return finish(0);
          if (input.kind === "pause") {
            if (state.over) continue;
            paused = !paused;
            schedule();
          } else if (input.kind === "restart") {
            if (!state.over) continue;
            seed = (seed + 1) % 0x100000000;
            state = stackerGame.newGame({ size }, seed);
            lockResets = 0;
            schedule();
          } else if (!paused) {
            apply(input.command);
          }
        }
        draw();
      } catch (error) {
        finish(1);
        io.stderr.write(`blockarcade: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }

    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("SIGHUP", onSignal);
    setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
    stdin.on("end", () => finish(0));
    const onResize = () => {
      // A new size can leave old characters anywhere: clear once, then draw afresh.
      out.write(`${ESC}2J`);
      lastFrame = "";
      draw();
    };
    out.on("resize", onResize);
    removeResize = () => out.removeListener("resize", onResize);
    // Alternate screen, cursor hidden, cleared once; every later frame overwrites in place.
    out.write(`${ESC}?1049h${ESC}?25l${ESC}2J`);
    draw();
    schedule();
  });
}
