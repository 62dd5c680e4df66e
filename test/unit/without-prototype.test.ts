import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withoutPrototype } from '../../server/engines/shared/without-prototype.ts';

describe('withoutPrototype', () => {
  it('finds its own entries and nothing of Object for words such as "constructor"', () => {
    const table = withoutPrototype({ is: 'are', was: 'were' });
    assert.equal(table.is, 'are');
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) assert.equal(table[word], undefined, word);
    assert.deepEqual(Object.keys(table), ['is', 'was']);
    assert.ok(Object.isFrozen(table));
  });
});
