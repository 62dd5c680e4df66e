/**
 * A word written in two ("through out", "air line", "under stand") joined again, decided by the word
 * and pair counts (ngrams.ts) between its neighbours, by two rules: split-word-joined takes the clear
 * cases (a pair the counts never saw, a common compound, not two function words); split-word-counts
 * takes the rest on stronger evidence: the compound reads far likelier than its parts where it
 * stands, and the parts are seldom written as a pair anywhere ("some time", "any one", "may be",
 * "every day", "roll out" are, and stay as written); two nouns only when the compound is common, as
 * an open compound is written both ways ("chess board").
 */
import { neighbours, type LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';

/** Uses in the pair-model text from which the compound is a word writers use. */
const MIN_COMPOUND = 10;
/** Uses from which a compound is a common word, the usual spelling and not an open compound's variant. */
const COMMON_COMPOUND = 100;
/** The compound must be this many times more frequent than the two words as a pair. */
const PAIR_RATIO = 8;
/** log10: how much likelier the compound must read than its two parts, between the same neighbours. */
const MARGIN = 2.5;
/** The same for a pair the counts never saw (split-word-joined). */
const UNSEEN_PAIR_MARGIN = 2;

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
      if ((lexicon.functionWords.has(a) && lexicon.functionWords.has(b)) || a.length < 2 || b.length < 2 || lm.wordCount(joined) < COMMON_COMPOUND || !lexicon.isKnown(joined) || lm.pairCount(a, b) > 0) continue;
      const start = m.index;
      const end = start + a.length + space.length + b.length;
      const { previous, next } = neighbours(text, start, end);
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
      if (compound < MIN_COMPOUND || lm.pairCount(a, b) * PAIR_RATIO > compound || !lexicon.isKnown(joined)) continue;
      // Two nouns may be an open compound, written both ways ("chess board", "finger print"): only a common compound.
      if (compound < COMMON_COMPOUND && lexicon.hasLemma(a, 'noun') && lexicon.hasLemma(b, 'noun')) continue;
      const start = m.index;
      const end = start + a.length + 1 + b.length;
      const { previous, next } = neighbours(text, start, end);
      // A word or the sentence start before it: the evidence on the left is needed; on the right, where there is a word.
      if (previous === null) continue;
      if (compoundGain(lm, a, b, previous, next) >= MARGIN) out.push({ start, end, replacement: joined });
    }
    return out;
  },
};
