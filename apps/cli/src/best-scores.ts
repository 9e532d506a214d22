/**
 * Best scores kept between runs, per game and config (a Puzzle 8 x 8 best is not a 10 x 6 one), in
 * the platform's config folder: `$XDG_CONFIG_HOME/blockarcade/best-scores.json` when XDG_CONFIG_HOME
 * is set, else `~/.config/blockarcade` on Linux, `%APPDATA%\blockarcade` on Windows and
 * `~/Library/Application Support/blockarcade` on macOS. A file that is not ours is reported once
 * and replaced at the next write; a folder that cannot be written is reported; neither ends a game.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { TerminalIo } from "./play/types.js";

/** The folder the CLI keeps its files in on this platform. */
export function configDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "blockarcade");
  if (platform === "win32") {
    const appData = env.APPDATA;
    return join(
      appData && isAbsolute(appData) ? appData : join(homedir(), "AppData", "Roaming"),
      "blockarcade",
    );
  }
  if (platform === "darwin") return join(homedir(), "Library", "Application Support", "blockarcade");
  return join(homedir(), ".config", "blockarcade");
}

export function bestScoresPath(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  return join(configDir(env, platform), "best-scores.json");
}

interface Kept {
  score: number;
  /** When it was set (ISO time). */
  date: string;
}

interface BestFile {
  version: 1;
  scores: Record<string, Kept>;
}

/** The key of one board: the game and its config as the engine spelled it (fixed key order). */
export function bestKey(game: string, config: unknown): string {
  return `${game} ${JSON.stringify(config ?? {})}`;
}

/** What a finished game did to the best: `previous` is the best before it (undefined: none). */
export interface BestResult {
  previous: number | undefined;
  isNew: boolean;
}

export class BestScores {
  private reported = false;

  constructor(
    private readonly io: Pick<TerminalIo, "stderr">,
    readonly path = bestScoresPath(),
  ) {}

  /** The best kept for `key`, undefined when none. */
  get(key: string): number | undefined {
    return this.read()[key]?.score;
  }

  /**
   * Keeps `score` when it beats the best of earlier games (a 0 never becomes a best); the file is
   * read again first so two terminals playing at once both keep theirs.
   */
  record(key: string, score: number): BestResult {
    const scores = this.read();
    const previous = scores[key]?.score;
    const isNew = score > (previous ?? 0);
    if (isNew) {
      scores[key] = { score, date: new Date().toISOString() };
      this.write({ version: 1, scores });
    }
    return { previous, isNew };
  }

  private read(): Record<string, Kept> {
    if (!existsSync(this.path)) return {};
    try {
      const file = JSON.parse(readFileSync(this.path, "utf8")) as Partial<BestFile> | null;
      if (file?.version !== 1 || typeof file.scores !== "object" || file.scores === null)
        throw new Error("no version 1 scores");
      const scores: Record<string, Kept> = {};
      for (const [key, kept] of Object.entries(file.scores)) {
        if (Number.isSafeInteger(kept?.score) && kept.score >= 0 && typeof kept.date === "string")
          scores[key] = { score: kept.score, date: kept.date };
      }
      return scores;
    } catch (err) {
      this.report(`${this.path} is not a best-score file (${(err as Error).message}); it will be replaced`);
      return {};
    }
  }

  /** The whole file through a temp file renamed over it, so a crash never leaves half a file. */
  private write(file: BestFile): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.path, ".."), { recursive: true, mode: 0o700 });
      writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`);
      renameSync(temp, this.path);
    } catch (err) {
      this.report(`cannot keep the best score in ${this.path}: ${(err as Error).message}`);
    }
  }

  private report(message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.io.stderr.write(`blockarcade: ${message}\n`);
  }
}

/** The line shown as a game starts. */
export function bestLine(best: number | undefined): string {
  return best === undefined ? "Best: none yet." : `Best: ${best}.`;
}

/** The words after "Final score: N." once the game is kept. */
export function bestWords(result: BestResult): string {
  if (result.isNew) return result.previous === undefined ? "New best!" : `New best! (was ${result.previous})`;
  return result.previous === undefined ? "" : `Best: ${result.previous}.`;
}

/** "Final score: N." and what it did to the best, for every way a game ends. */
export function finalLine(score: number, result: BestResult | undefined): string {
  const words = result === undefined ? "" : bestWords(result);
  return `Final score: ${score}.${words ? ` ${words}` : ""}`;
}

/** The final line of a game the computer played: shown beside the best, never kept as it. */
export function computerFinalLine(score: number, best: number | undefined): string {
  return `Final score: ${score}, played by the computer (not kept as your best). ${bestLine(best)}`;
}
