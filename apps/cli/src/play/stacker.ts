/**
 * `blockarcade stacker`: Block Stacker in a real terminal (docs/games/stacker.md "Terminal").
 * Raw-mode keys, a redraw that moves the cursor home and overwrites the previous frame (no
 * clearing, so no flicker), the cursor hidden, and the terminal restored however the game ends
 * (Ctrl-C, a quit confirmed, a signal, an error).
 *
 * It plays through the real-time session shared with Match-3 Arcade (realtime-session.ts: the
 * engine's `createRunner` on a Node clock); when the next `tick` is due is the engine's lock-delay
 * policy (`createLockDelay`), the same one the browser runs.
 *
 * The computer player: `h` shows its hint (the target marked on the board, the keys in words, the
 * reason) until the position changes; `--ai` lets it play by itself, one key every `--pace` ms
 * while gravity keeps running, printing each piece's move, until game over or `--pieces` pieces.
 * Without a terminal `--ai` prints one line per piece and the final position instead.
 */
import { createRunner, type Runner } from "@blockarcade/engine/core";
import {
  type Cell,
  createLockDelay,
  DEFAULT_SIZE,
  gravityMs,
  hint,
  hintKeysText,
  hintTarget,
  MAX_SIZE,
  MIN_SIZE,
  type PieceType,
  parseKey,
  type StackerCommand,
  type StackerKey,
  type StackerState,
  sameTurn,
  spawnCells,
  stackerGame,
  stackerPicture,
} from "@blockarcade/engine/games/stacker";
import { clockSeed, type OptionSpecs, parseIntOption, readOptions, SEED_OPTION, seedOf } from "../args.js";
import { BestScores, bestKey, computerFinalLine, finalLine } from "../best-scores.js";
import { ESC } from "./raw-terminal.js";
import {
  hasRawTerminal,
  type RealtimeSession,
  runRealtimeSession,
  terminalColour,
} from "./realtime-session.js";
import { type RemoteRunner, type RemoteStart, remoteMakeRunner } from "./remote-session.js";
import type { PlayModule, TerminalIo } from "./types.js";

export const DEFAULT_PACE_MS = 150;
export const MAX_PIECES = 1_000_000;

export const usage = `Usage: blockarcade stacker [--size N] [--seed N] [--ai [--pace MS] [--pieces N]]
       blockarcade stacker --json [--seed N] [--config '{"size":20}']

  --size N     board of N x N cells, ${MIN_SIZE} to ${MAX_SIZE} (default ${DEFAULT_SIZE})
  --seed N     seed of the piece sequence (default: from the clock)
  --ai         the computer plays by itself, printing each move, until game over
  --pace MS    with --ai: milliseconds per key, 0 to 5000 (default ${DEFAULT_PACE_MS})
  --pieces N   with --ai: stop after N pieces, 1 to ${MAX_PIECES}
  Without a terminal, --ai prints one line per piece and the final position.

Keys: A / Left, D / Right move; S / Down soft drop (on a resting piece: lock);
      Space hard drop; Q / X / Up rotate clockwise; E / Z counter-clockwise; C hold;
      H hint: the computer's place for the piece (marked *), its keys and why;
      P / Esc pause; R new game after game over.
      Ctrl-C quits; any other key asks whether to quit a game in progress.
`;

interface Options {
  size: number;
  seed: number | undefined;
  ai: boolean;
  pace: number;
  pieces: number | undefined;
}

const OPTIONS: OptionSpecs = {
  size: { type: "string", help: `--size needs a whole number from ${MIN_SIZE} to ${MAX_SIZE}` },
  seed: SEED_OPTION,
  ai: { type: "boolean" },
  pace: { type: "string", help: "--pace needs a whole number from 0 to 5000" },
  pieces: { type: "string", help: `--pieces needs a whole number from 1 to ${MAX_PIECES}` },
};

export function parseStackerArgs(args: string[]): Options | { error: string } {
  const read = readOptions(args, OPTIONS);
  if ("error" in read) return read;
  const { values } = read;
  const number = (name: string, min: number, max: number) =>
    values[name] === undefined
      ? { value: undefined }
      : parseIntOption(`--${name}`, values[name] as string, min, max);
  const size = number("size", MIN_SIZE, MAX_SIZE);
  if ("error" in size) return size;
  const pace = number("pace", 0, 5000);
  if ("error" in pace) return pace;
  const pieces = number("pieces", 1, MAX_PIECES);
  if ("error" in pieces) return pieces;
  const seed = seedOf(values);
  if ("error" in seed) return seed;
  const ai = values.ai === true;
  if (!ai && (pace.value !== undefined || pieces.value !== undefined))
    return { error: "--pace and --pieces go with --ai" };
  return {
    size: size.value ?? DEFAULT_SIZE,
    seed: seed.seed,
    ai,
    pace: pace.value ?? DEFAULT_PACE_MS,
    pieces: pieces.value,
  };
}

