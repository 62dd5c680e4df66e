/**
 * Prepositions written for another where the words around show which one belongs: an infinitive's
 * "to" written as another preposition before a bare verb ("little time by savour" → "to savour").
 */
import type { Lexicon } from './lexicon.ts';
import type { LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';
import type { Token } from './tokens.ts';

/** Prepositions a writer may put for the infinitive's "to". */
const NOT_TO = new Set(['in', 'on', 'at', 'of', 'for', 'with', 'about', 'from', 'by', 'into', 'over']);

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
      out.push({ start: prep.start, end: prep.end, replacement: 'to' });
    }
    return out;
  },
};
