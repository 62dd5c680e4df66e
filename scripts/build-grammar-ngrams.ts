/**
 * `npx tsx scripts/build-grammar-ngrams.ts`: builds the grammar engine's word-pair counts,
 * server/engines/grammar/data/bigrams.tsv.gz, from human-written English in ../shared/data: the
 * human texts of text-detect/train.jsonl (news, abstracts, stories, reviews) and the English
 * documents of plagiarism/sources.jsonl (web pages, Wikipedia). Never from the grammar data the
 * engine is evaluated on (JFLEG, CoNLL).
 *
 * Format (one entry per line, tab-separated): `w<TAB>count` for words, `w1 w2<TAB>count` for pairs of
 * adjacent words within a sentence; `<s>` marks a sentence start. Lower-cased; counts below 2 are
 * left out (they are mostly noise and would double the file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ngramWords, SENTENCE_START } from '../server/engines/grammar/ngrams.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const OUT = path.resolve(import.meta.dirname, '../server/engines/grammar/data/bigrams.tsv.gz');
const MIN_COUNT = 2;

function* humanTexts(): Generator<string> {
  for (const line of readFileSync(path.join(SHARED, 'text-detect/train.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line) as { label: string; text: string };
    if (record.label === 'human') yield record.text;
  }
  for (const line of readFileSync(path.join(SHARED, 'plagiarism/sources.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line) as { lang?: string; text: string };
    if ((record.lang ?? 'en') === 'en') yield record.text;
  }
}

const unigrams = new Map<string, number>();
const bigrams = new Map<string, number>();
let tokens = 0;
for (const text of humanTexts()) {
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = ngramWords(sentence);
    if (words.length === 0) continue;
    tokens += words.length;
    unigrams.set(SENTENCE_START, (unigrams.get(SENTENCE_START) ?? 0) + 1);
    let previous = SENTENCE_START;
    for (const w of words) {
      unigrams.set(w, (unigrams.get(w) ?? 0) + 1);
      const pair = `${previous} ${w}`;
      bigrams.set(pair, (bigrams.get(pair) ?? 0) + 1);
      previous = w;
    }
  }
}
const lines: string[] = [];
for (const [w, n] of unigrams) if (n >= MIN_COUNT) lines.push(`${w}\t${n}`);
for (const [pair, n] of bigrams) if (n >= MIN_COUNT) lines.push(`${pair}\t${n}`);
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(OUT, gz);
console.log(`${tokens} words; kept ${lines.length} entries; ${OUT}: ${(gz.length / 1e6).toFixed(2)} MB`);
