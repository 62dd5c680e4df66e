/**
 * Typographic clean-up that any person retyping a text would do, and that runs before every
 * rewrite: letters from other scripts that only look Latin ("vаrіous" with Cyrillic а and і,
 * "wan𝚝" with a mathematical t) become the Latin letters they imitate, invisible characters
 * (zero-width, bidi controls, soft hyphens) go, unusual spaces become plain ones, and runs of
 * spaces inside a line shrink to one. Text that is genuinely in another script is left alone: a
 * look-alike letter is mapped only inside a word that also has Latin letters, or in a word made
 * only of look-alikes when the text has no real word of that script (a Russian word stays Russian).
 * Code spans are never touched.
 */

/** Look-alike letters of other scripts (and odd Latin ones) with the Latin letter each imitates. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', ѵ: 'v', һ: 'h', ӏ: 'l', ь: 'b', ɩ: 'i',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I', Ј: 'J', Ԛ: 'Q', Ԝ: 'W', Ь: 'b', Ӏ: 'I',
  // Greek
  ο: 'o', ϲ: 'c', ν: 'v', α: 'a', ι: 'i', κ: 'k', ϳ: 'j', ρ: 'p',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
  // Armenian
  ո: 'n', ս: 'u', հ: 'h', օ: 'o', ց: 'g', Օ: 'O', Ս: 'U',
  // Coptic
  ⲅ: 'r', ⲟ: 'o', ⲣ: 'p', ⲭ: 'x', Ⲟ: 'O', Ⲣ: 'P',
  // Cherokee capitals
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭼ: 'E', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮮ: 'L', Ꮇ: 'M', Ꮲ: 'P', Ꮪ: 'S', Ꮩ: 'V', Ꮃ: 'W', Ꮓ: 'Z',
  // Latin letters that imitate plain ones (IPA alpha and script g, dotless j)
  ɑ: 'a', ɡ: 'g', ȷ: 'j',
};

/**
 * Compatibility forms of Latin letters (fullwidth, mathematical, circled, small Roman numerals,
 * script l; Roman numerals only where one stands for one letter): NFKC turns each into its plain letter. Ranges rather than all of NFKC, which would
 * also rewrite "²" or "½" (facts, not disguises).
 */
const COMPATIBILITY_LETTER = /[\uFF21-\uFF3A\uFF41-\uFF5A\u{1D400}-\u{1D7FF}\u24B6-\u24E9\u2160\u2164\u2169\u216C-\u2170\u2174\u2179\u217C-\u217F\u2113\u212A]/u;

const isConfusable = (ch: string): boolean => ch in CONFUSABLES;
const isCompatibility = (ch: string): boolean => COMPATIBILITY_LETTER.test(ch);
const isPlainLatin = (ch: string): boolean => /\p{Script=Latin}/u.test(ch) && !isConfusable(ch);

/** A word as the clean-up sees it: letters, marks, digits and the compatibility letters. */
const WORD = /[\p{L}\p{M}\p{N}\u24B6-\u24E9]+(?:['’][\p{L}\p{M}\p{N}\u24B6-\u24E9]+)*/gu;
const SCRIPTS = ['Cyrillic', 'Greek', 'Armenian', 'Coptic', 'Cherokee'] as const;
const scriptOf = (ch: string): string | undefined => SCRIPTS.find((s) => new RegExp(`\\p{Script=${s}}`, 'u').test(ch));

/** Scripts the text really uses: some word of that script has a letter that imitates nothing. */
function genuineScripts(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    const chars = [...word];
    if (chars.some((c) => isPlainLatin(c) || isCompatibility(c))) continue;
    for (const c of chars) {
      const script = scriptOf(c);
      if (script && !isConfusable(c)) scripts.add(script);
    }
  }
  return scripts;
}

function plainLetter(ch: string): string {
  if (isConfusable(ch)) return CONFUSABLES[ch];
  if (!isCompatibility(ch)) return ch;
  const compatible = ch.normalize('NFKC'); // a mathematical Greek capital alpha is still a look-alike
  return CONFUSABLES[compatible] ?? compatible;
}

/** Maps look-alike letters back to Latin where they disguise a Latin word. */
export function mapHomoglyphs(text: string): string {
  if (!/[\u0250-\u{10FFFF}]/u.test(text)) return text;
  const genuine = genuineScripts(text);
  return text.replace(WORD, (word) => {
    const chars = [...word];
    const suspects = chars.filter((c) => isConfusable(c) || isCompatibility(c));
    if (suspects.length === 0) return word;
    const hasLatin = chars.some(isPlainLatin);
    // A whole word of look-alikes ("аnd" typed all in Cyrillic) only where that script is not really used.
    const allLookAlike = chars.length >= 2 && chars.every((c) => isConfusable(c) || isCompatibility(c) || !/\p{L}/u.test(c));
    const disguised = hasLatin || (allLookAlike && suspects.every((c) => isCompatibility(c) || !genuine.has(scriptOf(c) ?? '')));
    const compatibilityOnly = suspects.every(isCompatibility);
    if (!disguised && !compatibilityOnly) return word;
    return chars.map((c) => (disguised || isCompatibility(c) ? plainLetter(c) : c)).join('');
  });
}

/** Format characters (zero-width, bidi, BOM, soft hyphen) and Hangul fillers. */
const INVISIBLE = /[\p{Cf}\u3164\uFFA0]|\u115F|\u1160|\u17B4|\u17B5|\u034F/gu;
/** A zero-width joiner between two emoji builds one emoji ("family"): it stays. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/u;

function dropInvisible(text: string): string {
  return text.replace(INVISIBLE, (ch: string, at: number) => (ch === '\u200D' && EMOJI_JOINER.test(text.slice(Math.max(0, at - 3), at + 3)) ? ch : ''));
}

const UNUSUAL_SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/gu;
const CODE = /```[\s\S]*?```|`[^`\n]+`/gu;

/** One stretch of prose (never code): every clean-up step in order. */
function cleanProse(text: string): string {
  let out = text.replace(/Â(?=[\u00A0-\u00BF])/gu, ''); // "Â£": UTF-8 read as Latin-1
  out = dropInvisible(out).replace(UNUSUAL_SPACE, ' ');
  out = mapHomoglyphs(out);
  return out.replace(/(?<=\S) {2,}(?=\S)/gu, ' ');
}

/** The text with every typing artefact cleaned (see the module comment); code spans as they were. */
export function cleanArtefacts(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(CODE)) {
    out += cleanProse(text.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + cleanProse(text.slice(at));
}
