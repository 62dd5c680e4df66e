/**
 * `npm run train -- grammar` (this script): builds the grammar engine's word and word-pair counts,
 * server/engines/grammar/data/bigrams.tsv.gz, and its three-word counts around prepositions and
 * articles, data/trigrams.tsv.gz, from human-written English. Counts only are written,
 * never the text. The same inputs give the same file byte for byte.
 *
 * Sources (scripts/lib/grammar-corpus.ts; words of each are printed; licences as their data cards give them):
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
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SENTENCE_START, TRIPLE_MIDDLE } from '../server/engines/grammar/ngrams.ts';
import { GRAMMAR_CORPUS, sentenceWords } from './lib/grammar-corpus.ts';

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

const unigrams = new Map<string, number>();
const trigrams = new Map<string, number>();
const bigrams = new Map<string, number>();
const add = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};
let total = 0;
for (const source of GRAMMAR_CORPUS) {
  let words = 0;
  for (const list of sentenceWords(source)) {
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
