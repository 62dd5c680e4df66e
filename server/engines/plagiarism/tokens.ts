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

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (PLAIN_ASCII.test(word) || !HAS_CJK.test(word)) {
      tokens.push({ norm: normaliseWord(word), start: m.index, end: m.index + word.length });
      continue;
    }
    for (const part of word.matchAll(CJK_OR_REST)) {
      const start = m.index + part.index;
      tokens.push({ norm: normaliseWord(part[0]), start, end: start + part[0].length });
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

/** Words indexed for full-text retrieval: no function words, at least four characters (or one CJK character). */
export function searchableWord(norm: string): boolean {
  return (norm.length >= 4 || CJK.test(norm)) && !STOP_WORDS.has(norm);
}

/**
 * The key words are compared on in the paraphrase channel: a WordNet synonym class for English
 * words WordNet knows, otherwise a light stem (CJK characters and short words stay as they are).
 */
export function contentClass(norm: string): string {
  return synonymClass(norm) ?? lightStem(norm);
}

/** Strips common inflectional endings so "models"/"modelled"/"modelling" meet; deliberately crude and language-neutral. */
export function lightStem(norm: string): string {
  if (norm.length <= 4 || CJK.test(norm)) return norm;
  for (const suffix of ['ings', 'ing', 'edly', 'ed', 'es', 's', 'ly']) {
    if (norm.endsWith(suffix) && norm.length - suffix.length >= 4) return norm.slice(0, -suffix.length);
  }
  return norm;
}
