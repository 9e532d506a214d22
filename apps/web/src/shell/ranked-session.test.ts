import { type BaseState, canonicalJson, manualClock, publicView, type Reply } from "@blockarcade/engine/core";
import { type BlastCommand, type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealServer, startRealServer } from "../testing/real-server";
import { createWatcher, WATCH_SPEEDS } from "./computer";
import { readPlayer } from "./player";
import {
  createRankedRunner,
  type GameStart,
  MAX_QUEUED,
  NOT_RANKED,
  type RankedStatus,
  startGame,
} from "./ranked-session";

// The real service on a real port, reached through fetch as the page reaches it.
let app: RealServer;
let base = "";

beforeAll(async () => {
  app = await startRealServer("ranked");
  base = app.base;
});
let closed = false;
afterAll(async () => {
  if (!closed) await app.close();
});

/** The server's view of a session, read as any client would. */
async function serverView(id: string): Promise<Record<string, unknown>> {
  const identity = readPlayer();
  const headers: Record<string, string> = identity
    ? { authorization: `Bearer ${identity.player}.${identity.secret}` }
    : {};
  const res = await fetch(`${base}/api/games/${id}`, { headers });
  const body = (await res.json()) as { state: Record<string, unknown> };
  return body.state;
}

const sameView = (a: BaseState, b: Record<string, unknown>) =>
  canonicalJson(publicView(blastGame, a)) === canonicalJson(publicView(blastGame, b as unknown as BaseState));

/** A legal placement of the runner's position (the first the engine lists), or its revive. */
function nextMove(state: BlastState): BlastCommand | undefined {
  const legal = blastGame.legal(state);
  return legal[0];
}

async function rankedStart(): Promise<GameStart<BlastState>> {
  const start = await startGame(
    blastGame,
    { kind: "ranked", name: "Web Test", fallback: () => newBlastGame(1) },
    { base },
  );
  if (start.kind !== "ranked") throw new Error(`not ranked: ${start.why}`);
  return start;
}

function play(start: GameStart<BlastState>) {
  const statuses: RankedStatus[] = [];
  const rendered: BlastState[] = [];
  const events: { type: string; piece?: number; row?: number; col?: number }[] = [];
  const refused: unknown[] = [];
  const runner = createRankedRunner(
    blastGame,
    start,
    {
      render: (s, e) => {
        rendered.push(s);
        events.push(...(e as typeof events));
      },
      status: (s) => statuses.push(s),
      refused: (command) => refused.push(command),
    },
    {
      base,
      localSeed: (() => {
        let n = 1000;
        return () => n++;
      })(),
    },
  );
  return { runner, statuses, rendered, events, refused };
}

/** The top-left cell of an empty `size` x `size` square of the board (any piece of that size fits). */
function emptySquare(board: string[], size: number): { row: number; col: number } | undefined {
  const empty = ".".repeat(size);
  for (let row = 0; row + size <= board.length; row++) {
    for (let col = 0; col + size <= (board[0]?.length ?? 0); col++) {
      const rows = board.slice(row, row + size).map((r) => r.slice(col, col + size));
      if (rows.every((r) => r === empty)) return { row, col };
    }
  }
  return undefined;
}

