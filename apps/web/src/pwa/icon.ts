/**
 * The arcade's icon, drawn once in code: four coloured blocks on the night-blue tile (the same
 * picture as public/favicon.svg and the top bar's logo). The build (vite.config.ts) writes it as
 * the web app manifest's icons: an SVG, PNGs at the sizes installers ask for, and a maskable PNG
 * whose blocks sit inside the circle a launcher may crop to. No image tool is needed: the PNGs are
 * rasterised and encoded here.
 */

/** A rounded square on a 32-unit canvas. */
interface Block {
  x: number;
  y: number;
  size: number;
  radius: number;
  color: string;
}

export const ICON_BACKGROUND = "#1a1a2e";

const BLOCKS: readonly Block[] = [
  { x: 5, y: 5, size: 10, radius: 2, color: "#e74c3c" },
  { x: 17, y: 5, size: 10, radius: 2, color: "#f1c40f" },
  { x: 5, y: 17, size: 10, radius: 2, color: "#2ecc71" },
  { x: 17, y: 17, size: 10, radius: 2, color: "#3498db" },
];

/**
 * A maskable icon's launcher may crop it to a circle of 80% of its width: the blocks are shrunk
 * about the centre until their far corners (15.6 units out) sit inside that circle (12.8 units).
 */
const MASKABLE_SCALE = 0.8;

function layout(maskable: boolean): { tile: Block; blocks: Block[] } {
  const k = maskable ? MASKABLE_SCALE : 1;
  const scale = (b: Block): Block => ({
    ...b,
    x: 16 + (b.x - 16) * k,
    y: 16 + (b.y - 16) * k,
    size: b.size * k,
    radius: b.radius * k,
  });
  // A maskable icon is a full square (the launcher gives it its shape); the plain one is rounded.
  const tile = { x: 0, y: 0, size: 32, radius: maskable ? 0 : 6, color: ICON_BACKGROUND };
  return { tile, blocks: BLOCKS.map(scale) };
}

/** The icon as an SVG document (sizes "any"). */
export function iconSvg(maskable = false): string {
  const { tile, blocks } = layout(maskable);
  const rect = (b: Block) =>
    `<rect x="${b.x}" y="${b.y}" width="${b.size}" height="${b.size}" rx="${b.radius}" fill="${b.color}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Block Arcade</title>${[tile, ...blocks].map(rect).join("")}</svg>`;
}

function inside(b: Block, x: number, y: number): boolean {
  if (x < b.x || y < b.y || x > b.x + b.size || y > b.y + b.size) return false;
  // Within a corner's square, the point must be within the corner's circle.
  const cx = Math.min(Math.max(x, b.x + b.radius), b.x + b.size - b.radius);
  const cy = Math.min(Math.max(y, b.y + b.radius), b.y + b.size - b.radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= b.radius ** 2;
}

function rgb(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** SAMPLES x SAMPLES points per pixel: smooth edges without an image library. */
const SAMPLES = 4;

/** The icon as `size` x `size` RGBA pixels, row by row (what a PNG's scanlines hold). */
export function iconPixels(size: number, maskable = false): Uint8Array {
  const { tile, blocks } = layout(maskable);
  const shapes = [tile, ...blocks].map((b) => ({ b, c: rgb(b.color) }));
  const out = new Uint8Array(size * size * 4);
  const unit = 32 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit;
          const y = (py + (sy + 0.5) / SAMPLES) * unit;
          // The topmost shape under the point paints it (the blocks lie on the tile).
          for (let i = shapes.length - 1; i >= 0; i--) {
            const s = shapes[i];
            if (s && inside(s.b, x, y)) {
              r += s.c[0];
              g += s.c[1];
              bl += s.c[2];
              a += 1;
              break;
            }
          }
        }
      }
      const o = (py * size + px) * 4;
      // Colour averaged over the covered samples, coverage as alpha (straight, not premultiplied).
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(bl / a) : 0;
      out[o + 3] = Math.round((a * 255) / (SAMPLES * SAMPLES));
    }
  }
  return out;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 255] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib-wrapped deflate (what a PNG's IDAT holds), with the platform's CompressionStream. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** RGBA pixels (`size` x `size`) as a PNG file: 8-bit truecolour with alpha, no filters. */
export async function encodePng(pixels: Uint8Array, size: number): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8);
  // Each scanline starts with its filter type (0: none).
  const raw = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The icon as a PNG file. */
export function iconPng(size: number, maskable = false): Promise<Uint8Array> {
  return encodePng(iconPixels(size, maskable), size);
}
