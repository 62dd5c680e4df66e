/**
 * Spelling candidates from our own vocabulary, beside harper's. Harper offers about three
 * candidates ranked by plain edit distance, so the intended word is often missing: "palces" →
 * paces, palace, pale, never "places"; "baed" → bad, bade, bald, never "based"; "lke" → lake, lee,
 * lie, never "like". This generates every word one edit away (a letter left out, added, replaced,
 * or two letters swapped) and keeps the common words; the noisy channel with the neighbouring
 * words then chooses (spelling.ts).
 */
import type { Lexicon } from './lexicon.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export class SpellingCandidates {
  private readonly words: ReadonlySet<string>;

  constructor(lexicon: Lexicon) {
    this.words = lexicon.commonWords();
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
