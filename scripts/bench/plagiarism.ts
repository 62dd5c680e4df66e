/**
 * `npm run bench -- plagiarism [--docs N] [--runs N]`: imports a deterministic filler corpus (default
 * 100,000 documents) into a throwaway PostgreSQL, then times scans of 500-, 1,000- and 5,000-word
 * texts that mix new sentences with passages copied from corpus documents.
 */
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { PlagiarismScanner } from '../../server/operations/plagiarism.ts';
import { SourceCorpus } from '../../server/platform/data/corpus.ts';
import { seededRandom } from '../../server/engines/shared/random.ts';
import { percentile } from '../lib/percentile.ts';

// A seeded generator, so every run builds the same corpus.
const random = seededRandom;

const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'ra', 'vos', 'qui', 'del', 'an', 'sor', 'pe', 'lu', 'mar', 'is', 'to', 'ber', 'ne', 'gal', 'or', 'fin'];
const FUNCTION_WORDS = ['the', 'of', 'and', 'a', 'to', 'in', 'is', 'that', 'for', 'it', 'with', 'as', 'was', 'on', 'by'];

/** A vocabulary of invented words with a Zipf-like draw, plus English function words. */
function makeWriter(seed: number) {
  const next = random(seed);
  const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
    let w = '';
    let n = i + 1;
    do {
      w += SYLLABLES[n % SYLLABLES.length];
      n = Math.floor(n / SYLLABLES.length);
    } while (n > 0);
    return w;
  });
  const word = (): string =>
    next() < 0.35 ? FUNCTION_WORDS[Math.floor(next() * FUNCTION_WORDS.length)] : vocabulary[Math.floor(vocabulary.length * next() ** 2.5)];
  const sentence = (): string => {
    const n = 8 + Math.floor(next() * 14);
    const words = Array.from({ length: n }, word);
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  };
  const paragraph = (words: number): string => {
    const out: string[] = [];
    let count = 0;
    while (count < words) {
      const s = sentence();
      out.push(s);
      count += s.split(' ').length;
    }
    return out.join(' ');
  };
  return { next, paragraph };
}

const DOC_WORDS = 90;

/** The filler corpus as JSONL, generated before the clock starts so import speed is measured alone. */
function corpusJsonl(docs: number): string[] {
  const writer = makeWriter(1);
  return Array.from(
    { length: docs },
    (_, i) => `${JSON.stringify({ url: `https://filler${i % 97}.example/doc/${i}`, title: `Filler ${i}`, text: writer.paragraph(DOC_WORDS) })}\n`,
  );
}

/** Lines in 64 KiB chunks, as a file stream delivers them to the CLI import. */
function asStream(lines: string[]): Readable {
  const chunks: string[] = [];
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= 65_536) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk) chunks.push(chunk);
  return Readable.from(chunks);
}

export async function run(args: string[]): Promise<string> {
  const docs = args.includes('--docs') ? Number(args[args.indexOf('--docs') + 1]) : 100_000;
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 20;
  const db = await createTestDatabase();
  try {
    const corpus = new SourceCorpus(db.pool);
    const lines = corpusJsonl(docs);
    const started = performance.now();
    const report = await corpus.importJsonl(asStream(lines), (p) => {
      if (p.imported % 20_000 === 0) console.error(`imported ${p.imported} documents, ${(p.bytes / 1e6).toFixed(1)} MB`);
    });
    const seconds = (performance.now() - started) / 1000;
    const mb = report.bytes / 1e6;
    await db.query('analyze');

    // Texts: new sentences with about a third of the words copied from stored documents.
    const { rows } = await db.pool.query<{ text: string }>('select text from plagiarism_sources order by id limit 200');
    const writer = makeWriter(2);
    const scanner = new PlagiarismScanner(db.pool);
    const table = [
      `Corpus: ${docs.toLocaleString('en-US')} generated documents of about ${DOC_WORDS} words (${mb.toFixed(1)} MB of JSONL).`,
      '',
      '| measure | value |',
      '|---|---|',
      `| import | ${(mb / seconds).toFixed(2)} MB/s (${seconds.toFixed(1)} s, ${report.imported.toLocaleString('en-US')} documents) |`,
    ];
    for (const words of [500, 1000, 5000]) {
      const times: number[] = [];
      const n = words >= 5000 ? Math.max(5, Math.floor(runs / 2)) : runs;
      for (let r = 0; r < n; r++) {
        const parts: string[] = [];
        let count = 0;
        while (count < words) {
          const part = writer.next() < 0.33 ? rows[Math.floor(writer.next() * rows.length)].text : writer.paragraph(60);
          parts.push(part);
          count += part.split(' ').length;
        }
        const t = performance.now();
        await scanner.scan(parts.join('\n\n'));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      table.push(`| scan, ${words.toLocaleString('en-US')} words (${n} runs) | p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms |`);
    }
    return table.join('\n');
  } finally {
    await db.close();
  }
}
