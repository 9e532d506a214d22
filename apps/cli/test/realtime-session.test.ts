/**
 * The real-time terminal session (src/play/realtime-session.ts) in process: real Node streams as the
 * terminal (stdin a TTY that records its raw mode, as the `TerminalIo` seam allows) and the engine's
 * manual clock, so ticks and the computer's pace are counted, not timed. The games' own terminal
 * tests (stacker.test.ts, match3-arcade.test.ts) drive the same module on a pseudo-terminal.
 */
import { PassThrough } from "node:stream";
import { manualClock } from "@blockarcade/engine/core";
import {
  createLockDelay,
  gravityMs,
  hint,
  type StackerCommand,
  type StackerConfig,
  type StackerEvent,
  type StackerState,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import {
  hasRawTerminal,
  nodeClock,
  type RealtimeGame,
  type RealtimeSession,
  runRealtimeSession,
} from "../src/play/realtime-session.js";

const ESC = "\u001b[";

/** A terminal made of real streams: what the program writes is kept, raw mode is recorded. */
function terminal() {
  const modes: boolean[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (raw: boolean) => modes.push(raw),
  });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 40 });
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d) => {
    out += d;
  });
  stderr.on("data", (d) => {
    err += d;
  });
  return { io: { stdin, stdout, stderr }, modes, out: () => out, err: () => err };
}

const frames = (out: string) => out.split(`${ESC}H`).length - 1;
/** Lets the streams deliver what was written (PassThrough emits on a later tick). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The falling piece's top row and left column. */
function where(state: StackerState): { row: number; col: number } {
  const cells = state.active?.cells ?? [];
  return { row: Math.min(...cells.map(([r]) => r)), col: Math.min(...cells.map(([, c]) => c)) };
}

type Spec = RealtimeGame<StackerState, StackerCommand, StackerEvent, StackerConfig, string>;

/**
 * Block Stacker as the session's game: each character is an input; `q` quits, `!` throws, `l`
 * moves left; the frame names the falling piece's row and the count of renders.
 */
function stackerSpec(io: ReturnType<typeof terminal>["io"], more: Partial<Spec> = {}) {
  const seen = {
    inputs: [] as string[],
    renders: 0,
    steps: 0,
    /** The session as the game's code sees it (handed to every frame). */
    session: undefined as RealtimeSession<StackerState> | undefined,
  };
  const spec: Spec = {
    io,
    game: stackerGame,
    initial: stackerGame.newGame({ size: 10 }, 7),
    ticks: createLockDelay(),
    parseInput: (text: string) => [...text],
    handle: (input: string, session: RealtimeSession<StackerState>) => {
      seen.inputs.push(input);
      if (input === "q") session.finish(0);
      if (input === "!") throw new Error("the key broke");
      if (input === "l") session.runner.dispatch({ cmd: "key", key: "ArrowLeft" });
    },
    onRender: () => {
      seen.renders++;
    },
    frame: (session: RealtimeSession<StackerState>) => {
      seen.session = session;
      const { row, col } = where(session.runner.state);
      return [`row ${row} col ${col}`, `renders ${seen.renders}`];
    },
    summary: (state: StackerState) => `score ${state.score}`,
    ...more,
  };
  return { spec, seen };
}

