/**
 * Playing a server session from a front end (the web's ranked games, the terminal's daily real-time
 * games): what both need and once spoke twice. The server holds the random source, so a front end
 * shows at once only the moves whose visible outcome chance does not decide (the move applied to the
 * last public view under two placeholder random sources gives the same view: the forecast), sends
 * every command in order (the queue), and keeps the session's seq for If-Match (the link). What a
 * front end does when the server refuses or is gone (go on locally, stop) stays its own.
 */
import {
  type AnyGame,
  type BaseState,
  canonicalJson,
  handleCommand,
  type LoggedCommand,
  publicView,
  type Reply,
  resumeLocally,
  type Step,
} from "@blockarcade/engine/core";
import { type CommandResult, type Connection, sendCommand } from "./index.js";

/** What a command does to the position shown, before the server answers. */
export type Foreseen =
  /** Refused, or a question that changes nothing: its reply is the answer. */
  | { kind: "answered"; step: Step }
  /** Chance plays no part: shown now, sent to the server to agree. */
  | { kind: "certain"; step: Step & { reply: Extract<Reply, { ok: true }> }; record: LoggedCommand }
  /** Chance decides what comes next: sent, and the server's reply is what is shown. */
  | { kind: "chance"; record: LoggedCommand };

export interface Forecast<S extends BaseState> {
  /** A full state from a public view on the first placeholder source; undefined when not the game's. */
  resume(view: unknown, seed?: number): S | undefined;
  /** What a player sees of a state, as text to compare. */
  visible(state: BaseState): string;
  foresee(state: S, command: unknown): Foreseen;
}

/** The forecast of `game` with two different placeholder random sources (neither is the server's). */
export function createForecast<S extends BaseState>(
  game: AnyGame,
  seeds: readonly [number, number],
): Forecast<S> {
  const resume = (view: unknown, seed: number = seeds[0]): S | undefined => {
    const full = resumeLocally<S>(game, view as Record<string, unknown>, seed);
    return full.ok ? full.value : undefined;
  };
  const visible = (state: BaseState) => canonicalJson(publicView(game, state));
  return {
    resume,
    visible,
    foresee(state, command) {
      const a = handleCommand(game, state, command);
      if (!a.reply.ok || a.state === state) return { kind: "answered", step: a };
      const record = a.record ?? { cmd: String((command as { cmd?: unknown }).cmd) };
      const other = resume(publicView(game, state), seeds[1]);
      const b = other && handleCommand(game, other, command);
      if (b?.reply.ok && visible(a.state) === visible(b.state)) {
        return { kind: "certain", step: { ...a, reply: a.reply }, record };
      }
      return { kind: "chance", record };
    },
  };
}

/** Items sent one at a time, in the order pushed. */
export interface CommandQueue<T> {
  push(item: T): void;
  /** Pushed and not yet taken for sending (the one in flight is not among them). */
  readonly unsent: number;
  /** Takes back every item not yet sent (a front end that goes on without the server). */
  takeUnsent(): T[];
  /** Resolves once every item pushed so far, and any pushed meanwhile, has been sent and answered. */
  settled(): Promise<void>;
}

export function createCommandQueue<T>(send: (item: T) => Promise<void>): CommandQueue<T> {
  const unsent: T[] = [];
  let chain: Promise<void> = Promise.resolve();
  return {
    push(item) {
      unsent.push(item);
      chain = chain.then(async () => {
        const next = unsent.shift();
        if (next !== undefined) await send(next);
      });
    },
    get unsent() {
      return unsent.length;
    },
    takeUnsent() {
      return unsent.splice(0);
    },
    async settled() {
      // An answer may push more (keys queued behind a deal): wait until the chain stops growing.
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}

/** One session's command route with its seq kept from every reply. */
export interface SessionLink {
  readonly id: string;
  readonly seq: number;
  send(command: Record<string, unknown>): Promise<CommandResult>;
}

/**
 * The session `id` at `seq`. With `ifMatch`, each command names the seq this client last saw, so a
 * session another client moved meanwhile is refused (409 SEQ_MISMATCH) rather than moved.
 */
export function createSessionLink(
  conn: Connection,
  id: string,
  seq: number,
  options: { ifMatch?: boolean } = {},
): SessionLink {
  return {
    id,
    get seq() {
      return seq;
    },
    async send(command) {
      const answer = await sendCommand(conn, id, command, options.ifMatch ? { ifMatch: seq } : {});
      if (answer.ok) seq = answer.value.seq;
      else if (answer.kind === "refused" && typeof answer.reply.seq === "number") seq = answer.reply.seq;
      return answer;
    },
  };
}
