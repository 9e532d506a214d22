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
import { type OptionSpecs, parseIntOption, readOptions, SEED_OPTION, seedOf } from "../args.js";
import { catchInterrupt, INTERRUPTED_STATUS, type Interrupt } from "./interrupt.js";
import { LineQueue } from "./line-queue.js";
import {
  ARCADE_PACE_MS,
  type ArcadeOptions,
  arcadeUsage,
  isBrickSetName,
  parseSize,
  playArcade,
  SIZE_HELP,
} from "./match3-arcade.js";
import type { TerminalIo } from "./types.js";

/** The daily challenge (Arcade mode on a server's session): match3-arcade.ts. */
export { playArcadeRemote as playRemote } from "./match3-arcade.js";

const DEFAULT_PACE = 500;

interface Options {
  hints: boolean;
  ai: boolean;
  pace: number;
}

/** Options that only Arcade mode takes. */
const ARCADE_ONLY = ["size", "bricks", "level", "seed"];

const OPTIONS: OptionSpecs = {
  hints: { type: "boolean" },
  ai: { type: "boolean" },
  arcade: { type: "boolean" },
  pace: { type: "string", help: "--pace needs a whole number from 0 to 10000" },
  size: { type: "string", help: SIZE_HELP },
  bricks: { type: "string", help: `--bricks needs one of ${Object.keys(BRICK_SETS).join(", ")}` },
  level: { type: "string", help: `--level needs a whole number from 1 to ${MAX_LEVEL}` },
  seed: SEED_OPTION,
};

function parseOptions(args: string[]): Options | { arcade: ArcadeOptions } | { error: string } {
  const read = readOptions(args, OPTIONS);
  if ("error" in read) return read;
  const { values } = read;
  const options: Options = { hints: values.hints === true, ai: values.ai === true, pace: DEFAULT_PACE };
  if (values.pace !== undefined) {
    const pace = parseIntOption("--pace", values.pace as string, 0, 10_000);
    if ("error" in pace) return pace;
    options.pace = pace.value;
  }
  if (values.arcade !== true) {
    // Arcade's own options are unknown to the classic dialogue.
    const arcadeOnly = ARCADE_ONLY.find((name) => values[name] !== undefined);
    if (arcadeOnly !== undefined)
      return { error: `unknown option '--${arcadeOnly}' (it goes with --arcade)` };
    return options;
  }
  const arcade: ArcadeOptions = {
    config: { ...ARCADE_DEFAULTS },
    seed: undefined,
    ai: options.ai,
    pace: values.pace !== undefined ? options.pace : ARCADE_PACE_MS,
  };
  if (values.size !== undefined) {
    const size = parseSize(values.size as string);
    if ("error" in size) return size;
    arcade.config = { ...arcade.config, ...size };
  }
  if (values.bricks !== undefined) {
    const bricks = values.bricks as string;
    if (!isBrickSetName(bricks))
      return { error: `--bricks needs one of ${Object.keys(BRICK_SETS).join(", ")}` };
    arcade.config = { ...arcade.config, bricks };
  }
  if (values.level !== undefined) {
    const level = parseIntOption("--level", values.level as string, 1, MAX_LEVEL);
    if ("error" in level) return level;
    arcade.config = { ...arcade.config, level: level.value };
  }
  const seed = seedOf(values);
  if ("error" in seed) return seed;
  arcade.seed = seed.seed;
  if (options.hints) return { error: "--hints goes with the classic dialogue; in --arcade, H shows a hint" };
  if (values.pace !== undefined && !options.ai) return { error: "--pace goes with --ai" };
  return { arcade };
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
  const interrupt = catchInterrupt();
  let started = false;
  const next = async (): Promise<string | null> => {
    const line = await Promise.race([input.next(), interrupt.interrupted]);
    if (line === "interrupted") throw interrupt;
    return line;
  };
  try {
    return await dialogue(runner, next, out, options, interrupt, () => {
      started = true;
    });
  } catch (error) {
    if (error !== interrupt) throw error;
    // Ctrl-C: the score of the game in play (none before the first field), as every game ends.
    out("");
    if (started) out(`Final score: ${runner.state.score} cells removed.`);
    return INTERRUPTED_STATUS;
  } finally {
    interrupt.dispose();
    // Lines typed after Q (or after the end) are never read, and stdin no longer holds the process.
    input.close();
  }
}

/** The prompts in order until Q or the end of input; resolves to the exit status. */
async function dialogue(
  runner: Runner<Match3State>,
  next: () => Promise<string | null>,
  out: (text: string) => void,
  options: Options,
  interrupt: Interrupt,
  onStart: () => void,
): Promise<number> {
  for (;;) {
    out(INIT_PROMPT);
    const line = await next();
    if (line === null) return 0;
    // The engine's own reader of the line, so the message names the bad token as the config would.
    const parsed = parseInitLine(line);
    if (!parsed.ok) {
      out(`Invalid input: ${parsed.error.message}.`);
      continue;
    }
    runner.dispatch({ cmd: "new", seed: 0, config: { input: line } });
    onStart();
    if (options.ai) {
      // The computer plays to the end, one frame at a readable pace, and the program ends with it.
      while (!runner.state.over) {
        await Promise.race([sleep(options.pace), interrupt.interrupted]);
        if (interrupt.fired) throw interrupt;
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
      const commands = await next();
      if (commands === null) return 0;
      runner.dispatch({ cmd: "frame", commands });
    }
    for (;;) {
      out(END_PROMPT);
      const answer = await next();
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
