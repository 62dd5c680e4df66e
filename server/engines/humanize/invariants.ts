/**
 * The humanizer's invariants, checked on every candidate (built-in or LLM) before it is accepted:
 * protected items kept, line and paragraph structure kept, length within ±20%, no invisible
 * characters, homoglyphs or odd spacing introduced, and the language kept.
 */
import { franc } from 'franc';
import { splitSentences } from '../shared/sentences.ts';
import { countWords } from '../shared/text.ts';
import { cleanArtefacts } from './clean.ts';
import { countToken, protectedItems, withoutPreambles } from './protect.ts';

export interface InvariantReport {
  ok: boolean;
  violations: string[];
}

export const MAX_LENGTH_CHANGE = 0.2;

/** Typographic artefacts a humanizer must never add (an outside detector would see them as evasion). */
const ARTEFACTS: { name: string; pattern: RegExp }[] = [
  // Format characters (zero-width, bidi, BOM, soft hyphen), private use, stray controls, filler letters.
  { name: 'invisible character', pattern: /[\p{Cf}\p{Co}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|(?![\t\n\r])\p{Cc}/gu },
  { name: 'unusual space', pattern: /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/gu },
  { name: 'homoglyph', pattern: /(?=[^\s]*\p{Script=Latin})[^\s]*[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}][^\s]*|[\uFF21-\uFF3A\uFF41-\uFF5A]|[\u{1D400}-\u{1D7FF}]/gu },
  { name: 'double space', pattern: /(?<=\S) {2,}(?=\S)/gu },
  { name: 'space before punctuation', pattern: /(?<=[\p{L}\p{N}]) +[,.;:!?](?=\s|$)/gu },
];

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** What the checks compare against, computed once per original text. */
export interface InvariantReference {
  items: Map<string, number>;
  lines: { lines: number; paragraphs: number };
  words: number;
  chars: number;
  artefacts: number[];
  language: string;
}

/**
 * The reference is the original as a reader sees it, with its typing artefacts cleaned (clean.ts):
 * a name disguised with a Cyrillic letter is kept when it comes back in plain Latin letters, and
 * the rewrite may not carry more artefacts than the cleaned original has.
 */
export function invariantReference(input: string): InvariantReference {
  const original = cleanArtefacts(input);
  return {
    items: protectedItems(original),
    lines: lineStructure(original),
    words: countWords(original),
    chars: original.length,
    artefacts: ARTEFACTS.map(({ pattern }) => count(original, pattern)),
    language: languageOf(original),
  };
}

export function checkInvariants(original: string, rewritten: string): InvariantReport {
  return checkAgainst(invariantReference(original), rewritten);
}

export function checkAgainst(reference: InvariantReference, rewritten: string): InvariantReport {
  const violations: string[] = [];

  for (const [item, times] of reference.items) {
    const kept = countToken(rewritten, item);
    if (kept < times) violations.push(`protected text changed: ${JSON.stringify(shorten(item))} (${kept} of ${times} kept)`);
  }

  const before = reference.lines;
  const after = lineStructure(rewritten);
  if (before.paragraphs !== after.paragraphs) {
    violations.push(`paragraph breaks changed: ${before.paragraphs} paragraphs became ${after.paragraphs}`);
  } else if (before.lines !== after.lines) {
    violations.push(`line breaks changed: ${before.lines} lines became ${after.lines}`);
  }

  const wordRatio = countWords(rewritten) / Math.max(1, reference.words);
  const charRatio = rewritten.length / Math.max(1, reference.chars);
  for (const [what, ratio] of [['word count', wordRatio], ['character count', charRatio]] as const) {
    if (!withinLengthLimit(ratio)) violations.push(`${what} changed by ${Math.round((ratio - 1) * 100)}% (limit ±20%)`);
  }

  ARTEFACTS.forEach(({ name, pattern }, i) => {
    const added = count(rewritten, pattern) - reference.artefacts[i];
    if (added > 0) violations.push(`${name} introduced (${added})`);
  });

  if (reference.language !== 'und') {
    const language = languageOf(rewritten);
    if (language !== reference.language) violations.push(`language changed: ${reference.language} became ${language}`);
  }

  return { ok: violations.length === 0, violations };
}

/** A rewrite's length as a ratio to the original's: within ±MAX_LENGTH_CHANGE. */
function withinLengthLimit(ratio: number): boolean {
  return Math.abs(ratio - 1) <= MAX_LENGTH_CHANGE + 1e-9;
}

