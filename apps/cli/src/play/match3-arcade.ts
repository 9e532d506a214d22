/**
 * `blockarcade match3 --arcade`: Match-3's Arcade mode in a real terminal (docs/games/match3.md
 * "Arcade mode"), through the real-time session shared with Block Stacker (realtime-session.ts).
 * Raw-mode keys, each a `move` at once; a Node clock sends the `tick`s when the engine's own policy
 * (`createArcadeTicks`, the fall interval of the level) says so. The frame is redrawn in place on
 * the alternate screen; however the game ends (game over, q, Ctrl-C, a signal) the terminal is
 * restored and a summary printed, and the process exits with stdin left open.
 *
 * `--ai` lets the computer play: one command of its plan every `--pace` ms while the clock keeps
 * ticking. Without a terminal `--ai` plays whole bricks (`ai`) and prints one line per brick.
 */
import { createRunner } from "@blockarcade/engine/core";
import {
  ARCADE_FIELDS,
  ARCADE_MAX_HEIGHT,
  ARCADE_MAX_WIDTH,
  ARCADE_MIN_HEIGHT,
  ARCADE_MIN_WIDTH,
  type ArcadeConfig,
  arcadeFallInterval,
  BRICK_SETS,
  BRICKS_PER_LEVEL,
  type BrickSetName,
  createArcadeTicks,
  endReasonText,
  fieldText,
  MAX_LEVEL,
  type Match3Command,
  type Match3State,
  type MoveCommand,
  match3Game,
} from "@blockarcade/engine/games/match3";
import { clockSeed } from "../args.js";
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

export const ARCADE_PACE_MS = 150;

export interface ArcadeOptions {
  config: ArcadeConfig;
  seed: number | undefined;
  ai: boolean;
  pace: number;
}

export const SIZE_HELP = `--size needs one of ${ARCADE_FIELDS.map((f) => f.name).join(", ")} or WxH (width ${ARCADE_MIN_WIDTH}-${ARCADE_MAX_WIDTH}, height ${ARCADE_MIN_HEIGHT}-${ARCADE_MAX_HEIGHT})`;

/** `small`, `medium`, `large`, or `WxH` within Arcade's limits (the engine's config checks them again). */
export function parseSize(value: string | undefined): { width: number; height: number } | { error: string } {
  const named = ARCADE_FIELDS.find((f) => f.name === value);
  if (named) return { width: named.width, height: named.height };
  const match = /^(\d{1,2})x(\d{1,2})$/.exec(value ?? "");
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (
    !match ||
    width < ARCADE_MIN_WIDTH ||
    width > ARCADE_MAX_WIDTH ||
    height < ARCADE_MIN_HEIGHT ||
    height > ARCADE_MAX_HEIGHT
  ) {
    return { error: SIZE_HELP };
  }
  return { width, height };
}

export function isBrickSetName(value: string | undefined): value is BrickSetName {
  return value !== undefined && Object.hasOwn(BRICK_SETS, value);
}

// ---- drawing ----

function moveWords(commands: readonly Match3Command[]): string {
  const moves = commands.flatMap((c) => (c.cmd === "move" ? [c.move] : []));
  return moves.length === 0 ? "no moves, let it fall" : moves.join(" ");
}

export interface ArcadeScreenOptions {
  colour: boolean;
  paused: boolean;
  /** The best score on this field: the kept one, or this game's once it is higher. */
  best?: number;
  hint?: string | null;
  computer?: string | null;
  /** A line of the terminal's own (a daily game on a server: why there is no pause). */
  note?: string;
}

/** The whole screen as lines: the field (the engine's own picture) beside the score and the keys. */
export function arcadeScreen(state: Match3State, options: ArcadeScreenOptions): string[] {
  const highlight = options.colour ? { highlight: { before: `${ESC}7m`, after: `${ESC}27m` } } : {};
  const picture = fieldText(state, highlight);
  const width = state.board[0]?.length ?? 0;
  const border = `+${"-".repeat(width)}+`;
  // Rows of the field in a frame; the row marks `  <` and the ruler below pin the falling brick.
  const rows = picture.slice(0, -1).map((line) => {
    const mark = line.endsWith("  <");
    return `|${mark ? line.slice(0, -3) : line}|${mark ? " <" : "  "}`;
  });
  const field = [`${border}  `, ...rows, `${border}  `, ` ${picture.at(-1) ?? ""}   `];
  const level = state.level ?? 1;
  const side = [
    "MATCH-3 ARCADE",
    `Score  ${state.score}${options.best !== undefined ? `   Best  ${options.best}` : ""}`,
    `Level  ${level}   (${arcadeFallInterval(level)} ms a row)`,
    `Cells  ${state.cells ?? 0}   Combo  ${state.combo ?? 0}`,
    `Next   ${state.queue.join(" ")}`,
    `Floor  rises in ${BRICKS_PER_LEVEL - ((state.placed ?? 0) % BRICKS_PER_LEVEL)} bricks`,
    "",
  ];
  if (options.hint) side.push(`Hint: ${options.hint}`.slice(0, 60), "");
  if (options.note) side.push(options.note.slice(0, 60), "");
  if (options.computer) side.push("COMPUTER PLAYING", options.computer.slice(0, 60), "");
  if (options.paused) side.push("PAUSED", "p / Esc: resume   q: quit");
  else if (options.computer) side.push("p / Esc: pause   q / Ctrl-C: quit");
  else
    side.push(
      "L / Left, R / Right: move",
      "D / Down / Space: drop",
      "H: hint   P / Esc: pause",
      "Q / Ctrl-C: quit",
    );
  const lines: string[] = [];
  const pad = " ".repeat(width + 4);
  for (let i = 0; i < Math.max(field.length, side.length); i++) {
    lines.push(`${field[i] ?? pad}  ${side[i] ?? ""}`.trimEnd());
  }
  return lines;
}

