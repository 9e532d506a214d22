/** The engine's init-line refusals, read and said in the player's language (init-line-words.ts). */
import { parseInitLine } from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { setLanguageSetting } from "../../shell/i18n";
import { initLineWords } from "./init-line-words";

/** One line for each way the engine refuses a line, and the engine's sentence for it. */
const LINES = ["", "5", "x 8", "5 0", "5 999", "5 8 H^^* H^^* H^^* H^^* H^^* H^^*", "5 8 H^^* Q"];
function refusals(): string[] {
  return LINES.map((line) => {
    const parsed = parseInitLine(line);
    if (parsed.ok) throw new Error(`${JSON.stringify(line)} was not refused`);
    return parsed.error.message;
  });
}

describe("the init line's refusals", () => {
  it("are each read, in English and in French, with the token and the limits they name", async () => {
    const messages = refusals();
    expect(new Set(messages).size).toBe(LINES.length);
    const english = messages.map(initLineWords);
    // English is the engine's own sentence, read back through the catalogue.
    expect(english).toEqual(messages);
    await setLanguageSetting("fr");
    try {
      const french = messages.map(initLineWords);
      expect(french[1]).toBe(
        "il manque la hauteur\u00a0: attendu <largeur> <hauteur> <brique1> ... <brique5>",
      );
      expect(french[4]).toMatch(/^la hauteur "999" est trop grande \(au plus \d+\)$/);
      for (const [i, f] of french.entries()) expect(f, messages[i]).not.toBe(english[i]);
      // A sentence it does not know is shown as the engine wrote it.
      expect(initLineWords("something else")).toBe("something else");
    } finally {
      await setLanguageSetting("auto");
    }
  });
});
