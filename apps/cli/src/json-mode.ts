/** `blockarcade <game> --json`: the JSON-lines protocol of protocol.md over stdin and stdout. */
import { once } from "node:events";
import { type AnyGame, handleLine, type Reply, type Step, startGame } from "@blockarcade/engine/core";
import { LineQueue, MAX_LINE_LENGTH } from "./play/line-queue.js";
import type { TerminalIo } from "./play/types.js";

export async function runJsonMode(
  game: AnyGame,
  seed: number,
  config: unknown,
  io: TerminalIo,
): Promise<number> {
  const started = startGame(game, seed, config);
  if (!started.ok) {
    io.stderr.write(`blockarcade: ${started.error.message}\n`);
    return 2;
  }
  let state = started.value;
  await write(io, { ok: true, state, events: [] });
  const input = new LineQueue(io.stdin);
  for (;;) {
    const line = await input.next();
    if (line === null) return 0;
    const step = line.length > MAX_LINE_LENGTH ? tooLong(state) : handleLine(game, state, line);
    state = step.state;
    await write(io, step.reply);
  }
}

/** The queue cut the line short: it is refused whole, without reading what was kept of it. */
function tooLong(state: Step["state"]): Step {
  const message = `a line may hold at most ${MAX_LINE_LENGTH} characters; this one was longer`;
  return { reply: { ok: false, error: { code: "BAD_JSON", message }, state }, state };
}

/** One reply line; waits while the reader is behind, so a fast writer never piles replies up in memory. */
async function write(io: TerminalIo, reply: Reply): Promise<void> {
  if (!io.stdout.write(`${JSON.stringify(reply)}\n`)) await once(io.stdout, "drain");
}
