import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db.js";
import { SessionStore } from "../src/sessions.js";

describe("SessionStore", () => {
  it("replays a session evicted from the cache to the same state", () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ba-store-")), "data"));
    const store = new SessionStore(db, 2);
    const ids: string[] = [];
    for (const input of ["5 8 H^^* V*@^", "6 6 V~@~", "4 4 H**@"]) {
      const created = store.create("match3", 9, { input });
      if (!created.ok) throw new Error(created.error.message);
      ids.push(created.session.id);
    }
    const first = ids[0] as string;
    const a = store.command(first, { cmd: "frame", commands: "L" });
    const b = store.command(first, { cmd: "frame", commands: "RD" });
    expect(a.found && a.reply.ok && b.found && b.reply.ok).toBe(true);
    const expected = JSON.stringify(store.get(first)?.state);
    // Touch the two others so the first is the least recently used and falls out of the cache.
    store.get(ids[1] as string);
    store.get(ids[2] as string);
    const again = new SessionStore(db, 2);
    expect(JSON.stringify(again.get(first)?.state)).toBe(expected);
    expect(JSON.stringify(store.get(first)?.state)).toBe(expected);
    expect(store.get("nope")).toBeUndefined();
    expect(store.command("nope", { cmd: "state" })).toEqual({ found: false });
    db.close();
  });

  it("keeps only the commands that changed the state", () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ba-store-")), "data"));
    const store = new SessionStore(db);
    const created = store.create("match3", 1, { input: "5 8 H^^*" });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.session.id;
    store.command(id, { cmd: "state" });
    store.command(id, { cmd: "legal" });
    store.command(id, { cmd: "frame", commands: 7 });
    store.command(id, { cmd: "frame", commands: "D" });
    store.command(id, { cmd: "frame", commands: "D" }); // over: refused
    const rows = db.prepare("SELECT command FROM session_commands WHERE session_id = ?").all(id);
    expect(rows).toEqual([{ command: '{"cmd":"frame","commands":"D"}' }]);
    db.close();
  });
});
