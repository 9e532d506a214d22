/**
 * `blockarcade match3`: the terminal dialogue of Match-3 Falling Bricks, prompt for prompt
 * (docs/games/match3.md "The terminal dialogue"). One engine runner plays every game of the session:
 * each valid init line is the protocol's `new` with that line as the config, each command line a
 * `frame`. Input comes from a queue fed by readline's 'line' events, so lines piped in all at once
 * are consumed in order exactly as typed ones; end of input at any prompt ends with status 0.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createRunner, type Runner } from "@blockarcade/engine/core";
import {
  ARCADE_DEFAULTS,
  BRICK_SETS,
  END_PROMPT,
  EXAMPLE_INPUT,
  endReasonText,
  type FieldTextOptions,
  FRAME_PROMPT,
  fieldText,
  GOODBYE,
  INIT_PROMPT,
  MAX_LEVEL,
  type Match3State,
  match3Game,
  parseInitLine,
} from "@blockarcade/engine/games/match3";
import { parseIntOption, parseSeedOption, quoteArg } from "../args.js";
import { LineQueue } from "./line-queue.js";
import {
  ARCADE_PACE_MS,
  type ArcadeOptions,
  arcadeUsage,
  isBrickSetName,
  parseSize,
  playArcade,
} from "./match3-arcade.js";
import type { TerminalIo } from "./types.js";

const DEFAULT_PACE = 500;

interface Options {
  hints: boolean;
  ai: boolean;
  pace: number;
}

/** Options that only Arcade mode takes, with what they set. */
const ARCADE_ONLY = ["--size", "--bricks", "--level", "--seed"];

function parseOptions(args: string[]): Options | { arcade: ArcadeOptions } | { error: string } {
  const options: Options = { hints: false, ai: false, pace: DEFAULT_PACE };
  const arcade: ArcadeOptions = {
    config: { ...ARCADE_DEFAULTS },
    seed: undefined,
    ai: false,
    pace: ARCADE_PACE_MS,
  };
  // Seen first: Arcade's own options are unknown to the classic dialogue, wherever --arcade stands.
  const isArcade = args.includes("--arcade");
  let paceGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--hints") options.hints = true;
    else if (arg === "--ai") options.ai = true;
    else if (arg === "--arcade") continue;
    else if (arg === "--pace") {
      const pace = parseIntOption("--pace", args[++i], 0, 10_000);
      if ("error" in pace) return pace;
      options.pace = pace.value;
      paceGiven = true;
    } else if (arg !== undefined && ARCADE_ONLY.includes(arg)) {
      if (!isArcade) return { error: `unknown option ${quoteArg(arg)} (it goes with --arcade)` };
      const value = args[++i];
      if (arg === "--size") {
        const size = parseSize(value);
        if ("error" in size) return size;
        arcade.config = { ...arcade.config, ...size };
      } else if (arg === "--bricks") {
        if (!isBrickSetName(value))
          return { error: `--bricks needs one of ${Object.keys(BRICK_SETS).join(", ")}` };
        arcade.config = { ...arcade.config, bricks: value };
      } else if (arg === "--level") {
        const level = parseIntOption("--level", value, 1, MAX_LEVEL);
        if ("error" in level) return level;
        arcade.config = { ...arcade.config, level: level.value };
      } else {
        const seed = parseSeedOption(value);
        if ("error" in seed) return seed;
        arcade.seed = seed.seed;
      }
    } else return { error: `unknown option ${quoteArg(arg ?? "")}` };
  }
  if (!isArcade) return options;
  if (options.hints) return { error: "--hints goes with the classic dialogue; in --arcade, H shows a hint" };
  if (paceGiven && !options.ai) return { error: "--pace goes with --ai" };
  return { arcade: { ...arcade, ai: options.ai, pace: paceGiven ? options.pace : ARCADE_PACE_MS } };
}

/** The computer's frame in the terminal's words: the commands as typed, then why. */
function hintLine(runner: Runner<Match3State>): string | null {
  const reply = runner.dispatch({ cmd: "hint" });
  if (!reply.ok) return null;
  const hint = reply.hint as { commands: { commands: string }[]; reason: string };
  const commands = hint.commands.map((c) => c.commands).join("") || "(none)";
  return `${commands} (${hint.reason})`;
}

