import { beforeEach, describe, expect, it, vi } from "vitest";

// A page's storage and <html>, enough for the module (a fresh one per test, as a reload would be).
const stored = new Map<string, string>();
const html = { lang: "" };
vi.stubGlobal("window", {
  localStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  },
});
vi.stubGlobal("document", { documentElement: html });

async function freshPage(browser: string[]) {
  vi.resetModules();
  vi.stubGlobal("navigator", { languages: browser, language: browser[0] });
  const i18n = await import("./i18n");
  await i18n.startLanguage();
  return i18n;
}

beforeEach(() => {
  stored.clear();
  html.lang = "";
});

describe("choosing the language", () => {
  it("auto takes the first browser language we ship, else English", async () => {
    const { chooseLanguage } = await import("./i18n");
    expect(chooseLanguage("auto", ["fr-CA", "en-US"])).toBe("fr");
    expect(chooseLanguage("auto", ["de-DE", "fr"])).toBe("fr");
    expect(chooseLanguage("auto", ["de-DE", "ja"])).toBe("en");
    expect(chooseLanguage("auto", [])).toBe("en");
    expect(chooseLanguage("en", ["fr-FR"])).toBe("en");
  });

  it("formats with the browser's own locale for that language, else the language's default", async () => {
    const { chooseLocale } = await import("./i18n");
    expect(chooseLocale("en", ["en-US"])).toBe("en-US");
    expect(chooseLocale("fr", ["en-US", "fr-CA"])).toBe("fr-CA");
    expect(chooseLocale("fr", ["de-DE"])).toBe("fr-FR");
    expect(chooseLocale("en", ["fr-FR"])).toBe("en-GB");
  });

  it("starts in the browser's language and sets <html lang>", async () => {
    const i18n = await freshPage(["fr-FR"]);
    expect(i18n.getLanguage()).toBe("fr");
    expect(html.lang).toBe("fr");
    const { t } = await import("../app/messages");
    expect(t("continue")).toBe("Reprendre");
  });

  it("a chosen language is kept across a reload and wins over the browser's", async () => {
    let i18n = await freshPage(["en-US"]);
    expect(i18n.getLanguage()).toBe("en");
    await i18n.setLanguageSetting("fr");
    expect(i18n.getLanguage()).toBe("fr");
    expect(html.lang).toBe("fr");
    i18n = await freshPage(["en-US"]);
    expect(i18n.getLanguageSetting()).toBe("fr");
    expect(i18n.getLanguage()).toBe("fr");
    await i18n.setLanguageSetting("auto");
    i18n = await freshPage(["en-US"]);
    expect(i18n.getLanguage()).toBe("en");
    expect(html.lang).toBe("en");
  });

  it("a foreign stored value reads as auto", async () => {
    stored.set("blockarcade-language", '"klingon"');
    const i18n = await freshPage(["en-GB"]);
    expect(i18n.getLanguageSetting()).toBe("auto");
    expect(i18n.getLanguage()).toBe("en");
  });
});

describe("formatting", () => {
  it("writes numbers and dates for the locale", async () => {
    let i18n = await freshPage(["en-US"]);
    expect(i18n.formatNumber(1223)).toBe("1,223");
    expect(i18n.formatDate("2026-11-28T12:00:00Z", { day: "numeric", month: "short", timeZone: "UTC" })).toBe(
      "Nov 28",
    );
    i18n = await freshPage(["fr-FR"]);
    // French groups thousands with a narrow no-break space.
    expect(i18n.formatNumber(1223)).toBe("1\u202f223");
    expect(i18n.formatDate("2026-11-28T12:00:00Z", { day: "numeric", month: "long", timeZone: "UTC" })).toBe(
      "28 novembre",
    );
    expect(i18n.formatDate("not a date", { day: "numeric" })).toBe("");
  });

  it("fills placeholders, formatting numbers, and picks plural forms by the language's rules", async () => {
    const i18n = await freshPage(["en-GB"]);
    const t = i18n.messages("test", {
      best: "Best {score}",
      lines: { one: "{n} line", other: "{n} lines", zero: "No lines" },
    });
    expect(t("best", { score: 12345 })).toBe("Best 12,345");
    expect(t("lines", { n: 0 })).toBe("No lines");
    expect(t("lines", { n: 1 })).toBe("1 line");
    expect(t("lines", { n: 2 })).toBe("2 lines");
    const frPage = await freshPage(["fr-FR"]);
    const tf = frPage.messages("test", { lines: { one: "{n} ligne", other: "{n} lignes" } });
    // French counts 0 and 1 as "one", unlike English.
    expect(tf("lines", { n: 0 })).toBe("0 ligne");
    expect(tf("lines", { n: 1 })).toBe("1 ligne");
    expect(tf("lines", { n: 1500 })).toBe("1\u202f500 lignes");
  });
});

describe("the API client's sentences", () => {
  it("are shown in the current language; a server's own words pass through", async () => {
    await freshPage(["fr-FR"]);
    const { serverWords } = await import("./play-messages");
    const { OFFLINE_TEXT } = await import("./leaderboard");
    expect(serverWords(OFFLINE_TEXT)).toBe(
      "Impossible de joindre le serveur de scores. Vérifiez votre connexion et réessayez.",
    );
    expect(serverWords("The score server refused it (HTTP 409).")).toBe(
      "Le serveur de scores l’a refusé (HTTP 409).",
    );
    expect(serverWords("the score server said: name taken")).toBe(
      "le serveur de scores a répondu\u00a0: name taken",
    );
    expect(serverWords("Something the server said")).toBe("Something the server said");
  });
});
