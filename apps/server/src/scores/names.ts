/**
 * The clean-name rule for leaderboard names: shown to every visitor, so plain words only. Letters
 * (with their combining marks), digits, the space and . _ - ' ; no control or format characters
 * (an RTL override would turn the rest of a row around), nothing HTML could read as markup.
 */
import { MAX_NAME_LENGTH } from "./limits.js";

const ALLOWED = /^[\p{L}\p{M}\p{Nd} ._'-]+$/u;
const WORDLIKE = /[\p{L}\p{Nd}]/u;

export type CleanName = { ok: true; value: string } | { ok: false; message: string };

/** The name as stored (trimmed, NFC), or why it is refused (BAD_NAME). */
export function cleanName(raw: string): CleanName {
  const name = raw.normalize("NFC").trim();
  const length = [...name].length;
  if (length === 0) return refuse("a name needs at least one letter or digit");
  if (length > MAX_NAME_LENGTH)
    return refuse(`a name has at most ${MAX_NAME_LENGTH} characters, not ${length}`);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
    return refuse("a name may not hold control or format characters");
  if (/[<>&"]/.test(name)) return refuse('a name may not hold < > & or "');
  if (!ALLOWED.test(name)) return refuse("a name holds letters, digits, spaces and . _ - ' only");
  if (!WORDLIKE.test(name)) return refuse("a name needs at least one letter or digit");
  return { ok: true, value: name };
}

function refuse(message: string): CleanName {
  return { ok: false, message };
}
