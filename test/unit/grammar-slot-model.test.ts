import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMON_PREPOSITIONS } from '../../server/engines/grammar/data/function-words.ts';
import { prepositionSwap } from '../../server/engines/grammar/prepositions.ts';
import { SlotModel, slotFeatures } from '../../server/engines/grammar/slot-model.ts';

describe('grammar slot model', () => {
  const classes = ['in', 'of', 'on'];
  // Weights by feature, one per class: "lack" before the slot calls for "of", "trust" after it too.
  const model = SlotModel.parse(SlotModel.format(classes, ['bias', 'l1:lack', 'obj:trust'], Float64Array.from([0.5, 0, 0.2, -2, 4, -2, 0, 1.5, 0]), 100));

  it('reads back the weights it wrote, kept to the scale given', () => {
    const file = SlotModel.format(classes, ['bias', 'x y'], Float64Array.from([0.123, -1, 2.005, 0, 0, 0]), 100);
    const header = 'classes\tin of on\nscale\t100\nrows\t2\n';
    assert.equal(file.toString('latin1', 0, header.length), header);
    assert.deepEqual(Array.from({ length: 6 }, (_, i) => file.readInt16LE(header.length + 2 * i)), [12, -100, 201, 0, 0, 0]);
    assert.equal(file.toString('latin1', header.length + 12), 'bias\t1\nx y\t2\n');
    const read = SlotModel.parse(file);
    assert.deepEqual(read.classes, classes);
    const p = read.probabilities(['bias']);
    const z = Math.exp(0.12) + Math.exp(-1) + Math.exp(2.01);
    assert.ok(Math.abs(p[2] - Math.exp(2.01) / z) < 1e-12);
  });

  it('gives probabilities that sum to one, the same for every class where no feature is known', () => {
    const unknown = model.probabilities(['l1:unseen', 'r1:words']);
    const bias = model.probabilities(['bias']);
    assert.ok(Math.abs(bias.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.deepEqual(Array.from(unknown), [1 / 3, 1 / 3, 1 / 3]);
    const p = model.probabilities(slotFeatures(['a', 'lack'], ['trust', 'between']));
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.equal(p.indexOf(Math.max(...p)), 1);
  });

  it('reads the noun after determiners and the pairs across the slot', () => {
    assert.deepEqual(slotFeatures(['at', 'the', 'end'].slice(-2), ['the', 'season']), [
      'bias',
      'l1:end',
      'l2:the end',
      'w2:the',
      'r1:the',
      'r2:the season',
      'obj:season',
      'l1obj:end season',
      'l1r1:end the',
    ]);
    assert.deepEqual(slotFeatures(['lack'], []).slice(1, 7), ['l1:lack', 'l2:<s> lack', 'w2:<s>', 'r1:</s>', 'r2:</s> </s>', 'obj:</s>']);
  });

  it('changes a preposition only where the shipped model all but rules it out and is sure of another', () => {
    const shipped = SlotModel.load(new URL('../../server/engines/grammar/data/prepositions.bin.gz', import.meta.url));
    assert.deepEqual(shipped.classes, COMMON_PREPOSITIONS);
    assert.equal(prepositionSwap(shipped, ['a', 'lack'], 'on', ['trust', 'between', 'the']), 'of');
    assert.equal(prepositionSwap(shipped, ['a', 'lack'], 'of', ['trust', 'between', 'the']), null);
    assert.equal(prepositionSwap(shipped, ['is', 'interested'], 'in', ['music']), null);
    // "by" is never changed, though the model all but rules it out here ("the red one of the stairs").
    assert.ok(shipped.probabilities(slotFeatures(['red', 'one'], ['the', 'stairs']))[shipped.classes.indexOf('by')] < 2e-4);
    assert.equal(prepositionSwap(shipped, ['red', 'one'], 'by', ['the', 'stairs']), null);
    assert.equal(prepositionSwap(shipped, [], 'on', ['trust']), null);
    assert.equal(prepositionSwap(shipped, ['a', 'lack'], 'onto', ['trust']), null);
  });
});
