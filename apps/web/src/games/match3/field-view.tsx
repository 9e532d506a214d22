/**
 * Draws the field: stationary cells, the falling brick marked with a bright frame, and (Arcade)
 * the drop ghost where D would put it.
 */
import type { ActiveBrick, BrickSymbol } from "@blockarcade/engine/games/match3";
import { t } from "./messages";
import { SymbolGlyph, symbolName } from "./symbols";

export interface FieldViewProps {
  board: readonly string[];
  active: ActiveBrick | null;
  /** Cells just removed by a match, flashed briefly. */
  removed?: ReadonlySet<string>;
  /** Where the hint's commands would put the brick: outlined, not played. */
  hint?: ActiveBrick | null;
  /** Where a drop (D) would put the brick (the engine's applyMoves): a faint outline. */
  ghost?: ActiveBrick | null;
  /** A refused move: the field bumps once (a new number each time). */
  bump?: number;
  /** Arcade: cells that just fell into a gap (`row,col` -> rows fallen), drawn falling into place. */
  fell?: ReadonlyMap<string, number>;
}

function describeField(board: readonly string[], active: ActiveBrick | null): string {
  const width = board[0]?.length ?? 0;
  const filled = board.reduce((n, row) => n + [...row].filter((ch) => ch !== "." && ch !== "#").length, 0);
  const stones = board.filter((row) => row.length > 0 && [...row].every((ch) => ch === "#")).length;
  const parts = [t("fieldDescription", { width, height: board.length, filled })];
  if (stones > 0) parts.push(t("stoneRows", { n: stones }));
  if (active) {
    const [a, , c] = active.cells;
    const names = active.cells.map(([, , s]) => symbolName(s)).join(", ");
    parts.push(
      a[0] === c[0]
        ? t("fallingRow", { names, row: a[0] + 1, from: a[1] + 1, to: c[1] + 1 })
        : t("fallingColumn", { names, col: a[1] + 1, from: a[0] + 1, to: c[0] + 1 }),
    );
  }
  return `${parts.join("; ")}.`;
}

export function FieldView({ board, active, removed, hint, ghost, bump, fell }: FieldViewProps) {
  const height = board.length;
  const width = board[0]?.length ?? 0;
  const activeAt = new Map<string, BrickSymbol>();
  for (const [r, c, s] of active?.cells ?? []) activeAt.set(`${r},${c}`, s);
  const hintAt = new Set((hint?.cells ?? []).map(([r, c]) => `${r},${c}`));
  const ghostAt = new Set((ghost?.cells ?? []).map(([r, c]) => `${r},${c}`));
  const cells = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const key = `${r},${c}`;
      const falling = activeAt.get(key);
      const ch = falling ?? board[r]?.[c] ?? ".";
      const cls = ["match3-cell"];
      if (falling) cls.push("is-active");
      if (removed?.has(key)) cls.push("is-removed");
      if (hintAt.has(key)) cls.push("is-hint");
      if (ghostAt.has(key) && !falling) cls.push("is-ghost");
      const rows = falling ? undefined : fell?.get(key);
      if (rows !== undefined) cls.push("is-fell");
      if (ch === "#") cls.push("is-stone");
      cells.push(
        <div
          key={key}
          class={cls.join(" ")}
          data-symbol={ch}
          data-hint={hintAt.has(key) ? "" : undefined}
          style={rows !== undefined ? { "--fall": String(rows) } : undefined}
        >
          {ch !== "." && ch !== "#" && <SymbolGlyph symbol={ch as BrickSymbol} />}
        </div>,
      );
    }
  }
  return (
    <div
      class={bump ? `match3-field is-bump-${bump % 2}` : "match3-field"}
      role="img"
      aria-label={describeField(board, active)}
      data-testid="match3-field"
      style={{ "--cols": String(width), "--rows": String(height) }}
    >
      {cells}
    </div>
  );
}