/** The last lines printed, on the normal screen: the final field and the result. */
export function arcadeSummary(state: Match3State, seed: number | string): string[] {
  const how = state.over ? `game over, ${endReasonText(state.reason, state.queue[0])}` : "quit";
  return [
    ...fieldText(state),
    `Match-3 Arcade: ${how}. Score ${state.score}, level ${state.level ?? 1}, ${state.cells ?? 0} cells removed (${typeof seed === "number" ? `seed ${seed}` : seed}).`,
  ];
}

// ---- input ----

export type ArcadeInput =
  | { kind: "move"; move: MoveCommand }
  | { kind: "pause" }
  | { kind: "hint" }
  | { kind: "quit" }
  | { kind: "other" };

const ARROWS: Record<string, MoveCommand | undefined> = { B: "D", C: "R", D: "L" };

/**
 * Splits raw terminal input into inputs: arrows (with modifiers too) are moves, read whole so the
 * letters of a sequence never count; a lone ESC pauses; Ctrl-C and q quit.
 */
export function parseArcadeInput(chunk: string): ArcadeInput[] {
  const out: ArcadeInput[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk[i] as string;
    if (ch === "\u001b") {
      const next = chunk[i + 1];
      if (next === "[" || next === "O") {
        let j = i + 2;
        while (j < chunk.length && /[0-9;]/.test(chunk[j] as string)) j++;
        const final = chunk[j];
        const move = final === undefined ? undefined : ARROWS[final];
        if (move) out.push({ kind: "move", move });
        else out.push({ kind: "other" });
        i = final === undefined ? chunk.length : j;
      } else out.push({ kind: "pause" });
      continue;
    }
    const key = ch.toUpperCase();
    if (ch === "\u0003" || key === "Q") out.push({ kind: "quit" });
    else if (key === "L" || key === "R" || key === "D") out.push({ kind: "move", move: key });
    else if (ch === " ") out.push({ kind: "move", move: "D" });
    else if (key === "P") out.push({ kind: "pause" });
    else if (key === "H") out.push({ kind: "hint" });
    else out.push({ kind: "other" });
  }
  return out;
}

// ---- the session ----

function hintOf(state: Match3State): { commands: Match3Command[]; reason: string } | null {
  const h = match3Game.hint(state);
  return h.ok ? h.value : null;
}

/**
 * The day's game on a server's session (daily.ts): the same screen and keys, every command sent to
 * the session (remote-session.ts); no pause; `mode.after` once the game is over.
 */
export const playArcadeRemote: NonNullable<PlayModule["playRemote"]> = async (start, io, mode) => {
  const view = start.view as Match3State;
  const options: ArcadeOptions = { config: view.config as ArcadeConfig, seed: undefined, ai: false, pace: 0 };
  const made: { runner?: RemoteRunner<Match3State> } = {};
  const code = await playArcade(options, io, start, made);
  await mode.after?.({ entry: made.runner?.entry ?? null });
  return code;
};

