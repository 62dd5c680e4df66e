/**
 * The grammar engine's shipped word tables (data/lexicon-tables.bin.gz, lexicon-tables.ts) are what
 * their npm packages give today: a package update that changes a word list fails here until
 * `npm run train -- grammar-lexicon` writes the file again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeLexiconTables, encodeLexiconTables, LEXICON_TABLE_NAMES, readLexiconTables } from '../../server/engines/grammar/lexicon-tables.ts';
import { lexiconTablesFromPackages } from '../../scripts/lib/lexicon-sources.ts';

describe('lexicon tables', () => {
  const shipped = readLexiconTables();
  const fromPackages = lexiconTablesFromPackages();

  for (const name of LEXICON_TABLE_NAMES) {
    it(`${name}: the shipped table holds the keys and values the packages give, in their order`, () => {
      const [a, b] = [shipped[name].parts(), fromPackages[name].parts()];
      assert.ok(a.text === b.text, `${name}: the keys differ; run npm run train -- grammar-lexicon`);
      assert.deepEqual(a.values && [...a.values], b.values && [...b.values]);
    });
  }

  it('decoding what encoding wrote gives the same tables, answering the same lookups', () => {
    const again = decodeLexiconTables(encodeLexiconTables(fromPackages));
    for (const name of LEXICON_TABLE_NAMES) assert.deepEqual(again[name].parts(), fromPackages[name].parts());
    assert.equal(again.counts.get('house'), fromPackages.counts.get('house'));
    assert.ok(again.noun.has('house') && !again.noun.has('hosue'));
  });
});
