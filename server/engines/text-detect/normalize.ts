/**
 * Canonical form of text for the detector's features (never shown to users: spans and offsets always
 * refer to the original input).
 *
 * It removes what says nothing about who wrote the words but would let a model learn data artefacts
 * or be fooled by evasion tricks:
 * - homoglyph attacks (Cyrillic/Armenian/Greek look-alikes, mathematical and full-width letters),
 *   zero-width characters, soft hyphens and combining marks (Zalgo, accents);
 * - UTF-8-read-as-Latin-1 mojibake ("Â£", "â€™");
 * - typographic quotes and apostrophes (an editor's choice, not the writer's);
 * - digits (all become 0, so numbers and dates are not learned as topic words);
 * - runs of four or more of one punctuation mark or symbol (separator lines of asterisks or dashes,
 *   "!!!!", "......") become three: their length is layout, not evidence, and a 70-asterisk banner
 *   in a human email read as dozens of markdown asterisks, a chat answer's mark (two emails flagged
 *   at 0.99 held out).
 * Case and the remaining punctuation are kept.
 */

/** Look-alike letters used by character-level attacks, mapped to the Latin letter they imitate. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q',
  ԝ: 'w', ӏ: 'l', ѵ: 'v', ү: 'y', ь: 'b', А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C',
  Т: 'T', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S', Ь: 'b', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y',
  // Greek
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', ϲ: 'c', ϳ: 'j', Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I',
  Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
  // Armenian
  ո: 'n', ս: 'u', հ: 'h', օ: 'o', ց: 'g', զ: 'q', ա: 'w', ե: 'e', Տ: 'S', Օ: 'O',
  // Latin look-alikes and others
  ɑ: 'a', ɡ: 'g', ᴢ: 'z', ɩ: 'i', ı: 'i', ȷ: 'j', ⲅ: 'r', ⲟ: 'o', ⲣ: 'p', ꮃ: 'w', ᴄ: 'c', ᴏ: 'o', ᴠ: 'v', ᴡ: 'w',
  ꓲ: 'I', Ƽ: '5', '˗': '-', '‐': '-', '‑': '-', '‒': '-', '−': '-',
  // Typographic quotes and apostrophes
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '`': "'", '´': "'", '“': '"', '”': '"', '„': '"', '‟': '"',
  '″': '"', '«': '"', '»': '"',
};

const MOJIBAKE: [RegExp, string][] = [
  [/â€™|â€˜/g, "'"],
  [/â€œ|â€\u009d|â€/g, '"'],
  [/Â(?=[\s£€©°±·½¼¾§¶])/g, ''],
  [/Ã©/g, 'é'],
];

const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join('').replace(/[-\]\\^]/g, '\\$&')}]`, 'gu');
const DIGITS = /\d/g;
/** Four or more of one character that is not an ASCII letter, digit or space (ASCII classes: a Unicode-aware pattern took 16% of `detect`). */
const PUNCT_RUN = /([^A-Za-z0-9\s])\1{3,}/g;
/** Whitespace that is not already one plain space: runs of two or more, and any other single space character. */
const SPACES_TO_CANONICAL = /\s{2,}|[^\S ]/g;

/** Canonical feature text of one sentence or document. */
export function normalizeForFeatures(text: string): string {
  let s = text;
  if (NON_ASCII.test(s)) {
    if (s.includes('Â') || s.includes('â€') || s.includes('Ã')) for (const [re, to] of MOJIBAKE) s = s.replace(re, to);
    s = s.replace(INVISIBLE, '').replace(CONFUSABLE_CHARS, (c) => CONFUSABLES[c] ?? c);
    s = s.normalize('NFKD').replace(MARKS, '');
    s = s.replace(CONFUSABLE_CHARS, (c) => CONFUSABLES[c] ?? c); // look-alikes exposed by NFKD
  }
  // Ordinary text has single spaces only: then no replacement matches and no new string is built.
  return s.replace(DIGITS, '0').replace(PUNCT_RUN, '$1$1$1').replace(SPACES_TO_CANONICAL, ' ').trim();
}
