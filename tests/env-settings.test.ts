/**
 * Every environment variable the server reads is in docs/service.md's "Settings" table and in
 * .env.example, and neither names one nothing reads (issue 25: one table of every variable).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The bodies of the functions that read the environment (`securityFromEnv`, `computeFromEnv`...). */
function envReaders(text: string): string[] {
  return [...text.matchAll(/function \w+FromEnv\([\s\S]*?\n}\n/g)].map((m) => m[0]);
}

/** `env.NAME`, `process.env.NAME`, and the `["key", "NAME"]` tuples inside the *FromEnv readers. */
function readNames(text: string): string[] {
  const direct = [...text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] as string);
  const tuples = envReaders(text).flatMap((body) =>
    [...body.matchAll(/\[\s*"\w+",\s*"([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1] as string),
  );
  return [...direct, ...tuples];
}

const serverNames = new Set(sources("apps/server/src").flatMap((file) => readNames(read(file))));
const scriptNames = new Set(
  ["scripts/backup.mjs", "scripts/restore.mjs", "scripts/backup-tools.mjs"].flatMap((file) =>
    readNames(read(file)),
  ),
);
// Set by the Docker image or the shell, not settings of the arcade.
const NOT_SETTINGS = new Set(["PATH"]);
const read_ = new Set([...serverNames, ...scriptNames].filter((name) => !NOT_SETTINGS.has(name)));

describe("settings", () => {
  it("finds the variables the server reads", () => {
    for (const name of [
      "PORT",
      "DATABASE_URL",
      "RATE_LIMIT_COMMANDS",
      "COMPUTE_THREADS",
      "CORS_ORIGINS",
      "METRICS_PORT",
    ]) {
      expect(serverNames.has(name), name).toBe(true);
    }
  });

  it("docs/service.md's Settings table has exactly the variables read", () => {
    const doc = read("docs/service.md");
    const section = doc.slice(
      doc.indexOf("\n## Settings\n"),
      doc.indexOf("\n## ", doc.indexOf("\n## Settings\n") + 5),
    );
    const listed = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1] as string);
    expect([...listed].sort()).toEqual([...read_].sort());
  });

  it(".env.example comments every variable read, and no other", () => {
    const listed = [...read(".env.example").matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string);
    expect([...new Set(listed)].sort()).toEqual([...read_].sort());
  });
});
