/**
 * `blockarcade match3`: the terminal dialogue of Match-3 Falling Bricks, prompt for prompt
 * (docs/games/match3.md "The terminal dialogue"). One engine runner plays every game of the session:
 * each valid init line is the protocol's `new` with that line as the config, each command line a
 * `frame`. Input comes from a queue fed by readline's 'line' events, so lines piped in all at once
 * are consumed in order exactly as typed ones; end of input at any prompt ends with status 0.
 */
import { createRunner, type Runner } from "@blockarcade/engine/core";
import {
  END_PROMPT,
  EXAMPLE_INPUT,
  endReasonText,
  type FieldTextOptions,
  FRAME_PROMPT,
  fieldText,
  GOODBYE,
  INIT_PROMPT,
  type Match3State,
  match3Game,
  parseInitLine,
} from "@blockarcade/engine/games/match3";
import { LineQueue } from "./line-queue.js";
import type { TerminalIo } from "./types.js";

export const usage = `Usage: blockarcade match3
       blockarcade match3 --json [--seed N] [--config '{"input":"${EXAMPLE_INPUT}"}']

Match-3 Falling Bricks. Enter the field's width and height and up to 5 bricks, e.g.
${EXAMPLE_INPUT} (a brick is H or V and three of ^ * @ ~). Each frame takes up to 2 commands:
L (left), R (right), D (drop); the brick then falls one row. Runs of 3 or more equal symbols
vanish. At the end, S starts over and Q quits.
`;

function endLine(state: Match3State): string {
  const why = endReasonText(state.reason, state.queue[0]);
  return `Game over: ${why}. Cells removed: ${state.score}.`;
}

export async function play(args: string[], io: TerminalIo): Promise<number> {
  if (args.length > 0) {
    io.stderr.write(`blockarcade: match3 takes no options besides --json\n${usage}`);
    return 2;
  }
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
    return await dialogue(runner, input, out);
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
    while (!runner.state.over) {
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
