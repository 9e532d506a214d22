/**
 * The leaderboards' name rules (docs/service.md "Names"). A name is shown to every visitor beside a
 * score, so it must read as what it is: plain words, nothing invisible, no word that borrows letters
 * from another script to pass for someone else, no marks piled up over the next rows. Fullwidth and
 * other compatibility forms fold by NFKC. Names that still look alike (Unicode TR39's confusable
 * skeleton, `nameKey`) are one name on the boards: the store keeps the first spelling per key.
 */
import unhomoglyph from "unhomoglyph";
import { MAX_NAME_LENGTH } from "./limits.js";

const ALLOWED = /^[\p{L}\p{M}\p{Nd} ._'-]+$/u;
const WORDLIKE = /[\p{L}\p{Nd}]/u;
/**
 * Shows as nothing: default-ignorable code points (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0
 * are letters to \p{L} but render blank) and the braille blank U+2800.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
const NONSPACING_MARK = /[\p{Mn}\p{Me}]/u;
/** TR39 §5.4: more nonspacing marks than this on one character are refused. */
export const MAX_STACKED_MARKS = 4;
/** Words are what lies between these: each word keeps to one script (`mixedScripts`). */
const WORD_BREAK = /[ ._'-]+/u;

export type CleanName = { ok: true; value: string } | { ok: false; message: string };

/** The name as stored (NFKC, trimmed, runs of spaces as one), or why it is refused (BAD_NAME). */
export function cleanName(raw: string): CleanName {
  const name = fold(raw);
  const length = [...name].length;
  if (length === 0) return refuse("a name needs at least one letter or digit");
  if (length > MAX_NAME_LENGTH)
    return refuse(`a name has at most ${MAX_NAME_LENGTH} characters, not ${length}`);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
    return refuse("a name may not hold control or format characters");
  // The raw text first, so the message names the character sent (NFKC turns U+3164 into U+1160).
  const invisible = INVISIBLE.exec(raw) ?? INVISIBLE.exec(name);
  if (invisible)
    return refuse(
      `a name may not hold characters that show as nothing (${codePoint(invisible[0])}, e.g. a Hangul filler or the braille blank)`,
    );
  if (/[<>&"]/.test(name)) return refuse('a name may not hold < > & or "');
  if (!ALLOWED.test(name)) return refuse("a name holds letters, digits, spaces and . _ - ' only");
  if (!WORDLIKE.test(name)) return refuse("a name needs at least one letter or digit");
  if (/(^|[ ._'-])\p{M}/u.test(name))
    return refuse("a combining mark must follow a letter or digit, not stand alone");
  const stacked = stackedMarks(name);
  if (stacked) return refuse(stacked);
  const mixed = name.split(WORD_BREAK).find(mixesScripts);
  if (mixed !== undefined)
    return refuse(
      `each word of a name keeps to one script (Latin, Cyrillic, Greek...; Latin with Han, kana or Hangul is fine), and "${mixed}" mixes ${scriptNames(mixed)}`,
    );
  return { ok: true, value: name };
}

/**
 * The name of every player who gave none. Shared: no player owns it (store/names.ts), or the first
 * anonymous player's entry would keep every later one off the boards.
 */
export const ANONYMOUS = "Anonymous";

/**
 * What makes two names one on the boards: TR39's skeleton (NFD, confusables.txt's prototypes, NFD)
 * of the folded name, lower-cased and skeletoned again so case does not tell names apart either
 * ("Honest", "honest", "Ηonest" and "ＨＯＮＥＳＴ" share a key). Not for display.
 */
export function nameKey(name: string): string {
  return skeleton(skeleton(fold(name)).toLowerCase());
}

function fold(raw: string): string {
  return raw.normalize("NFKC").trim().replace(/ {2,}/g, " ");
}

function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/** TR39 §5.4 on the NFD form: at most MAX_STACKED_MARKS nonspacing marks in a row, none twice in a row. */
function stackedMarks(name: string): string | undefined {
  let run = 0;
  let previous = "";
  for (const ch of name.normalize("NFD")) {
    if (!NONSPACING_MARK.test(ch)) {
      run = 0;
      previous = ch;
      continue;
    }
    run++;
    if (run > MAX_STACKED_MARKS)
      return `a letter carries at most ${MAX_STACKED_MARKS} combining marks (stacked marks spill over other rows)`;
    if (ch === previous) return `a letter may not carry the same combining mark twice (${codePoint(ch)})`;
    previous = ch;
  }
  return undefined;
}

/**
 * Scripts by their Unicode names, as RegExp's Script_Extensions property takes them (Unicode 17;
 * one the running engine does not know is left out, and its letters then count as any script).
 */
const SCRIPT_NAMES = [
  "Adlam",
  "Ahom",
  "Anatolian_Hieroglyphs",
  "Arabic",
  "Armenian",
  "Avestan",
  "Balinese",
  "Bamum",
  "Bassa_Vah",
  "Batak",
  "Bengali",
  "Beria_Erfe",
  "Bhaiksuki",
  "Bopomofo",
  "Brahmi",
  "Braille",
  "Buginese",
  "Buhid",
  "Canadian_Aboriginal",
  "Carian",
  "Caucasian_Albanian",
  "Chakma",
  "Cham",
  "Cherokee",
  "Chorasmian",
  "Coptic",
  "Cuneiform",
  "Cypriot",
  "Cypro_Minoan",
  "Cyrillic",
  "Deseret",
  "Devanagari",
  "Dives_Akuru",
  "Dogra",
  "Duployan",
  "Egyptian_Hieroglyphs",
  "Elbasan",
  "Elymaic",
  "Ethiopic",
  "Garay",
  "Georgian",
  "Glagolitic",
  "Gothic",
  "Grantha",
  "Greek",
  "Gujarati",
  "Gunjala_Gondi",
  "Gurmukhi",
  "Gurung_Khema",
  "Han",
  "Hangul",
  "Hanifi_Rohingya",
  "Hanunoo",
  "Hatran",
  "Hebrew",
  "Hiragana",
  "Imperial_Aramaic",
  "Inscriptional_Pahlavi",
  "Inscriptional_Parthian",
  "Javanese",
  "Kaithi",
  "Kannada",
  "Katakana",
  "Kawi",
  "Kayah_Li",
  "Kharoshthi",
  "Khitan_Small_Script",
  "Khmer",
  "Khojki",
  "Khudawadi",
  "Kirat_Rai",
  "Lao",
  "Latin",
  "Lepcha",
  "Limbu",
  "Linear_A",
  "Linear_B",
  "Lisu",
  "Lycian",
  "Lydian",
  "Mahajani",
  "Makasar",
  "Malayalam",
  "Mandaic",
  "Manichaean",
  "Marchen",
  "Masaram_Gondi",
  "Medefaidrin",
  "Meetei_Mayek",
  "Mende_Kikakui",
  "Meroitic_Cursive",
  "Meroitic_Hieroglyphs",
  "Miao",
  "Modi",
  "Mongolian",
  "Mro",
  "Multani",
  "Myanmar",
  "Nabataean",
  "Nag_Mundari",
  "Nandinagari",
  "New_Tai_Lue",
  "Newa",
  "Nko",
  "Nushu",
  "Nyiakeng_Puachue_Hmong",
  "Ogham",
  "Ol_Chiki",
  "Ol_Onal",
  "Old_Hungarian",
  "Old_Italic",
  "Old_North_Arabian",
  "Old_Permic",
  "Old_Persian",
  "Old_Sogdian",
  "Old_South_Arabian",
  "Old_Turkic",
  "Old_Uyghur",
  "Oriya",
  "Osage",
  "Osmanya",
  "Pahawh_Hmong",
  "Palmyrene",
  "Pau_Cin_Hau",
  "Phags_Pa",
  "Phoenician",
  "Psalter_Pahlavi",
  "Rejang",
  "Runic",
  "Samaritan",
  "Saurashtra",
  "Sharada",
  "Shavian",
  "Siddham",
  "Sidetic",
  "SignWriting",
  "Sinhala",
  "Sogdian",
  "Sora_Sompeng",
  "Soyombo",
  "Sundanese",
  "Sunuwar",
  "Syloti_Nagri",
  "Syriac",
  "Tagalog",
  "Tagbanwa",
  "Tai_Le",
  "Tai_Tham",
  "Tai_Viet",
  "Tai_Yo",
  "Takri",
  "Tamil",
  "Tangsa",
  "Tangut",
  "Telugu",
  "Thaana",
  "Thai",
  "Tibetan",
  "Tifinagh",
  "Tirhuta",
  "Todhri",
  "Tolong_Siki",
  "Toto",
  "Tulu_Tigalari",
  "Ugaritic",
  "Vai",
  "Vithkuqi",
  "Wancho",
  "Warang_Citi",
  "Yezidi",
  "Yi",
  "Zanabazar_Square",
];

const SCRIPTS: readonly { name: string; test: RegExp }[] = SCRIPT_NAMES.flatMap((name) => {
  try {
    return [{ name, test: new RegExp(`^\\p{Script_Extensions=${name}}$`, "u") }];
  } catch {
    return [];
  }
});

/** TR39 §5.1's writing systems that join scripts: Han with kana (Jpan), Bopomofo (Hanb), Hangul (Kore). */
const JOINED: Readonly<Record<string, readonly string[]>> = {
  Han: ["Hanb", "Jpan", "Kore"],
  Hiragana: ["Jpan"],
  Katakana: ["Jpan"],
  Hangul: ["Kore"],
  Bopomofo: ["Hanb"],
};
const WRITING_SYSTEMS = ["Jpan", "Hanb", "Kore"];

/** A character's scripts (Script_Extensions, with its writing systems); empty for Common and Inherited. */
const scriptCache = new Map<string, ReadonlySet<string>>();
function scriptsOf(ch: string): ReadonlySet<string> {
  let scripts = scriptCache.get(ch);
  if (scripts === undefined) {
    const found = new Set<string>();
    for (const script of SCRIPTS) {
      if (!script.test.test(ch)) continue;
      found.add(script.name);
      for (const joined of JOINED[script.name] ?? []) found.add(joined);
    }
    scripts = found;
    // A name holds at most 24 characters; the cache is bounded by the scripts' letters people use.
    if (scriptCache.size < 20_000) scriptCache.set(ch, scripts);
  }
  return scripts;
}

/**
 * TR39 §5.2 "Highly Restrictive", per word: the word's letters share a script, or the word is Latin
 * with Han and kana (Japanese), Han and Bopomofo (Chinese) or Han and Hangul (Korean). Latin with
 * Cyrillic or Greek (`Аdmin`, `Ηonest`) is refused.
 */
function mixesScripts(word: string): boolean {
  let all: Set<string> | undefined;
  let notLatin: Set<string> | undefined;
  for (const ch of word) {
    const scripts = scriptsOf(ch);
    if (scripts.size === 0) continue;
    all = intersect(all, scripts);
    if (!scripts.has("Latin")) notLatin = intersect(notLatin, scripts);
  }
  if (all === undefined || all.size > 0) return false;
  return !WRITING_SYSTEMS.some((system) => notLatin?.has(system));
}

function intersect(into: Set<string> | undefined, scripts: ReadonlySet<string>): Set<string> {
  if (into === undefined) return new Set(scripts);
  for (const script of into) if (!scripts.has(script)) into.delete(script);
  return into;
}

/** The scripts a word's letters come from, for the refusal's message. */
function scriptNames(word: string): string {
  const names = new Set<string>();
  for (const ch of word) {
    const script = SCRIPTS.find((s) => s.test.test(ch));
    if (script) names.add(script.name);
  }
  return [...names].join(" and ");
}

function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function refuse(message: string): CleanName {
  return { ok: false, message };
}
