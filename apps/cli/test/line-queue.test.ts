import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { LineQueue } from "../src/play/line-queue.js";

async function drain(queue: LineQueue): Promise<string[]> {
  const lines: string[] = [];
  for (let line = await queue.next(); line !== null; line = await queue.next()) lines.push(line);
  return lines;
}

describe("LineQueue", () => {
  it("gives lines written all at once in order, then null at the end", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input);
    input.end("one\ntwo\r\n\nthree");
    expect(await drain(queue)).toEqual(["one", "two", "", "three"]);
    expect(await queue.next()).toBeNull();
  });

  it("joins lines split across chunks, even inside a UTF-8 character", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input);
    const bytes = Buffer.from("héllo wörld\nnext\n");
    for (let i = 0; i < bytes.length; i++) input.write(bytes.subarray(i, i + 1));
    input.end();
    expect(await drain(queue)).toEqual(["héllo wörld", "next"]);
  });

  it("reads only while a line is awaited, so an open input never holds the process", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input);
    expect(input.readableFlowing).toBe(false);
    const first = queue.next();
    expect(input.readableFlowing).toBe(true);
    input.write("a\nb\n");
    expect(await first).toBe("a");
    // "b" is kept for the next call; nobody waits, so reading stopped.
    expect(input.readableFlowing).toBe(false);
    expect(await queue.next()).toBe("b");
  });

  it("close() stops reading for good and answers null", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input);
    const waiting = queue.next();
    queue.close();
    expect(await waiting).toBeNull();
    input.write("late\n");
    expect(await queue.next()).toBeNull();
    expect(input.listenerCount("data")).toBe(0);
    expect(input.readableFlowing).toBe(false);
  });

  it("cuts an over-long line to maxLength + 1 characters and goes on with the next", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input, 10);
    input.write("x".repeat(6));
    input.write("y".repeat(100));
    input.end(`${"z".repeat(50)}\nshort\n${"w".repeat(11)}`);
    expect(await drain(queue)).toEqual(["xxxxxxyyyyy", "short", "wwwwwwwwwww"]);
  });

  it("treats an input error as the end of input", async () => {
    const input = new PassThrough();
    const queue = new LineQueue(input);
    const waiting = queue.next();
    input.destroy(new Error("EIO"));
    expect(await waiting).toBeNull();
  });
});
