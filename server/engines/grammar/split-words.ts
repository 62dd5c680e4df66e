/**
 * A word written in two ("air line", "under stand", "media play back is") joined again, decided by the
 * word and pair counts (ngrams.ts) between its neighbours. confusables.ts's split-word-joined takes the
 * clear cases (a pair the counts never saw, a common compound, not two function words); this rule
 * takes the rest on stronger evidence: the compound reads far likelier than its parts where it
 * stands, and the parts are seldom written as a pair anywhere ("some time", "any one", "may be",
 * "every day", "roll out" are, and stay as written); two nouns only when the compound is common, as
 * an open compound is written both ways ("chess board").
 */
import { neighbours } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';

/** Uses in the pair-model text from which the compound is a word writers use. */
const MIN_COMPOUND = 10;
/** Uses from which a compound of two nouns is the usual spelling, not an open compound's variant. */
const COMMON_COMPOUND = 100;
/** The compound must be this many times more frequent than the two words as a pair. */
const PAIR_RATIO = 8;
/** log10: how much likelier the compound must read than its two parts, between the same neighbours. */
const MARGIN = 2.5;

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
      if (compound < MIN_COMPOUND || lm.pairCount(a, b) * PAIR_RATIO > compound || !lexicon.isKnown(joined)) continue;
      // Two nouns may be an open compound, written both ways ("chess board", "finger print"): only a common compound.
      if (compound < COMMON_COMPOUND && lexicon.hasLemma(a, 'noun') && lexicon.hasLemma(b, 'noun')) continue;
      const start = m.index;
      const end = start + a.length + 1 + b.length;
      const { previous, next } = neighbours(text, start, end);
      // A word or the sentence start before it: the evidence on the left is needed; on the right, where there is a word.
      if (previous === null) continue;
      const split = lm.pairLogProb(a, previous) + lm.pairLogProb(b, a) + (next === null ? 0 : lm.pairLogProb(next, b));
      const whole = lm.pairLogProb(joined, previous) + (next === null ? 0 : lm.pairLogProb(next, joined));
      if (whole - split >= MARGIN) out.push({ start, end, replacement: joined });
    }
    return out;
  },
};
