// A complete ranked bot (packages/client/README.md): node docs/examples/bot.mjs http://localhost:8080 blast
// It registers a player, starts a ranked session (the seed stays on the server), plays the server's
// own `legal` commands until the game is over, and prints where the game was entered on the board.
import { createPlayer, sendCommand, startGame } from "@blockarcade/client";

const [base = "http://localhost:8080", game = "blast", name = "Bot"] = process.argv.slice(2);
const wait = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Every answer is a value: a refusal with Retry-After (429, 503) waits and asks again. */
async function ask(call) {
  for (;;) {
    const answer = await call();
    if (answer.ok) return answer.value;
    if (answer.retryAfter === undefined) throw new Error(`${answer.code ?? answer.kind}: ${answer.message}`);
    await wait(answer.retryAfter);
  }
}

const player = await ask(() => createPlayer({ base }));
const conn = { base, player };
const session = await ask(() => startGame(conn, { game, ranked: true, name }));
let { seq, state } = session;
let entry;
let pick = 1;
while (!state.over) {
  const { legal } = await ask(() => sendCommand(conn, session.id, { cmd: "legal" }, { ifMatch: seq }));
  pick = (pick * 48271) % 2147483647; // a varied choice among the legal moves, never the seed's
  const move = legal[pick % legal.length];
  const reply = await ask(() => sendCommand(conn, session.id, move, { ifMatch: seq }));
  ({ seq, state, entry } = reply); // the reply that ends a ranked game says where it was entered
}
console.log(
  JSON.stringify({ game, score: state.score, rank: entry?.rank, board: entry?.board, replay: entry?.replay }),
);
