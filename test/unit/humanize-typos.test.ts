import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { checkInvariants, humanize } from '../../server/engines/humanize/index.ts';
import { fixTypos } from '../../server/engines/humanize/typos.ts';
import { protectedItems } from '../../server/engines/humanize/protect.ts';

describe('humanizer typo fixes', () => {
  it('fixes slips with one clear reading: a letter left out, added, replaced or two swapped', () => {
    assert.equal(fixTypos('The restanurant served a perfect bledn of sweet and sour.'), 'The restaurant served a perfect blend of sweet and sour.');
    assert.equal(fixTypos('Each dsih was impeccable, and I will contineu to visit.'), 'Each dish was impeccable, and I will continue to visit.');
    assert.equal(fixTypos('Plankton are a vitl food source for fish.'), 'Plankton are a vital food source for fish.');
  });

  it('leaves names, quotations, code, short words, run-together words and repeated terms alone', () => {
    for (const text of [
      'Malayosian officials met Nkame in Kuala Lumpur.',
      'She wrote "the dsih was cold" on the card.',
      'Run `contineu --force` to go on.',
      'The textures were als nicely varied.',
      'The method isused for large graphs.',
      'We study dyons in gauge theory; the dyons carry charge.',
      // A loan phrase: no English slip ("al dente" is not "al dante").
      'The pasta was cooked al dente and the sauce was rich.',
    ]) assert.equal(fixTypos(text), text);
  });

  it('never changes correctly spelt prose', () => {
    const words = ['the', 'quiet', 'river', 'carried', 'small', 'boats', 'past', 'ancient', 'houses', 'while', 'children', 'watched', 'from', 'bridges', 'and', 'laughed', 'loudly'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 3, maxLength: 20 }), (chosen) => {
        const text = `${chosen.join(' ')}.`;
        assert.equal(fixTypos(text), text);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps every protected item of the input, whatever the slips around it', () => {
    const slips = ['restanurant', 'dsih', 'bledn', 'conern', 'contineu'];
    const items = ['Paris', '2020', '"a quote"', 'Dr Smith', '42%'];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...slips), fc.constantFrom(...items), fc.constantFrom('the', 'was', 'near', 'our')), { minLength: 3, maxLength: 16 }), (parts) => {
        const text = `${parts.join(' ')}.`;
        const fixed = fixTypos(text);
        for (const [item, count] of protectedItems(text)) assert.ok(fixed.split(item).length - 1 >= count, item);
        assert.equal(fixTypos(fixed), fixed);
      }),
      { numRuns: 50 },
    );
  });

  it('the humanizer starts from the fixed text and keeps its invariants', () => {
    const score = (text: string): number => (/\bmoreover\b/iu.test(text) ? 0.9 : 0.1);
    const detector: TextDetector = {
      version: 'test-moreover',
      detect: (text) => ({ aiScore: score(text), sentences: splitSentences(text).map((s) => ({ ...s, aiScore: score(s.text) })), language: 'eng', englishCalibrated: true }),
    };
    const text = 'Moreover, the restanurant in Lyon was full. Each dsih came fast, and the staff were kind to every guest that night.';
    const result = humanize(text, { detector });
    assert.match(result.text, /restaurant in Lyon/u);
    assert.match(result.text, /Each dish/u);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });
});
