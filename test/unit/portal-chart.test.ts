/** The portal charts' axis ticks: round values, whole credits, never a repeated label. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { niceTicks } from '../../server/portal/client/chart.ts';

describe('niceTicks', () => {
  test('an empty chart has the scale 0, 1; small and odd maxima get round steps', () => {
    assert.deepEqual(niceTicks(0), [0, 1]);
    assert.deepEqual(niceTicks(1), [0, 1]);
    assert.deepEqual(niceTicks(3), [0, 1, 2, 3]);
    assert.deepEqual(niceTicks(7_598), [0, 2_000, 4_000, 6_000, 8_000]);
    assert.deepEqual(niceTicks(3_799), [0, 1_000, 2_000, 3_000, 4_000]);
    assert.deepEqual(niceTicks(250), [0, 100, 200, 300]);
  });

  test('property: whole, distinct, evenly spaced steps of 1, 2 or 5 times a power of ten, the last at or above the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 2, max: 12 }), (max, count) => {
        const ticks = niceTicks(max, count);
        const step = ticks[1] - ticks[0];
        const leading = step / 10 ** Math.floor(Math.log10(step));
        return ticks[0] === 0 && ticks.at(-1)! >= max && ticks.every((t, i) => Number.isInteger(t) && t === i * step) && [1, 2, 5].includes(leading) && ticks.length <= 2 * count + 2;
      }),
    );
  });
});
