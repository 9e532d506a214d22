/**
 * The terminal's player and its ranked path (issue 22 item 3, docs/service.md "Players"): the built
 * `blockarcade` against the built server on a real port. `player new|recover|show` keep the identity
 * in $XDG_CONFIG_HOME/blockarcade/player.json (mode 0600), and `<game> --json --server URL` plays
 * each line as a command of a server session, with stdin left open as a person's terminal leaves it.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { handleLine, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, runOpenStdin, startServer } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
type Json = any;

let base = "";
const folders: string[] = [];
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ base, stop } = await startServer());
});

afterAll(async () => {
  await stop?.();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "ba-cli-player-"));
  folders.push(dir);
  return dir;
}

/** A device: its own config folder, and the CLI run with it. */
function device() {
  const config = folder();
  const env = { XDG_CONFIG_HOME: config };
  return {
    file: join(config, "blockarcade", "player.json"),
    env,
    cli: (args: string[], input = "") => runCli(args, input, env),
    kept: () => JSON.parse(readFileSync(join(config, "blockarcade", "player.json"), "utf8")) as Json,
  };
}

async function me(identity: Json): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}/api/players/me`, {
    headers: { authorization: `Bearer ${identity.player}.${identity.secret}` },
  });
  return { status: res.status, body: await res.json() };
}

const lines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Json);

describe("blockarcade player", () => {
  it("new: asks the server for a player and keeps it in the config folder, readable by its owner only", async () => {
    const laptop = device();
    const made = laptop.cli(["player", "new", "--server", `${base}/`]);
    expect(made.status, made.stderr).toBe(0);
    const kept = laptop.kept();
    expect(Object.keys(kept).sort()).toEqual(["player", "recoveryCode", "secret", "server"]);
    expect(kept.server).toBe(base);
    expect(statSync(laptop.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(laptop.file, "..")).mode & 0o777).toBe(0o700);
    // What it printed: the player and its recovery code, never the secret.
    expect(made.stdout).toContain(kept.player);
    expect(made.stdout).toContain(kept.recoveryCode);
    expect(made.stdout).toContain(laptop.file);
    expect(made.stdout).not.toContain(kept.secret);
    // The server knows this player by the kept secret.
    expect(await me(kept)).toEqual({ status: 200, body: { player: kept.player, names: [] } });
    const shown = laptop.cli(["player", "show"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toBe(made.stdout);

    // A second `new` keeps the first player unless told to replace it.
    const again = laptop.cli(["player", "new", "--server", base]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`already holds player ${kept.player}`);
    expect(laptop.kept()).toEqual(kept);
    const replaced = laptop.cli(["player", "new", "--server", base, "--replace"]);
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(laptop.kept().player).not.toBe(kept.player);
    // The replaced player's recovery code is said once more, so it is not lost.
    expect(replaced.stderr).toContain(`replaced player ${kept.player}`);
    expect(replaced.stderr).toContain(kept.recoveryCode);
    expect(statSync(laptop.file).mode & 0o777).toBe(0o600);
  });

  it("recover: carries the player to another device; the old secret and code stop working", async () => {
    const laptop = device();
    expect(laptop.cli(["player", "new", "--server", base]).status).toBe(0);
    const old = laptop.kept();
    const phone = device();
    const moved = phone.cli(["player", "recover", old.recoveryCode.toLowerCase(), "--server", base]);
    expect(moved.status, moved.stderr).toBe(0);
    const now = phone.kept();
    expect(now.player).toBe(old.player);
    expect(now.secret).not.toBe(old.secret);
    expect(now.recoveryCode).not.toBe(old.recoveryCode);
    expect(statSync(phone.file).mode & 0o777).toBe(0o600);
    expect((await me(now)).status).toBe(200);
    expect((await me(old)).status).toBe(401);
    // The laptop's session is refused by name, not played anonymously.
    const refused = laptop.cli(["blast", "--json", "--server", base, "--seed", "1"], '{"cmd":"state"}\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("BAD_PLAYER");
    expect(refused.stdout).toBe("");
    const reused = device().cli(["player", "recover", old.recoveryCode, "--server", base]);
    expect(reused.status).toBe(1);
    expect(reused.stderr).toContain("BAD_RECOVERY_CODE");
  });

  it("refuses wrong use with a message: usage errors exit 2, a missing player or server 1", () => {
    const d = device();
    const usage: [string[], string][] = [
      [["player"], "player needs new, recover or show"],
      [["player", "new"], "--server needs the server's URL"],
      [["player", "new", "--server", "ftp://example.com"], "http:// or https://"],
      [["player", "recover", "--server", base], "one recovery code"],
      [["player", "jump"], "unknown player command 'jump'"],
      [["player", "new", "--server", base, "--bogus"], "--bogus"],
      [["blast", "--json", "--ranked"], "--ranked goes with --server URL"],
      [["blast", "--json", "--server", base, "--ranked", "--seed", "1"], "--ranked takes no --seed"],
    ];
    for (const [args, message] of usage) {
      const run = d.cli(args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toContain(message);
    }
    const none = d.cli(["player", "show"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(`no player kept in ${d.file}`);
    const ranked = d.cli(["blast", "--json", "--server", base, "--ranked"], '{"cmd":"state"}\n');
    expect(ranked.status).toBe(1);
    expect(ranked.stderr).toContain("a ranked game needs a player");
    const away = d.cli(["player", "new", "--server", "http://127.0.0.1:9"]);
    expect(away.status).toBe(1);
    expect(away.stderr).toContain("cannot reach http://127.0.0.1:9");
    // A damaged player file is named, not overwritten by `new`.
    d.cli(["player", "new", "--server", base]);
    writeFileSync(d.file, "{not json");
    expect(d.cli(["player", "show"]).stderr).toContain("is not a player file");
    expect(d.cli(["player", "new", "--server", base]).status).toBe(1);
    expect(readFileSync(d.file, "utf8")).toBe("{not json");
  });
});

describe("blockarcade <game> --json --server URL", () => {
  it("plays each line as a command of a server session, a reply per line, with stdin left open", async () => {
    const d = device();
    expect(d.cli(["player", "new", "--server", base]).status).toBe(0);
    // The game as the local JSON-lines mode plays it, to compare the server's replies with.
    const local = startGame(blastGame, 3, undefined);
    if (!local.ok) throw new Error("no game");
    const legal = handleLine(blastGame, local.value, '{"cmd":"legal"}').reply as Json;
    const move = JSON.stringify(legal.legal[0]);
    const sent = ['{"cmd":"legal"}', move, '{"cmd":"nope"}', "not json"];
    const expected: Json[] = [];
    let state = local.value;
    for (const line of sent) {
      const step = handleLine(blastGame, state, line);
      state = step.state;
      expected.push(step.reply);
    }
    const input = sent.map((line) => `${line}\n`).join("");
    const run = await runOpenStdin(["blast", "--json", "--server", base, "--seed", "3"], input, {
      env: d.env,
      until: (out) => out.split("\n").length > 5,
    });
    // Still running: it answers each line as it comes, and waits for more.
    expect(run.status, run.stderr).toBe("running");
    const replies = lines(run.stdout);
    expect(replies).toHaveLength(5);
    const [start, ...answered] = replies;
    expect(start.ok).toBe(true);
    expect(start.state).toEqual(local.value);
    expect(start.seq).toBe(0);
    // The server's replies are the engine's, with the session's seq; the error messages of a line
    // that is not JSON are the server's own.
    expect(answered.map((reply: Json) => reply.seq)).toEqual([0, 1, 1, undefined]);
    expect(answered.slice(0, 3).map(({ seq, ...reply }: Json) => reply)).toEqual(expected.slice(0, 3));
    expect(answered[3]).toMatchObject({ ok: false, error: { code: "BAD_JSON" }, state });
    expect(expected[3]).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    // The server holds the game: its session logged the one move.
    const session = (await (await fetch(`${base}/api/games/${start.id}`)).json()) as Json;
    expect(session.seq).toBe(1);
    expect(session.state).toEqual(state);
  });

  it("ends with exit 0 at the end of input", () => {
    const d = device();
    const run = d.cli(["puzzle", "--json", "--server", base, "--seed", "5"], '{"cmd":"state"}\n');
    expect(run.status, run.stderr).toBe(0);
    expect(lines(run.stdout).map((reply) => reply.ok)).toEqual([true, true]);
  });

  it("--ranked asks the server for a ranked session as the kept player, and says what the server answered", async () => {
    const d = device();
    expect(d.cli(["player", "new", "--server", base]).status).toBe(0);
    const kept = d.kept();
    // The same request, made directly: what this server does with a ranked session.
    const direct = await fetch(`${base}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${kept.player}.${kept.secret}` },
      body: JSON.stringify({ game: "blast", ranked: true }),
    });
    const answer = (await direct.json()) as Json;
    const run = await runOpenStdin(["blast", "--json", "--server", base, "--ranked"], '{"cmd":"state"}\n', {
      env: d.env,
      until: (out) => out.split("\n").length > 2,
    });
    if (direct.status === 201) {
      expect(run.status, run.stderr).toBe("running");
      const [start, state] = lines(run.stdout);
      expect(start.ranked).toBe(true);
      expect(state.ok).toBe(true);
    } else {
      // A server without ranked sessions refuses it: the CLI says so, in the server's words.
      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(`the server refused the game: ${answer.error.code}`);
    }
  });
});
