/**
 * Reading command-line options, one way for every command: Node's `util.parseArgs` splits them
 * (`--seed 5` and `--seed=5` alike), and `readOptions` turns what it finds into the CLI's own
 * messages. A seed is decimal digits only (`--seed 1e3`, `--seed 0x10`, `--seed -1` are refused),
 * within the protocol's range.
 */
import { parseArgs } from "node:util";
import { clip, isValidSeed, MAX_SEED } from "@blockarcade/engine/core";

export const SEED_HELP = `--seed needs an integer from 0 to ${MAX_SEED}`;

/** One option a command takes. */
export interface OptionSpec {
  type: "string" | "boolean";
  /** What to say when a string option has no value (default: "--name needs a value"). */
  help?: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;
export type OptionValues = Record<string, string | boolean | undefined>;

/**
 * The options in `args` by `spec` (long names only), or the first thing wrong with them for the
 * user. Positional words are handed back only when `positionals` allows them. parseArgs runs
 * non-strict with tokens so every message is ours; a string option followed by another option
 * (`--seed --ai`) is missing its value, as strict parseArgs has it.
 */
export function readOptions(
  args: readonly string[],
  spec: OptionSpecs,
  { positionals = false }: { positionals?: boolean } = {},
): { values: OptionValues; positionals: string[] } | { error: string } {
  const options = Object.fromEntries(Object.entries(spec).map(([name, { type }]) => [name, { type }]));
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: OptionValues = {};
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") {
      if (!positionals) return { error: `unknown option ${quoteArg(token.value)}` };
      words.push(token.value);
      continue;
    }
    const option = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
    if (option === undefined || token.rawName.length === 2) {
      return { error: `unknown option ${quoteArg(token.rawName)}` };
    }
    if (option.type === "boolean") {
      if (token.value !== undefined) return { error: `${token.rawName} takes no value` };
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith("-"))) {
      return { error: option.help ?? `${token.rawName} needs a value` };
    }
    values[token.name] = value;
  }
  return { values, positionals: words };
}

/** The seed given to `--seed`, or an error message for the user. */
export function parseSeedOption(value: string | undefined): { seed: number } | { error: string } {
  const n = value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return isValidSeed(n) ? { seed: n } : { error: SEED_HELP };
}

/** A whole number option within `min`..`max` (`--size 12`, `--rows 8`), or an error message. */
export function parseIntOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): { value: number } | { error: string } {
  const n = value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max
    ? { value: n }
    : { error: `${name} needs a whole number from ${min} to ${max}` };
}

/** `--seed` as every game takes it, with its message when it has no value. */
export const SEED_OPTION: OptionSpec = { type: "string", help: SEED_HELP };

/** The seed among read options: undefined when not given, else the seed or the error. */
export function seedOf(values: OptionValues): { seed: number | undefined } | { error: string } {
  const value = values.seed;
  return typeof value === "string" ? parseSeedOption(value) : { seed: undefined };
}

/** The seed for a game started without `--seed`: the front end owns the clock, never the engine. */
export function clockSeed(): number {
  return Date.now() % (MAX_SEED + 1);
}

/** A command-line word quoted for a message, cut short: an argument can be 128 KiB long. */
export function quoteArg(text: string): string {
  return `'${clip(text, 40)}'`;
}
