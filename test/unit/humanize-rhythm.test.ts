import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { checkInvariants, humanize } from '../../server/engines/humanize/index.ts';
import { lengthSpread } from '../../server/engines/humanize/rhythm.ts';
import { moveClauseFront } from '../../server/engines/humanize/structure.ts';

/** A detector that sees nothing a rewrite could change: every edit keeps the score. */
const indifferent: TextDetector = {
  version: 'test-indifferent',
  detect: (text) => ({ aiScore: 0.4, sentences: splitSentences(text).map((s) => ({ ...s, aiScore: 0.4 })), language: 'eng', englishCalibrated: true }),
};

const sentenceOf = (n: number): string => `${Array.from({ length: n }, (_, i) => (i === 0 ? 'Word' : 'word')).join(' ')}.`;

describe('humanizer sentence rhythm', () => {
  it('measures the spread of sentence lengths, splitting entries that hold two sentences', () => {
    assert.equal(lengthSpread([sentenceOf(10), sentenceOf(10), sentenceOf(10)]), 0);
    assert.equal(lengthSpread([sentenceOf(10)]), 0);
    // 4 and 12 words: mean 8, standard deviation 4.
    assert.equal(lengthSpread([sentenceOf(4), sentenceOf(12)]), 0.5);
    assert.equal(lengthSpread([`${sentenceOf(4)} ${sentenceOf(12)}`, '']), 0.5);
  });

  it('is a scale-free spread: repeating or scaling every length leaves it as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 12 }), (lengths) => {
        const spread = lengthSpread(lengths.map(sentenceOf));
        assert.ok(spread >= 0);
        assert.ok(Math.abs(lengthSpread([...lengths, ...lengths].map(sentenceOf)) - spread) < 1e-9);
        assert.ok(Math.abs(lengthSpread(lengths.map((n) => sentenceOf(2 * n))) - spread) < 1e-9);
      }),
      { numRuns: 100 },
    );
  });

  it('never carries a sentence-opening number word inside a sentence, and keeps "a little while before" whole', () => {
    const text = 'The inn stood at the end of a long road near the old river bridge. The staff made hot tea for every guest who came in from the cold rain. The owner kept a big fire going in the kitchen, and the two old dogs slept by the warm door. Two tired guests played cards by the window until the candles burned down low. The heavy rain finally stopped a little while before the church bells rang midnight.';
    const result = humanize(text, { detector: indifferent });
    assert.doesNotMatch(result.text, /[a-z,] Two\b/u);
    assert.equal(moveClauseFront('The heavy rain finally stopped a little while before the church bells rang midnight.'), null);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });
});
