/**
 * `npm run bench -- text-detect [--seconds N]`: the AI-text detector engine alone (no HTTP), on one core.
 *
 * - Model load time (first `loadTextDetector()`).
 * - Throughput: words per second of `detect` (document score, sentence split and sentence scores,
 *   language guess) over a corpus of texts, run on the main thread only.
 * - Latency: p50 / p99 of `detect` on a 1,000-word text.
 *
 * The corpus is dev.jsonl from ../shared/data/text-detect when present (real texts of 50-400 words);
 * otherwise a fixed built-in text, so the benchmark also runs on a fresh clone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { TEXT_DETECT_DATA, readJsonl } from '../lib/text-detect-data.ts';
import { percentile } from '../lib/percentile.ts';

const FALLBACK = [
  'The committee met on Tuesday to review the budget for the coming year. Several members raised concerns about the cost of the new library, which has doubled since the plans were first drawn up in 2019.',
  "Honestly I didn't expect much from this place, but the tacos were great and the staff didn't rush us. We'll be back, probably next Friday if the weather holds up.",
  'In recent years, renewable energy has emerged as a crucial component of global efforts to combat climate change. Furthermore, advances in battery technology have significantly enhanced the reliability of solar and wind power.',
  'She closed the door behind her and listened. Nothing. Only the clock in the hall, ticking the way it always had, as if nobody had ever left this house at all.',
];

function corpus(): { texts: string[]; source: string } {
  const dev = path.join(TEXT_DETECT_DATA, 'dev.jsonl');
  if (existsSync(dev)) return { texts: readJsonl<{ text: string }>(dev).map((r) => r.text), source: 'dev.jsonl (1,440 texts)' };
  const texts: string[] = [];
  for (let i = 0; i < 400; i++) texts.push(Array.from({ length: 4 }, (_, k) => FALLBACK[(i + k) % FALLBACK.length]).join(' '));
  return { texts, source: 'built-in sample texts (shared data not found)' };
}

function textOfWords(texts: string[], words: number): string {
  const out: string[] = [];
  for (let i = 0; out.length < words; i++) out.push(...texts[i % texts.length].split(/\s+/).filter((w) => w !== ''));
  return out.slice(0, words).join(' ');
}

export async function run(args: string[]): Promise<string> {
  const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 10;
  const t0 = performance.now();
  const detector = loadTextDetector();
  const loadMs = performance.now() - t0;
  const { texts, source } = corpus();
  const words = texts.reduce((a, t) => a + countWords(t), 0);

  // Warm-up, then whole passes over the corpus for `seconds`.
  for (const t of texts.slice(0, 200)) detector.detect(t);
  let passes = 0;
  let checksum = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000 || passes === 0) {
    for (const t of texts) checksum += detector.detect(t).aiScore;
    passes++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const wps = (words * passes) / elapsed;

  const doc = textOfWords(texts, 1000);
  const lat: number[] = [];
  for (let i = 0; i < 50; i++) detector.detect(doc);
  const latStart = performance.now();
  while (performance.now() - latStart < (seconds * 1000) / 2 || lat.length < 200) {
    const a = performance.now();
    detector.detect(doc);
    lat.push(performance.now() - a);
  }
  lat.sort((a, b) => a - b);
  if (!Number.isFinite(checksum)) throw new Error('non-finite score');

  return [
    `Engine only (\`detect\`: document score, sentence split and scores, language guess), main thread, model \`${detector.version}\`.`,
    '',
    '| measure | value |',
    '|---|---:|',
    `| model load | ${loadMs.toFixed(0)} ms |`,
    `| throughput, one core (${source}, ${words.toLocaleString('en-US')} words × ${passes} passes) | ${Math.round(wps).toLocaleString('en-US')} words/s |`,
    `| \`detect\` on a 1,000-word text, p50 (${lat.length} runs) | ${percentile(lat, 50).toFixed(2)} ms |`,
    `| \`detect\` on a 1,000-word text, p99 | ${percentile(lat, 99).toFixed(2)} ms |`,
  ].join('\n');
}
