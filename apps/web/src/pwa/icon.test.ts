import { describe, expect, it } from "vitest";
import { crc32, iconPixels, iconPng, iconSvg } from "./icon";

/** The PNG's chunks: type and data, each CRC checked. */
function chunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const pixel = (pixels: Uint8Array, size: number, x: number, y: number) => [
  ...pixels.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
];

describe("the arcade's icon", () => {
  it("computes the standard CRC-32 (PNG's IEND chunk)", () => {
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
  });

  it("encodes a PNG that decodes back to its pixels", async () => {
    const size = 48;
    const png = await iconPng(size);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = new DataView(parts[0]?.data.buffer ?? new ArrayBuffer(0), parts[0]?.data.byteOffset);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([size, size]);
    expect([...(parts[0]?.data.subarray(8) ?? [])]).toEqual([8, 6, 0, 0, 0]);
    const raw = await inflate(parts[1]?.data ?? new Uint8Array(0));
    expect(raw.length).toBe(size * (size * 4 + 1));
    const pixels = iconPixels(size);
    for (let y = 0; y < size; y++) {
      expect(raw[y * (size * 4 + 1)]).toBe(0);
      expect([...raw.subarray(y * (size * 4 + 1) + 1, (y + 1) * (size * 4 + 1))]).toEqual([
        ...pixels.subarray(y * size * 4, (y + 1) * size * 4),
      ]);
    }
  });

  it("draws four coloured blocks on the night-blue tile, with rounded (transparent) corners", () => {
    const size = 64;
    const pixels = iconPixels(size);
    // Blocks' centres (10 and 22 of 32 units).
    expect(pixel(pixels, size, 20, 20)).toEqual([0xe7, 0x4c, 0x3c, 255]);
    expect(pixel(pixels, size, 44, 20)).toEqual([0xf1, 0xc4, 0x0f, 255]);
    expect(pixel(pixels, size, 20, 44)).toEqual([0x2e, 0xcc, 0x71, 255]);
    expect(pixel(pixels, size, 44, 44)).toEqual([0x34, 0x98, 0xdb, 255]);
    // Between the blocks: the tile.
    expect(pixel(pixels, size, 32, 32)).toEqual([0x1a, 0x1a, 0x2e, 255]);
    expect(pixel(pixels, size, 0, 0)[3]).toBe(0);
  });

  it("keeps a maskable icon's blocks inside the launcher's 80% circle and fills every corner", () => {
    const size = 100;
    const pixels = iconPixels(size, true);
    for (const [x, y] of [
      [0, 0],
      [99, 0],
      [0, 99],
      [99, 99],
    ] as const) {
      expect(pixel(pixels, size, x, y)).toEqual([0x1a, 0x1a, 0x2e, 255]);
    }
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const outside = Math.hypot(x + 0.5 - 50, y + 0.5 - 50) > 40;
        if (outside) expect(pixel(pixels, size, x, y), `${x},${y}`).toEqual([0x1a, 0x1a, 0x2e, 255]);
      }
    }
  });

  it("is the same picture as an SVG", () => {
    const svg = iconSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(svg.match(/<rect /g)).toHaveLength(5);
    for (const color of ["#1a1a2e", "#e74c3c", "#f1c40f", "#2ecc71", "#3498db"]) expect(svg).toContain(color);
  });
});