// ---- the computer player ----

/** A hint as the terminal shows it: where the piece goes, the keys in words, and why. */
export interface ShownHint {
  /** The position it answers: it disappears once the position changes. */
  state: StackerState;
  commands: StackerCommand[];
  target: Cell[];
  text: string;
}

export const HINT_MARK = "*";

export function showHint(state: StackerState): ShownHint | { error: string } {
  const h = hint(state);
  if (!h.ok) return { error: h.error.message };
  const target = hintTarget(state, h.value.commands);
  return {
    state,
    commands: h.value.commands,
    target: target?.cells ?? [],
    text: `${hintKeysText(h.value.commands)}: ${h.value.reason}`,
  };
}

/** Splits text into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// ---- drawing ----

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
  if (ch === HINT_MARK)
    return look.colour ? `${ESC}1;97m${w === 2 ? "**" : "*"}${ESC}0m` : w === 2 ? "**" : "*";
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
  /** The hint to mark on the board and spell out beside it. */
  hint?: ShownHint | null;
  /** Why `h` showed nothing (no piece falling). */
  hintError?: string;
  /** The computer is playing (--ai): the last move it made, in words. */
  computer?: { lastMove: string } | null;
  /** Asking whether to quit the game in progress. */
  confirmQuit?: boolean;
  colour: boolean;
  columns: number;
  best: number;
  /** A line of the terminal's own (a daily game on a server: why there is no pause). */
  note?: string;
}

/** The whole screen as lines (no trailing newlines). */
export function stackerScreen(state: StackerState, options: ScreenOptions): string[] {
  const size = state.config.size;
  const cellWidth: 1 | 2 = options.columns >= size * 2 + 30 ? 2 : 1;
  const look: Look = { colour: options.colour, cellWidth };
  const picture = stackerPicture(state, { ghost: true });
  if (options.hint) {
    // The target over the ghost (the falling piece's own cells still show the piece).
    for (const [r, c] of options.hint.target) {
      const line = picture[r];
      if (line !== undefined && (line[c] === "." || line[c] === "+"))
        picture[r] = line.slice(0, c) + HINT_MARK + line.slice(c + 1);
    }
  }
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
  if (options.hint) side.push("HINT (the * cells):", ...wrap(options.hint.text, 34), "");
  else if (options.hintError) side.push(`No hint: ${options.hintError}`.slice(0, 60), "");
  if (options.note) side.push(...wrap(options.note, 34), "");
  if (options.computer) side.push("COMPUTER PLAYING", ...wrap(options.computer.lastMove, 34), "");
  if (options.confirmQuit) side.push("QUIT THIS GAME?", "y: quit  any other key: play on");
  else if (state.over && (options.computer || options.note !== undefined)) side.push("GAME OVER");
  else if (state.over) side.push("GAME OVER", "r: new game", "any other key: quit");
  else if (options.paused) side.push("PAUSED", "p / Esc: resume", "Ctrl-C: quit");
  else if (options.computer) side.push("H: hint  P Esc: pause", "Ctrl-C: quit");
  else
    side.push(
      "A D <- ->: move   S Down: soft",
      "Q X Up: turn  E Z: back",
      "Space: hard drop  C: hold",
      "H: hint  P Esc: pause  Ctrl-C: quit",
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
  | { kind: "hint" }
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
    else if (ch === "h" || ch === "H") out.push({ kind: "hint" });
    else {
      // Letters in either case are the engine's keys (the spec's Q rotates here as everywhere).
      const key = ch.length === 1 && /[a-zA-Z ]/.test(ch) ? parseKey(ch) : null;
      out.push(key ? { kind: "key", key } : { kind: "other", text: ch });
    }
  }
  return out;
}

// ---- the session ----

export async function play(args: string[], io: TerminalIo): Promise<number> {
  const parsed = parseStackerArgs(args);
  if ("error" in parsed) {
    io.stderr.write(`blockarcade: ${parsed.error}\n${usage}`);
    return 2;
  }
  return playTerminal(parsed, io);
}

/**
 * The day's game on a server's session (daily.ts): the same screen and keys, every command sent to
 * the session (remote-session.ts); no pause and no new game; `mode.after` once the game is over.
 */
