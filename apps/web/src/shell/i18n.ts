/**
 * The arcade's words in the player's language (docs/architecture.md "Languages"). Our own small
 * catalogue over the platform's Intl, no library: each area (the shell, the app, each game) keeps
 * its English messages beside its code in `messages.ts`, so English travels in the chunk that shows
 * it; every other language is one lazy chunk (`shell/languages/<lang>.ts`) loaded before the first
 * render when chosen. A message is a string with `{name}` placeholders (a number is formatted for
 * the locale), or plural forms chosen by Intl.PluralRules on its `{n}`.
 */
import { useEffect, useState } from "preact/hooks";
import { readJson, writeJson } from "./storage";

/** The languages shipped, in the order the setting lists them. */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
/** "auto": the browser's language when we have it, else English. */
export type LanguageSetting = "auto" | Language;
export const LANGUAGE_KEY = "blockarcade-language";

/** Plural forms (CLDR categories); `other` is required, the language's rules pick the rest. */
export interface Plural {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}
export type Message = string | Plural;
export type Catalogue = Record<string, Message>;
/** Another language's version of an English catalogue: a missing or extra key is a compile error. */
export type Translation<C extends Catalogue> = {
  readonly [K in keyof C]: C[K] extends string ? string : Plural;
};
export type Params = Record<string, string | number>;

/** A loaded language: each area's table by the area's name. */
export type LanguagePack = Record<string, Catalogue>;

// Each lazy chunk's loader; English needs none (its messages are in the areas' modules).
const LOADERS: Record<Exclude<Language, "en">, () => Promise<{ default: LanguagePack }>> = {
  fr: () => import("./languages/fr"),
};

/** The language names as each is written in itself (the setting shows them so). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fr: "Français" };
/** The locale for formatting when the browser's does not match the language. */
const DEFAULT_LOCALE: Record<Language, string> = { en: "en-GB", fr: "fr-FR" };

function isSetting(v: unknown): v is LanguageSetting {
  return v === "auto" || (LANGUAGES as readonly unknown[]).includes(v);
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The language a setting means: "auto" takes the first of the browser's languages we have. */
export function chooseLanguage(setting: LanguageSetting, browser: readonly string[]): Language {
  if (setting !== "auto") return setting;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return "en";
}

/** The locale for numbers and dates: the browser's own when it speaks the language (en-US stays en-US). */
export function chooseLocale(language: Language, browser: readonly string[]): string {
  const own = browser.find((tag) => tag.toLowerCase().split("-")[0] === language);
  return own ?? DEFAULT_LOCALE[language];
}

let setting: LanguageSetting = readSetting();
let language: Language = "en";
let locale = DEFAULT_LOCALE.en;
let pack: LanguagePack = {};
const listeners = new Set<(l: Language) => void>();
let numbers: Intl.NumberFormat | undefined;
let plurals: Intl.PluralRules | undefined;

function readSetting(): LanguageSetting {
  return typeof window === "undefined" ? "auto" : (readJson(LANGUAGE_KEY, isSetting) ?? "auto");
}

function apply(next: Language, loaded: LanguagePack): void {
  language = next;
  locale = chooseLocale(next, browserLanguages());
  pack = loaded;
  numbers = undefined;
  plurals = undefined;
  if (typeof document !== "undefined") document.documentElement.lang = next;
  for (const l of listeners) l(next);
}

async function load(next: Language): Promise<LanguagePack> {
  return next === "en" ? {} : (await LOADERS[next]()).default;
}

/** Loads the chosen language (a lazy chunk unless English); the app renders once it is in. */
export async function startLanguage(): Promise<void> {
  const next = chooseLanguage(setting, browserLanguages());
  try {
    apply(next, await load(next));
  } catch {
    // The chunk did not come (offline before it was cached): the arcade plays in English.
    apply("en", {});
  }
}

export function getLanguageSetting(): LanguageSetting {
  return setting;
}

/** Keeps the setting and switches the arcade to its language (after loading it). */
export async function setLanguageSetting(next: LanguageSetting): Promise<void> {
  setting = next;
  writeJson(LANGUAGE_KEY, next);
  await startLanguage();
}

export function getLanguage(): Language {
  return language;
}

export function getLocale(): string {
  return locale;
}

/** Re-renders on a change of language (the app's root uses it, so every view follows). */
export function useLanguage(): Language {
  const [l, setL] = useState(language);
  useEffect(() => {
    listeners.add(setL);
    setL(language);
    return () => {
      listeners.delete(setL);
    };
  }, []);
  return l;
}

/** A number (score, count) written for the locale: 1,223 in English, 1 223 in French. */
export function formatNumber(n: number): string {
  numbers ??= new Intl.NumberFormat(locale);
  return numbers.format(n);
}

/** A date (or date and time) written for the locale. */
export function formatDate(date: Date | number | string, options: Intl.DateTimeFormatOptions): string {
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(locale, options);
}

/** Fills a message's `{name}` placeholders; numbers are formatted for the locale. */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return typeof v === "number" ? formatNumber(v) : v;
  });
}

function pick(message: Message, params?: Params): string {
  if (typeof message === "string") return message;
  const n = params?.n;
  if (typeof n !== "number") return message.other;
  if (n === 0 && message.zero !== undefined) return message.zero;
  plurals ??= new Intl.PluralRules(locale);
  return message[plurals.select(n)] ?? message.other;
}

/** The message function of one area: `t("key", { n: 3 })`, in the current language. */
export function messages<C extends Catalogue>(area: string, english: C) {
  return (key: keyof C & string, params?: Params): string => {
    const translated = language === "en" ? undefined : pack[area]?.[key];
    return fill(pick(translated ?? english[key] ?? key, params), params);
  };
}
