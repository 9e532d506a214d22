/**
 * The example bot (docs/examples/bot.mjs) run as a program against the real service on a real port:
 * it registers, plays a ranked game to its end from the server's `legal` alone, and its game is on
 * the board. It imports the built client (`npm test` builds before Vitest).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getBoard, getReplay } from "@blockarcade/client";
import { afterAll, expect, it } from "vitest";
import { buildApp } from "../../../apps/server/src/app.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const app = await buildApp({ dataDir: join(mkdtempSync(join(tmpdir(), "ba-bot-")), "data"), logger: false });
afterAll(() => app.close());

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["docs/examples/bot.mjs", ...args], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

it("plays a ranked game to its end and its entry appears on the board", async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bot = await run([base, "blast", "ExampleBot"]);
  expect(bot.status, bot.stderr).toBe(0);
  const result = JSON.parse(bot.stdout);
  expect(result).toMatchObject({ game: "blast", rank: 1, board: "unaided" });
  const board = await getBoard({ base }, "blast");
  if (!board.ok || board.notModified) throw new Error("no board");
  expect(board.value.entries).toEqual([
    expect.objectContaining({ rank: 1, name: "ExampleBot", score: result.score, replay: result.replay }),
  ]);
  // The game it played is the server's, replayed from the seed it never saw.
  const replay = await getReplay({ base }, result.replay);
  expect(replay).toMatchObject({ ok: true, value: { name: "ExampleBot", score: result.score } });
});