describe("the real-time terminal session", () => {
  it("opens the terminal raw, draws, hands keys to the game, and gives everything back on the way out", async () => {
    const t = terminal();
    const clock = manualClock();
    const signals = process.listenerCount("SIGINT");
    const { spec, seen } = stackerSpec(t.io, { clock });
    const done = runRealtimeSession(spec);
    await settle();
    expect(t.modes).toEqual([true]);
    expect(t.out().startsWith(`${ESC}?1049h${ESC}?25l${ESC}2J`)).toBe(true);
    expect(frames(t.out())).toBe(1);
    expect(process.listenerCount("SIGINT")).toBe(signals + 1);
    const { row, col } = where(stackerGame.newGame({ size: 10 }, 7));
    expect(t.out()).toContain(`row ${row} col ${col}`);

    // One chunk, three inputs: the move is played and drawn; `q` ends it and drops the `l` after it.
    t.io.stdin.write("lql");
    const code = await done;
    expect(code).toBe(0);
    expect(seen.inputs).toEqual(["l", "q"]);
    expect(t.out()).toContain(`row ${row} col ${col - 1}`);
    expect(t.modes).toEqual([true, false]);
    expect(t.io.stdin.listenerCount("data")).toBe(0);
    expect(process.listenerCount("SIGINT")).toBe(signals);
    expect(clock.pending()).toBe(0); // no tick and no computer step left behind
    await settle();
    expect(t.out().endsWith(`${ESC}0m${ESC}?25h${ESC}?1049lscore 0\n`)).toBe(true);
  });

  it("runs the game's clock: a tick when the policy says, drawn; none while paused", async () => {
    const t = terminal();
    const clock = manualClock();
    const { spec, seen } = stackerSpec(t.io, { clock });
    const done = runRealtimeSession(spec);
    const session = seen.session;
    const startRow = where(session?.runner.state as StackerState).row;
    const fall = gravityMs(1);
    clock.advance(fall - 1);
    expect(seen.renders).toBe(0);
    clock.advance(1);
    expect(seen.renders).toBe(1);
    expect(where(session?.runner.state as StackerState).row).toBe(startRow + 1);
    await settle();
    expect(t.out()).toContain("renders 1");
    session?.runner.setPaused(true);
    clock.advance(fall * 5);
    expect(seen.renders).toBe(1);
    t.io.stdin.write("q");
    expect(await done).toBe(0);
  });

  it("paces the computer: one step every pace, none while paused, and finishAfter ends it later", async () => {
    const t = terminal();
    const clock = manualClock();
    let stop = false;
    const { spec, seen } = stackerSpec(t.io, {
      clock,
      ai: {
        pace: 100,
        step: (session) => {
          seen.steps++;
          if (stop) session.finishAfter(1500);
          else {
            const h = hint(session.runner.state);
            if (h.ok) session.runner.dispatch(h.value.commands[0]);
          }
        },
      },
    });
    let ended: number | undefined;
    const done = runRealtimeSession(spec).then((code) => {
      ended = code;
      return code;
    });
    const session = seen.session;
    clock.advance(99);
    expect(seen.steps).toBe(0);
    clock.advance(1);
    expect(seen.steps).toBe(1);
    expect(seen.renders).toBeGreaterThanOrEqual(1); // its command was played and drawn
    clock.advance(200);
    expect(seen.steps).toBe(3);
    session?.runner.setPaused(true);
    clock.advance(1000);
    expect(seen.steps).toBe(3);
    session?.runner.setPaused(false);
    stop = true;
    clock.advance(100);
    expect(seen.steps).toBe(4);
    clock.advance(1499);
    await settle();
    expect(ended).toBeUndefined();
    expect(seen.steps).toBe(4); // no step after finishAfter
    clock.advance(1);
    expect(await done).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it("ends with 0 at end of input, with 1 and the message when a key's handler throws", async () => {
    const a = terminal();
    const first = runRealtimeSession(stackerSpec(a.io, { clock: manualClock() }).spec);
    a.io.stdin.end();
    expect(await first).toBe(0);
    expect(a.modes).toEqual([true, false]);

    const b = terminal();
    const second = runRealtimeSession(stackerSpec(b.io, { clock: manualClock() }).spec);
    b.io.stdin.write("!");
    expect(await second).toBe(1);
    await settle();
    expect(b.err()).toBe("blockarcade: the key broke\n");
    expect(b.modes).toEqual([true, false]);
    expect(b.out().endsWith("score 0\n")).toBe(true);
  });

  it("redraws the whole frame after a resize, and the same frame only once otherwise", async () => {
    const t = terminal();
    const done = runRealtimeSession(stackerSpec(t.io, { clock: manualClock() }).spec);
    t.io.stdin.write("x"); // an input that changes nothing: the same frame is not written again
    await settle();
    expect(frames(t.out())).toBe(1);
    t.io.stdout.emit("resize");
    await settle();
    expect(frames(t.out())).toBe(2);
    expect(t.out()).toContain(`${ESC}2J${ESC}H`);
    t.io.stdin.write("q");
    expect(await done).toBe(0);
  });

  it("knows a raw terminal, and its Node clock keeps real time", async () => {
    expect(hasRawTerminal({ isTTY: true, setRawMode: () => true } as never)).toBe(true);
    expect(hasRawTerminal(new PassThrough())).toBe(false);
    expect(hasRawTerminal(Object.assign(new PassThrough(), { isTTY: true }))).toBe(false);
    const start = nodeClock.now();
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      const cancel = nodeClock.after(0, () => order.push("cancelled"));
      cancel();
      nodeClock.after(1, () => {
        order.push("called");
        resolve();
      });
    });
    expect(order).toEqual(["called"]);
    expect(nodeClock.now()).toBeGreaterThanOrEqual(start);
  });
});