describe("a ranked Block Blast game through the server", () => {
  it("shows each certain move at once, takes each deal from the server, and plays to the end", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    // The browser never holds the random source or the seed of a ranked game.
    expect(start.session.view.rng).toBeUndefined();
    expect(start.session.view.seed).toBeUndefined();
    const { runner, statuses } = play(start);
    expect(runner.status).toEqual({ kind: "ranked", assisted: false });

    let atOnce = 0;
    let waited = 0;
    for (let moves = 0; moves < 400; moves++) {
      const move = nextMove(runner.state);
      if (!move) break;
      const before = runner.state;
      const reply = runner.dispatch(move);
      expect(reply.ok).toBe(true);
      if (runner.state !== before) {
        atOnce++;
      } else {
        // A deal (or a revive) depends on chance: nothing moves until the server answers.
        expect(reply).toMatchObject({ waiting: true });
        await runner.settled();
        expect(runner.state).not.toBe(before);
        waited++;
      }
      if (moves % 10 === 0) {
        await runner.settled();
        expect(sameView(runner.state, await serverView(start.session.id))).toBe(true);
      }
    }
    await runner.settled();
    expect(runner.state.over).toBe(true);
    expect(runner.state.revivesLeft).toBe(0);
    expect(sameView(runner.state, await serverView(start.session.id))).toBe(true);
    // Two of every three placements are certain; each deal waited for the server.
    expect(atOnce).toBeGreaterThan(waited);
    expect(waited).toBeGreaterThan(2);
    expect(statuses.every((s) => s.kind === "ranked" && !s.assisted)).toBe(true);
  });

  it("marks a game in which a hint was asked as played with help, here and on the server", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner } = play(start);
    const reply = runner.dispatch({ cmd: "hint" });
    expect(reply.ok).toBe(true);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: true });
    await runner.settled();
    const identity = readPlayer();
    const res = await fetch(`${base}/api/games/${start.session.id}`, {
      headers: { authorization: `Bearer ${identity?.player}.${identity?.secret}` },
    });
    const body = (await res.json()) as { assisted?: boolean };
    expect(body.assisted).toBe(true);
  });

  it("follows the server's reply when what it showed differs from it", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    // A view that has drifted from the server's (a score the server never gave).
    start.session.view = { ...start.session.view, score: 999 };
    const { runner, rendered } = play(start);
    expect(runner.state.score).toBe(999);
    const move = nextMove(runner.state);
    expect(runner.dispatch(move).ok).toBe(true);
    await runner.settled();
    expect(sameView(runner.state, await serverView(start.session.id))).toBe(true);
    expect(runner.state.score).toBeLessThan(999);
    expect(rendered.at(-1)).toBe(runner.state);
  });

  it("goes on in its ranked session after a reload when the saved position is the session's", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner } = play(start);
    for (let i = 0; i < 4; i++) {
      runner.dispatch(nextMove(runner.state));
      await runner.settled();
    }
    const saved = runner.state;
    const plan = (state: BlastState) =>
      ({
        kind: "ranked",
        fallback: () => newBlastGame(1),
        resume: { id: start.session.id, state },
      }) as const;
    const again = await startGame(blastGame, plan(saved), { base });
    expect(again).toMatchObject({ kind: "ranked", session: { id: start.session.id } });
    if (again.kind !== "ranked") return;
    // It plays on in the same session, which the server moves.
    const { runner: resumed } = play(again);
    const move = nextMove(resumed.state);
    expect(resumed.dispatch(move).ok).toBe(true);
    await resumed.settled();
    expect(sameView(resumed.state, await serverView(start.session.id))).toBe(true);
    // A saved position that is not the session's goes on here, unranked, and says why.
    const edited = { ...saved, score: saved.score + 500 };
    expect(await startGame(blastGame, plan(edited), { base })).toEqual({
      kind: "local",
      state: edited,
      why: NOT_RANKED.restored,
      canRank: true,
    });
  });

  it("lets Watch play on through the deals it waits for", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner } = play(start);
    const clock = manualClock();
    const watcher = createWatcher(runner, { clock, speed: "fast" });
    watcher.start();
    let refusedWhileWaiting = 0;
    for (let turn = 0; turn < 40 && !runner.state.over; turn++) {
      const before = runner.state;
      // Two turns before the server answers: the second meets a deal still on its way.
      clock.advance(WATCH_SPEEDS.fast);
      clock.advance(WATCH_SPEEDS.fast);
      if (runner.state === before) refusedWhileWaiting++;
      await runner.settled();
      expect(watcher.watching || runner.state.over).toBe(true);
    }
    expect(refusedWhileWaiting).toBeGreaterThan(0);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: true });
    watcher.dispose();
  });

  it("queues the moves made while a deal is on its way and plays them in order once it comes", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner, events, refused, rendered } = play(start);
    let queuedAndPlayed = 0;
    let queuedAndRefused = 0;
    for (let moves = 0; moves < 400 && queuedAndPlayed < 3; moves++) {
      // The last placement the engine lists (the lowest, rightmost): the upper left stays free.
      const move = blastGame.legal(runner.state).at(-1);
      if (!move) break;
      const before = runner.state;
      const reply = runner.dispatch(move);
      if (runner.state !== before || move.cmd !== "place") {
        await runner.settled();
        continue;
      }
      // The deal is on its way: the player's next placement, aimed at an empty square of the board the
      // move leaves (the board is certain, the deal is the server's), is kept and played in its turn.
      expect(reply).toMatchObject({ ok: true, waiting: true });
      const after = blastGame.apply(before, move);
      const board = after.ok ? after.state.board : before.board;
      const square = emptySquare(board, 5) ?? emptySquare(board, 3) ?? { row: 0, col: 0 };
      const queued = { cmd: "place" as const, piece: 0, row: square.row, col: square.col };
      expect(runner.dispatch(queued)).toMatchObject({ ok: true, waiting: true });
      const placedBefore = events.filter((e) => e.type === "placed").length;
      const renderedBefore = rendered.length;
      await runner.settled();
      // The server's deal was shown first; the queued placement was then played on it, or refused.
      const dealt = rendered[renderedBefore] as BlastState;
      const fits = blastGame.apply(dealt, queued).ok;
      const placed = events.filter((e) => e.type === "placed").slice(placedBefore);
      const expected = [[move.piece, move.row, move.col]];
      if (fits) expected.push([0, square.row, square.col]);
      expect(placed.map((e) => [e.piece, e.row, e.col])).toEqual(expected);
      if (fits) queuedAndPlayed++;
      else {
        queuedAndRefused++;
        expect(refused.at(-1)).toEqual(queued);
      }
      expect(refused).toHaveLength(queuedAndRefused);
      expect(sameView(runner.state, await serverView(start.session.id))).toBe(true);
    }
    // The upper left is kept free: a new tray's first piece nearly always fits there.
    expect(queuedAndPlayed).toBeGreaterThan(0);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: false });
  });

  it("drops a queued move the new position refuses, with the refusal told, and keeps at most MAX_QUEUED", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner, refused } = play(start);
    for (let moves = 0; moves < 10; moves++) {
      const before = runner.state;
      runner.dispatch(nextMove(runner.state));
      if (runner.state !== before) continue;
      // A placement off the board: kept while the deal is on its way, refused when it comes.
      const off = { cmd: "place", piece: 0, row: 40, col: 40 };
      for (let i = 0; i < MAX_QUEUED; i++) expect(runner.dispatch(off).ok).toBe(true);
      expect(runner.dispatch(off)).toMatchObject({ ok: false, waiting: true });
      await runner.settled();
      expect(refused).toHaveLength(MAX_QUEUED);
      expect(sameView(runner.state, await serverView(start.session.id))).toBe(true);
      break;
    }
    expect(refused).toHaveLength(MAX_QUEUED);
    expect(runner.status).toEqual({ kind: "ranked", assisted: false });
  });

  it("asks no hint while a deal is on its way or after the end: the game stays ranked and unaided", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner, statuses } = play(start);
    let refusedHints = 0;
    for (let moves = 0; moves < 400; moves++) {
      const move = nextMove(runner.state);
      if (!move) break;
      const before = runner.state;
      runner.dispatch(move);
      if (runner.state === before) {
        // Watch or H pressed while the deal (the last one too) is on its way.
        const hint = runner.dispatch({ cmd: "hint" });
        expect(hint).toMatchObject({ ok: false, waiting: true });
        refusedHints++;
      }
      await runner.settled();
    }
    expect(runner.state.over).toBe(true);
    expect(refusedHints).toBeGreaterThan(2);
    // A hint asked of the finished game is answered here and never reaches the server.
    runner.dispatch({ cmd: "hint" });
    await runner.settled();
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: false, entry: { board: "unaided" } });
    expect(statuses.every((s) => s.kind === "ranked" && !s.assisted)).toBe(true);
  });

  /** A ranked Blocky session of `config` on the real server (a local game only if it cannot be reached). */
  const startRankedBlocky = async (config: unknown) =>
    (await startGame(
      blockyGame,
      { kind: "ranked", config, fallback: () => blockyGame.newGame(config as never, 1) as BlockyState },
      { base },
    )) as GameStart<BlockyState>;

  it("takes a Blocky game's help mark from the server: computer seats' turns are no help", async () => {
    const config = { maxDepth: 3, players: [{ kind: "human" }, { kind: "random" }], turns: 2 };
    const begin = await startRankedBlocky(config);
    expect(begin.kind).toBe("ranked");
    if (begin.kind !== "ranked") return;
    const statuses: RankedStatus[] = [];
    const runner = createRankedRunner(
      blockyGame,
      begin,
      { render: () => {}, status: (s) => statuses.push(s) },
      { base },
    );
    let computerTurns = 0;
    for (let turn = 0; turn < 20 && !runner.state.over; turn++) {
      const seat = runner.state.players[runner.state.current];
      if (seat?.kind === "human") {
        expect(runner.dispatch(blockyGame.legal(runner.state)[0]).ok).toBe(true);
      } else {
        expect(runner.dispatch({ cmd: "ai" }).ok).toBe(true);
        computerTurns++;
      }
      await runner.settled();
    }
    expect(runner.state.over).toBe(true);
    expect(computerTurns).toBeGreaterThan(0);
    expect(statuses.every((s) => s.kind === "ranked" && !s.assisted)).toBe(true);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: false, entry: { board: "unaided" } });
  });

  it("marks Watch of the player's own Blocky seat as help at once, as the server does", async () => {
    const config = { maxDepth: 3, players: [{ kind: "human" }, { kind: "random" }], turns: 2 };
    const begin = await startRankedBlocky(config);
    if (begin.kind !== "ranked") throw new Error("not ranked");
    const runner = createRankedRunner(blockyGame, begin, { render: () => {} }, { base });
    expect(runner.state.players[runner.state.current]?.kind).toBe("human");
    expect(runner.dispatch({ cmd: "ai" }).ok).toBe(true);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: true });
    await runner.settled();
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: true });
  });

  it("lets a Blocky page hear each computer seat's move with the server's reply, its next turn held until then", async () => {
    const config = { maxDepth: 2, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }], turns: 3 };
    const begin = await startRankedBlocky(config);
    if (begin.kind !== "ranked") throw new Error("not ranked");
    const runner = createRankedRunner(blockyGame, begin, { render: () => {} }, { base });
    const clock = manualClock();
    const heard: { before: BlockyState; reply: Reply }[] = [];
    const THINK = 350;
    const HOLD = 750;
    // As the Blocky page plays its computer seats (games/blocky/effects.ts computerTurn, play.tsx played).
    const watcher = createWatcher(runner, {
      clock,
      next: (s) =>
        !s.over && s.players[s.current]?.kind !== "human" ? { after: THINK, command: { cmd: "ai" } } : null,
      played: (before, reply) => {
        heard.push({ before, reply });
        return HOLD;
      },
    });
    let computerTurns = 0;
    for (let turn = 0; turn < 12 && !runner.state.over; turn++) {
      if (runner.state.players[runner.state.current]?.kind === "human") {
        expect(runner.dispatch({ cmd: "move", action: "pass", path: [] }).ok).toBe(true);
        watcher.update();
        await runner.settled();
        continue;
      }
      computerTurns++;
      const before = runner.state;
      clock.advance(THINK);
      // The server deals the computer's move: nothing is heard, and no other turn is planned, until it answers.
      expect(heard).toHaveLength(computerTurns - 1);
      clock.advance(THINK * 10);
      await runner.settled();
      await Promise.resolve();
      expect(heard).toHaveLength(computerTurns);
      const last = heard.at(-1);
      expect(last?.before).toBe(before);
      expect(last?.reply.ok).toBe(true);
      const moved = last?.reply.ok ? last.reply.events.find((e) => e.type === "moved") : undefined;
      expect(moved).toMatchObject({ type: "moved", player: 1 });
      expect(runner.state).not.toBe(before);
      // The second beat holds the next turn.
      clock.advance(HOLD);
    }
    expect(computerTurns).toBe(3);
    expect(runner.state.over).toBe(true);
    expect(runner.status).toMatchObject({ kind: "ranked", assisted: false, entry: { board: "unaided" } });
    watcher.dispose();
  });

  it("says why a game is not ranked when the server cannot be reached", async () => {
    const start = await startGame(
      blastGame,
      { kind: "ranked", fallback: () => newBlastGame(5) },
      { base: "http://127.0.0.1:9" },
    );
    expect(start).toMatchObject({ kind: "local", why: NOT_RANKED.offline });
    if (start.kind !== "local") return;
    expect(start.state).toEqual(newBlastGame(5));
  });
  it("goes on unranked from the last position when the connection drops, losing no move", async () => {
    const start = await rankedStart();
    if (start.kind !== "ranked") return;
    const { runner, statuses } = play(start);
    // Two certain placements, answered by the server.
    for (let i = 0; i < 2; i++) runner.dispatch(nextMove(runner.state));
    await runner.settled();
    const beforeDrop = runner.state;
    // The connection drops: the server is gone (this test runs last).
    closed = true;
    await app.close();
    const move = nextMove(runner.state) as BlastCommand;
    const reply = runner.dispatch(move);
    expect(reply.ok).toBe(true);
    await runner.settled();
    expect(runner.status).toMatchObject({ kind: "unranked", dropped: true, why: expect.any(String) });
    expect(statuses.at(-1)?.kind).toBe("unranked");
    // The third placement (it waited for the server's deal) was played here: the board holds it
    // (or it cleared lines and scored), and a new tray was dealt locally.
    const filled = (b: string[]) => b.join("").replace(/\./g, "").length;
    expect(
      filled(runner.state.board) > filled(beforeDrop.board) || runner.state.score > beforeDrop.score,
    ).toBe(true);
    expect(beforeDrop.tray.filter(Boolean)).toHaveLength(1);
    expect(runner.state.tray.every(Boolean) || runner.state.over).toBe(true);
    // The game goes on, locally, at once.
    const next = nextMove(runner.state);
    if (next) {
      const before = runner.state;
      expect(runner.dispatch(next).ok).toBe(true);
      expect(runner.state).not.toBe(before);
    }
  });
});
