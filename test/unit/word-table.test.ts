/**
 * WordTable (the Lexicon's compact sets and maps) answers what a Set or Map built from the same
 * keys answers: membership, values, merged duplicates, iteration order, and keys it never saw.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WordTable } from '../../server/engines/grammar/word-table.ts';

/** Pseudo-random words (a fixed seed), with repeats and near misses, some with Latin-1 and wider characters. */
function words(n: number, seed: number): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzéß\'-ŋ';
  let state = seed;
  const next = () => ((state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0);
  return Array.from({ length: n }, () => Array.from({ length: 1 + (next() % 9) }, () => alphabet[next() % alphabet.length]).join(''));
}

describe('WordTable', () => {
  it('answers has() as a Set of the same keys does, and keeps their first-insertion order', () => {
    const keys = [...words(20_000, 7), ''];
    const table = WordTable.of(keys);
    const set = new Set(keys);
    for (const probe of [...keys, ...words(20_000, 8), 'zzzzzzzzzzzz']) assert.equal(table.has(probe), set.has(probe), probe);
    assert.deepEqual([...table.keys()], [...set]);
  });

  it('answers get() as a Map that merges repeated keys does', () => {
    const keys = words(20_000, 11);
    const values = keys.map((_, i) => (i * 7919) % 1000);
    const table = WordTable.of(keys, values, (earlier, later) => earlier + later);
    const map = new Map<string, number>();
    keys.forEach((key, i) => map.set(key, (map.get(key) ?? 0) + values[i]));
    for (const probe of [...keys, ...words(5_000, 12)]) assert.equal(table.get(probe), map.get(probe), probe);
    assert.deepEqual([...table.keys()], [...map.keys()]);
  });

  it('keeps the later value of a repeated key by default', () => {
    const table = WordTable.of(['kettle', 'spoon', 'kettle'], [3, 4, 5]);
    assert.equal(table.get('kettle'), 5);
    assert.equal(table.get('spoon'), 4);
    assert.equal(table.get('fork'), undefined);
  });

  it('built again from its parts, answers and iterates as the table it came from', () => {
    const keys = [...words(5_000, 21), ''];
    const values = keys.map((_, i) => i % 97);
    for (const table of [WordTable.of(keys), WordTable.of(keys, values, Math.max), WordTable.of([])]) {
      const again = WordTable.fromParts(table.parts());
      for (const probe of [...keys, ...words(2_000, 22)]) assert.equal(again.get(probe), table.get(probe), probe);
      assert.deepEqual([...again.keys()], [...table.keys()]);
    }
    assert.throws(() => WordTable.fromParts({ text: 'one\ntwo' }), /newline/);
    assert.throws(() => WordTable.fromParts({ text: 'one\ntwo\n', values: new Float64Array(1) }), /2 keys and 1 values/);
  });

  it('refuses a key with a newline (its separator)', () => {
    assert.throws(() => WordTable.of(['two\nlines']), /newline/);
  });
});