export const playRemote: PlayModule["playRemote"] = async (start, io, mode) => {
  const state = start.view as StackerState;
  const options: Options = {
    size: state.config.size,
    seed: undefined,
    ai: false,
    pace: 0,
    pieces: undefined,
  };
  const made: { runner?: RemoteRunner<StackerState> } = {};
  const code = await playTerminal(options, io, start, made);
  await mode.after?.({ entry: made.runner?.entry ?? null });
  return code;
};

async function playTerminal(
  options: Options,
  io: TerminalIo,
  remote?: RemoteStart,
  made: { runner?: RemoteRunner<StackerState> } = {},
): Promise<number> {
  const size = options.size;
  const tty = hasRawTerminal(io.stdin);
  if (options.ai && !tty) return playPlain(options, io);
  if (!tty) {
    io.stderr.write(
      "blockarcade: stacker is a real-time game and needs an interactive terminal (stdin is not a TTY).\n" +
        "For scripts and bots use: blockarcade stacker --json [--seed N] [--config '{\"size\":20}']\n",
    );
    return 2;
  }
  const out = io.stdout;
  const colour = terminalColour();

  let seed = options.seed ?? clockSeed();
  const bestScores = new BestScores(io);
  const key = bestKey(stackerGame.id, stackerGame.newGame({ size }, seed).config);
  /** A daily game: the line beside the board, and the session once the screen is up. */
  let note: string | undefined = remote
    ? "Daily challenge on the server: no pause, it keeps falling."
    : undefined;
  let current: RealtimeSession<StackerState> | undefined;
  /** The best shown beside the board: the kept one, or this session's when higher. */
  let best = bestScores.get(key) ?? 0;
  let confirmQuit = false;
  /** The pause the player chose, kept apart from the pause of a question or a small terminal. */
  let playerPaused = false;
  let tooSmall = false;
  /** The hint on show (h), kept while the same piece falls and asked again as it moves. */
  let shown: ShownHint | null = null;
  let hintError = "";
  /** --ai: pieces the computer has dropped, the last move it began. */
  let piecesPlayed = 0;
  let lastMove = "";
  let planShown = false;

  const updatePause = (runner: Runner<StackerState>) =>
    runner.setPaused(playerPaused || confirmQuit || tooSmall);

  const frame = (session: RealtimeSession<StackerState>): string[] => {
    current = session;
    const { runner } = session;
    const state = runner.state;
    if (state.score > best) best = state.score;
    if (shown && shown.state !== state) {
      // The same piece, moved or fallen: the hint follows it; a lock or a hold ends it.
      const again = sameTurn(shown.state, state) ? showHint(state) : null;
      shown = again && !("error" in again) ? again : null;
    }
    const computer = options.ai ? { lastMove: lastMove || "thinking" } : null;
    const screen = (paused: boolean) =>
      stackerScreen(state, {
        paused,
        confirmQuit,
        colour,
        columns: out.columns ?? 80,
        best,
        hint: shown,
        hintError,
        computer,
        note,
      });
    let lines = screen(runner.paused);
    const rows = out.rows ?? 0;
    const small = rows > 0 && rows < lines.length + 1;
    if (small !== tooSmall) {
      // Scrolling would smear the frames: stop the clock and say what is needed instead.
      tooSmall = small;
      updatePause(runner);
      lines = screen(runner.paused);
    }
    if (small) {
      lines = [
        `The terminal is ${rows} rows high; Block Stacker ${size} x ${size} needs ${lines.length + 1}.`,
        "Enlarge it (the game is paused) or start with a smaller --size. Ctrl-C quits.",
      ];
    }
    return lines;
  };

  const handle = (input: Input, session: RealtimeSession<StackerState>): void => {
    const { runner } = session;
    if (input.kind === "interrupt") {
      session.finish(0);
      return;
    }
    if (confirmQuit) {
      if (input.kind === "other" && (input.text === "y" || input.text === "Y")) {
        session.finish(0);
        return;
      }
      if (input.kind === "key" && input.key === "Space") return; // not an answer
      confirmQuit = false;
      updatePause(runner);
      return;
    }
    const over = runner.state.over;
    hintError = "";
    switch (input.kind) {
      case "key":
        // --ai: the computer has the keys; pause, hint and quit still work.
        if (!runner.paused && !over && !options.ai) runner.dispatch({ cmd: "key", key: input.key });
        return;
      case "hint": {
        if (runner.paused || over) return;
        const shownNow = showHint(runner.state);
        if ("error" in shownNow) hintError = shownNow.error;
        else {
          shown = shownNow;
          // On a server the hint is told to it: the game goes on the board of games played with help.
          if (remote) runner.dispatch({ cmd: "hint" });
        }
        return;
      }
      case "pause":
        if (remote) {
          note = "There is no pause in a ranked game: the server's clock runs on.";
          return;
        }
        if (!over) {
          playerPaused = !playerPaused;
          updatePause(runner);
        }
        return;
      case "restart":
        if (over && !options.ai && !remote) {
          // The game that ended is kept before the next one starts.
          bestScores.record(key, runner.state.score);
          seed = (seed + 1) % 0x100000000;
          playerPaused = false;
          runner.dispatch({ cmd: "new", seed });
          updatePause(runner);
        }
        return;
      case "other":
        if (over) {
          session.finish(0);
          return;
        }
        confirmQuit = true;
        updatePause(runner);
        return;
      default: {
        const never: never = input;
        void never;
      }
    }
  };

  /** --ai: one key of the computer's plan every `pace` ms; the gravity clock keeps running. */
  const aiStep = ({ runner, finishAfter }: RealtimeSession<StackerState>): void => {
    const state = runner.state;
    if (state.over || (options.pieces !== undefined && piecesPlayed >= options.pieces)) {
      // The last board stays on screen a moment before the summary.
      finishAfter(1500);
      return;
    }
    const h = hint(state);
    if (!h.ok) return;
    if (!planShown && state.active) {
      lastMove = `${state.active.type}: ${hintKeysText(h.value.commands)}: ${h.value.reason}`;
      planShown = true;
    }
    runner.dispatch(h.value.commands[0]);
  };

  return runRealtimeSession({
    io,
    game: stackerGame,
    initial: remote ? (remote.view as StackerState) : stackerGame.newGame({ size }, seed),
    ticks: createLockDelay(),
    makeRunner: remote
      ? remoteMakeRunner(stackerGame, remote, io, made, (status) => current?.finish(status))
      : undefined,
    parseInput,
    handle,
    onRender: (state, events, session) => {
      for (const e of events) if (e.type === "locked") piecesPlayed++;
      if (events.some((e) => e.type === "locked" || e.type === "held")) planShown = false;
      // The day's game is one game: its last board stays a moment, then the day's board follows.
      if (remote && state.over) session.finishAfter(1500);
    },
    frame,
    summary: (state) =>
      `Block Stacker: score ${state.score}, level ${state.level}, ${state.lines} lines (${remote ? "the daily challenge" : `seed ${seed}`}).\n${
        options.ai
          ? computerFinalLine(state.score, bestScores.get(key))
          : finalLine(state.score, bestScores.record(key, state.score))
      }`,
    ai: options.ai ? { pace: options.pace, step: aiStep } : undefined,
  });
}

