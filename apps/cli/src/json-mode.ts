/** `blockarcade <game> --json`: the JSON-lines protocol of protocol.md over stdin and stdout. */
import { createInterface } from "node:readline";
import { type AnyGame, handleLine, startGame } from "@blockarcade/engine";
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
  const write = (reply: unknown) => io.stdout.write(`${JSON.stringify(reply)}\n`);
  write({ ok: true, state, events: [] });
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  for await (const line of lines) {
    const step = handleLine(game, state, line);
    state = step.state;
    write(step.reply);
  }
  return 0;
}
