import { createInterface } from "node:readline";

/**
 * Lines of input in order, fed by readline's 'line' events: lines piped in all at once are consumed
 * exactly as typed ones (readline's `question()` drops them). `next()` resolves to null at the end.
 */
export class LineQueue {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;

  constructor(input: NodeJS.ReadableStream) {
    const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
    reader.on("line", (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    reader.on("close", () => {
      this.ended = true;
      for (const waiter of this.waiting.splice(0)) waiter(null);
    });
  }

  next(): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
