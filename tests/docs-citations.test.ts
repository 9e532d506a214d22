/**
 * Every section a comment or a doc cites exists (docs/testing.md "Docs that are checked"). The
 * finder and the matcher are proven on small texts first, so a pass means something.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  brokenCitations,
  citations,
  fileReader,
  headingNames,
  headings,
  slug,
  sourceFiles,
} from "./docs-citations.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// This file's own examples cite missing sections on purpose.
const self = "tests/docs-citations.test.ts";

const Q = '"';
const guide = [
  "# Guide",
  "## Operations: liveness, readiness",
  `### Keys (\`{${Q}cmd${Q}:${Q}key${Q}}\`)`,
  "```sh",
  "# not a heading",
  "```",
  "## The `hint` command",
  "",
  "**The bound.** A paragraph's lead-in names a subsection.",
  "- **Memory bound** (`sessions.ts`). So does a list item's.",
  "Text with **bold** inside a line is not one.",
].join("\n");
const inMemory = (files: Record<string, string>) => (path: string) => files[path] ?? null;

describe("the citation check", () => {
  it("reads headings outside code fences, and names a heading by its text or its title", () => {
    expect(headings(guide)).toEqual([
      "Guide",
      "Operations: liveness, readiness",
      `Keys (\`{${Q}cmd${Q}:${Q}key${Q}}\`)`,
      "The `hint` command",
      "**The bound.**",
      "**Memory bound**",
    ]);
    expect(headingNames("**The bound.**")).toEqual(["The bound"]);
    expect(headingNames("Operations: liveness, readiness")).toEqual([
      "Operations: liveness, readiness",
      "Operations",
    ]);
    expect(headingNames("Recorded games (`apps/server/test/fixtures`)")).toEqual([
      "Recorded games (apps/server/test/fixtures)",
      "Recorded games",
    ]);
    expect(headingNames("The `hint` command")).toEqual(["The hint command"]);
    expect(slug("Throughput and scale")).toBe("throughput-and-scale");
    expect(slug("Expensive work, CPU shares and memory")).toBe("expensive-work-cpu-shares-and-memory");
  });

  it("finds every form: plain, linked, in backticks, escaped, lists, across comment lines, anchors", () => {
    const source = [
      "/**",
      ` * One (docs/guide.md ${Q}Guide${Q}), two (docs/guide.md`,
      ` * ${Q}Operations${Q}, ${Q}Keys${Q} and ${Q}Missing${Q}).`,
      " */",
      `const s = "docs/guide.md \\${Q}The hint command\\${Q}";`,
      `// [docs/guide.md](docs/guide.md#operations-liveness-readiness) and \`docs/guide.md\` ${Q}Nope${Q}`,
      `readFileSync(new URL("../README.md", import.meta.url), "utf8"); // docs/guide.md alone`,
    ].join("\n");
    const found = citations(source, "apps/x/src/a.ts");
    expect(found.map(({ line, target, names, anchor }) => ({ line, target, names, anchor }))).toEqual([
      { line: 2, target: "docs/guide.md", names: ["Guide"], anchor: undefined },
      { line: 2, target: "docs/guide.md", names: ["Operations", "Keys", "Missing"], anchor: undefined },
      { line: 5, target: "docs/guide.md", names: ["The hint command"], anchor: undefined },
      { line: 6, target: "docs/guide.md", names: [], anchor: "operations-liveness-readiness" },
      { line: 6, target: "docs/guide.md", names: ["Nope"], anchor: undefined },
    ]);
  });

  it("names each missing file, heading and anchor, and passes the ones that exist", () => {
    const files = {
      "docs/guide.md": guide,
      "docs/other.md": `See [guide.md](guide.md) ${Q}Keys${Q}, [x](guide.md#the-hint-command) and [y](guide.md#nowhere).`,
      "apps/x/src/a.ts": `// docs/guide.md ${Q}Operations${Q}, ${Q}The bound${Q}, ${Q}Gone${Q}; docs/lost.md ${Q}Any${Q}; guide.md ${Q}Keys${Q}`,
    };
    const cited = Object.entries(files).flatMap(([file, text]) => citations(text, file));
    expect(brokenCitations(cited, inMemory(files))).toEqual([
      "docs/other.md:1: guide.md#nowhere: no heading has this anchor",
      'apps/x/src/a.ts:1: docs/guide.md "Gone": no such heading',
      "apps/x/src/a.ts:1: docs/lost.md: no such file",
      // From a source file a path is read from the root only.
      "apps/x/src/a.ts:1: guide.md: no such file",
    ]);
  });

  it("fires on a heading renamed in a real doc", () => {
    const read = fileReader(root);
    const service = read("docs/service.md") ?? "";
    const renamed = (path: string) =>
      path === "docs/service.md" ? service.replace(/^## Limits$/m, "## Size limits") : read(path);
    const cited = citations(`// docs/service.md ${Q}Limits${Q}`, "apps/server/src/x.ts");
    expect(brokenCitations(cited, read)).toEqual([]);
    expect(brokenCitations(cited, renamed)).toEqual([
      'apps/server/src/x.ts:1: docs/service.md "Limits": no such heading',
    ]);
  });
});

describe("the house's citations", () => {
  const read = fileReader(root);
  const files = sourceFiles(root, [
    ...["README.md", "docs", "packages", "apps", "scripts", "tests", "e2e", "biome-plugins"],
    ...["biome.json", "vitest.config.ts", "vitest.global-setup.ts", "playwright.config.ts", "Dockerfile"],
  ]).filter((file) => file !== self);
  const cited = files.flatMap((file) => citations(read(file) ?? "", file));

  it("are found in the code and the docs (about 200 names)", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/games/blast.md");
    expect(files).toContain("packages/engine/src/games/blast/search.ts");
    expect(files).toContain("biome.json");
    const names = cited.reduce((n, c) => n + c.names.length + (c.anchor === undefined ? 0 : 1), 0);
    expect(names).toBeGreaterThan(200);
  });

  it("each point at a file and a heading that exist", () => {
    expect(brokenCitations(cited, read)).toEqual([]);
  });
});
