import { GAMES } from "@blockarcade/engine";
import { GAME_IDS } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { fromBase64Url, MAX_PACKED_CHARS, packGame, toBase64Url, unpackGame } from "./replay-pack";

/** A few legal moves of each game from its default config, as a packed link would carry them. */
function someCommands(id: (typeof GAME_IDS)[number]): unknown[] {
  const game = GAMES[id];
  let state = game.newGame(game.defaultConfig, 7);
  const commands: unknown[] = [];
  for (let i = 0; i < 6 && !state.over; i++) {
    const move = game.legal(state)[(i * 5) % game.legal(state).length];
    const next = game.apply(state, move);
    if (!next.ok) break;
    commands.push(move);
    state = next.state;
  }
  return commands;
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("replay links", () => {
  it.each(GAME_IDS)("%s: a packed game unpacks to the same game, seed, config and commands", async (id) => {
    const game = {
      game: id,
      seed: 4_000_000_000,
      config: GAMES[id].defaultConfig,
      commands: someCommands(id),
    };
    const packed = await packGame(game);
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    const back = await unpackGame(`#${packed}`);
    expect(back).toEqual({ ok: true, value: { ...game, config: game.config } });
  });

  it("keeps ticks cheap: a thousand clock ticks pack into a short link", async () => {
    const commands = Array.from({ length: 1000 }, () => ({ cmd: "tick" }));
    const packed = await packGame({ game: "stacker", seed: 1, config: { size: 10 }, commands });
    expect(packed.length).toBeLessThan(200);
    const back = await unpackGame(packed);
    expect(back.ok && back.value.commands.length).toBe(1000);
  });

  it("refuses a bad, cut or foreign link with a reason a player can read, never throwing", async () => {
    const good = await packGame({ game: "blast", seed: 5, config: {}, commands: someCommands("blast") });
    const cases: [string, RegExp][] = [
      ["", /no game/],
      ["#", /no game/],
      ["#not base64!", /damaged or cut short/],
      [`#${good.slice(0, Math.floor(good.length / 2))}`, /damaged or cut short/],
      [`#${good.slice(0, -3)}`, /damaged or cut short/],
      ["#AAAA", /damaged or cut short/],
      [`#${"A".repeat(MAX_PACKED_CHARS + 1)}`, /too long/],
    ];
    for (const [link, reason] of cases) {
      const got = await unpackGame(link);
      expect(got.ok, link.slice(0, 40)).toBe(false);
      if (!got.ok) expect(got.message, link.slice(0, 40)).toMatch(reason);
    }
  });

  it("refuses well-formed links that are not a replay: another version, game, a bad seed or no moves", async () => {
    const pack = async (value: unknown) => `#${toBase64Url(await deflate(JSON.stringify(value)))}`;
    const base = { v: 1, game: "puzzle", seed: 3, config: null, commands: [] };
    expect(await unpackGame(await pack(base))).toEqual({
      ok: true,
      value: { game: "puzzle", seed: 3, config: undefined, commands: [] },
    });
    const refusals: [unknown, RegExp][] = [
      [{ ...base, v: 2 }, /another version/],
      [{ ...base, game: "chess" }, /no game of the arcade/],
      [{ ...base, seed: -1 }, /damaged/],
      [{ ...base, seed: 2 ** 32 }, /damaged/],
      [{ ...base, commands: "place" }, /damaged/],
      [[1, 2, 3], /damaged/],
      ["text", /damaged/],
    ];
    for (const [value, reason] of refusals) {
      const got = await unpackGame(await pack(value));
      expect(got.ok).toBe(false);
      if (!got.ok) expect(got.message).toMatch(reason);
    }
    const notJson = await unpackGame(`#${toBase64Url(await deflate("{not json"))}`);
    expect(notJson.ok).toBe(false);
  });

  it("reads base64url with or without padding and refuses other characters", () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const text = toBase64Url(bytes);
    expect(text).not.toMatch(/[+/=]/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(fromBase64Url(`${toBase64Url(bytes.subarray(0, 2))}==`)).toBeUndefined();
    expect(fromBase64Url(toBase64Url(bytes.subarray(0, 2)))).toEqual(bytes.subarray(0, 2));
    expect(fromBase64Url("a+b/")).toBeUndefined();
    expect(fromBase64Url("abcde")).toBeUndefined();
  });
});
