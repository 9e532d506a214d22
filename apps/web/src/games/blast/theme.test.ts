import {
  CELL_GAP,
  CELL_SIZE,
  CLEAR_ANIMATION_MS,
  FINGER_OFFSET,
  PIECE_COLOURS,
  THEME,
} from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { TOUCH_LIFT_PX } from "../tray/drag-feel";
import { POP_MS } from "./effects";
import { opaque, themeStyle } from "./theme";

describe('look (docs/games/blast.md "Look")', () => {
  it("uses the theme, piece colours and sizes of the rules' tables", () => {
    expect(THEME).toEqual({
      background: "#1a1a2e",
      boardBackground: "#16213e",
      emptyCell: "#1e2d4a",
      cellBorder: "#0f1b30",
      ghostValid: "rgba(46, 204, 113, 0.4)",
      ghostInvalid: "rgba(231, 76, 60, 0.4)",
      textPrimary: "#ffffff",
      textSecondary: "#8899aa",
      streakGlow: "#f1c40f",
    });
    expect(PIECE_COLOURS.map((c) => c.name)).toEqual([
      "red",
      "orange",
      "yellow",
      "green",
      "teal",
      "blue",
      "indigo",
      "purple",
      "pink",
      "brown",
    ]);
    expect(new Set(PIECE_COLOURS.map((c) => c.hex)).size).toBe(10);
    expect([CELL_SIZE, CELL_GAP, FINGER_OFFSET, CLEAR_ANIMATION_MS]).toEqual([48, 2, 40, 450]);
    expect(TOUCH_LIFT_PX).toBe(FINGER_OFFSET);
  });

  it("hands every colour and timed duration to the CSS once, as custom properties", async () => {
    // Read from disk: the test runner hands stylesheets to tests empty.
    const fsModule: string = "node:fs";
    const { readFileSync } = (await import(fsModule)) as {
      readFileSync(path: URL, encoding: "utf8"): string;
    };
    const css = readFileSync(new URL("./blast.css", import.meta.url), "utf8");
    const style = themeStyle();
    expect(style["--blast-bg"]).toBe(THEME.background);
    expect(style["--blast-gold"]).toBe(THEME.streakGlow);
    expect(style["--blast-clear-ms"]).toBe("450ms");
    expect(style["--blast-pop-ms"]).toBe(`${POP_MS}ms`);
    // The ghost's ring while dragging: the ghost colours, solid.
    expect(style["--blast-ghost-valid-solid"]).toBe("rgb(46, 204, 113)");
    expect(style["--blast-ghost-invalid-solid"]).toBe("rgb(231, 76, 60)");
    expect(opaque("#123456")).toBe("#123456");
    // The stylesheet reads them and writes none of those numbers itself.
    for (const name of [
      "--blast-clear-ms",
      "--blast-pop-ms",
      "--blast-celebration-ms",
      "--blast-gold",
      "--blast-ghost-valid-solid",
      "--blast-ghost-invalid-solid",
    ]) {
      expect(css).toContain(`var(${name})`);
    }
    for (const copy of ["450ms", "0.45s", "0.2s", "200ms", "1.2s", "1200ms", "#f1c40f", "#1a1a2e"]) {
      expect(css.includes(copy), copy).toBe(false);
    }
    // Reduced motion is the arcade setting's alone: no media query of the game's own.
    expect(css).not.toContain("prefers-reduced-motion");
  });
});
