/**
 * Section citations: the places where a comment or a doc points at a section of a Markdown file,
 * and whether that section exists (docs/testing.md "Docs that are checked"). The forms the house
 * uses, all found by one pattern over the text with line breaks and comment leaders (`*`, `//`,
 * `#`) folded into spaces and `\"` read as `"`:
 *
 * - `docs/service.md "Limits"`, also in backticks (`` `docs/protocol.md` "Decisions" ``), after a
 *   Markdown link (the link, then the quoted name), and lists: `docs/games/blast.md "Look",
 *   "Effects"` (or `"A" and "B"`);
 * - a link's anchor: `docs/service.md#throughput-and-scale` (GitHub's slug of a heading).
 *
 * A section is a heading, at any level, or a bold lead-in that starts a line (a paragraph or a
 * list item: `**The work budget** (issue 20)`, `- **Memory bound** (...)`): the house names
 * subsections that way. Nesting is not checked: a list may name a section and its subsection.
 * A name matches when it equals the section's text with inline-code backticks removed (and a
 * lead-in's closing "." or ":"), or a heading's title: its text before the first ": " or " (". So
 * "Operations" cites `## Operations: liveness, readiness, ...` and "Keys" cites
 * `### Keys (`{"cmd":"key",...}`)`; that is also how a heading with quotes in it is cited, since a
 * name holds no `"`. Case counts. A path is read from the repository root or, from a Markdown
 * file, relative to that file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";

export interface Citation {
  /** The citing file, relative to the root, with `/`. */
  file: string;
  line: number;
  /** The cited path as written. */
  target: string;
  /** The section names quoted after it. */
  names: string[];
  /** The `#anchor` of a link, without `#`. */
  anchor?: string;
}

/**
 * The sections of a Markdown text, outside fenced code blocks: headings as written (no `#`), and
 * bold lead-ins as `**text**`.
 */
export function headings(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opener) {
      if (fence === null) fence = opener[1];
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      out.push(heading[1]);
      continue;
    }
    const leadIn = /^ {0,3}(?:[-*+] +|\d+\. +)?(\*\*[^*]+\*\*)/.exec(line);
    if (leadIn) out.push(leadIn[1]);
  }
  return out;
}

/** The names a section answers to: its text without backticks, and a heading's title. */
export function headingNames(heading: string): string[] {
  if (heading.startsWith("**")) return [heading.slice(2, -2).replaceAll("`", "").replace(/[.:]$/, "")];
  const text = heading.replaceAll("`", "");
  const cut = [text.indexOf(": "), text.indexOf(" (")].filter((at) => at > 0);
  return cut.length === 0 ? [text] : [text, text.slice(0, Math.min(...cut))];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const NAME = String.raw`"([^"\n]+)"`;
const CITATION = new RegExp(
  String.raw`((?:\.\.?/)*[A-Za-z0-9_][A-Za-z0-9_./-]*\.md)(?:#([A-Za-z0-9_-]+))?[\`)\]]*` +
    `(?:[ ]+(${NAME}(?:(?:,[ ]*|[ ]+and[ ]+|[ ]+or[ ]+)${NAME})*))?`,
  "g",
);

/** Every section citation in a file's text (citations without a name or anchor are left out). */
export function citations(text: string, file: string): Citation[] {
  // Fold each line break and the comment leader after it into one space, keeping where each
  // folded offset came from so a citation reports its first line.
  const lineOf: number[] = [];
  let folded = "";
  let line = 1;
  const leader = /^\n[ \t]*(?:\*(?!\*)|\/\/|#(?!#))?[ \t]*/;
  for (let at = 0; at < text.length; ) {
    if (text[at] === "\n") {
      const skip = leader.exec(text.slice(at, at + 200))?.[0].length ?? 1;
      folded += " ";
      lineOf.push(line);
      line += 1;
      at += skip;
    } else if (text[at] === "\\" && text[at + 1] === '"') {
      folded += '"';
      lineOf.push(line);
      at += 2;
    } else {
      folded += text[at];
      lineOf.push(line);
      at += 1;
    }
  }
  const out: Citation[] = [];
  for (const match of folded.matchAll(CITATION)) {
    const [, target, anchor, list] = match;
    if (anchor === undefined && list === undefined) continue;
    const names = list === undefined ? [] : [...list.matchAll(/"([^"\n]+)"/g)].map((m) => m[1]);
    out.push({ file, line: lineOf[match.index], target, names, ...(anchor ? { anchor } : {}) });
  }
  return out;
}

/** Where a citation's target is, relative to the root, or null when no such file. */
export function resolveTarget(citation: Citation, exists: (path: string) => boolean): string | null {
  const candidates = citation.file.endsWith(".md")
    ? [posix.join(posix.dirname(citation.file), citation.target), posix.normalize(citation.target)]
    : [posix.normalize(citation.target)];
  return candidates.find((path) => !path.startsWith("..") && exists(path)) ?? null;
}

/** What is wrong with each citation, one line each (empty when every cited section exists). */
export function brokenCitations(cited: Citation[], read: (path: string) => string | null): string[] {
  const problems: string[] = [];
  const headingsOf = new Map<string, string[]>();
  for (const citation of cited) {
    const where = `${citation.file}:${citation.line}: ${citation.target}`;
    const path = resolveTarget(citation, (p) => read(p) !== null);
    if (path === null) {
      problems.push(`${where}: no such file`);
      continue;
    }
    let found = headingsOf.get(path);
    if (found === undefined) {
      found = headings(read(path) ?? "");
      headingsOf.set(path, found);
    }
    const names = new Set(found.flatMap(headingNames));
    for (const name of citation.names) {
      if (!names.has(name)) problems.push(`${where} "${name}": no such heading`);
    }
    if (
      citation.anchor !== undefined &&
      !found.some((h) => !h.startsWith("**") && slug(h) === citation.anchor)
    ) {
      problems.push(`${where}#${citation.anchor}: no heading has this anchor`);
    }
  }
  return problems;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|md|css|html|json|yaml|yml|grit|sh)$/;
const SKIP = new Set(["node_modules", "dist", "screenshots", "test-results", "playwright-report"]);

/** The given files and the text files under the given folders (relative to `root`), with `/`. */
export function sourceFiles(root: string, roots: string[]): string[] {
  const out: string[] = [];
  const walk = (relativePath: string): void => {
    const entries = readdirSync(join(root, relativePath), { withFileTypes: true });
    for (const entry of entries) {
      const path = posix.join(relativePath, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name) && !entry.name.startsWith(".") && !entry.name.startsWith("dist-"))
          walk(path);
      } else if (SOURCE.test(entry.name)) {
        out.push(path);
      }
    }
  };
  for (const start of roots) {
    const full = join(root, start);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(start);
    else out.push(start);
  }
  return out.sort();
}

/** A reader of files under `root` that answers null for a missing file. */
export function fileReader(root: string): (path: string) => string | null {
  const cache = new Map<string, string | null>();
  return (path) => {
    if (!cache.has(path)) {
      const full = join(root, path);
      cache.set(path, existsSync(full) ? readFileSync(full, "utf8") : null);
    }
    return cache.get(path) ?? null;
  };
}
