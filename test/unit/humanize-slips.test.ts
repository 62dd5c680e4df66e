import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { humanize } from '../../server/engines/humanize/index.ts';
import { phraseEdits } from '../../server/engines/humanize/phrases.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';

/** Slips the held-out evaluation found in v2's rewrites. */
describe('humanizer slips', () => {
  it('never leaves "let" with a to-infinitive after a single phrase edit', () => {
    const edits = phraseEdits('While TV can be a valuable tool, allowing students to watch it excessively can have detrimental effects.', 6);
    assert.ok(edits.some((e) => /letting students watch/u.test(e)), edits.join('\n'));
    for (const e of edits) assert.doesNotMatch(e, /\blet(?:s|ting)? \p{L}+ to\b/u);
  });

  it('does not split a sentence so that the next one opens with a protected lower-case word', () => {
    const text = 'Notre Dame maintains four sports only, while two other sports were discontinued. The football teams are football independent. The other four sports participate in one of five conferences.';
    const result = humanize(text, { detector: loadTextDetector() });
    for (const s of splitSentences(result.text)) assert.match(s.text, /^[^\p{Ll}]/u, result.text);
  });
});
