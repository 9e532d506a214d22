/**
 * `blockarcade stacker`: Block Stacker in a real terminal (docs/games/stacker.md "Terminal").
 * Raw-mode keys, a redraw that moves the cursor home and overwrites the previous frame (no
 * clearing, so no flicker), the cursor hidden, and the terminal restored however the game ends
 * (Ctrl-C, a quit confirmed, a signal, an error).
 *
 * It plays through the engine's `createRunner` with a Node clock; when the next `tick` is due is
 * the engine's lock-delay policy (`createLockDelay`), the same one the browser runs.
 */
import { type Clock, createRunner, type Runner } from "@blockarcade/engine/core";
import {
  createLockDelay,
  DEFAULT_SIZE,
  gravityMs,
  MAX_SIZE,
  MIN_SIZE,
  type PieceType,
  parseKey,
  type StackerKey,
  type StackerState,
  spawnCells,
  stackerGame,
  stackerPicture,
} from "@blockarcade/engine/games/stacker";
import { clockSeed, parseIntOption, parseSeedOption } from "../args.js";
import type { TerminalIo } from "./types.js";

export const usage = `Usage: blockarcade stacker [--size N] [--seed N]
       blockarcade stacker --json [--seed N] [--config '{"size":20}']

  --size N   board of N x N cells, ${MIN_SIZE} to ${MAX_SIZE} (default ${DEFAULT_SIZE})
  --seed N   seed of the piece sequence (default: from the clock)

Keys: A / Left, D / Right move; S / Down soft drop (on a resting piece: lock);
      Space hard drop; Q / X / Up rotate clockwise; E / Z counter-clockwise; C hold;
      P / Esc pause; R new game after game over.
      Ctrl-C quits; any other key asks whether to quit a game in progress.
`;

interface Options {
  size: number;
  seed: number | undefined;
}

