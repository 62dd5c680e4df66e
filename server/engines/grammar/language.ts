/**
 * Is it English? Decided per paragraph, so that a quotation or a passage in another language
 * inside an English text is left as written. franc (trigram language identification) is weak on
 * short and learner text, so the share of English function words decides with it.
 */
import { franc } from 'franc';

export interface Paragraph {
  /** UTF-16 [start, end) in the text. */
  start: number;
  end: number;
  english: boolean;
}

/**
 * Frequent English words that are rare as words of the other languages written in Latin script
 * ("a", "in", "on", "so", "die", "also", "was" are common German, French, Spanish or Italian words).
 */
const ENGLISH_MARKERS = new Set(
  `the and of to is that it with for are this be have not you they we he she which would there their what
  from or by can my your has had been were i but if do does did because very about when more these those
  some people should could our them his her its than then it's don't i'm can't isn't how who why where
  just only other many much any all into out up over after before being such each most us me him
  get make think know time year years way good new first one two therefore however always never every
  because while`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

const LETTER = /\p{L}/gu;
const LATIN = /\p{Script=Latin}/gu;
const WORD = /[\p{L}'’]+/gu;

/** Paragraphs (separated by line breaks) with their language verdict. */
export function paragraphs(text: string, isKnownWord: (word: string) => boolean): Paragraph[] {
  const out: Paragraph[] = [];
  for (const m of text.matchAll(/[^\n]+/g)) {
    out.push({ start: m.index, end: m.index + m[0].length, english: isEnglish(m[0], isKnownWord) });
  }
  return out;
}

/**
 * True for text written in English: enough English function words, or enough words an English
 * lexicon knows (learner English with typos still scores 0.75 or more; French, Spanish, German,
 * Dutch, Italian, Portuguese sentences 0.65 or less), with franc deciding the band between.
 * Text with no letters counts as English (nothing can be wrongly corrected); text mostly in a
 * non-Latin script does not.
 */
export function isEnglish(text: string, isKnownWord: (word: string) => boolean): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return true;
  const latin = text.match(LATIN)?.length ?? 0;
  if (latin / letters < 0.5) return false;
  const words = text.match(WORD) ?? [];
  if (words.length === 0) return true;
  const markers = words.filter((w) => ENGLISH_MARKERS.has(w.toLowerCase().replace('’', "'"))).length / words.length;
  if (markers >= 0.25) return true;
  const known = words.filter((w) => isKnownWord(w)).length / words.length;
  if (known >= 0.7) return true;
  if (known < 0.55) return false;
  return markers >= 0.15 || franc(text, { minLength: 3 }) === 'eng';
}
