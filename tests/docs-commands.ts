/**
 * The commands the docs show, and what kind each is (docs/testing.md "Docs that are checked").
 *
 * A command is a line of a shell code block (a fence with info `sh`, `shell`, `bash` or
 * `console`, or an indented block) or an inline code span that starts with one of COMMAND_WORDS
 * (after any `NAME=value` settings) and gives it arguments: a program's bare name (`node`,
 * `npx blockarcade`) is a name in a sentence, not a command. A `<!-- illustration -->` comment marks what is shown but
 * not run: on the line before a block (the whole block), or right after an inline span.
 */

export const COMMAND_WORDS = [
  "npm",
  "npx",
  "node",
  "curl",
  "blockarcade",
  "printf",
  "echo",
  "docker",
  "tsc",
  "vitest",
  "playwright",
  ".ci/run",
];
export const ILLUSTRATION = "<!-- illustration -->";

export interface DocCommand {
  file: string;
  line: number;
  /** The command line, continuations joined, its trailing `# comment` dropped. */
  text: string;
  illustration: boolean;
}

const SHELL_INFO = new Set(["sh", "shell", "bash", "console"]);
const SETTING = /^[A-Z_][A-Z0-9_]*=\S*\s+/;

/** Whether a text (a line of a block, a span) is a command by the rule above. */
export function isCommand(text: string): boolean {
  let rest = text.trim();
  while (SETTING.test(rest)) rest = rest.replace(SETTING, "");
  const words = rest.split(/\s+/);
  if (words.length < 2 || (words[0] === "npx" && words.length < 3)) return false;
  return COMMAND_WORDS.includes(words[0] ?? "");
}

/** A line without its trailing `# comment` (a `#` after a blank, outside quotes). */
export function dropComment(line: string): string {
  let quote: string | null = null;
  for (let at = 0; at < line.length; at++) {
    const c = line[at];
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === "#" && (at === 0 || /\s/.test(line[at - 1] ?? ""))) {
      return line.slice(0, at).trimEnd();
    }
  }
  return line.trimEnd();
}

/** Every command a Markdown text shows, in order. */
export function docCommands(markdown: string, file: string): DocCommand[] {
  const lines = markdown.split("\n");
  const out: DocCommand[] = [];
  const previousText = (index: number): string => {
    for (let at = index - 1; at >= 0; at--)
      if ((lines[at] ?? "").trim() !== "") return (lines[at] ?? "").trim();
    return "";
  };
  const blockLines = (from: number, to: number, illustration: boolean, strip: (l: string) => string) => {
    for (let at = from; at < to; at++) {
      let text = strip(lines[at] ?? "");
      const first = at;
      while (text.endsWith("\\") && at + 1 < to) {
        at += 1;
        text = `${text.slice(0, -1).trimEnd()} ${strip(lines[at] ?? "").trim()}`;
      }
      text = dropComment(text).trim();
      if (text === "" || !isCommand(text)) continue;
      out.push({ file, line: first + 1, text, illustration });
    }
  };
  let inList = false;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] ?? "";
    const fence = /^ {0,3}(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (fence) {
      const close = lines.findIndex((l, i) => i > at && l.trim().startsWith(fence[1] ?? "```"));
      const end = close < 0 ? lines.length : close;
      if (SHELL_INFO.has(fence[2] ?? ""))
        blockLines(at + 1, end, previousText(at) === ILLUSTRATION, (l) => l);
      at = end;
      inList = false;
      continue;
    }
    if (/^ {0,3}([-*+]|\d+\.)\s/.test(line)) inList = true;
    else if (line.trim() !== "" && !line.startsWith(" ")) inList = false;
    // An indented block: four spaces after a blank line, outside a list.
    if (!inList && line.startsWith("    ") && (lines[at - 1] ?? "").trim() === "") {
      let end = at;
      while (
        end < lines.length &&
        ((lines[end] ?? "").startsWith("    ") || (lines[end] ?? "").trim() === "")
      ) {
        end += 1;
      }
      blockLines(at, end, previousText(at) === ILLUSTRATION, (l) => l.slice(4));
      at = end - 1;
      continue;
    }
    for (const span of line.matchAll(/(?<!`)`([^`]+)`(?!`)/g)) {
      const text = span[1] ?? "";
      if (!isCommand(text)) continue;
      const after = line.slice((span.index ?? 0) + span[0].length);
      out.push({ file, line: at + 1, text: text.trim(), illustration: after.startsWith(ILLUSTRATION) });
    }
  }
  return out;
}

/** One step of a command line: the words, with its `NAME=value` settings apart. */
export interface Step {
  env: Record<string, string>;
  words: string[];
}

/** Splits a command line into shell words (single and double quotes, no expansions). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (const c of text) {
    if (quote !== null) {
      if (c === quote) quote = null;
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word = word ?? "";
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The steps of a command line joined by `&&`, `|` or a trailing `&`, each with its settings. */
export function steps(text: string): Step[] {
  const out: Step[] = [];
  let current: string[] = [];
  const flush = () => {
    const env: Record<string, string> = {};
    while (current.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(current[0] ?? "")) {
      const [name, ...value] = (current.shift() ?? "").split("=");
      env[name ?? ""] = value.join("=");
    }
    if (current.length > 0) out.push({ env, words: current });
    current = [];
  };
  for (const word of shellWords(text)) {
    if (word === "&&" || word === "|" || word === "&" || word === ";") flush();
    else current.push(word);
  }
  flush();
  return out;
}

/** Whether a command shows a form rather than one concrete call: `<game>`, `[--seed N]`, `...`. */
export function isSynopsis(text: string): boolean {
  return /<[a-zA-Z]|\[-|\[[a-z]|\.\.\.|\|[a-z]+\]/.test(text.replace(/'[^']*'/g, "''"));
}
