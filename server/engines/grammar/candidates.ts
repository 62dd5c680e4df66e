/**
 * Spelling candidates from our own vocabulary, beside harper's. Harper offers about three
 * candidates ranked by plain edit distance, so the cheapest typing slips (two letters swapped,
 * one vowel for another, a letter doubled or undoubled) can be missing: "palces" → paces, palace,
 * pale, never "places". This generates every such slip of a word and keeps the common words.
 */
import type { Lexicon } from './lexicon.ts';

const VOWELS = ['a', 'e', 'i', 'o', 'u'];

export class SpellingCandidates {
  private readonly words: ReadonlySet<string>;

  constructor(lexicon: Lexicon) {
    this.words = lexicon.commonWords();
  }

  /** Common words one cheap slip from the lower-case `word`. */
  lookup(word: string): string[] {
    const out = new Set<string>();
    const keep = (candidate: string): void => {
      if (candidate !== word && this.words.has(candidate)) out.add(candidate);
    };
    for (let i = 0; i < word.length; i++) {
      const before = word.slice(0, i);
      const after = word.slice(i + 1);
      const ch = word[i];
      if (i + 1 < word.length) keep(before + word[i + 1] + ch + word.slice(i + 2)); // swap
      if (VOWELS.includes(ch)) for (const v of VOWELS) keep(before + v + after); // vowel for vowel
      if (i > 0 && word[i - 1] === ch) keep(before + after); // undouble
      keep(before + ch + ch + after); // double
    }
    return [...out];
  }
}
