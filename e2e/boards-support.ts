/**
 * Fills the real service's boards for the browser tests of the leaderboard pages (boards.spec.ts):
 * ranked server sessions (POST /api/games with `ranked`) played to their end through the real API,
 * unaided: each move is one the game lists (`legal`, a question that is no help) or a plain key, and
 * Blocky's computer seat plays its own `ai` move (no help: it is not the player's). Each game ends
 * in a few commands, so a board of a dozen entries costs little.
 */
import type { APIRequestContext } from "@playwright/test";

export interface Player {
  player: string;
  secret: string;
  recoveryCode: string;
}

/** What each test fills: a config that ends quickly, and how to play a game of it to its end. */
export interface Filler {
  game: string;
  config: unknown;
  /** The commands of the next move from the state (a list: several when they form one move). */
  next(
    state: Record<string, unknown>,
    ask: (cmd: unknown) => Promise<Record<string, unknown>>,
  ): Promise<unknown[]>;
}

export const FILLERS = {
  blast: { game: "blast", config: {}, next: quietest },
  puzzle: { game: "puzzle", config: { rows: 5, cols: 5 }, next: firstLegal },
  // Hard drops in the middle: the stack reaches the top in a few pieces.
  stacker: { game: "stacker", config: { size: 10 }, next: async () => [{ cmd: "key", key: "Space" }] },
  match3: {
    game: "match3",
    // A classic field of one brick (a line no other test plays): it drops, and no brick is left.
    config: { input: "4 6 H@@~" },
    next: async () => [{ cmd: "frame", commands: "D" }],
  },
  blocky: {
    game: "blocky",
    config: { maxDepth: 2, turns: 1, players: [{ kind: "human" }, { kind: "random" }] },
    next: async (state, ask) => ((state.current as number) === 0 ? firstLegal(state, ask) : [{ cmd: "ai" }]),
  },
} satisfies Record<string, Filler>;

/** Lines a placement completes on a Block Blast board. */
function linesMade(board: string[], shape: string[], row: number, col: number): number {
  const b = board.map((l) => [...l]);
  shape.forEach((line, i) => {
    [...line].forEach((ch, j) => {
      const r = b[row + i];
      if (ch === "#" && r) r[col + j] = "#";
    });
  });
  let n = b.filter((l) => !l.includes(".")).length;
  for (let c = 0; c < (b[0]?.length ?? 0); c++) if (b.every((l) => l[c] !== ".")) n++;
  return n;
}

/** Block Blast: a legal placement that clears the fewest lines, so the game ends soon. */
async function quietest(
  state: Record<string, unknown>,
  ask: (cmd: unknown) => Promise<Record<string, unknown>>,
): Promise<unknown[]> {
  const legal = ((await ask({ cmd: "legal" })).legal ?? []) as { piece: number; row: number; col: number }[];
  const tray = state.tray as ({ shape: string[] } | null)[];
  const board = state.board as string[];
  const cost = (m: (typeof legal)[number]) => linesMade(board, tray[m.piece]?.shape ?? [], m.row, m.col);
  const best = legal.reduce<(typeof legal)[number] | undefined>(
    (a, m) => (a === undefined || cost(m) < cost(a) ? m : a),
    undefined,
  );
  if (!best) throw new Error("no legal move");
  return [best];
}

async function firstLegal(
  _state: Record<string, unknown>,
  ask: (cmd: unknown) => Promise<Record<string, unknown>>,
): Promise<unknown[]> {
  const reply = await ask({ cmd: "legal" });
  const legal = reply.legal as unknown[] | undefined;
  if (!legal?.length) throw new Error(`no legal move: ${JSON.stringify(reply).slice(0, 300)}`);
  return [legal[0]];
}

export async function newPlayer(request: APIRequestContext): Promise<Player> {
  const reply = await request.post("/api/players", { data: {} });
  if (!reply.ok()) throw new Error(`POST /api/players: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as Player;
}

const SKIPPED = new Set(["ILLEGAL_MOVE", "TICK_DUE"]);

const bearer = (p: Player) => ({ authorization: `Bearer ${p.player}.${p.secret}` });

/** A ranked game the server entered: its replay's id, and its final score and board as the server has them. */
export interface Ended {
  replay: number;
  score: number;
  board: string;
}

/** Every game `playRanked` ended and the server entered, by replay id (the Watch tests' expectations). */
export const ENDED = new Map<number, Ended>();

/** Plays one ranked game of `filler` to its end under `name`; returns the score it ended with. */
export async function playRanked(
  request: APIRequestContext,
  player: Player,
  filler: Filler,
  name: string,
): Promise<number> {
  const created = await request.post("/api/games", {
    headers: bearer(player),
    data: { game: filler.game, config: filler.config, ranked: true, name },
  });
  if (created.status() !== 201)
    throw new Error(`POST /api/games: ${created.status()} ${await created.text()}`);
  const session = (await created.json()) as { id: string; state: Record<string, unknown> };
  let state = session.state;
  const send = async (cmd: unknown): Promise<Record<string, unknown>> => {
    for (let attempt = 0; ; attempt++) {
      const r = await request.post(`/api/games/${session.id}/commands`, {
        headers: bearer(player),
        data: cmd,
      });
      const body = (await r.json()) as Record<string, unknown>;
      // A tick ahead of the server's clock is refused as too fast: it is due soon, so wait a little.
      if (r.status() === 429 && attempt < 50) {
        await new Promise((done) => setTimeout(done, 100));
        continue;
      }
      return body;
    }
  };
  for (let moves = 0; !state.over; moves++) {
    if (moves > 400) throw new Error(`${filler.game}: the game did not end`);
    for (const cmd of await filler.next(state, send)) {
      const reply = await send(cmd);
      if (reply.ok === true) state = reply.state as Record<string, unknown>;
      // A move the game refuses (a wall), or a move while the clock owes a tick: the tick comes next.
      else if (!SKIPPED.has(String((reply.error as { code?: string } | undefined)?.code))) {
        throw new Error(`${filler.game} ${JSON.stringify(cmd)}: ${JSON.stringify(reply).slice(0, 300)}`);
      }
      const entry = reply.entry as { replay?: number } | undefined;
      if (entry?.replay !== undefined) {
        const board = (state.board as unknown[] | undefined) ?? [];
        ENDED.set(entry.replay, {
          replay: entry.replay,
          score: state.score as number,
          board: board.join("/"),
        });
      }
      if (state.over) break;
    }
  }
  return state.score as number;
}
