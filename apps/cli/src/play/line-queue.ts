import { StringDecoder } from "node:string_decoder";

/**
 * The longest line handed on, in characters. The largest state of any game is a few KiB, so a
 * longer line is garbage; its excess is dropped as it arrives so memory stays bounded.
 */
export const MAX_LINE_LENGTH = 1024 * 1024;

/** Sockets, pipes and terminals (process.stdin) can stop holding the process open. */
type Handle = { ref?: () => unknown; unref?: () => unknown };

/**
 * Lines of input in order: lines piped in all at once are consumed exactly as typed ones, and
 * `next()` resolves to null at the end of input. A line ends at `\n` (a `\r` before it is dropped).
 *
 * The input is read only while someone waits for a line: once a game stops asking (it quit or
 * ended) the stream is paused, so the process can end even when stdin stays open, as a terminal's
 * does. `close()` stops reading for good.
 */
export class LineQueue {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private readonly decoder = new StringDecoder("utf8");
  private partial = "";
  /** Dropping the rest of a line longer than `maxLength`. */
  private skipping = false;
  private ended = false;

  private readonly onData = (chunk: Buffer | string) => {
    this.take(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    if (this.waiting.length === 0) this.idle();
  };

  private readonly onEnd = () => {
    if (this.ended) return;
    this.take(this.decoder.end());
    if (this.partial !== "" || this.skipping) this.push();
    this.finish();
  };

  constructor(
    private readonly input: NodeJS.ReadableStream,
    /** Characters kept of a line; a longer one comes out cut to `maxLength + 1` characters. */
    private readonly maxLength = MAX_LINE_LENGTH,
  ) {
    input.on("data", this.onData);
    input.on("end", this.onEnd);
    // A broken input (a terminal hung up) is the end of input, not a crash; the listener stays so
    // an error after close() is no crash either.
    input.on("error", this.onEnd);
    this.idle();
  }

  next(): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.input.resume();
      (this.input as Handle).ref?.();
    });
  }

  /** Stops reading the input; lines not taken yet are dropped and `next()` resolves to null. */
  close(): void {
    if (this.ended) return;
    this.lines.length = 0;
    this.finish();
  }

  private take(text: string): void {
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n", start);
      this.append(text.slice(start, end === -1 ? text.length : end));
      if (end === -1) return;
      this.push();
      start = end + 1;
    }
  }

  private append(text: string): void {
    if (this.skipping || text === "") return;
    const room = this.maxLength + 1 - this.partial.length;
    this.partial += text.length > room ? text.slice(0, room) : text;
    this.skipping = this.partial.length > this.maxLength;
  }

  private push(): void {
    const line = this.partial.endsWith("\r") ? this.partial.slice(0, -1) : this.partial;
    this.partial = "";
    this.skipping = false;
    const waiter = this.waiting.shift();
    if (waiter) waiter(line);
    else this.lines.push(line);
  }

  /**
   * Nobody waits for a line: stop reading, and let the process end even while the input stays open
   * (pausing alone does not release a pipe or terminal that has been read from: the stream reads
   * ahead to fill its buffer).
   */
  private idle(): void {
    this.input.pause();
    (this.input as Handle).unref?.();
  }

  private finish(): void {
    this.ended = true;
    this.input.removeListener("data", this.onData);
    this.input.removeListener("end", this.onEnd);
    this.idle();
    for (const waiter of this.waiting.splice(0)) waiter(null);
  }
}
