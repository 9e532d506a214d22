/**
 * The replays service (docs/service.md "Replays"): keeps the verified commands of every ranked game
 * the leaderboards entered, and answers them with the entry, so anyone can watch the game move by
 * move. The daily lock: a daily game's replay shows the day's deals, so until its UTC day is over it
 * is answered only to a player whose own attempt of that game and day has ended. The score after
 * each move (for "race the best") shows no deal and is never locked. Throws ClientError for every
 * refusal, so routes need no error mapping.
 */
import { type AnyGame, type BaseState, isPlainObject, rulesVersionOf } from "@blockarcade/engine/core";
import type { ComputeRunner } from "../compute/pool.js";
import { ClientError, rulesChanged } from "../errors.js";
import { offeredGame } from "../games.js";
import type { EndedGame } from "../sessions.js";
import type { ReplayEntry, ReplayStorage } from "../store/replays.js";
import { configOfState } from "./config-key.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session as the lock needs it: its game and current state (Sessions.get). */
export type SessionReader = (
  id: string,
  client: string,
) => Promise<{ game: AnyGame; state: BaseState } | undefined>;

export class Replays {
  /** Curves being worked out in this process, by replay and length: one computation each. */
  private readonly working = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: ReplayStorage,
    /** A session's logged commands from `from` on (SessionStorage.readCommands). */
    private readonly readCommands: (sessionId: string, from: number) => Promise<string[]>,
    private readonly readSession: SessionReader,
    private readonly compute: ComputeRunner,
    /** The server's clock, ms since 1970: when a daily game's day is over. */
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Keeps the replay of an ended ranked session under its entry's id: every command of its log (the
   * game ended with the last one). Called again when the same session's game ends again higher (a
   * Block Blast revive): the longer game replaces the kept one.
   */
  async keep(entryId: number, ended: EndedGame): Promise<void> {
    const logged = await this.readCommands(ended.sessionId, 0);
    const config = configOfState(ended.game, ended.state).config;
    await this.storage.save({
      scoreId: entryId,
      game: ended.game.id,
      seed: ended.seed,
      config: JSON.stringify(config),
      // The log's own texts, joined: what was verified is what is kept, byte for byte.
      commands: `[${logged.join(",")}]`,
      moves: logged.filter((text) => !isTickText(text)).length,
      createdAt: new Date(this.now()),
      rules: rulesVersionOf(ended.game, config),
    });
  }

  /**
   * The replay of entry `id` as JSON text: `{"id","game","config","seed","commands","score","name",
   * "date","board","day"?,"moves"}`. `viewer` is the verified player asking (null: nobody signed in);
   * `client` is charged for a rebuild of their own session when the lock must look at it.
   */
  async read(id: number, viewer: string | null, client: string): Promise<string> {
    const entry = await this.entryOf(id);
    await this.checkLock(entry, viewer, client);
    const commands = await this.storage.commands(id);
    if (commands === undefined) throw unknownReplay(id);
    // Built as text around the kept texts: a replay of 100,000 commands is never parsed to be sent.
    return (
      `{"id":${entry.id},"game":${JSON.stringify(entry.game)},"config":${entry.config},` +
      `"seed":${entry.seed},"commands":${commands},"score":${entry.score},` +
      `"name":${JSON.stringify(entry.name)},"date":${JSON.stringify(entry.date.toISOString())},` +
      `"board":${JSON.stringify(entry.board)}${entry.day === "" ? "" : `,"day":${JSON.stringify(entry.day)}`},` +
      `"moves":${entry.moves}}`
    );
  }

  /**
   * The score after each move (each command that is not a tick) of entry `id`'s replay, as JSON text
   * `{"id","name","score","scores"}`. Never locked. Worked out once (in the compute pool, charged to
   * `client`) and kept.
   */
  async scores(id: number, client: string): Promise<string> {
    const entry = await this.entryOf(id);
    const kept = await this.storage.curve(id);
    if (kept === undefined) throw unknownReplay(id);
    const curve = kept ?? (await this.workOutCurve(entry, client));
    return `{"id":${entry.id},"name":${JSON.stringify(entry.name)},"score":${entry.score},"scores":${curve}}`;
  }

  /** When a daily game's replay unlocks for everyone: the start of the UTC day after `day`. */
  static unlocksAt(day: string): Date {
    return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
  }

  /** The kept replay's entry; 410 RULES_CHANGED when its game's rules changed since it was played. */
  private async entryOf(id: number): Promise<ReplayEntry> {
    const entry = await this.storage.entry(id);
    if (entry === undefined) throw unknownReplay(id);
    const game = offeredGame(entry.game);
    if (game) {
      let config: unknown;
      try {
        config = JSON.parse(entry.config);
      } catch {
        return entry; // a damaged config: the curve's replay says REPLAY_UNREADABLE
      }
      const rules = rulesVersionOf(game, config);
      if (entry.rules !== rules) {
        throw rulesChanged(
          `replay ${id}`,
          game.title,
          entry.rules,
          rules,
          `its commands cannot be shown; its entry stays on the archived board (board key suffix #rules${entry.rules})`,
        );
      }
    }
    return entry;
  }

  /**
   * The daily lock. A player's attempt has ended when its game is over with nothing left to play (a
   * Block Blast game at "No moves left" with a revive left has not: its player could still use the
   * day's deals seen in another replay).
   */
  private async checkLock(entry: ReplayEntry, viewer: string | null, client: string): Promise<void> {
    if (entry.day === "") return;
    const unlocks = Replays.unlocksAt(entry.day);
    // A day this service did not write (it writes YYYY-MM-DD) names no deal to keep from anyone.
    if (Number.isNaN(unlocks.getTime()) || this.now() >= unlocks.getTime()) return;
    if (viewer !== null) {
      const attempt = await this.storage.dailyAttempt(entry.game, entry.day, viewer);
      // A session that can no longer be read has not ended as far as anyone can tell.
      const session =
        attempt === undefined
          ? undefined
          : await this.readSession(attempt, client).catch((err: unknown) => {
              if (
                err instanceof ClientError &&
                (err.code === "SESSION_UNREADABLE" || err.code === "RULES_CHANGED")
              )
                return undefined;
              throw err;
            });
      if (session?.state.over && session.game.legal(session.state).length === 0) return;
    }
    throw new ClientError(
      403,
      "REPLAY_LOCKED",
      `replay ${entry.id} is the daily ${entry.game} game of ${entry.day}, shown only to players whose own attempt of it has ended: play today's challenge first, or wait until ${unlocks.toISOString()}`,
    );
  }

  private workOutCurve(entry: ReplayEntry, client: string): Promise<string> {
    const key = `${entry.id} ${entry.moves}`;
    const running = this.working.get(key);
    if (running) return running;
    const work = (async () => {
      const commands = await this.storage.commands(entry.id);
      if (commands === undefined) throw unknownReplay(entry.id);
      const done = await this.compute.run(
        {
          kind: "curve",
          id: entry.id,
          game: entry.game,
          seed: entry.seed,
          config: JSON.parse(entry.config) as unknown,
          commands,
        },
        client,
      );
      const curve = JSON.stringify(done.scores);
      await this.storage.saveCurve(entry.id, entry.moves, curve);
      return curve;
    })();
    this.working.set(key, work);
    const forget = () => {
      if (this.working.get(key) === work) this.working.delete(key);
    };
    work.then(forget, forget);
    return work;
  }
}

function unknownReplay(id: number): ClientError {
  return new ClientError(
    404,
    "UNKNOWN_REPLAY",
    `no replay ${id}: a replay's id is a board entry's \`replay\``,
  );
}

/** A logged `tick` (Stacker, Match-3 Arcade): game time passing, not a move. */
function isTickText(text: string): boolean {
  if (!text.includes('"tick"')) return false;
  try {
    const command = JSON.parse(text) as unknown;
    return isPlainObject(command) && command.cmd === "tick";
  } catch {
    return false;
  }
}
