/**
 * The server's replays as the viewer reads them (GET /api/replays/:id, against the real service): a
 * ranked game played through the shell's ranked runner is recorded with the replay id the server
 * names in its entry, and the replay the viewer fetches steps to the same end; an unknown id and a
 * daily game still locked are refusals with the server's code and message.
 */
import { canonicalJson, publicView } from "@blockarcade/engine/core";
import { type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { realServerForTests } from "../testing/real-server";
import type { FinishedGame } from "./finished-games";
import { createGameRecorder } from "./game-recorder";
import { callApi } from "./leaderboard";
import { authorization, ensurePlayer, forgetPlayer } from "./player";
import { createRankedRunner, type GameStart, type RankedRunner, startGame } from "./ranked-session";
import { replaySteps } from "./replay-steps";
import { fetchReplay } from "./replays-api";

// The real service on a real port, reached through fetch as the page reaches it.
const server = realServerForTests("replays");

/** Plays a ranked Blast game to its very end (first legal move, revives too) with the shell's recorder. */
async function playRecorded(start: GameStart<BlastState>) {
  const kept: FinishedGame[] = [];
  const named: number[] = [];
  let recorder: ReturnType<typeof createGameRecorder<BlastState>> | undefined;
  const runner: RankedRunner<BlastState> = createRankedRunner(
    blastGame,
    start,
    {
      log: (record, s) => recorder?.log(record, s),
      render: (s) => recorder?.shown(s),
      status: (s) => recorder?.status(s, runner.state),
    },
    server,
  );
  recorder = createGameRecorder(blastGame, runner.state, runner.status, {
    keep: (e) => kept.push(e),
    named: (_id, replay) => named.push(replay),
  });
  for (let i = 0; i < 400; i++) {
    const move = blastGame.legal(runner.state)[0];
    if (!move) break;
    runner.dispatch(move);
    await runner.settled();
  }
  await runner.settled();
  return { runner, kept, named };
}

describe("server replays", () => {
  it("a ranked game's replay, named by the server's entry, steps to the game's own end", async () => {
    const start = await startGame(
      blastGame,
      { kind: "ranked", name: "Replay Test", fallback: () => newBlastGame(1) },
      server,
    );
    if (start.kind !== "ranked") throw new Error(`not ranked: ${start.why}`);
    const { runner, kept, named } = await playRecorded(start);
    expect(runner.state.over).toBe(true);
    const last = kept[kept.length - 1] as FinishedGame;
    expect(last).toMatchObject({ game: "blast", ranked: true, score: runner.state.score });
    const id = last.replay ?? named[named.length - 1];
    expect(Number.isSafeInteger(id)).toBe(true);
    const got = await fetchReplay(id as number, server);
    if (!got.ok) throw new Error(got.message);
    expect(got.value).toMatchObject({ id, game: "blast", score: runner.state.score, name: "Replay Test" });
    const steps = replaySteps(blastGame, got.value.seed, got.value.config, got.value.commands);
    if (!steps.ok) throw new Error(steps.message);
    const end = steps.value.steps[steps.value.steps.length - 1]?.state as BlastState;
    expect(end.score).toBe(runner.state.score);
    expect(canonicalJson(publicView(blastGame, end))).toBe(
      canonicalJson(publicView(blastGame, runner.state)),
    );
    expect(steps.value.refused).toBe(0);
  });

  it("an unknown replay is the server's refusal, with its code", async () => {
    const got = await fetchReplay(999_999_999, server);
    expect(got).toMatchObject({ ok: false, kind: "refused", code: "UNKNOWN_REPLAY" });
  });

  it("today's daily game is locked to those who have not played it, with the time it opens", async () => {
    forgetPlayer();
    const player = await ensurePlayer(server);
    if (!player.ok) throw new Error(player.message);
    const opened = await callApi(
      "POST",
      "/api/games",
      { game: "blast", ranked: true, daily: true },
      server,
      undefined,
      authorization(player.value),
    );
    if (!opened.ok) throw new Error(opened.message);
    const view = opened.value.state as Record<string, unknown>;
    const start: GameStart<BlastState> = {
      kind: "ranked",
      session: {
        id: String(opened.value.id),
        seq: Number(opened.value.seq),
        view,
        assisted: false,
        identity: player.value,
      },
    };
    const { runner, kept, named } = await playRecorded(start);
    expect(runner.state.over).toBe(true);
    const id = (kept[kept.length - 1]?.replay ?? named[named.length - 1]) as number;
    // Its own player, whose attempt has ended, may watch it.
    const own = await fetchReplay(id, server);
    expect(own.ok && own.value.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Anyone else (no identity on this device) is told to play first, or when it opens.
    forgetPlayer();
    const locked = await fetchReplay(id, server);
    expect(locked).toMatchObject({ ok: false, kind: "refused", code: "REPLAY_LOCKED" });
    if (!locked.ok) expect(locked.message).toMatch(/wait until \d{4}-\d{2}-\d{2}T00:00:00/);
  });
});
