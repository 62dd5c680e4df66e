import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { quantile } from '../../server/engines/shared/stats.ts';
import { percentile } from '../../scripts/lib/percentile.ts';

const sortedValues = fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 50 }).map((xs) => xs.sort((a, b) => a - b));

describe('quantile (interpolated, media features)', () => {
  it('interpolates between the nearest ranks', () => {
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantile([10, 20, 30], 0.25), 15);
    assert.equal(quantile([7], 0.9), 7);
    assert.ok(Number.isNaN(quantile([], 0.5)));
  });

  it('runs from the minimum to the maximum and never falls as q rises', () => {
    fc.assert(
      fc.property(sortedValues, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (xs, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        assert.equal(quantile(xs, 0), xs[0]);
        assert.equal(quantile(xs, 1), xs[xs.length - 1]);
        assert.ok(quantile(xs, lo) <= quantile(xs, hi) + 1e-9);
      }),
    );
  });
});

describe('percentile (nearest rank, benchmarks)', () => {
  it('returns a value of the sample at or above the share asked for', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(xs, 50), 51);
    assert.equal(percentile(xs, 99), 100);
    assert.equal(percentile(xs, 100), 100);
    assert.ok(Number.isNaN(percentile([], 50)));
  });

  it('at least p% of the values are at or below it', () => {
    fc.assert(
      fc.property(sortedValues, fc.integer({ min: 0, max: 100 }), (xs, p) => {
        const value = percentile(xs, p);
        assert.ok(xs.includes(value));
        assert.ok(xs.filter((x) => x <= value).length >= (p / 100) * xs.length);
      }),
    );
  });
});
