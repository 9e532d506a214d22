/**
 * The engine's refusal of a typed init line (packages/engine/src/games/match3/init-line.ts), in the
 * player's language: the engine keeps its English sentence (the protocol's, for the terminal and the
 * API); the page reads which rule it names and its values, and says it from the catalogue. A
 * sentence this does not know is shown as the engine wrote it.
 */
import { t } from "./messages";

type Side = "width" | "height";
const side = (name: string) => t(`side_${name as Side}`);

const RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^the line is empty/, () => t("lineEmpty")],
  [/^the (width|height) is missing/, (m) => t("lineMissing", { side: side(m[1] ?? "") })],
  [
    /^the (width|height) (".*") is not a whole number/,
    (m) => t("lineNotNumber", { side: side(m[1] ?? ""), token: m[2] ?? "" }),
  ],
  [
    /^the (width|height) (".*") is too large \(at most (\d+)\)/,
    (m) => t("lineTooLarge", { side: side(m[1] ?? ""), token: m[2] ?? "", max: m[3] ?? "" }),
  ],
  [
    /^(\d+) bricks given: at most (\d+)/,
    (m) => t("lineTooManyBricks", { count: m[1] ?? "", max: m[2] ?? "" }),
  ],
  [/^brick (\d+) (".*") is not valid/, (m) => t("lineBadBrick", { index: m[1] ?? "", token: m[2] ?? "" })],
];

export function initLineWords(engineMessage: string): string {
  for (const [rule, words] of RULES) {
    const m = rule.exec(engineMessage);
    if (m) return words(m);
  }
  return engineMessage;
}
