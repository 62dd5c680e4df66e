import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { charNgramFeatures, trainCharNgramDetector } from '../../scripts/lib/judges/char-ngram.ts';
import { stylometricFeatures, trainStylometricDetector } from '../../scripts/lib/judges/stylometric.ts';
import { operatingPoint } from '../../scripts/lib/judges/index.ts';
import type { LabelledText } from '../../scripts/lib/text-detect-data.ts';

describe('character n-gram judge (evaluations only)', () => {
  it('learns to tell two writing styles apart from a few examples', () => {
    const formal = (i: number) => `Furthermore, it is important to note that the framework ${i} facilitates comprehensive optimization of the underlying processes.`;
    const casual = (i: number) => `honestly i just grabbed ${i} tacos and the guy at the counter was super chill about it lol`;
    const examples = Array.from({ length: 20 }, (_, i) => [{ text: formal(i), ai: true }, { text: casual(i), ai: false }]).flat();
    const score = trainCharNgramDetector(examples);
    assert.ok(score(formal(99)) > 0.8);
    assert.ok(score(casual(99)) < 0.2);
  });

  it("its parts (each word's share of the logit) add up to the logit less the bias", () => {
    const examples = Array.from({ length: 10 }, (_, i) => [{ text: `Furthermore, it is crucial ${i}.`, ai: true }, { text: `lol we said ${i} tacos`, ai: false }]).flat();
    const score = trainCharNgramDetector(examples);
    const logit = (t: string): number => Math.log(score(t) / (1 - score(t)));
    const [a, b] = ['Furthermore, we said it is crucial.', 'lol tacos, it is crucial'];
    const sum = (t: string): number => [...score.parts(t).values()].reduce((s, x) => s + x, 0);
    // The bias is the same for both texts, so the difference of the logits is the difference of the sums.
    assert.ok(Math.abs(logit(a) - logit(b) - (sum(a) - sum(b))) < 1e-9);
    assert.ok(score.parts(a).get('furthermore')! > score.parts(b).get('lol')!);
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

describe('stylometric judge (evaluations only)', () => {
  // Same words, different rhythm: even sentences with stock openers against uneven ones without.
  const even = (i: number) => `However, the plan ${i} works well today. Additionally, the team checks every step daily. Overall, the results are clear and strong.`;
  const uneven = (i: number) => `The plan ${i} works. We checked every single step of it with the team, day after day, until it held up! Clear results.`;

  it('tells two rhythms apart whatever the words', () => {
    const examples = Array.from({ length: 20 }, (_, i) => [{ text: even(i), ai: true }, { text: uneven(i), ai: false }]).flat();
    const score = trainStylometricDetector(examples);
    assert.ok(score(even(99)) > 0.8);
    assert.ok(score(uneven(99)) < 0.2);
  });

  it('its parts are named features that add up to the logit less the bias', () => {
    const examples = Array.from({ length: 20 }, (_, i) => [{ text: even(i), ai: true }, { text: uneven(i), ai: false }]).flat();
    const score = trainStylometricDetector(examples);
    const logit = (t: string): number => Math.log(score(t) / (1 - score(t)));
    const sum = (t: string): number => [...score.parts(t).values()].reduce((s, x) => s + x, 0);
    assert.ok(Math.abs(logit(even(1)) - logit(uneven(1)) - (sum(even(1)) - sum(uneven(1)))) < 1e-9);
    assert.equal(score.parts(even(1)).size, stylometricFeatures('One.').length);
    assert.ok(score.parts(even(1)).get('opens "however"')! > 0);
  });

  it('features have a fixed length and do not depend on the topic words', () => {
    const a = stylometricFeatures('The cat sat on the mat. It was happy.');
    const b = stylometricFeatures('The dog sat on the rug. It was tired.');
    assert.equal(a.length, stylometricFeatures('One.').length);
    assert.deepEqual(a, b);
  });
});

describe('operating point of a detector on held-out texts', () => {
  const record = (i: number, label: 'ai' | 'human'): LabelledText => ({ id: `${label}${i}`, text: `${label} ${i}`, label, domain: 'd', generator: 'g', attack: 'none', source_repo: 'r' });
  // Human texts score 0.00 to 0.99, AI texts 0.5 to 1.49: AUC below 1, the overlap known.
  const held = [...Array.from({ length: 100 }, (_, i) => record(i, 'human')), ...Array.from({ length: 100 }, (_, i) => record(i, 'ai'))];
  const score = (text: string): number => Number(text.split(' ')[1]) / 100 + (text.startsWith('ai') ? 0.5 : 0);

  it('at a given threshold: the share of human texts above it, beside the AUC', () => {
    const point = operatingPoint('fixed', score, held, 0.5);
    assert.equal(point.threshold, 0.5);
    assert.equal(point.fpr, 0.49);
    assert.equal(point.auc, 0.875);
  });

  it('without one: the threshold that flags 5% of the human texts', () => {
    const point = operatingPoint('set', score, held);
    assert.equal(point.threshold, 0.95);
    assert.equal(point.fpr, 0.04);
  });
});
