/**
 * What a rewrite must never change: numbers (digits and number words), dates, URLs, e-mail
 * addresses, quotations, code spans, bracketed citations, names and other proper nouns. The
 * same extractor feeds the rewriter (which masks these items before any edit) and the invariant
 * checker (which demands every item back, as often as the input had it).
 */
import { splitSentences } from '../shared/sentences.ts';
import { escapeRegExp } from '../shared/text.ts';
import { COMMON_WORDS } from './lexicon.ts';

export interface Span {
  start: number;
  end: number;
}

/**
 * Words that may carry a capital only because they open a sentence: function words and the
 * transitions our tables rewrite. Only these may be lower-cased by a move (sentence joins, clause
 * moves); a capitalised opener outside this list is treated as a possible name.
 */
export const COMMON_OPENERS = new Set(
  `a an the this that these those there here it its it's we our you your they their them he his she her i my me
  and but or so yet nor for as if when while because since although though unless once after before until whether
  in on at by with from to of into onto over under about above below between among through during within without
  across along around against despite toward towards upon beyond throughout per via
  however moreover furthermore additionally consequently therefore thus hence nevertheless nonetheless meanwhile
  overall ultimately finally lastly firstly secondly thirdly first second third also besides indeed instead
  similarly likewise accordingly subsequently notably importantly interestingly essentially basically clearly
  certainly undoubtedly arguably generally typically usually often sometimes still then now today currently
  recently additionally alternatively conversely specifically particularly especially
  is are was were be been being do does did have has had can could will would shall should may might must
  what which who whom whose where why how
  all any both each either every few many more most much neither no none not one other several some such
  many some only even just well yes oh let it is`.split(/\s+/u).filter(Boolean),
);

/** Spelled-out numbers: changing or dropping one changes the facts. */
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|' +
  'eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|' +
  'million|millions|billion|billions|trillion|dozen|dozens|half|once|twice|thrice|first|second|third|fourth|fifth|' +
  'sixth|seventh|eighth|ninth|tenth|twelfth|twentieth|hundredth|thousandth|millionth';

/** One spelled-out number, as a whole word. */
export const NUMBER_WORD = new RegExp(`^(?:${NUMBER_WORDS})$`, 'iu');

/**
 * A chat model's preamble to the piece it was asked for, at a sentence start ("Sure, here's a story
 * based on your prompt:", "Here is a 7 sentence abstract for the article title "The Oka principle":",
 * "This is a six-sentence news article based on a summary:", bold or not): the phrase rules drop it.
 * Its count of sentences and the title it was given are no facts of the piece, so they are not
 * protected. A regular-expression source; any other quotation (or a placeholder in masked text) ends it.
 */
export const CHAT_PREAMBLE =
  `(?:\\*\\*)?(?:(?:Sure|Certainly|Of course|Absolutely|Okay|OK)[,!.]?\\s+)?(?:[Hh]ere's|[Hh]ere is|[Hh]ere are|(?:This is|These are)(?= (?:a|an|the) [\\p{L}\\p{N}]+ ?-?sentences? (?:[\\p{L}-]+ ){0,2}(?:story|stories|article|abstract|review|continuation|summary|essay|paragraph|comments?)\\b)) (?:(?:a|an|the|my|your|some) )?[^:.!?"“\uE000]{0,80}?` +
  `\\b(?:story|stories|tale|narrative|article|abstract|review|version|continuation|summary|essay|paragraph|rewrite|draft|post|piece|text|response|attempt|poem|anecdote|sentences)\\b` +
  `[^:.!?"“\uE000]{0,120}(?:\\b(?:title|titled|entitled|called|named|prompt|headline)\\s+(?:"[^"\n]{1,200}"|“[^”\n]{1,200}”)\\s?)?(?:\\*\\*)?:(?:\\*\\*)?`;
const PREAMBLE_AT_START = new RegExp(`^${CHAT_PREAMBLE}`, 'u');

const QUOTED_TITLE = /"[^"\n]*"|“[^”\n]*”/gu;

/**
 * Spans of the chat preambles that open a sentence and name nobody outside the title they quote (a
 * capital after the first word would be a name).
 */
