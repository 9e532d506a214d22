/**
 * The worst positions found for Match-3's computer player (bench/match3-worst.ts, which rewrites
 * this file with --write): regression fixtures for the work bound (computer.test.ts).
 */
import type { ArcadeConfig, ClassicConfig } from "./types.js";

export interface WorstPosition {
  config: ClassicConfig | ArcadeConfig;
  board: string[];
  active: { cells: [[number, number, string], [number, number, string], [number, number, string]] };
  queue: string[];
}

export const WORST_POSITIONS: WorstPosition[] = [];
