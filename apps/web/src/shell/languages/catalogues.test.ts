import { describe, expect, it } from "vitest";
import type { Language, LanguagePack, Message } from "../i18n";
import { ENGLISH } from "./areas";
import fr from "./fr";

// Every shipped language but English (the type makes a new language a compile error until listed).
const PACKS: Record<Exclude<Language, "en">, LanguagePack> = { fr };

// The app's source text, to find every area that registers messages.
const SOURCES = import.meta.glob<string>(["../../**/*.ts", "../../**/*.tsx", "!../../**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const placeholders = (m: Message): string[] => {
  const texts = typeof m === "string" ? [m] : Object.values(m).filter((v) => v !== undefined);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
};

describe("message catalogues", () => {
  it("every area that registers messages in the app is listed, once", () => {
    const registered = Object.values(SOURCES).flatMap((text) =>
      [...text.matchAll(/\bmessages\("([\w-]+)",/g)].map((m) => m[1]),
    );
    expect(registered.length).toBeGreaterThan(3);
    expect(registered.sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  for (const [language, pack] of Object.entries(PACKS)) {
    it(`${language}: every area, every key, no extra key, the same placeholders and plural forms`, () => {
      expect(Object.keys(pack).sort()).toEqual(Object.keys(ENGLISH).sort());
      for (const [area, english] of Object.entries(ENGLISH)) {
        const translated = pack[area] ?? {};
        expect(Object.keys(translated).sort(), area).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(english)) {
          const other = translated[key];
          if (other === undefined) continue;
          expect(placeholders(other), `${area}.${key}`).toEqual(placeholders(message));
          expect(typeof other, `${area}.${key} is a plural in both or neither`).toBe(typeof message);
          if (typeof other === "string") expect(other.trim(), `${area}.${key}`).not.toBe("");
          else expect(other.other, `${area}.${key}`).toBeTruthy();
        }
      }
    });
  }
});