export function preambleSpans(text: string): Span[] {
  if (!/[Hh]ere(?:'s| is| are)|Th(?:is is|ese are)/u.test(text)) return [];
  const spans: Span[] = [];
  for (const sentence of splitSentences(text)) {
    const m = PREAMBLE_AT_START.exec(sentence.text);
    if (m && !/\p{Lu}/u.test(m[0].replace(QUOTED_TITLE, '').replace(/^\W*\p{L}+/u, ''))) spans.push({ start: sentence.start, end: sentence.start + m[0].length });
  }
  return spans;
}

/** The text with its chat preambles blanked out (same length): what a reader counts as the piece. */
export function withoutPreambles(text: string): string {
  let out = text;
  for (const p of preambleSpans(text)) out = out.slice(0, p.start) + ' '.repeat(p.end - p.start) + out.slice(p.end);
  return out;
}

/**
 * Patterns whose whole match is one protected item, in priority order (earlier wins on overlap);
 * these first ones may run across a sentence end (code, links, quotations, brackets).
 */
const SPANNING_PATTERNS: RegExp[] = [
  /```[\s\S]*?```/gu, // fenced code
  /`[^`\n]+`/gu, // inline code
  /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]]/giu, // URL without trailing punctuation
  // The lookbehinds start a try only where a token starts (the matches are the same; each other
  // position would rescan the token's rest for nothing: quadratic in a word's length, slow on 2,000 words).
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, // e-mail
  /"[^"\n]{1,600}"/gu, // straight double quotes
  /“[^”\n]{1,600}”/gu, // curly double quotes
  /«[^»\n]{1,600}»/gu,
  /(?<![\p{L}\p{N}])‘[^’\n]{1,300}’(?![\p{L}\p{N}])/gu, // curly single quotes, not apostrophes
  /(?<![\p{L}\p{N}])'[^'\n]{1,300}'(?![\p{L}\p{N}])/gu, // straight single quotes, not apostrophes
  // [1], [Smith 2020], [citation needed]; not a chat transcript's role label ("[assistant]:"), which is no content.
  /\[(?!(?:[Aa]ssistant|[Uu]ser|[Ss]ystem|[Hh]uman)\]:)[^\]\n]{1,80}\]/gu,
  /\([^()\n]{0,120}\p{N}[^()\n]{0,120}\)/gu, // parentheticals with a number: (Smith, 2020), (p. 5), (n = 30)
];
/** Items within a word: numbers, spelled-out numbers. */
const ITEM_PATTERNS: RegExp[] = [
  ...SPANNING_PATTERNS,
  /(?<![^\s"“”«»()[\]])[^\s"“”«»()[\]]*\p{N}[^\s"“”«»()[\]]*/gu, // any token holding a digit: 3.5%, $20, 2020-01-01, 10:30, 5km
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${NUMBER_WORDS})(?![\\p{L}\\p{N}])`, 'giu'),
];

