/**
 * A word written in two ("through out", "air line", "under stand") joined again, decided by the word
 * and pair counts (ngrams.ts) between its neighbours, by two rules: split-word-joined takes the clear
 * cases (a pair the counts never saw, a common compound, not two function words); split-word-counts
 * takes the rest on stronger evidence: the compound reads far likelier than its parts where it
 * stands, and the parts are seldom written as a pair anywhere ("some time", "any one", "may be",
 * "every day", "roll out" are, and stay as written); two nouns only when the compound is common, as
 * an open compound is written both ways ("chess board").
 */
import { LINKING_VERBS } from './data/function-words.ts';
import { neighbours, type LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';
import { knownWithPrefix, oneEdit, typoCost } from './spelling.ts';

/** Uses in the pair-model text from which the compound is a word writers use. */
const MIN_COMPOUND = 10;
/** Uses from which a compound is a common word, the usual spelling and not an open compound's variant. */
const COMMON_COMPOUND = 100;
/** The compound must be this many times more frequent than the two words as a pair. */
const PAIR_RATIO = 8;
/** Prepositions that open many closed compounds (overtake, underground), though the word lists also call them nouns. */
const PREFIX_PREPOSITIONS = new Set(['over', 'under']);
/** log10: how much likelier the compound must read than its two parts, between the same neighbours. */
const MARGIN = 2.5;
/** The same for a pair the counts never saw (split-word-joined). */
const UNSEEN_PAIR_MARGIN = 2;

/**
 * True when "in b" is the preposition before an adjective of its noun phrase ("built in competent but dull
 * styles"), not a split negative: joining it would reverse the meaning, so only after a linking verb ("is in correct").
 */
function prepositionBeforeAdjective(a: string, b: string, previous: string | null, lexicon: { hasLemma(lemma: string, pos: 'adj'): boolean }): boolean {
  return a === 'in' && lexicon.hasLemma(b, 'adj') && !LINKING_VERBS.has(previous ?? '');
}

/** log10: how much likelier `a + b` reads than `a b` after `previous` (a word or '<s>') and before `next`. */
function compoundGain(lm: LanguageModel, a: string, b: string, previous: string, next: string | null): number {
  const split = lm.pairLogProb(a, previous) + lm.pairLogProb(b, a) + (next === null ? 0 : lm.pairLogProb(next, b));
  const whole = lm.pairLogProb(a + b, previous) + (next === null ? 0 : lm.pairLogProb(next, a + b));
  return whole - split;
}

/** Two words a closed compound was split into, the pair never seen in the counts, one part a content word ("any one", "can not", "in to" stay). */
export const joinedCompound: Rule = {
  id: 'split-word-joined',
  category: 'spelling',
  description: 'two words that are one compound between these neighbours (through out → throughout)',
  apply(text, _tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])(\p{Ll}+)(?=( )(\p{Ll}+)(?![\p{L}\p{N}'’-]))/gu)) {
      const [, a, space, b] = m;
      const joined = a + b;
      // Both parts function words: both readings are English. An open compound the counts have ("chess board") is written both ways.
      if ((lexicon.functionWords.has(a) && lexicon.functionWords.has(b)) || a.length < 2 || b.length < 2 || lm.wordCount(joined) < COMMON_COMPOUND || !lexicon.isListedWord(joined) || lm.pairCount(a, b) > 0) continue;
      const start = m.index;
      const end = start + a.length + space.length + b.length;
      const { previous, next } = neighbours(text, start, end);
      if (prepositionBeforeAdjective(a, b, previous, lexicon)) continue;
      if (compoundGain(lm, a, b, previous ?? '<s>', next) >= UNSEEN_PAIR_MARGIN) out.push({ start, end, replacement: joined });
    }
    return out;
  },
};

export const splitWord: Rule = {
  id: 'split-word-counts',
  category: 'spelling',
  description: 'a word written in two joined where the counts read the compound far likelier (air line → airline, under stand → understand)',
  apply(text, _tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])(\p{Ll}{2,})(?= (\p{Ll}{2,})(?![\p{L}\p{N}'’-]))/gu)) {
      const [, a, b] = m;
      const joined = a + b;
      const compound = lm.wordCount(joined);
      // The compound must be a word of the broad word list, not a name's part the counts hold in lower case ("zeal and" → "zealand").
      if (compound < MIN_COMPOUND || lm.pairCount(a, b) * PAIR_RATIO > compound || !lexicon.isListedWord(joined)) continue;
      // Two nouns may be an open compound, written both ways ("chess board", "finger print"): only a common compound.
      // "over" and "under" are nouns only in cricket and in "the unders": "over take", "over seeing" are no open compounds.
      if (compound < COMMON_COMPOUND && !PREFIX_PREPOSITIONS.has(a) && lexicon.hasLemma(a, 'noun') && lexicon.hasLemma(b, 'noun')) continue;
      const start = m.index;
      const end = start + a.length + 1 + b.length;
      const { previous, next } = neighbours(text, start, end);
      // A word or the sentence start before it: the evidence on the left is needed; on the right, where there is a word.
      if (previous === null || prepositionBeforeAdjective(a, b, previous, lexicon)) continue;
      // A function word before a name ("found form at Deepdale"): the counts cannot read the name, and the pair is English.
      if (CLOSED_CLASS.has(b) && /^\s+\p{Lu}/u.test(text.slice(end))) continue;
      // "crucial in correctly reproducing": a preposition and the adverb of the -ing verb after it, not "incorrectly".
      if (CLOSED_CLASS.has(a) && /ly$/.test(b) && /ing$/.test(next ?? '')) continue;
      if (compoundGain(lm, a, b, previous, next) >= MARGIN) out.push({ start, end, replacement: joined });
    }
    return out;
  },
};

/** Each part of a run-together word must be this common in the pair-model text. */
const MIN_PART = 20;
/** The two parts must have been written as a pair this often, and this many times more than run together. */
const MIN_RUN_PAIR = 2;
const RUN_RATIO = 10;
/** log10: how far the best way to split must read likelier than the next best. */
const SPLIT_MARGIN = 1;

/** Articles, prepositions, conjunctions, pronouns and auxiliaries: they go before most words, seen as a pair or not. */
const CLOSED_CLASS = new Set([
  'a', 'an', 'the', 'to', 'of', 'in', 'on', 'at', 'for', 'from', 'with', 'by', 'into', 'and', 'but', 'or', 'as', 'if', 'than',
  'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'it', 'its', 'this', 'that', 'them', 'they', 'he', 'she', 'we',
  'you', 'his', 'her', 'their', 'our', 'my', 'your', 'not',
]);

/** Question and relative words, which WordNet also lists as nouns ("who", "what"). */
const WH_WORDS = new Set(['who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'why', 'how']);

/** log10: how much likelier the split must read than a respelling one slip away ("importand" → important). */
const RESPELL_MARGIN = 0.5;
/** Typing cost (spelling.ts) from which a respelling is further from the word than a space left out. */
const FAR_RESPELLING = 1.5;

interface Split {
  a: string;
  b: string;
  score: number;
}

/** What the run-together test reads of the Lexicon. */
interface Words {
  nearWords(word: string): string[];
  isKnown(word: string): boolean;
  isListedWord(word: string): boolean;
  isDerived(word: string): boolean;
  hasLemma(lemma: string, pos: 'noun'): boolean;
  isLemmaOrPlural(word: string): boolean;
}

/**
 * The one clear way to split a lower-case word no word list has into two common words between its
 * neighbours, with its log10 likelihood there; null when there is none, or two ways read alike.
 */
function runTogetherSplit(word: string, previous: string | null, next: string | null, lm: LanguageModel, lexicon: Words): Split | null {
  // Three letters only as a two-letter word and "a" ("ina" → in a, "ofa" → of a).
  if (!/^\p{Ll}{4,}$|^\p{Ll}{2}a$/u.test(word) || lexicon.isKnown(word) || lexicon.isListedWord(word) || lexicon.isDerived(word) || knownWithPrefix(word, lexicon)) return null;
  const scored: Split[] = [];
  for (let k = 1; k < word.length; k++) {
    const a = word.slice(0, k);
    const b = word.slice(k);
    // "a" may end the word only after a closed-class word ("hasa" → has a).
    if ((a.length === 1 && a !== 'a') || (b.length < 2 && !(b === 'a' && CLOSED_CLASS.has(a))) || lm.wordCount(a) < MIN_PART || lm.wordCount(b) < MIN_PART || !lexicon.isKnown(a) || !lexicon.isKnown(b)) continue;
    // The counts' own text has some words run together ("andthe"): the pair must be far commoner.
    // A pair the counts never saw is enough after a closed-class word ("toparody" → to parody).
    const pair = lm.pairCount(a, b);
    if ((pair < MIN_RUN_PAIR && !CLOSED_CLASS.has(a)) || lm.wordCount(word) * RUN_RATIO > pair) continue;
    // Two nouns written solid may be a compound no list has yet ("schoolwear"): left as written.
    // So are a noun and a plural ("artforms").
    const nounOrPlural = (w: string): boolean => lexicon.hasLemma(w, 'noun') || (/[^s]s$/.test(w) && lexicon.hasLemma(w.slice(0, -1), 'noun'));
    // ("who" is a noun only as the WHO: "whoplays" is "who plays").
    if (!CLOSED_CLASS.has(a) && !CLOSED_CLASS.has(b) && !WH_WORDS.has(a) && lexicon.hasLemma(a, 'noun') && nounOrPlural(b)) continue;
    const score = lm.pairLogProb(a, previous ?? '<s>') + lm.pairLogProb(b, a) + (next === null ? 0 : lm.pairLogProb(next, b));
    scored.push({ a, b, score });
  }
  scored.sort((x, y) => y.score - x.score);
  const [best, second] = scored;
  return best && (!second || best.score - second.score >= SPLIT_MARGIN) ? best : null;
}

/**
 * The split of text[start, end) when it is two words run together whose split reads clearly likelier
 * between its neighbours than every one-word respelling offered for it one slip away, and every other is
 * further from it than the space left out ("withhim": "with him", not "within"; "tohis mother": "to his",
 * not "this"; "is importand to": null, "important" stands): the engine then leaves the spelling check's
 * respelling out, and run-together-split mends the word.
 */
export function splitBeatingRespellings(text: string, start: number, end: number, respellings: readonly string[], lm: LanguageModel, lexicon: Words): Split | null {
  const { previous, next } = neighbours(text, start, end);
  const word = text.slice(start, end);
  const split = runTogetherSplit(word, previous, next, lm, lexicon);
  if (!split) return null;
  const beatsAll = respellings.every((r) => {
    const respelt = r.trim().toLowerCase();
    // A respelling that is one part alone drops a whole word, no slip of a letter ("hasa high" is "has a high", not "has high").
    if (/\s/.test(respelt) || respelt === split.a || respelt === split.b || typoCost(word, respelt) >= FAR_RESPELLING) return true;
    return split.score - respeltScore(respelt, previous, next, lm) >= RESPELL_MARGIN;
  });
  return beatsAll ? split : null;
}

/**
 * True when text[start, end) reads as two words run together about as well as it reads as `respelling`, or
 * the respelling is one of the two alone: "The surfaceis covered" may be "surface is" as well as "surfaces",
 * and "asample" is no slip for "sample". Two readings and no winner: a spelling check leaves the word
 * ("importand to" still reads far better as "important" than as "import and").
 */
export function splitRivalsRespelling(text: string, start: number, end: number, respelling: string, lm: LanguageModel, lexicon: Words): boolean {
  const { previous, next } = neighbours(text, start, end);
  const split = runTogetherSplit(text.slice(start, end), previous, next, lm, lexicon);
  if (!split) return false;
  const r = respelling.toLowerCase();
  if (r === split.a || r === split.b) return true;
  return respeltScore(r, previous, next, lm) - split.score < RESPELL_MARGIN;
}

/** Words that join most others, seen as a pair or not, and a phrasal verb's particles ("shutup"): a space left out beside one is a common slip of typing or extraction. */
const RUN_IN_WORDS = new Set([...CLOSED_CLASS, ...WH_WORDS, 'can', 'could', 'will', 'would', 'may', 'might', 'must', 'should', 'up', 'out', 'off', 'down', 'back', 'away']);

/** log10: how much likelier a respelling must read than a function word run into a known word, between the same neighbours. */
const RUN_IN_MARGIN = 3;

/**
 * True when text[start, end) is a function word run into a known word, either way round, that reads about as well
 * between its neighbours as `respelling` does: "contrary toan uncritical" is "to an", not "town"; "the featureis fit"
 * is "feature is", not "features"; "focus ongradient" is "on gradient", not "ingredient". A space left out is then as
 * likely as a slip that happens to make another word, and the word is left. "becase if" still reads far better as
 * "because" than as "be case". A respelling more than one slip away never beats the space left out ("theporous" is
 * no "theories"). Not a contraction ("itis" → it's, "wasnt" → wasn't) or two letters swapped ("menas").
 */
export function runInRivalsRespelling(text: string, start: number, end: number, respelling: string, lm: LanguageModel, lexicon: Words): boolean {
  const word = text.slice(start, end);
  const respelt = respelling.toLowerCase();
  if (/[\s'’]/u.test(respelt) || respelt === word || swappedNeighbours(word, respelt)) return false;
  if (!/^\p{Ll}{4,}$/u.test(word) || lexicon.isKnown(word) || lexicon.isListedWord(word)) return false;
  const { previous, next } = neighbours(text, start, end);
  let split = -Infinity;
  // From one letter for the article alone: "asample" is "a sample", "painta fuller picture" is "paint a".
  for (let k = word[0] === 'a' ? 1 : 2; k + (word.endsWith('a') ? 1 : 2) <= word.length; k++) {
    const a = word.slice(0, k);
    const b = word.slice(k);
    if (!(RUN_IN_WORDS.has(a) || RUN_IN_WORDS.has(b)) || !lexicon.isKnown(a) || !lexicon.isKnown(b)) continue;
    split = Math.max(split, lm.pairLogProb(a, previous ?? '<s>') + lm.pairLogProb(b, a) + (next === null ? 0 : lm.pairLogProb(next, b)));
  }
  if (split === -Infinity) return false;
  // A respelling more than one slip away is a guess beside a space left out, however well it reads
  // ("theporous" → theories, "twostars" → twisters, "asample" → example).
  return !oneEdit(word, respelt) || respeltScore(respelt, previous, next, lm) - split < RUN_IN_MARGIN;
}

/**
 * True when `word` (lower case, no word itself) is two common words of three letters or more written solid
 * ("highweight", "workyears", "twostars", "fastdue"), a compound or a space left out, and `respelling` is one word more than one
 * slip away: a guess at another word ("highweight" → lightweight, "workyears" → workers). One slip away it is a slip
 * mended ("carefull" → careful). Rare or short parts prove nothing: "cigarrets" is no "cigar rets".
 */
export function solidPairRivalsRespelling(word: string, respelling: string, lm: LanguageModel, lexicon: Words): boolean {
  if (/[\s'’]/u.test(respelling) || oneEdit(word, respelling)) return false;
  if (!/^\p{Ll}{7,}$/u.test(word) || lexicon.isKnown(word) || lexicon.isListedWord(word)) return false;
  const common = (part: string): boolean => lexicon.isKnown(part) && lm.wordCount(part) >= MIN_PART;
  // A short last part that is also an ending is a slip of the ending ("interestion" is no "interest ion").
  for (let k = 3; k + 3 <= word.length; k++) if (common(word.slice(0, k)) && common(word.slice(k)) && !(word.length - k === 3 && ENDINGS.has(word.slice(k)))) return true;
  return false;
}

/** Word endings that are words of three letters too. */
const ENDINGS = new Set(['ion', 'ant', 'ism', 'ate', 'age']);

/** True when `b` is `a` with two neighbouring letters swapped. */
function swappedNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return differ.length === 2 && differ[1] === differ[0] + 1 && a[differ[0]] === b[differ[1]] && a[differ[1]] === b[differ[0]];
}

/** log10 likelihood of one word `respelt` between its neighbours, on the scale of a split's `score`. */
function respeltScore(respelt: string, previous: string | null, next: string | null, lm: LanguageModel): number {
  return lm.pairLogProb(respelt, previous ?? '<s>') + (next === null ? 0 : lm.pairLogProb(next, respelt));
}

/**
 * Two words run together with the space left out ("ofhis" → "of his", "toparody" → "to parody"): a
 * lower-case word no word list has that splits into two common words the counts have seen as a pair,
 * the best split reading clearly likelier between its neighbours than any other.
 */
export const runTogetherWords: Rule = {
  id: 'run-together-split',
  category: 'spelling',
  description: 'two words run together with the space left out (ofhis → of his)',
  apply(text, _tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])(?:\p{Ll}{4,}|\p{Ll}{2}a)(?![\p{L}\p{N}'’-])/gu)) {
      const end = m.index + m[0].length;
      // "sayin ’ that": a word clipped in speech, its apostrophe set apart.
      if (/^ ?['’]/u.test(text.slice(end, end + 2))) continue;
      // Not a misspelling of a common word one slip away that reads as well ("importand" → important).
      const split = splitBeatingRespellings(text, m.index, end, lexicon.nearWords(m[0]), lm, lexicon);
      if (split) out.push({ start: m.index, end, replacement: `${split.a} ${split.b}` });
    }
    return out;
  },
};