export function playArcade(
  options: ArcadeOptions,
  io: TerminalIo,
  remote?: RemoteStart,
  made: { runner?: RemoteRunner<Match3State> } = {},
): Promise<number> {
  const tty = hasRawTerminal(io.stdin);
  if (!tty && options.ai) return playPlain(options, io);
  if (!tty) {
    io.stderr.write(
      "blockarcade: match3 --arcade is a real-time game and needs an interactive terminal (stdin is not a TTY).\n" +
        `For scripts and bots use: blockarcade match3 --json --config '{"mode":"arcade"}'\n`,
    );
    return Promise.resolve(2);
  }
  const colour = terminalColour();
  const seed = options.seed ?? clockSeed();
  const initial = remote ? (remote.view as Match3State) : match3Game.newGame(options.config, seed);
  const bestScores = new BestScores(io);
  const key = bestKey(match3Game.id, initial.config);
  const best = bestScores.get(key);
  let hint: string | null = null;
  let computer: string | null = null;
  let note: string | undefined = remote ? "Daily challenge on the server: no pause." : undefined;
  let current: RealtimeSession<Match3State> | undefined;

  const handle = (input: ArcadeInput, session: RealtimeSession<Match3State>): void => {
    const { runner } = session;
    switch (input.kind) {
      case "quit":
        session.finish(0);
        return;
      case "pause":
        if (remote) note = "No pause in a ranked game: its clock runs on.";
        else runner.setPaused(!runner.paused);
        return;
      case "move":
        // --ai: the computer has the keys; pause and quit still work.
        if (!runner.paused && !options.ai) runner.dispatch({ cmd: "move", move: input.move });
        return;
      case "hint": {
        if (runner.paused) return;
        const plan = hintOf(runner.state);
        hint = plan ? `${moveWords(plan.commands)} (${plan.reason})` : null;
        // On a server the hint is told to it: the game goes on the board of games played with help.
        if (plan && remote) runner.dispatch({ cmd: "hint" });
        return;
      }
      case "other":
        return;
      default: {
        const never: never = input;
        void never;
      }
    }
  };

  /** --ai: the next command of the computer's plan every `pace` ms; a tick in the plan waits a row. */
  const aiStep = ({ runner }: RealtimeSession<Match3State>): void => {
    const plan = hintOf(runner.state);
    const first = plan?.commands[0];
    if (!plan || !first) return;
    if (computer === null) computer = `${moveWords(plan.commands)}: ${plan.reason}`;
    runner.dispatch(first);
  };

  return runRealtimeSession({
    io,
    game: match3Game,
    initial,
    ticks: createArcadeTicks(),
    makeRunner: remote
      ? remoteMakeRunner(match3Game, remote, io, made, (status) => current?.finish(status))
      : undefined,
    parseInput: parseArcadeInput,
    handle,
    onRender: (state, events, session) => {
      // A new brick ends the hint (it was for the one before) and the computer's last plan.
      if (events.some((e) => e.type === "spawned" || e.type === "locked")) {
        hint = null;
        computer = null;
      }
      if (state.over) session.finish(0);
    },
    frame: (session) => {
      current = session;
      const { runner } = session;
      return arcadeScreen(runner.state, {
        colour,
        paused: runner.paused,
        best: Math.max(best ?? 0, runner.state.score),
        hint,
        computer: options.ai ? (computer ?? "thinking") : null,
        note,
      });
    },
    summary: (state) =>
      [
        ...arcadeSummary(state, remote ? "the daily challenge" : seed),
        options.ai
          ? computerFinalLine(state.score, best)
          : finalLine(state.score, bestScores.record(key, state.score)),
      ].join("\n"),
    ai: options.ai ? { pace: options.pace, step: aiStep } : undefined,
  });
}

/** --ai without a terminal: whole bricks through the protocol's `ai`, one line each, then the summary. */
function playPlain(options: ArcadeOptions, io: TerminalIo): Promise<number> {
  const seed = options.seed ?? clockSeed();
  const out = io.stdout;
  let bricks = 0;
  const runner = createRunner(match3Game, match3Game.newGame(options.config, seed), {
    render: (state, events, reply) => {
      const played = reply.ok ? (reply.hint as { reason: string } | undefined) : undefined;
      const locked = events.find((e) => e.type === "locked");
      if (!played || !locked || locked.type !== "locked") return;
      bricks++;
      const brick = locked.cells.map(([, , s]) => s).join("");
      out.write(`${bricks}. ${brick}: ${played.reason}  (score ${state.score}, level ${state.level ?? 1})\n`);
    },
  });
  while (!runner.state.over) {
    const reply = runner.dispatch({ cmd: "ai" });
    if (!reply.ok) {
      io.stderr.write(`blockarcade: the computer player stopped: ${reply.error.message}\n`);
      return Promise.resolve(1);
    }
  }
  out.write(`${arcadeSummary(runner.state, seed).join("\n")}\n`);
  const best = new BestScores(io).get(bestKey(match3Game.id, runner.state.config));
  out.write(`${computerFinalLine(runner.state.score, best)}\n`);
  runner.dispose();
  return Promise.resolve(0);
}

export const arcadeUsage = `Arcade mode: blockarcade match3 --arcade [--size S] [--bricks SET] [--level N] [--seed N] [--ai [--pace MS]]

  --arcade     play Arcade mode: an endless stream of random bricks falls by itself, faster each
               level; move it with L / Left, R / Right, D / Down / Space (D drops it without
               locking it: it locks when it next tries to fall). Runs of 3 or more equal symbols
               (across, down or diagonal) vanish and the symbols above fall into the gaps; runs
               they make vanish too, a chain: 10 a cell times its link, 20 more per lock before it
               in an unbroken combo, times the level. Every 25 bricks the level goes up and the
               floor rises a row of stone (#). The game ends when a new brick has no room.
               H shows the computer's moves for the brick, P / Esc pauses, Q or Ctrl-C quits.
  --size S     ${ARCADE_FIELDS.map((f) => `${f.name} (${f.width}x${f.height})`).join(", ")}, or WxH (default medium)
  --bricks SET ${Object.keys(BRICK_SETS).join(", ")} (default classic; easy has three symbols, flat only H bricks, tall only V)
  --level N    starting level, 1 to ${MAX_LEVEL} (default 1)
  --seed N     seed of the brick stream (default: from the clock)
  --ai         the computer plays by itself; without a terminal it prints one line per brick
  --pace MS    with --ai: milliseconds per command (default ${ARCADE_PACE_MS} with --arcade)
`;
