import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { wordTable } from '../../server/engines/shared/word-table.ts';

describe('wordTable', () => {
  it('finds its own entries and nothing of Object for words such as "constructor"', () => {
    const table = wordTable({ is: 'are', was: 'were' });
    assert.equal(table.is, 'are');
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) assert.equal(table[word], undefined, word);
    assert.deepEqual(Object.keys(table), ['is', 'was']);
    assert.ok(Object.isFrozen(table));
  });
});