function shorten(item: string): string {
  return item.length > 60 ? `${item.slice(0, 57)}...` : item;
}

/** Non-empty lines and blank-line-separated paragraphs of a text (outer whitespace ignored). */
function lineStructure(text: string): { lines: number; paragraphs: number } {
  const trimmed = text.trim();
  if (trimmed === '') return { lines: 0, paragraphs: 0 };
  return {
    lines: trimmed.split(/\r\n|\r|\n/u).filter((l) => l.trim() !== '').length,
    paragraphs: trimmed.split(/(?:\r?\n|\r)[^\S\r\n]*(?:\r?\n|\r)\s*/u).length,
  };
}

/**
 * Very frequent English function words: in English prose they make up 40-50% of the words, in
 * other languages (even Latin-script ones) only a few percent. The second line holds those of
 * first- and second-person writing (reviews, chat answers, stories) that are no words of another
 * Latin-script language ("a", "in", "i", "me", "so", "do" are, so they stay out).
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  [
    'the of and to is that for it with as was on be by this are from or have an they which not but at were their has been its we can more also these there would will his her who than them may such our when into other what about',
    "you your you're you've you'll my i'm i've i'll i'd it's don't can't didn't isn't she he's if just",
  ].join(' ').split(' '),
);
const LATIN_WORD = /[a-z][a-z'’]*/giu;
const LETTER_WORD = /\p{L}[\p{L}\p{M}'’]*/gu;

/** The counts the English test reads: letter words, English function words among them, Latin-script words. */
interface LanguageCounts {
  letterWords: number;
  englishWords: number;
  latinWords: number;
}

function languageCounts(text: string): LanguageCounts {
  const words = text.match(LETTER_WORD) ?? [];
  return {
    letterWords: words.length,
    englishWords: words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w.toLowerCase().replace(/’/gu, "'"))).length,
    latinWords: text.match(LATIN_WORD)?.length ?? 0,
  };
}

/**
 * English: at least 12% of the words are English function words, and at least three Latin-script
 * words. Prose in French, Spanish, German, Italian, Portuguese or Dutch has 0 to 6%; terse English
 * (a product review, a chat answer) can have as little as 15% (at 18%, 2.4% of the held-out texts were turned away, most of them chat answers and dialogue).
 */
function countsLookEnglish({ letterWords, englishWords, latinWords }: LanguageCounts): boolean {
  return letterWords > 0 && englishWords / letterWords >= 0.12 && latinWords >= 3;
}

export function looksEnglish(text: string): boolean {
  return countsLookEnglish(languageCounts(text));
}

/** ISO 639-3 code: 'eng' by the function-word test (franc confuses English with Scots), else franc. */
export function languageOf(text: string): string {
  if (looksEnglish(text)) return 'eng';
  return franc(text, { minLength: 20 });
}

const STOPWORDS = new Set([
  ...ENGLISH_FUNCTION_WORDS,
  ...'a i in he she you your my me us him do does did had having being were was is am are been not no nor so if then than too very just only also even still yet however moreover furthermore additionally thus therefore hence while because although though whether which whose whom where why how all any both each few many most some much one ones own same other another'.split(' '),
]);

/** Lower-cased content words (no stopwords, at least three letters) of a text. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}

/** Share of the original's content words (as a multiset) that the rewrite still contains. */
export function contentWordOverlap(original: string, rewritten: string): number {
  const before = contentWords(original);
  if (before.length === 0) return 1;
  const available = new Map<string, number>();
  for (const w of contentWords(rewritten)) available.set(w, (available.get(w) ?? 0) + 1);
  let kept = 0;
  for (const w of before) {
    const n = available.get(w) ?? 0;
    if (n > 0) {
      kept++;
      available.set(w, n - 1);
    }
  }
  return kept / before.length;
}

/** A sentence with fewer content words than this says too little to tell whether it was kept. */
const MIN_SENTENCE_CONTENT = 3;

/**
 * The sentence rule as the rewriter keeps it: sentence boundaries may move (a long sentence split
 * in two, two short ones joined, a clause moved), but no sentence's content may go and none may be
 * made up. Dropped: sentences of the original with under half their content words anywhere in the
 * rewrite; added: sentences of the rewrite with under half theirs anywhere in the original.
 * Sentences of fewer than MIN_SENTENCE_CONTENT content words are not counted.
 */