export function parseStackerArgs(args: string[]): Options | { error: string } {
  let size = DEFAULT_SIZE;
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--size") {
      const read = parseIntOption("--size", args[++i], MIN_SIZE, MAX_SIZE);
      if ("error" in read) return read;
      size = read.value;
    } else if (arg === "--seed") {
      const read = parseSeedOption(args[++i]);
      if ("error" in read) return read;
      seed = read.seed;
    } else {
      return { error: `unknown option '${arg.slice(0, 40)}'` };
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
  /** Asking whether to quit the game in progress. */
  confirmQuit?: boolean;
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
  if (options.confirmQuit) side.push("QUIT THIS GAME?", "y: quit  any other key: play on");
  else if (state.over) side.push("GAME OVER", "r: new game", "any other key: quit");
  else if (options.paused) side.push("PAUSED", "p / Esc: resume", "Ctrl-C: quit");
  else
    side.push(
      "A D <- ->: move   S Down: soft",
      "Q X Up: turn  E Z: back",
      "Space: hard drop  C: hold",
      "P Esc: pause  Ctrl-C: quit",
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

/** What a key means here: an engine key, or one of the terminal's own. */
export type Input =
  | { kind: "key"; key: StackerKey }
  | { kind: "pause" }
  | { kind: "restart" }
  | { kind: "interrupt" }
  /** A key that is not a game key: it asks to quit (`y` answers yes). */
  | { kind: "other"; text: string };

const ARROWS: Record<string, StackerKey> = {
  A: "ArrowUp",
  B: "ArrowDown",
  C: "ArrowRight",
  D: "ArrowLeft",
};

/**
 * Splits a chunk of raw terminal input into inputs. Escape sequences are read whole: an arrow with
 * modifiers (Ctrl+Left is `ESC[1;5D`) is that arrow, never the letters of the sequence; other
 * sequences (function keys, Delete) are skipped. A lone ESC is the Esc key.
 */
export function parseInput(chunk: string): Input[] {
  const out: Input[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk[i] as string;
    if (ch === "\u001b") {
      const next = chunk[i + 1];
      if (next === "[" || next === "O") {
        // Parameters (digits and ;) up to the final byte.
        let j = i + 2;
        while (j < chunk.length && /[0-9;]/.test(chunk[j] as string)) j++;
        const final = chunk[j];
        const arrow = final === undefined ? undefined : ARROWS[final];
        if (arrow) out.push({ kind: "key", key: arrow });
        i = final === undefined ? chunk.length : j;
      } else out.push({ kind: "pause" });
      continue;
    }
    if (ch === "\u0003") out.push({ kind: "interrupt" });
    else if (ch === "p" || ch === "P") out.push({ kind: "pause" });
    else if (ch === "r" || ch === "R") out.push({ kind: "restart" });
    else {
      // Letters in either case are the engine's keys (the spec's Q rotates here as everywhere).
      const key = ch.length === 1 && /[a-zA-Z ]/.test(ch) ? parseKey(ch) : null;
      out.push(key ? { kind: "key", key } : { kind: "other", text: ch });
    }
  }
  return out;
}

// ---- the session ----

/** Node's clock for the runner: the terminal owns time, the engine never reads it. */
const nodeClock: Clock = {
  now: () => performance.now(),
  after: (ms, cb) => {
    const t = setTimeout(cb, ms);
    return () => clearTimeout(t);
  },
};

export async function play(args: string[], io: TerminalIo): Promise<number> {
  const options = parseStackerArgs(args);
  if ("error" in options) {
    io.stderr.write(`blockarcade: ${options.error}\n${usage}`);
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
    let seed = options.seed ?? clockSeed();
    let best = 0;
    let confirmQuit = false;
    /** The pause the player chose, kept apart from the pause of a question or a small terminal. */
    let playerPaused = false;
    let tooSmall = false;
    let finished = false;
    let lastFrame = "";
    let removeResize = () => {};

    const runner: Runner<StackerState> = createRunner(
      stackerGame,
      stackerGame.newGame({ size }, seed),
      { render: () => draw() },
      { clock: nodeClock, ticks: createLockDelay() },
    );

    const updatePause = () => runner.setPaused(playerPaused || confirmQuit || tooSmall);

    function draw() {
      if (finished) return;
      const state = runner.state;
      if (state.score > best) best = state.score;
      const screen = (paused: boolean) =>
        stackerScreen(state, { paused, confirmQuit, colour, columns: out.columns ?? 80, best });
      let lines = screen(runner.paused);
      const rows = out.rows ?? 0;
      const small = rows > 0 && rows < lines.length + 1;
      if (small !== tooSmall) {
        // Scrolling would smear the frames: stop the clock and say what is needed instead.
        tooSmall = small;
        updatePause();
        lines = screen(runner.paused);
      }
      if (small) {
        lines = [
          `The terminal is ${rows} rows high; Block Stacker ${size} x ${size} needs ${lines.length + 1}.`,
          "Enlarge it (the game is paused) or start with a smaller --size. Ctrl-C quits.",
        ];
      }
      // Home, then every line overwritten and cleared to its end; below the last line cleared too.
      const frame = `${ESC}H${lines.map((l) => `${l}${ESC}K`).join("\r\n")}\r\n${ESC}J`;
      if (frame !== lastFrame) out.write(frame);
      lastFrame = frame;
    }

    const restore = () => {
      runner.dispose();
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
      const state = runner.state;
      restore();
      finished = true;
      out.write(
        `Block Stacker: score ${state.score}, level ${state.level}, ${state.lines} lines (seed ${seed}).\n`,
      );
      resolve(code);
    };

    function onSignal() {
      finish(130);
    }

    /** One input; returns false once the session is over. */
    const handle = (input: Input): boolean => {
      if (input.kind === "interrupt") {
        finish(0);
        return false;
      }
      if (confirmQuit) {
        if (input.kind === "other" && (input.text === "y" || input.text === "Y")) {
          finish(0);
          return false;
        }
        if (input.kind === "key" && input.key === "Space") return true; // not an answer
        confirmQuit = false;
        updatePause();
        return true;
      }
      const over = runner.state.over;
      switch (input.kind) {
        case "key":
          if (!runner.paused && !over) runner.dispatch({ cmd: "key", key: input.key });
          return true;
        case "pause":
          if (!over) {
            playerPaused = !playerPaused;
            updatePause();
          }
          return true;
        case "restart":
          if (over) {
            seed = (seed + 1) % 0x100000000;
            playerPaused = false;
            runner.dispatch({ cmd: "new", seed });
            updatePause();
          }
          return true;
        case "other":
          if (over) {
            finish(0);
            return false;
          }
          confirmQuit = true;
          updatePause();
          return true;
        default: {
          const never: never = input;
          return Boolean(never);
        }
      }
    };

    function onData(data: Buffer | string) {
      try {
        for (const input of parseInput(data.toString())) if (!handle(input)) return;
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
  });
}
