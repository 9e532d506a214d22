/** Black or white, whichever reads better on a fill ("#rrggbb" or "rgb(r,g,b)"): the colour-blind letters' ink. */
export function inkOn(fill: string): "#000000" | "#ffffff" {
  const m = fill.startsWith("#")
    ? [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16))
    : (fill.match(/\d+/g) ?? []).map(Number);
  const [r, g, b] = m.map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black (y + 0.05) / 0.05 beats contrast with white 1.05 / (y + 0.05) above y = 0.179.
  return y > 0.179 ? "#000000" : "#ffffff";
}