const TRAILING_PUNCTUATION = /[.,;:!?'’]+$/u;
const WORD = /[\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*/gu;
const HAS_UPPER = /\p{Lu}/u;

/**
 * Spans of the protected items that may hold a sentence end, outside chat preambles (possibly
 * overlapping): the rewriter leaves a sentence alone that one of them crosses into. Cheaper than
 * protectedSpans (no names, no numbers), for a check made on every pass.
 */
export function spanningItems(text: string): Span[] {
  const preambles = preambleSpans(text);
  const spans: Span[] = [];
  for (const pattern of SPANNING_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      if (!preambles.some((p) => m.index >= p.start && m.index < p.end)) spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return spans;
}

/** Spans (UTF-16, sorted, non-overlapping) of every protected item in `text`. */
export function protectedSpans(text: string): Span[] {
  const spans: Span[] = [];
  const taken = new Uint8Array(text.length);
  const add = (start: number, end: number): void => {
    for (let i = start; i < end; i++) if (taken[i]) return;
    taken.fill(1, start, end);
    spans.push({ start, end });
  };
  const preambles = preambleSpans(text);
  for (const pattern of ITEM_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      // In a preamble only what runs on past its end ("the review:1." glued) is protected.
      const preamble = preambles.find((p) => m.index >= p.start && m.index < p.end);
      const from = preamble ? preamble.end : m.index;
      const raw = m[0].slice(from - m.index);
      if (!/\p{N}/u.test(raw) && preamble) continue;
      // A digit token keeps its own dots ("3.5") but not the sentence's full stop after it.
      const trimmed = raw.length > 1 && /\p{N}/u.test(raw) && !raw.startsWith('(') && !raw.startsWith('[') ? raw.replace(TRAILING_PUNCTUATION, '') : raw;
      if (trimmed.length > 0) add(from, from + trimmed.length);
    }
  }
  for (const name of nameSpans(text)) if (!preambles.some((p) => name.start >= p.start && name.start < p.end)) add(name.start, name.end);
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * Capitalised words that are (or may be) names: any word with a capital letter, except the
 * pronoun "I" and a sentence's first word when it is a common opener, or a common word that the
 * text never capitalises mid-sentence ("Smartphones have ..."). Acronyms and CamelCase always count.
 */
function nameSpans(text: string): Span[] {
  const firstWordStarts = new Set<number>();
  for (const sentence of splitSentences(text)) {
    const first = sentence.text.match(/[\p{L}\p{M}]/u);
    if (first?.index !== undefined) firstWordStarts.add(sentence.start + first.index);
  }
  // A capital after a colon may open a sentence too ("Abstract:In this paper", "Update: The shop ...").
  for (const m of text.matchAll(/:\s*(?=\p{Lu})/gu)) firstWordStarts.add(m.index + m[0].length);
  const words = [...text.matchAll(WORD)];
  const capitalisedMidSentence = new Set<string>();
  for (const w of words) {
    if (!firstWordStarts.has(w.index) && HAS_UPPER.test(w[0])) capitalisedMidSentence.add(w[0].toLowerCase());
  }
  const spans: Span[] = [];
  for (const w of words) {
    const word = w[0].replace(/['’-]+$/u, '');
    if (!HAS_UPPER.test(word) || word === 'I') continue;
    if (firstWordStarts.has(w.index) && isPlainOpener(word, capitalisedMidSentence)) continue;
    spans.push({ start: w.index, end: w.index + word.length });
  }
  return spans;
}

/** A contracted pronoun or auxiliary ("You've", "We're", "Don't"): no name, though capitalised to open a sentence. */
const CONTRACTED_OPENER = /^(?:(?:i|you|we|they|he|she|it|that|there|here|what|who|let)['’](?:s|m|re|ve|ll|d)|\p{L}+n['’]t)$/u;

function isPlainOpener(word: string, capitalisedMidSentence: ReadonlySet<string>): boolean {
  const rest = word.slice(1);
  if (rest !== rest.toLowerCase()) return false; // acronym or CamelCase
  const lower = word.toLowerCase();
  const base = lower.replace(/['’]s$/u, '');
  if (COMMON_OPENERS.has(lower) || COMMON_OPENERS.has(base) || lower === 'amidst' || CONTRACTED_OPENER.test(lower)) return true;
  return (COMMON_WORDS.has(base) || isInflectedCommonWord(base)) && !capitalisedMidSentence.has(lower);
}

/**
 * A regular plural or participle of a common word ("Prices", "Using", "Intrigued"): the word list
 * holds base forms. Stems of four letters or more only, so that short names ("Manning") stay names.
 */
function isInflectedCommonWord(word: string): boolean {
  const stems = [/(.{4,})(?:ing|ed|s)$/u, /(.{3,}e)(?:d|s)$/u, /(.{4,})ies$/u, /(.{3,})ing$/u]
    .map((pattern) => pattern.exec(word)?.[1])
    .filter((stem): stem is string => stem !== undefined);
  const candidates = stems.flatMap((stem) => [stem, `${stem}e`, stem.replace(/(.)\1$/u, '$1'), `${stem}y`]);
  return candidates.some((c) => c.length >= 4 && COMMON_WORDS.has(c));
}

/**
 * The distinct protected strings of `text` with how often each occurs there as a whole token outside
 * its chat preambles (a word of a cut preamble's title may also be a name in the piece).
 */
export function protectedItems(text: string): Map<string, number> {
  const items = new Map<string, number>();
  const piece = withoutPreambles(text);
  for (const span of protectedSpans(text)) {
    const item = text.slice(span.start, span.end);
    if (!items.has(item)) items.set(item, countToken(piece, item));
  }
  return items;
}

/** Whole-token patterns of items, compiled once: the invariants count the same items edit after edit. */
const TOKEN_PATTERNS = new Map<string, RegExp>();
const TOKEN_PATTERN_CACHE = 5000;

function tokenPattern(item: string): RegExp {
  let pattern = TOKEN_PATTERNS.get(item);
  if (!pattern) {
    if (TOKEN_PATTERNS.size >= TOKEN_PATTERN_CACHE) TOKEN_PATTERNS.clear();
    TOKEN_PATTERNS.set(item, (pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(item)}(?![\\p{L}\\p{N}])`, 'gu')));
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** Occurrences of `item` in `text` not glued to a letter or digit on either side. */
export function countToken(text: string, item: string): number {
  if (!text.includes(item)) return 0;
  return text.match(tokenPattern(item))?.length ?? 0;
}

/** Private-use delimiters: they cannot occur in the masked text's own words. */
const MASK_OPEN = '\uE000';
const MASK_CLOSE = '\uE001';
const MASKED = /\uE000([\uE100-\uF8FF])\uE001/gu;

export interface Masked {
  text: string;
  items: string[];
}

/**
 * Replaces every whole-token occurrence of the protected items in `text` with an opaque
 * placeholder, so that no rewrite rule can edit (or see words inside) them.
 */
export function mask(text: string, items: readonly string[]): Masked {
  const sorted = [...items].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const used: string[] = [];
  let out = text;
  for (const item of sorted) {
    if (!out.includes(item) || used.length >= 0xf8ff - 0xe100) continue;
    const pattern = tokenPattern(item);
    if (!pattern.test(out)) continue;
    const placeholder = MASK_OPEN + String.fromCharCode(0xe100 + used.length) + MASK_CLOSE;
    used.push(item);
    out = out.replace(pattern, placeholder);
  }
  return { text: out, items: used };
}

export function unmask(text: string, items: readonly string[]): string {
  return text.replace(MASKED, (_, code: string) => items[code.charCodeAt(0) - 0xe100] ?? '');
}

/** A placeholder counts as one word for the rewriting rules. */
export const PLACEHOLDER = '\uE000[\uE100-\uF8FF]\uE001';
