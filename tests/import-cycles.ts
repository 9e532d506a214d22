/**
 * Runtime import cycles among our own TypeScript modules (docs/architecture.md "No runtime import
 * loop"). A loop makes evaluation order matter: a module can read another's binding before it is
 * initialised. Only imports that survive compilation count: `import type`, `export type` and
 * imports whose every specifier is `type` are erased (Vite erases them too), so a loop made of
 * types alone is fine. Dynamic `import()` is lazy and does not count. Parsing is Vite's own
 * `parseAst` (oxc, which keeps `importKind`/`exportKind`), since TypeScript 7 has no JS parser API.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { parseAst } from "vite";

interface Specifier {
  importKind?: string;
  exportKind?: string;
}
interface Node {
  type: string;
  importKind?: string;
  exportKind?: string;
  source?: { value: string } | null;
  specifiers?: Specifier[];
}

/** The relative specifiers a module imports at runtime (static imports and re-exports). */
export function runtimeImports(text: string, path: string): string[] {
  const lang = path.endsWith(".tsx") ? "tsx" : "ts";
  const program = parseAst(text, { lang }, path) as unknown as { body: Node[] };
  const out: string[] = [];
  for (const node of program.body) {
    const from = node.source?.value;
    if (from === undefined || !(from.startsWith("./") || from.startsWith("../"))) continue;
    if (node.type === "ImportDeclaration") {
      if (node.importKind === "type") continue;
      const specifiers = node.specifiers ?? [];
      if (specifiers.length > 0 && specifiers.every((s) => s.importKind === "type")) continue;
      out.push(from);
    } else if (node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") {
      if (node.exportKind === "type") continue;
      const specifiers = node.specifiers ?? [];
      if (specifiers.length > 0 && specifiers.every((s) => s.exportKind === "type")) continue;
      out.push(from);
    }
  }
  return out;
}

/** The module a relative specifier names among `files` (".js" written for ".ts", or no extension). */
function resolveSpecifier(
  files: ReadonlyMap<string, string>,
  from: string,
  spec: string,
): string | undefined {
  const base = posix.join(posix.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return undefined; // a stylesheet, JSON or an asset: not a module of ours
}

/** The runtime import graph of `files` (POSIX path -> source text). */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of files) {
    const targets = runtimeImports(text, path)
      .map((spec) => resolveSpecifier(files, path, spec))
      .filter((target): target is string => target !== undefined);
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/** Every elementary loop met by a depth-first walk, each as its path ending where it began. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const done = new Set<string>();
  const onStack = new Map<string, number>();
  const stack: string[] = [];
  const seen = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    onStack.set(node, stack.length);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const at = onStack.get(next);
      if (at !== undefined) {
        const loop = stack.slice(at);
        // The same loop found from another entry point is reported once.
        const key = [...loop].sort().join("\n");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...loop, next]);
        }
      } else if (!done.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return cycles;
}

/** Every .ts/.tsx source under `dir` (not declarations, builds or dependencies), keyed by POSIX path from `root`. */
export function readSources(root: string, dirs: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "node_modules" || entry.name.startsWith("dist") || entry.name.startsWith("."))
          continue;
        walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.set(relative(root, full).split(sep).join("/"), readFileSync(full, "utf8"));
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return files;
}
