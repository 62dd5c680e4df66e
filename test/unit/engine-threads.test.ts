/**
 * The general engine pool's default size: the CPUs the grammar threads leave, at least one; an
 * explicit ENGINE_THREADS is taken as given.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generalThreads } from '../../server/runtime/engines.ts';

test('by default the two engine pools together have one thread per CPU, and the general pool at least one', () => {
  assert.equal(generalThreads(0, 1, 2), 1);
  assert.equal(generalThreads(0, 1, 8), 7);
  assert.equal(generalThreads(0, 2, 8), 6);
  assert.equal(generalThreads(0, 4, 2), 1);
  assert.equal(generalThreads(0, 1, 1), 1);
});

test('an explicit thread count is kept', () => {
  assert.equal(generalThreads(3, 1, 2), 3);
  assert.equal(generalThreads(1, 1, 16), 1);
});
