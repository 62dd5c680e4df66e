/**
 * A word written twice by a slip ("the the", "going going", "one hand hand"), told apart from the
 * doublings writers mean ("that that", "had had", "very very", "no no") by the counts: a doubling
 * edited English writes at least once in a thousand uses of the word is meant.
 */
import type { LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';
import { isNameAt } from './names.ts';

/** Pronouns, adverbs and particles that can end one phrase and begin the next. */
const PHRASE_ENDS = new Set(['there', 'that', 'had', 'you', 'it', 'her', 'him', 'them', 'us', 'is', 'was', 'in', 'on', 'out', 'up', 'down', 'off', 'over', 'so', 'now', 'then', 'here', 'well', 'too', 'do', 'did', 'what', 'who', 'which', 'when', 'where']);

/** Share of a word's uses, in the pair-model text, below which its doubling is a slip. */
const MEANT_SHARE = 1e-3;

export const doubledWord: Rule = {
  id: 'doubled-word',
  category: 'grammar',
  description: 'a word written twice, where edited English does not double it (the the → the)',
  apply(text, _tokens, { lm }) {
    const out: Proposal[] = [];
    // Each word with the next one looked ahead at, so that every adjacent pair is read.
    for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])(\p{L}+)(?=( +)(\p{L}+)(?![\p{L}\p{N}'’-]))/gu)) {
      const [, first, spaces, second] = m;
      const start = m.index + first.length;
      const end = start + spaces.length + second.length;
      if (first.toLowerCase() !== second.toLowerCase() || isNameAt(text, second, end - second.length)) continue;
      if (meantDoubling(first.toLowerCase(), lm)) continue;
      out.push({ start, end, replacement: '' });
    }
    return out;
  },
};

/**
 * True when writing `word` twice is meant: a word that may end one phrase and start the next ("I am there
 * there seems", "what it is is", "he came in in the morning"), one the counts never saw, or a doubling
 * edited English writes (`doublingWritten`).
 */
function meantDoubling(word: string, lm: LanguageModel): boolean {
  return PHRASE_ENDS.has(word) || lm.wordCount(word) === 0 || doublingWritten(word, lm);
}

/** A doubling edited English writes at least once in a thousand uses of the word ("very very", "much much more", "no no"). */
export function doublingWritten(word: string, lm: LanguageModel): boolean {
  return lm.pairCount(word, word) >= MEANT_SHARE * lm.wordCount(word) && lm.pairCount(word, word) > 0;
}
