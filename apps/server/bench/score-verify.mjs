/**
 * What a ranked game costs the server now that ranked games are server sessions (docs/service.md
 * "Fair play"): plays ranked Block Blast sessions through the real app (inject, SQLite in a temp
 * folder), a player's moves chosen on its public view, and measures the process's CPU time of each
 * command: an ordinary move (the public view made, the move logged) and the move that ends the game
 * (its entry on the board included). One JSON line per form: the median and the worst, in µs, over
 * every command of `games` games. CPU time, not wall time: the figure does not move with the load.
 *
 *   npx tsc -b && node apps/server/bench/score-verify.mjs [games]
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { resumeLocally } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { buildApp } from "../dist/src/app.js";

const GAMES = Number(process.argv[2] ?? 20);

const app = await buildApp({
  dataDir: join(mkdtempSync(join(tmpdir(), "ba-bench-")), "data"),
  logger: false,
  security: { rateLimit: false },
});
const post = async (url, payload, auth) => {
  const res = await app.inject({
    method: "POST",
    url,
    payload,
    headers: auth ? { authorization: auth } : {},
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
};
const made = await post("/api/players", {});
const auth = `Bearer ${made.player}.${made.secret}`;

/** CPU µs of one call, user and system, of this whole process. */
async function timed(run) {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return { value, us: used.user + used.system };
}

const moves = [];
const ends = [];
let entered = 0;
for (let game = 0; game < GAMES; game++) {
  const created = await post("/api/games", { game: "blast", ranked: true, name: "Bench" }, auth);
  let view = created.state;
  let pick = game + 1;
  while (!view.over) {
    // The client's choice, off the clock: a legal move of its own copy of the public view.
    const local = resumeLocally(blastGame, view, 1);
    if (!local.ok) throw new Error(local.error.message);
    const legal = blastGame.legal(local.value);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    const move = legal[pick % legal.length];
    const { value, us } = await timed(() => post(`/api/games/${created.id}/commands`, move, auth));
    view = value.state;
    if (view.over) {
      ends.push(us);
      if (value.entry) entered++;
    } else moves.push(us);
  }
}
await app.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [form, values] of [
  ["move", moves],
  ["end", ends],
]) {
  console.log(
    JSON.stringify({
      game: "blast",
      form,
      games: GAMES,
      commands: values.length,
      entered: form === "end" ? entered : undefined,
      medianCpuUs: median(values),
      maxCpuUs: Math.max(...values),
      load: loadavg()[0],
    }),
  );
}