export const usage = `Usage: blockarcade match3 [--hints] [--ai [--pace MS]]
       blockarcade match3 --arcade [--size S] [--bricks SET] [--level N] [--seed N] [--ai [--pace MS]]
       blockarcade match3 --json [--seed N] [--config '{"input":"${EXAMPLE_INPUT}"}']
       blockarcade match3 --json [--seed N] --config '{"mode":"arcade"}'

Match-3 Falling Bricks. Enter the field's width and height and up to 5 bricks, e.g.
${EXAMPLE_INPUT} (a brick is H or V and three of ^ * @ ~). Each frame takes up to 2 commands:
L (left), R (right), D (drop); the brick then falls one row. Runs of 3 or more equal symbols
vanish. At the end, S starts over and Q quits.

  --hints     print the computer player's commands for the frame before each command prompt
  --ai        the computer plays the field you enter by itself, frame by frame, to the end
  --pace MS   with --ai: milliseconds between frames (default ${DEFAULT_PACE}, 0 to 10000)

${arcadeUsage}`;

function endLine(state: Match3State): string {
  const why = endReasonText(state.reason, state.queue[0]);
  return `Game over: ${why}. Cells removed: ${state.score}.`;
}

export async function play(args: string[], io: TerminalIo): Promise<number> {
  const options = parseOptions(args);
  if ("error" in options) {
    io.stderr.write(`blockarcade: match3: ${options.error}\n${usage}`);
    return 2;
  }
  if ("arcade" in options) return playArcade(options.arcade, io);
  const out = (text: string) => io.stdout.write(`${text}\n`);
  // Inverse video marks the falling brick on a colour terminal; pipes get the plain marks only.
  const field: FieldTextOptions =
    io.stdout.isTTY && process.env.NO_COLOR === undefined
      ? { highlight: { before: "\u001b[7m", after: "\u001b[27m" } }
      : {};
  // Shown before every command prompt, and once more at the end with why the game ended.
  const render = (state: Match3State) => {
    for (const row of fieldText(state, state.over ? {} : field)) out(row);
    if (state.over) out(endLine(state));
  };
  // Seed 0 throughout: Match-3 draws nothing at random. The runner starts on the example field,
  // which is never shown: the first valid init line replaces it through `new`.
  const runner = createRunner(match3Game, match3Game.newGame({ input: EXAMPLE_INPUT }, 0), { render });
  const input = new LineQueue(io.stdin);
  try {
    return await dialogue(runner, input, out, options);
  } finally {
    // Lines typed after Q (or after the end) are never read, and stdin no longer holds the process.
    input.close();
  }
}

/** The prompts in order until Q or the end of input; resolves to the exit status. */
async function dialogue(
  runner: Runner<Match3State>,
  input: LineQueue,
  out: (text: string) => void,
  options: Options,
): Promise<number> {
  for (;;) {
    out(INIT_PROMPT);
    const line = await input.next();
    if (line === null) return 0;
    // The engine's own reader of the line, so the message names the bad token as the config would.
    const parsed = parseInitLine(line);
    if (!parsed.ok) {
      out(`Invalid input: ${parsed.error.message}.`);
      continue;
    }
    runner.dispatch({ cmd: "new", seed: 0, config: { input: line } });
    if (options.ai) {
      // The computer plays to the end, one frame at a readable pace, and the program ends with it.
      while (!runner.state.over) {
        await sleep(options.pace);
        const chosen = hintLine(runner);
        if (chosen === null) break;
        out(`Computer: ${chosen}`);
        runner.dispatch({ cmd: "ai" });
      }
      return 0;
    }
    while (!runner.state.over) {
      // One extra line, only when asked for: the prompts stay the rules' own by default.
      const hint = options.hints ? hintLine(runner) : null;
      if (hint !== null) out(`Hint: ${hint}`);
      out(FRAME_PROMPT);
      const commands = await input.next();
      if (commands === null) return 0;
      runner.dispatch({ cmd: "frame", commands });
    }
    for (;;) {
      out(END_PROMPT);
      const answer = await input.next();
      if (answer === null) return 0;
      const choice = answer.trim();
      if (choice === "Q") {
        out(GOODBYE);
        return 0;
      }
      if (choice === "S") break;
    }
  }
}
