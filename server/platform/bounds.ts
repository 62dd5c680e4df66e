/** Checks a text against its operation's bounds from the catalogue, before anything is charged. */
import type { TextBounds } from '../../contract/catalogue.ts';
import { codePointLength, countWords } from '../engines/shared/text.ts';
import { ApiError } from './errors.ts';

/** "1 word", "2 words": a count with its noun in the right number. */
const count = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** Returns the text's word count, or throws the contract's 400 for the first bound it breaks. */
export function checkTextBounds(content: string, bounds: TextBounds): number {
  if (bounds.minChars !== undefined) {
    const chars = codePointLength(content.trim());
    if (chars < bounds.minChars) throw new ApiError('invalid_payload', `content has ${count(chars, 'character')}; it needs at least ${count(bounds.minChars, 'character')}.`, { limit: bounds.minChars, actual: chars });
  }
  if (bounds.maxChars !== undefined) {
    const chars = codePointLength(content);
    if (chars > bounds.maxChars) throw new ApiError('invalid_payload', `content has ${count(chars, 'character')}; the limit is ${count(bounds.maxChars, 'character')}.`, { limit: bounds.maxChars, actual: chars });
  }
  const words = countWords(content);
  if (bounds.minWords !== undefined && words < bounds.minWords) throw new ApiError('min_words_not_met', `content has ${count(words, 'word')}; it needs at least ${count(bounds.minWords, 'word')}.`, { limit: bounds.minWords, actual: words });
  if (words > bounds.maxWords) throw new ApiError('max_words_exceeded', `content has ${count(words, 'word')}; at most ${count(bounds.maxWords, 'word')} are accepted.`, { limit: bounds.maxWords, actual: words });
  return words;
}
