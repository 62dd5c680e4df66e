/**
 * The Lexicon's big word tables as they ship: data/lexicon-tables.bin.gz, built from their npm
 * packages (WordNet 3.1, SUBTLEX-US, the `word-list` package) by `npm run train -- grammar-lexicon`
 * (scripts/build-grammar-lexicon.ts), which documents the sources. Read in about a tenth of the time that
 * parsing the packages' own files took on every grammar thread (BENCHMARKS.md, issue 44).
 *
 * Format, gzipped: one line of JSON, `{"tables":[{"name","textBytes","values"},…]}`, then each table's
 * keys in UTF-8 (each key followed by '\n', in the table's order), then, for each table with values,
 * `values` little-endian 64-bit floats, one per key, in the same order of tables.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { WordTable } from './word-table.ts';

export const LEXICON_TABLE_NAMES = ['noun', 'verb', 'adj', 'adv', 'senseCounts', 'counts', 'listedWords'] as const;
export type LexiconTables = Record<(typeof LEXICON_TABLE_NAMES)[number], WordTable>;

export const LEXICON_TABLES_FILE = new URL('./data/lexicon-tables.bin.gz', import.meta.url);

interface Header {
  tables: Array<{ name: string; textBytes: number; values: number }>;
}

export function encodeLexiconTables(tables: LexiconTables): Buffer {
  const parts = LEXICON_TABLE_NAMES.map((name) => ({ name, ...tables[name].parts() }));
  const texts = parts.map((part) => Buffer.from(part.text, 'utf8'));
  const header: Header = { tables: parts.map((part, i) => ({ name: part.name, textBytes: texts[i].length, values: part.values?.length ?? 0 })) };
  const values = parts.flatMap((part) => (part.values ? [Buffer.from(part.values.buffer, part.values.byteOffset, part.values.byteLength)] : []));
  // Level 9 and no name or time in the gzip header: the same tables give the same bytes.
  return gzipSync(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...texts, ...values]), { level: 9 });
}

export function decodeLexiconTables(gzipped: Uint8Array): LexiconTables {
  const bytes = gunzipSync(gzipped);
  const headerEnd = bytes.indexOf(10);
  const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as Header;
  if (header.tables.map((t) => t.name).join() !== LEXICON_TABLE_NAMES.join()) throw new Error(`lexicon tables: unexpected tables ${header.tables.map((t) => t.name).join()}`);
  let offset = headerEnd + 1;
  const texts = header.tables.map((t) => bytes.toString('utf8', offset, (offset += t.textBytes)));
  const tables = header.tables.map((t, i) => {
    if (!t.values) return WordTable.fromParts({ text: texts[i] });
    // Copied out: a Float64Array needs an offset that is a multiple of 8.
    const values = new Float64Array(t.values);
    new Uint8Array(values.buffer).set(bytes.subarray(offset, (offset += values.byteLength)));
    return WordTable.fromParts({ text: texts[i], values });
  });
  if (offset !== bytes.length) throw new Error(`lexicon tables: ${bytes.length - offset} bytes left over`);
  return Object.fromEntries(LEXICON_TABLE_NAMES.map((name, i) => [name, tables[i]])) as LexiconTables;
}

export function readLexiconTables(file: URL = LEXICON_TABLES_FILE): LexiconTables {
  return decodeLexiconTables(readFileSync(file));
}
