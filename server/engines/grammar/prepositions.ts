/**
 * Prepositions written for another where the words around show which one belongs: an infinitive's
 * "to" written as another preposition before a bare verb ("little time by savour" → "to savour").
 */
import { COMMON_PREPOSITIONS } from './data/function-words.ts';
import type { Lexicon } from './lexicon.ts';
import { ngramWords, SENTENCE_BREAK, type LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';
import { slotFeatures, type SlotModel } from './slot-model.ts';
import type { Token } from './tokens.ts';

/**
 * The slot model changes a preposition only where it gives the written one at most this probability and
 * another at least OTHER_AT_LEAST: on held-out English of the corpus one written preposition in about
 * 165,000 words (`npm run train -- grammar-slots` prints it).
 */
const WRITTEN_AT_MOST = 2e-4;
const OTHER_AT_LEAST = 0.5;

/** The preposition the slot model puts for `written` between `before` and `after` (words of its sentence), or null. */
export function prepositionSwap(model: SlotModel, before: readonly string[], written: string, after: readonly string[]): string | null {
  const k = model.classes.indexOf(written);
  // "by" names an agent or a means after almost any verb ("trapped by the snow", "differs by one step"), so
  // the words around seldom rule it out: on the held-out tenth of the corpus, 3 of the model's 7 changes were
  // of "by", all of correct English.
  if (k < 0 || before.length === 0 || written === 'by') return null;
  const p = model.probabilities(slotFeatures(before, after));
  const best = p.indexOf(Math.max(...p));
  return best !== k && p[k] <= WRITTEN_AT_MOST && p[best] >= OTHER_AT_LEAST ? model.classes[best] : null;
}

/** Prepositions a writer may put for the infinitive's "to". */
const NOT_TO = new Set(COMMON_PREPOSITIONS.filter((p) => p !== 'to'));

/** A word followed by a preposition in at least this share of its uses takes that preposition ("responsible for"). */
const OWN_PREPOSITION = 0.2;
/** How many times more often the word follows "to" than an article, to be read as a verb. */
const VERB_SHARE = 5;

/**
 * A word that can only be a verb's base form: a verb lemma that no noun, adjective or adverb shares
 * ("decide", "savour", not "release", "clean", "back"), and no other form of a verb ("found", "saw").
 */
function onlyVerbBase(t: Token, next: Token | undefined, lexicon: Lexicon, lm: LanguageModel): boolean {
  const w = t.lower;
  if (!/^\p{Ll}+$/u.test(t.text) || lexicon.verbBase(w) !== w || !lexicon.hasLemma(w, 'verb')) return false;
  if (lexicon.lemmatize(w, 'adj').length > 0 || lexicon.lemmatize(w, 'adv').length > 0) return false;
  if (lm.pairCount('to', w) < VERB_SHARE * (lm.pairCount('the', w) + lm.pairCount('a', w) + lm.pairCount('an', w) + 1)) return false;
  // A noun too ("help", "access", "savour"): only where an object follows ("by savour their success").
  return lexicon.lemmatize(w, 'noun').length === 0 || /^(DET|PRON)$/.test(next?.pos ?? '');
}

/** A preposition before a word that can only be a verb's base form: the infinitive's "to" (a contest at decide → to decide). */
export const prepositionBeforeVerb: Rule = {
  id: 'preposition-before-verb',
  category: 'grammar',
  description: 'a preposition before a bare verb where the infinitive needs "to" (a contest at decide → a contest to decide)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      const prep = tokens[i];
      const verb = tokens[i + 1];
      if (!NOT_TO.has(prep.text) || tokens[i - 1].type !== 'word' || verb.space !== ' ' || !onlyVerbBase(verb, tokens[i + 2], lexicon, lm) || tokens[i + 2]?.text === '-') continue;
      // The pair counted ("for take-off", "in have-nots"): some use of the words together, no slip.
      if (lm.pairCount(prep.lower, verb.lower) > 0) continue;
      // A word that takes this preposition ("responsible for assert"): the verb's form is the slip ("for asserting").
      const before = tokens[i - 1].lower;
      if (lm.pairCount(before, prep.lower) >= OWN_PREPOSITION * lm.wordCount(before)) continue;
      // "wants to over take": the infinitive's "to" is there, and the preposition is a split compound's first part.
      if (before === 'to' || lexicon.isKnown(prep.lower + verb.lower)) continue;
      out.push({ start: prep.start, end: prep.end, replacement: 'to' });
    }
    return out;
  },
};

/** How far around a preposition its sentence's words are read (characters); the model reads two before and three after. */
const READ_AROUND = 120;

/**
 * A preposition that the slot model of edited English all but rules out between the words around it,
 * where it is sure of another: "a lack on trust" → "of", "in the middle at the night" → "of". Doubt is not
 * enough ("at the end to the season" stays: the model gives "to" 0.0003 there).
 */
export const prepositionChoice: Rule = {
  id: 'preposition-choice',
  category: 'grammar',
  description: 'a preposition the words around it all but rule out, where edited English puts another (a lack on trust → a lack of trust)',
  apply(text, tokens, { prepositions }) {
    const out: Proposal[] = [];
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type !== 'word' || !prepositions.classes.includes(t.text)) continue;
      // "wanted to go in, get my test": before punctuation the word is a particle, no preposition to swap.
      if (tokens[i + 1]?.pos === 'PUNCT') continue;
      const before = ngramWords(text.slice(Math.max(0, t.start - READ_AROUND), t.start).split(SENTENCE_BREAK).at(-1) ?? '').slice(-2);
      const after = ngramWords(text.slice(t.end, t.end + READ_AROUND).split(SENTENCE_BREAK)[0]).slice(0, 3);
      const replacement = prepositionSwap(prepositions, before, t.text, after);
      if (replacement !== null) out.push({ start: t.start, end: t.end, replacement });
    }
    return out;
  },
};
