/** How every command refuses: one line on stderr, named after the program, and an exit status. */
import type { TerminalIo } from "./play/types.js";

export function fail(io: TerminalIo, message: string, status = 1): number {
  io.stderr.write(`blockarcade: ${message}\n`);
  return status;
}
