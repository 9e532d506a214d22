/**
 * `blockarcade match3`: the spec's terminal dialogue, prompt for prompt (spec 3, 5, 6, 12 and
 * clarifications "Match-3"). Input comes from a queue fed by readline's 'line' events, so lines
 * piped in all at once are consumed in order exactly as typed ones; end of input at any prompt ends
 * the program with status 0.
 */
import {
  END_PROMPT,
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

const USAGE = 'Usage: blockarcade match3 [--json [--seed N] [--config \'{"input":"5 8 H^^* V*@^"}\']]\n';

function endLine(state: Match3State): string {
  const removed = `Cells removed: ${state.score}.`;
  if (state.reason === "spawn-blocked") {
    return `Game over: the next brick ${state.queue[0] ?? ""} has no room to spawn. ${removed}`;
  }
  return `Game over: no bricks left. ${removed}`;
}

export async function play(args: string[], io: TerminalIo): Promise<number> {
  if (args.length > 0) {
    io.stderr.write(`blockarcade: match3 takes no options besides --json\n${USAGE}`);
    return 2;
  }
  const out = (text: string) => io.stdout.write(`${text}\n`);
  // Inverse video marks the falling brick on a colour terminal; pipes get the plain marks only.
  const highlight =
    io.stdout.isTTY && process.env.NO_COLOR === undefined
      ? { before: "\u001b[7m", after: "\u001b[27m" }
      : undefined;
  const input = new LineQueue(io.stdin);

  for (;;) {
    out(INIT_PROMPT);
    const line = await input.next();
    if (line === null) return 0;
    const parsed = parseInitLine(line);
    if (!parsed.ok) {
      out(`Invalid input: ${parsed.error.message}.`);
      continue;
    }
    let state = match3Game.newGame({ input: line }, 0);
    while (!state.over) {
      for (const row of fieldText(state, highlight ? { highlight } : {})) out(row);
      out(FRAME_PROMPT);
      const commands = await input.next();
      if (commands === null) return 0;
      const result = match3Game.apply(state, { cmd: "frame", commands });
      // A frame is refused only once the game is over, which the loop condition rules out.
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    for (const row of fieldText(state)) out(row);
    out(endLine(state));
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
