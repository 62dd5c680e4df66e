/** The engines' one FNV-1a: the published test vectors, and the byte form agreeing with the string form on ASCII. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { fnv1a, fnv1aBytes, FNV_OFFSET_BASIS } from '../../server/engines/shared/hash.ts';

describe('fnv1a', () => {
  test('FNV-1a 32-bit test vectors', () => {
    assert.equal(fnv1a(''), 0x811c9dc5);
    assert.equal(fnv1a('a'), 0xe40c292c);
    assert.equal(fnv1a('foobar'), 0xbf9cf968);
    assert.equal(fnv1a('xfoobarx', FNV_OFFSET_BASIS, 1, 7), fnv1a('foobar'));
  });

  test('property: the bytes of an ASCII string hash as the string, from any basis', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz <>\'-0123456789') }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (s, basis) => {
        const bytes = Buffer.from(s, 'ascii');
        assert.equal(fnv1aBytes(bytes, basis, 0, bytes.length), fnv1a(s, basis));
      }),
    );
  });
});
