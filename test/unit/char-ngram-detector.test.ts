import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { charNgramFeatures, trainCharNgramDetector } from '../../scripts/lib/judges/char-ngram.ts';

describe('character n-gram cross-check detector (evaluations only)', () => {
  it('learns to tell two writing styles apart from a few examples', () => {
    const formal = (i: number) => `Furthermore, it is important to note that the framework ${i} facilitates comprehensive optimization of the underlying processes.`;
    const casual = (i: number) => `honestly i just grabbed ${i} tacos and the guy at the counter was super chill about it lol`;
    const examples = Array.from({ length: 20 }, (_, i) => [{ text: formal(i), ai: true }, { text: casual(i), ai: false }]).flat();
    const score = trainCharNgramDetector(examples);
    assert.ok(score(formal(99)) > 0.8);
    assert.ok(score(casual(99)) < 0.2);
  });

  it('property: features are L2-normalised and case, digits and spacing do not change them', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'C', ' ', '  ', '7', '.'), minLength: 3, maxLength: 40 }), (text) => {
        const features = charNgramFeatures(text);
        const norm = Math.sqrt(features.reduce((s, [, v]) => s + v * v, 0));
        assert.ok(Math.abs(norm - 1) < 1e-9);
        assert.deepEqual(charNgramFeatures(text.toUpperCase().replace(/7/g, '3').replace(/ +/g, '  ')), features);
      }),
    );
  });
});
