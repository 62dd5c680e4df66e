/** Checks a text against its operation's bounds from the catalogue, before anything is charged. */
import type { TextBounds } from '../../contract/catalogue.ts';
import { codePointLength, countWords } from '../engines/shared/text.ts';
import { ApiError } from './errors.ts';

/** Returns the text's word count, or throws the contract's 400 for the first bound it breaks. */
export function checkTextBounds(content: string, bounds: TextBounds): number {
  if (bounds.minChars !== undefined) {
    const chars = codePointLength(content.trim());
    if (chars < bounds.minChars) throw new ApiError('invalid_payload', `content has ${chars} characters; at least ${bounds.minChars} are needed.`, { limit: bounds.minChars, actual: chars });
  }
  if (bounds.maxChars !== undefined) {
    const chars = codePointLength(content);
    if (chars > bounds.maxChars) throw new ApiError('invalid_payload', `content is ${chars} characters; the limit is ${bounds.maxChars}.`, { limit: bounds.maxChars, actual: chars });
  }
  const words = countWords(content);
  if (bounds.minWords !== undefined && words < bounds.minWords) throw new ApiError('min_words_not_met', `content has ${words} words; at least ${bounds.minWords} are needed.`, { limit: bounds.minWords, actual: words });
  if (words > bounds.maxWords) throw new ApiError('max_words_exceeded', `content has ${words} words; at most ${bounds.maxWords} are accepted.`, { limit: bounds.maxWords, actual: words });
  return words;
}
