/**
 * Spelling candidates from our own vocabulary, beside harper's. Harper offers about three
 * candidates ranked by plain edit distance, so the intended word is often missing: "palces" →
 * paces, palace, pale, never "places"; "baed" → bad, bade, bald, never "based"; "lke" → lake, lee,
 * lie, never "like". This generates every word one edit away (a letter left out, added, replaced,
 * or two letters swapped) and keeps the common words; the noisy channel with the neighbouring
 * words then chooses (spelling.ts). Long words often carry two slips ("bisnes" → business,
 * "possetion" → possession, "cigarrets" → cigarettes): for them the common words within a typing
 * cost are found too.
 */
import { typoCost } from './spelling.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOWELS = 'aeiou';

export class SpellingCandidates {
  private readonly words: ReadonlySet<string>;
  /** The common words by first letter, for the search within a typing cost. */
  private readonly byInitial = new Map<string, string[]>();

  /** `lexicon`: the Lexicon (lexicon.ts), of which only its common words are needed here. */
  constructor(lexicon: { commonWords(): Set<string> }) {
    this.words = lexicon.commonWords();
    for (const word of this.words) {
      const list = this.byInitial.get(word[0]) ?? [];
      list.push(word);
      this.byInitial.set(word[0], list);
    }
  }

  /**
   * Common words within typing cost `maxCost` (spelling.ts) of the lower-case `word`. The first
   * letter is seldom wrong: only words that start with it, with the second letter (a swap) or, for
   * a vowel, with another vowel are compared.
   */
  within(word: string, maxCost: number): string[] {
    const initials = new Set([word[0], word[1]]);
    if (VOWELS.includes(word[0])) for (const v of VOWELS) initials.add(v);
    const out: string[] = [];
    const letters = letterCounts(word);
    const scratch = new Int32Array(26);
    for (const initial of initials) {
      for (const candidate of this.byInitial.get(initial) ?? []) {
        if (Math.abs(candidate.length - word.length) > maxCost || candidate === word) continue;
        // A quick lower bound first: each letter gained or lost costs at least 0.3 (half a vowel swap).
        if (0.3 * letterDifference(letters, candidate, scratch) > maxCost) continue;
        if (typoCost(word, candidate) <= maxCost) out.push(candidate);
      }
    }
    return out;
  }

  /** Common words one edit (deletion, insertion, substitution, swap) from the lower-case `word`. */
  lookup(word: string): string[] {
    return [...new Set(edits(word).filter((candidate) => candidate !== word && this.words.has(candidate)))];
  }
}

/** Every string one edit from `word`: a letter left out, added, replaced, or two letters swapped. */
function edits(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= word.length; i++) {
    const before = word.slice(0, i);
    for (const letter of LETTERS) out.push(before + letter + word.slice(i)); // insertion
    if (i === word.length) break;
    const after = word.slice(i + 1);
    out.push(before + after); // deletion
    for (const letter of LETTERS) if (letter !== word[i]) out.push(before + letter + after); // substitution
    if (i + 1 < word.length) out.push(before + word[i + 1] + word[i] + word.slice(i + 2)); // swap
  }
  return out;
}

/** How often each letter a-z occurs in `word` (other characters ignored). */
function letterCounts(word: string): Int32Array {
  const counts = new Int32Array(26);
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 97;
    if (k >= 0 && k < 26) counts[k]++;
  }
  return counts;
}

/** The number of letters gained or lost between the letter counts `of` and `word`; `scratch` is overwritten. */
function letterDifference(of: Int32Array, word: string, scratch: Int32Array): number {
  scratch.set(of);
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 97;
    if (k >= 0 && k < 26) scratch[k]--;
  }
  let sum = 0;
  for (let k = 0; k < 26; k++) sum += Math.abs(scratch[k]);
  return sum;
}