/**
 * --ai without a terminal: the computer plays the whole game through the runner (`ai` plays the
 * hint's keys as one step; no clock, so no gravity), one line per piece, then the final position.
 */
function playPlain(options: Options, io: TerminalIo): Promise<number> {
  const seed = options.seed ?? clockSeed();
  const out = io.stdout;
  let pieces = 0;
  const runner = createRunner(stackerGame, stackerGame.newGame({ size: options.size }, seed), {
    render: (state, events, reply) => {
      const played = reply.ok
        ? (reply.hint as { commands: StackerCommand[]; reason: string } | undefined)
        : undefined;
      if (!played) return;
      pieces++;
      const piece = events.find((e) => e.type === "locked");
      const name = piece && piece.type === "locked" ? piece.piece : "?";
      out.write(
        `${pieces}. ${name}: ${hintKeysText(played.commands)}: ${played.reason}  (score ${state.score}, lines ${state.lines})\n`,
      );
    },
  });
  while (!runner.state.over && (options.pieces === undefined || pieces < options.pieces)) {
    const reply = runner.dispatch({ cmd: "ai" });
    if (!reply.ok) {
      io.stderr.write(`blockarcade: the computer player stopped: ${reply.error.message}\n`);
      return Promise.resolve(1);
    }
  }
  const state = runner.state;
  out.write(`${stackerGame.toText(state)}\n`);
  out.write(
    `Block Stacker: score ${state.score}, level ${state.level}, ${state.lines} lines, ${pieces} pieces (seed ${seed}).\n`,
  );
  const best = new BestScores(io).get(bestKey(stackerGame.id, state.config));
  out.write(`${computerFinalLine(state.score, best)}\n`);
  runner.dispose();
  return Promise.resolve(0);
}
