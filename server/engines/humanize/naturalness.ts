/**
 * One check for every word or phrase swap: the word pairs a replacement forms with its neighbours
 * (and within itself) must not be much rarer in human English than the original's. "results
 * obtained for" -> "results got for" or "a model that requires that" -> "needs that" read as
 * slips; the grammar engine's pair model of about 6.75 million words of human English shows it:
 * such a pair occurs far less often than its two words' frequencies lead one to expect.
 */
import { LanguageModel, Lexicon, ngramWords, SENTENCE_START, neighbours } from '../grammar/index.ts';

/** Words in the pair model's text and in SUBTLEX-US, whose counts give each word's frequency. */
const PAIR_TEXT_WORDS = 6.75e6;
const SUBTLEX_WORDS = 51e6;
/**
 * A new pair about six times rarer than chance is unnatural (log10)... (ten times with the 3-million-word
 * model; the larger one of grammar v2 counts more of the rare but sound pairs, "needs that" among them).
 */
const RARE = -0.75;
/** ...when it is also ten times rarer than the rarest pair it replaces. */
const MARGIN = 1;

let model: LanguageModel | undefined;
const pairModel = (): LanguageModel => (model ??= LanguageModel.load(Lexicon.load()));

/**
 * log10 of how often "first second" occurs in the pair model's text against how often chance would
 * put the two words side by side (both smoothed by half a count): 0 for a pair too rare to judge,
 * -1 for one ten times rarer than chance.
 */
export function pairAffinity(first: string, second: string): number {
  const lm = pairModel();
  const expected = (PAIR_TEXT_WORDS * Math.max(lm.count(first), 0.5) * Math.max(lm.count(second), 0.5)) / (SUBTLEX_WORDS * SUBTLEX_WORDS);
  return Math.log10((lm.pairCount(first, second) + 0.5) / (expected + 0.5));
}

/**
 * The lowest affinity among the word pairs that `span`, standing in text[start, end), forms with its
 * neighbours and within itself; pairs across punctuation or with a contraction (which the pair
 * model's written English seldom has) do not count.
 */
function rarestPair(text: string, start: number, end: number, span: string): number {
  const { previous, next } = neighbours(text, start, end);
  const left = previous !== null && previous !== SENTENCE_START ? `${previous} ` : '';
  const right = next !== null ? ` ${next}` : '';
  let rarest = Infinity;
  for (const chunk of `${left}${span}${right}`.split(/[^\p{L}'’\s]+/u)) {
    const words = ngramWords(chunk);
    for (let i = 1; i < words.length; i++) {
      if (words[i - 1].includes("'") || words[i].includes("'")) continue;
      // "a"/"an" is repaired to suit the next word after the swap ("a fascinating" -> "an interesting").
      const affinity = /^an?$/u.test(words[i - 1]) ? Math.max(pairAffinity('a', words[i]), pairAffinity('an', words[i])) : pairAffinity(words[i - 1], words[i]);
      rarest = Math.min(rarest, affinity);
    }
  }
  return rarest;
}

/**
 * Fixed binomials and idioms whose words are never swapped one at a time ("from start to finish" ->
 * "from start to complete", "back and forth" -> "back and forward"). A rule that rewrites the whole
 * idiom ("First and foremost, " -> "First, ") may; one that edits part of it may not.
 */
const FIXED_PHRASES = new RegExp(
  `\\b(?:${[
    'from start to finish', 'start to finish', 'from beginning to end', 'beginning to end', 'from top to bottom', 'from head to toe',
    'first and foremost', 'back and forth', 'by and large', 'sooner or later', 'more or less', 'now and then', 'now and again',
    'again and again', 'over and over', 'time and again', 'time after time', 'day after day', 'year after year', 'side by side',
    'step by step', 'little by little', 'one by one', 'each and every', 'far and wide', 'here and there', 'ups and downs',
    'pros and cons', 'trial and error', 'odds and ends', 'bits and pieces', 'safe and sound', 'peace and quiet', 'null and void',
    'tried and tested', 'tried and true', 'loud and clear', 'high and low', 'heart and soul', 'rise and fall', 'give and take',
    'wear and tear', 'law and order', 'rank and file', 'trials and tribulations', 'hustle and bustle', 'rest and relaxation',
    'reduced to rubble', 'reduced to ashes', 'reduced to tears', 'reduced to nothing', 'reduced to silence',
  ].join('|')})\\b`,
  'giu',
);

/** Whether text[start, end) edits part of a fixed phrase without covering the whole of it. */
function splitsFixedPhrase(text: string, start: number, end: number): boolean {
  FIXED_PHRASES.lastIndex = 0;
  for (const m of text.matchAll(FIXED_PHRASES)) {
    const from = m.index;
    const to = from + m[0].length;
    if (start < to && end > from && !(start <= from && end >= to)) return true;
  }
  return false;
}

/**
 * Whether `replacement` would repeat the word it is paired with by "and"/"or" ("a warm and inviting
 * room" -> "a warm and warm room"): two words were paired because they differ.
 */
function echoesPartner(text: string, start: number, end: number, replacement: string): boolean {
  const words = replacement.toLowerCase().match(/[\p{L}'’-]+/gu);
  if (!words) return false;
  const before = /([\p{L}'’-]+),? (?:and|or|nor|but) $/u.exec(text.slice(Math.max(0, start - 40), start));
  const after = /^,? (?:and|or|nor|but) ([\p{L}'’-]+)/u.exec(text.slice(end, end + 40));
  return before?.[1].toLowerCase() === words[0] || after?.[1].toLowerCase() === words[words.length - 1];
}

/**
 * Whether a one-syllable word would follow "more"/"most" ("more robust" -> "more strong"): it takes
 * "-er"/"-est" instead, which a word swap cannot give it.
 */
function shortAfterMore(text: string, start: number, replacement: string): boolean {
  if (!/\b(?:more|most)\s+$/iu.test(text.slice(Math.max(0, start - 6), start)) || !/^\p{L}+$/u.test(replacement)) return false;
  const syllables = replacement.toLowerCase().replace(/(?<=[^aeiouy])e$/u, '').match(/[aeiouy]+/gu)?.length ?? 0;
  return syllables <= 1;
}

/**
 * Whether `replacement` may stand for text[start, end): it leaves fixed phrases whole, and its new
 * word pairs are not much rarer than the old ones. Every synonym and phrase swap is decided here.
 */
export function naturalSwap(text: string, start: number, end: number, replacement: string): boolean {
  if (replacement === text.slice(start, end)) return true;
  if (splitsFixedPhrase(text, start, end)) return false;
  if (echoesPartner(text, start, end, replacement)) return false;
  if (shortAfterMore(text, start, replacement)) return false;
  const after = rarestPair(text, start, end, replacement);
  if (after >= RARE) return true;
  return after >= rarestPair(text, start, end, text.slice(start, end)) - MARGIN;
}
