/**
 * Word tokens with offsets into the text exactly as submitted. Every later stage (fingerprints,
 * alignment, scoring) works on these tokens, so normalisation happens in one place and every
 * position maps straight back to the original string.
 */
import { synonymClass } from './synonyms.ts';

export interface Token {
  /** Normalised form: NFKC, lower case, apostrophes dropped. */
  norm: string;
  /** UTF-16 offsets of the token in the original text. */
  start: number;
  end: number;
}

/** A word is a run of letters, digits and marks (with inner apostrophes); each CJK character is a word of its own. */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’ʼ][\p{L}\p{N}\p{M}]+)*/gu;
const PLAIN_ASCII = /^[A-Za-z0-9]*$/u;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_OR_REST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

export function normaliseWord(word: string): string {
  if (PLAIN_ASCII.test(word)) return word.toLowerCase(); // the common case, without NFKC's cost
  return word.normalize('NFKC').toLowerCase().replace(/['’ʼ]/gu, '');
}

/** The same word pattern, sticky: matches only at lastIndex (for words the ASCII scanner hands over). */
const WORD_AT = new RegExp(WORD.source, 'uy');

const isAsciiAlnum = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
const APOSTROPHE = 0x27;

/** Adds the tokens of one word matched by WORD (CJK characters become words of their own). */
function pushWord(tokens: Token[], word: string, start: number): void {
  if (!HAS_CJK.test(word)) {
    tokens.push({ norm: normaliseWord(word), start, end: start + word.length });
    return;
  }
  for (const part of word.matchAll(CJK_OR_REST)) {
    const at = start + part.index;
    tokens.push({ norm: normaliseWord(part[0]), start: at, end: at + part[0].length });
  }
}

/**
 * The words of a text (as WORD matches them). Runs of ASCII letters and digits, nearly every word
 * of English text, are scanned by character code without the Unicode regex or NFKC; anything else
 * (non-ASCII characters, inner apostrophes) is matched by the regex at that position, so the
 * result is the same as matching WORD over the whole text.
 */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (!isAsciiAlnum(c)) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < text.length && isAsciiAlnum(text.charCodeAt(end))) end++;
      const next = end < text.length ? text.charCodeAt(end) : -1;
      const after = end + 1 < text.length ? text.charCodeAt(end + 1) : -1;
      const continues = next >= 0x80 || (next === APOSTROPHE && (after >= 0x80 || isAsciiAlnum(after)));
      if (!continues) {
        tokens.push({ norm: text.slice(i, end).toLowerCase(), start: i, end });
        i = end;
        continue;
      }
    }
    // The general case: let the regex decide whether a word starts here and where it ends.
    WORD_AT.lastIndex = i;
    const m = WORD_AT.exec(text);
    if (m) {
      pushWord(tokens, m[0], i);
      i += m[0].length;
    } else {
      i += c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1; // one code point
    }
  }
  return tokens;
}

/**
 * Function words of the two languages in the development data plus the most frequent English ones.
 * They carry no topic, so the paraphrase channel and the bag-of-words similarity ignore them.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers herself him himself his
how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out
over own same she should so some such than that the their theirs them themselves then there these they this those through to too
under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
may might must shall upon within without whether however thus therefore although though also
yang dan di ke dari ini itu dengan untuk pada adalah dalam tidak akan atau juga oleh sebagai karena bahwa ada sudah telah
saat bisa dapat lebih hanya masih para kami kita mereka ia dia saya anda namun tetapi jika agar maka serta yaitu yakni pun
antara secara setelah sebelum hingga sampai tersebut sangat seperti bagi tentang`.split(/\s+/u),
);

export function isStopWord(norm: string): boolean {
  return STOP_WORDS.has(norm);
}

/** Longer "words" (base64, hashes, run-on junk) are never searched for; PostgreSQL rejects tsquery words over 2 KB. */
const MAX_SEARCHABLE_CHARS = 100;

/** Words indexed for full-text retrieval: no function words, at least four characters (or one CJK character). */
export function searchableWord(norm: string): boolean {
  return (norm.length >= 4 || CJK.test(norm)) && norm.length <= MAX_SEARCHABLE_CHARS && !STOP_WORDS.has(norm);
}

/** Classes already resolved (a cache of a pure function, emptied when it grows large). */
const classCache = new Map<string, string>();
const CLASS_CACHE_SIZE = 200_000;

/**
 * The key words are compared on in the paraphrase channel: a WordNet synonym class for English
 * words WordNet knows, otherwise a light stem (CJK characters and short words stay as they are).
 */
export function contentClass(norm: string): string {
  let cls = classCache.get(norm);
  if (cls === undefined) {
    cls = synonymClass(norm) ?? lightStem(norm);
    if (classCache.size >= CLASS_CACHE_SIZE) classCache.clear();
    classCache.set(norm, cls);
  }
  return cls;
}

/** Strips common inflectional endings so "models"/"modelled"/"modelling" meet; deliberately crude and language-neutral. */
export function lightStem(norm: string): string {
  if (norm.length <= 4 || CJK.test(norm)) return norm;
  for (const suffix of ['ings', 'ing', 'edly', 'ed', 'es', 's', 'ly']) {
    if (norm.endsWith(suffix) && norm.length - suffix.length >= 4) return norm.slice(0, -suffix.length);
  }
  return norm;
}
