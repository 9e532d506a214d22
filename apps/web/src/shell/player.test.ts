import { describe, expect, it } from "vitest";
import { realServerForTests } from "../testing/real-server";
import { authorization, ensurePlayer, forgetPlayer, readPlayer, recoverPlayer } from "./player";

// The real service on a real port, reached through fetch as the page reaches it.
const server = realServerForTests("player");

const me = (headers: Record<string, string>) =>
  fetch(`${server.base}/api/players/me`, { headers }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe("the player's identity", () => {
  it("is made once by the server, however many games ask at the same time, and is kept", async () => {
    forgetPlayer();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => ensurePlayer(server)));
    if (!a?.ok || !b?.ok || !c?.ok) throw new Error("no player");
    expect(b.value).toEqual(a.value);
    expect(c.value).toEqual(a.value);
    expect(a.value.player).toMatch(/^p_/);
    expect(a.value.recoveryCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/);
    expect(readPlayer()).toEqual(a.value);
    // The server knows it by its bearer token.
    const known = await me(authorization(a.value));
    expect(known.status).toBe(200);
    expect(known.body.player).toBe(a.value.player);
    // Asked again, the kept one answers without the server.
    expect(await ensurePlayer({ base: "http://127.0.0.1:9" })).toEqual({ ok: true, value: a.value });
  });

  it("moves to another device with its recovery code; the old secret and code stop working", async () => {
    forgetPlayer();
    const first = await ensurePlayer(server);
    if (!first.ok) throw new Error("no player");
    forgetPlayer();
    // Another device: the code typed in lower case with spaces around.
    const moved = await recoverPlayer(`  ${first.value.recoveryCode.toLowerCase()} `, server);
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.value.player).toBe(first.value.player);
    expect(moved.value.secret).not.toBe(first.value.secret);
    expect(moved.value.recoveryCode).not.toBe(first.value.recoveryCode);
    expect(readPlayer()).toEqual(moved.value);
    expect((await me(authorization(moved.value))).status).toBe(200);
    expect((await me(authorization(first.value))).status).toBe(401);
    const again = await recoverPlayer(first.value.recoveryCode, server);
    expect(again).toMatchObject({ ok: false, kind: "refused", code: "BAD_RECOVERY_CODE" });
    // A refused code leaves this device's identity as it was.
    expect(readPlayer()).toEqual(moved.value);
  });
});
