/**
 * `npm run train -- grammar` (this script): builds the grammar engine's word and word-pair counts,
 * server/engines/grammar/data/bigrams.tsv.gz, and its three-word counts around prepositions and
 * articles, data/trigrams.tsv.gz, from human-written English. Counts only are written,
 * never the text. The same inputs give the same file byte for byte.
 *
 * Sources (words of each are printed; licences as their data cards give them):
 * - ../shared/data/text-detect/train.jsonl, human texts: BBC news (XSum), arXiv abstracts, Wikipedia
 *   (SQuAD), WritingPrompts stories, Yelp reviews (research use, see its README). Never dev.jsonl:
 *   its edited texts are the held-out prose of `npm run eval -- grammar prose`.
 * - ../shared/data/plagiarism/sources.jsonl, the English documents (web pages, Wikipedia).
 * - ../shared/data/text-detect/extra.jsonl, the human texts of clear licence only: Project Gutenberg
 *   fiction (public domain) and MASC (American National Corpus: "may be used for ... development,
 *   including commercial development"), its tweets left out, and so is the held-out half of its edited
 *   prose (`isUnseenProse`, the passages of `npm run eval -- grammar prose --unseen`). Never its learner
 *   or student essays: their errors are what the engine corrects.
 * - ../shared/data/text-detect/answers.jsonl, human answers of OpenAssistant oasst1 (Apache-2.0) and
 *   Dolly (CC BY-SA 3.0), those in English (by their function words).
 * - English prose Debian packages ship (scripts/lib/debian-human-text.ts: perl-doc, python3-doc and the
 *   Debian project's manuals; GPL, Artistic, PSF licences), read where the packages install it.
 * Never from the grammar data the engine is evaluated on (JFLEG, CoNLL).
 *
 * Format (one entry per line, tab-separated, sorted): `w<TAB>count` for words, `w1 w2<TAB>count` for
 * pairs of adjacent words within a sentence; `<s>` marks a sentence start. Lower-cased. Words seen
 * fewer than MIN_WORD times and pairs fewer than MIN_PAIR times are left out (mostly noise, and they
 * would triple the file). trigrams.tsv.gz: `w1 w2 w3<TAB>count` for w2 of TRIPLE_MIDDLE (ngrams.ts), the
 * same way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ngramWords, SENTENCE_START, TRIPLE_MIDDLE } from '../server/engines/grammar/ngrams.ts';
import { DEBIAN_SOURCES, debianHumanTexts } from './lib/debian-human-text.ts';
import { isUnseenProse } from './lib/grammar-halves.ts';

const SHARED = path.resolve(import.meta.dirname, '../../shared/data');
const OUT = path.resolve(import.meta.dirname, '../server/engines/grammar/data/bigrams.tsv.gz');
const OUT_TRIPLES = path.resolve(import.meta.dirname, '../server/engines/grammar/data/trigrams.tsv.gz');
const MIN_WORD = 2;
const MIN_PAIR = 2;
/**
 * Three-word counts are kept only where a rule reads them: a preposition or an article in the middle
 * ("interested in music", "to the store"), each seen at least MIN_TRIPLE times (all triples would be
 * ten times the file, and a triple seen once is mostly noise).
 */
const MIN_TRIPLE = 2;

interface Record {
  label?: string;
  domain?: string;
  lang?: string;
  licence?: string;
  id?: string;
  text: string;
}

function* jsonl(file: string): Generator<Record> {
  for (const line of readFileSync(path.join(SHARED, file), 'utf8').split('\n')) if (line !== '') yield JSON.parse(line) as Record;
}

/** Words English text is mostly made of: a text of other languages (oasst1 has many) has few of them. */
const ENGLISH_FUNCTION_WORDS = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'in', 'is', 'it', 'that', 'for', 'you', 'with', 'on', 'as', 'are', 'be', 'this', 'or', 'can', 'not', 'i', 'your', 'have', 'they', 'was', 'but', 'by', 'from', 'at', 'if', 'there', 'which', 'more', 'will', 'would', 'do']);
function english(text: string): boolean {
  const words = ngramWords(text);
  return words.length > 0 && words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length / words.length >= 0.25;
}

const SOURCES: Array<{ name: string; texts: () => Iterable<string> }> = [
  { name: 'text-detect train, human', texts: () => [...jsonl('text-detect/train.jsonl')].filter((r) => r.label === 'human').map((r) => r.text) },
  { name: 'plagiarism sources, English', texts: () => [...jsonl('plagiarism/sources.jsonl')].filter((r) => (r.lang ?? 'en') === 'en').map((r) => r.text) },
  {
    name: 'extra: Gutenberg and MASC (its unseen half left out)',
    texts: () => [...jsonl('text-detect/extra.jsonl')].filter((r) => r.label === 'human' && /^(public domain|MASC)/.test(r.licence ?? '') && r.domain !== 'twitter' && !isUnseenProse(r)).map((r) => r.text),
  },
  {
    name: 'answers: oasst1 and Dolly, English',
    texts: () => [...jsonl('text-detect/answers.jsonl')].filter((r) => r.label === 'human' && /^(oasst1|oasst-eval|dolly):/.test(r.id ?? '') && english(r.text)).map((r) => r.text),
  },
  { name: 'Debian packages', texts: () => debianHumanTexts(DEBIAN_SOURCES.map((s) => s.package)).rows.map((r) => r.text) },
];

const unigrams = new Map<string, number>();
const trigrams = new Map<string, number>();
const bigrams = new Map<string, number>();
const add = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};
let total = 0;
for (const source of SOURCES) {
  let words = 0;
  for (const text of source.texts()) {
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      const list = ngramWords(sentence);
      if (list.length === 0) continue;
      words += list.length;
      add(unigrams, SENTENCE_START);
      let before = '';
      let previous = SENTENCE_START;
      for (const w of list) {
        add(unigrams, w);
        add(bigrams, `${previous} ${w}`);
        if (before !== '' && TRIPLE_MIDDLE.has(previous)) add(trigrams, `${before} ${previous} ${w}`);
        before = previous;
        previous = w;
      }
    }
  }
  total += words;
  console.log(`${source.name}: ${words.toLocaleString('en-US')} words`);
}
const lines: string[] = [];
for (const [w, n] of unigrams) if (n >= MIN_WORD) lines.push(`${w}\t${n}`);
for (const [pair, n] of bigrams) if (n >= MIN_PAIR) lines.push(`${pair}\t${n}`);
lines.sort();
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(OUT, gz);
console.log(`${total.toLocaleString('en-US')} words; kept ${lines.length.toLocaleString('en-US')} entries; ${OUT}: ${(gz.length / 1e6).toFixed(2)} MB`);
const triples: string[] = [];
for (const [triple, n] of trigrams) if (n >= MIN_TRIPLE) triples.push(`${triple}\t${n}`);
triples.sort();
const gzTriples = gzipSync(triples.join('\n') + '\n', { level: 9 });
writeFileSync(OUT_TRIPLES, gzTriples);
console.log(`kept ${triples.length.toLocaleString('en-US')} of ${trigrams.size.toLocaleString('en-US')} three-word entries; ${OUT_TRIPLES}: ${(gzTriples.length / 1e6).toFixed(2)} MB`);