export function sentencesWithoutCounterpart(original: string, rewritten: string): { dropped: number; added: number } {
  const orphans = (from: string, to: string): number => {
    const present = new Set(contentWords(to));
    return splitSentences(from).filter((s) => {
      const words = contentWords(s.text);
      return words.length >= MIN_SENTENCE_CONTENT && words.filter((w) => present.has(w)).length * 2 < words.length;
    }).length;
  };
  return { dropped: orphans(original, rewritten), added: orphans(rewritten, original) };
}

/** What the checks count in a text, kept up to date edit by edit instead of recounted on the whole text. */
export interface Tally extends LanguageCounts {
  words: number;
  chars: number;
  /** Content words of the text (a multiset) and how many of the original's it still holds. */
  content: ReadonlyMap<string, number>;
  kept: number;
}

function countBy<T>(values: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/**
 * The invariants for a sentence-level rewriter, checked on the stretch of text an edit replaces:
 * protected items and typing artefacts compared between the old and the new stretch, and the
 * whole-text measures (length, language, content-word overlap) carried in a tally. A text is
 * acceptable when it keeps every invariant of checkAgainst and at least `minOverlap` of the
 * original's content words; an edit that touches a line break is checked on the whole text.
 */
export class EditChecker {
  private readonly originalContent: Map<string, number>;
  private readonly originalContentTotal: number;

  constructor(
    private readonly reference: InvariantReference,
    private readonly original: string,
    private readonly minOverlap: number,
  ) {
    const content = contentWords(original);
    this.originalContent = countBy(content);
    this.originalContentTotal = content.length;
  }

  tally(text: string): Tally {
    const content = countBy(contentWords(text));
    let kept = 0;
    for (const [word, n] of this.originalContent) kept += Math.min(n, content.get(word) ?? 0);
    return { words: countWords(text), chars: text.length, ...languageCounts(text), content, kept };
  }

  /**
   * The tally of the text after `before` (a stretch of the text tallied in `tally`) becomes
   * `after`, or null when that text breaks an invariant. `whole` gives the new text, for edits
   * that touch a line break.
   */
  check(tally: Tally, before: string, after: string, whole: () => string): Tally | null {
    // Line structure, or a language other than English, is judged on the whole text.
    if (/[\r\n]/u.test(before) || /[\r\n]/u.test(after) || !['eng', 'und'].includes(this.reference.language)) {
      const text = whole();
      return checkAgainst(this.reference, text).ok && contentWordOverlap(this.original, text) >= this.minOverlap ? this.tally(text) : null;
    }
    // Items are counted outside chat preambles, as in the reference (a cut preamble's title may hold a name of the piece).
    let piece: string | undefined;
    for (const item of this.reference.items.keys()) {
      if (before.includes(item) && countToken(after, item) < countToken((piece ??= withoutPreambles(before)), item)) return null;
    }
    for (const { pattern } of ARTEFACTS) if (count(after, pattern) > count(before, pattern)) return null;
    const old = this.tally(before);
    const now = this.tally(after);
    const words = tally.words + now.words - old.words;
    const chars = tally.chars + now.chars - old.chars;
    if (!withinLengthLimit(words / Math.max(1, this.reference.words)) || !withinLengthLimit(chars / Math.max(1, this.reference.chars))) return null;
    const letterWords = tally.letterWords + now.letterWords - old.letterWords;
    const englishWords = tally.englishWords + now.englishWords - old.englishWords;
    const latinWords = tally.latinWords + now.latinWords - old.latinWords;
    if (this.reference.language === 'eng' && !countsLookEnglish({ letterWords, englishWords, latinWords })) return null;
    // Content words: only the words the edit touched change their counts.
    const content = new Map(tally.content);
    let kept = tally.kept;
    const change = (word: string, by: number): void => {
      const was = content.get(word) ?? 0;
      const original = this.originalContent.get(word) ?? 0;
      content.set(word, was + by);
      kept += Math.min(original, was + by) - Math.min(original, was);
    };
    for (const [word, n] of old.content) change(word, -n);
    for (const [word, n] of now.content) change(word, n);
    if (this.originalContentTotal > 0 && kept / this.originalContentTotal < this.minOverlap) return null;
    return { words, chars, letterWords, englishWords, latinWords, content, kept };
  }
}
