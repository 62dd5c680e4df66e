/**
 * The human-written English the grammar engine's trained artefacts are built from (the count tables of
 * scripts/build-grammar-ngrams.ts and the preposition slot model of scripts/build-grammar-slot-models.ts),
 * in one place so that both read the same text and leave out the same held-out data. The sources and
 * their licences are listed in scripts/build-grammar-ngrams.ts and the engine's MODEL_CARD.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ngramWords, SENTENCE_BREAK } from '../../server/engines/grammar/ngrams.ts';
import { DEBIAN_SOURCES, debianHumanTexts } from './debian-human-text.ts';
import { isUnseenProse } from './grammar-halves.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/data');

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

export interface CorpusSource {
  name: string;
  texts: () => Iterable<string>;
}

/**
 * Never the dev split of the detector's data (the held-out prose and injected errors of `npm run eval
 * -- grammar`), MASC's unseen half, learner essays, JFLEG or CoNLL.
 */
export const GRAMMAR_CORPUS: CorpusSource[] = [
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

/** The lower-cased words (ngramWords) of each sentence of a source's texts, empty sentences left out. */
export function* sentenceWords(source: CorpusSource): Generator<string[]> {
  for (const text of source.texts()) {
    for (const sentence of text.split(SENTENCE_BREAK)) {
      const list = ngramWords(sentence);
      if (list.length > 0) yield list;
    }
  }
}
