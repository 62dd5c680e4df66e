/**
 * `npm run bench -- humanize [--runs N]`: wall time of the built-in humanizer (guided by the real
 * text detector) on 500-word AI texts, one at a time on one core. The texts are built by joining
 * AI texts of one domain from ../shared/data/text-detect/dev.jsonl, cut at the sentence nearest to
 * 500 words, so each is realistic prose for the detector to score.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { humanize, HUMANIZER_ENGINE_VERSION } from '../../server/engines/humanize/index.ts';
import { percentile } from '../lib/percentile.ts';

const DEV = new URL('../../../shared/data/text-detect/dev.jsonl', import.meta.url);
const TARGET_WORDS = 500;

function fiveHundredWordTexts(count: number): string[] {
  const byDomain = new Map<string, string[]>();
  for (const line of readFileSync(DEV, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as { text: string; label: string; domain: string; attack: string };
    if (r.label !== 'ai' || r.attack !== 'none') continue;
    byDomain.set(r.domain, [...(byDomain.get(r.domain) ?? []), r.text]);
  }
  const texts: string[] = [];
  const domains = [...byDomain.keys()].sort();
  for (let i = 0; texts.length < count && i < count * 4; i++) {
    const pool = byDomain.get(domains[i % domains.length])!;
    let text = '';
    for (let k = Math.floor(i / domains.length) * 4; countWords(text) < TARGET_WORDS && k < pool.length; k++) text += (text ? '\n\n' : '') + pool[k];
    if (countWords(text) < TARGET_WORDS) continue;
    let cut = '';
    for (const s of splitSentences(text)) {
      if (countWords(text.slice(0, s.end)) > TARGET_WORDS + 10) break;
      cut = text.slice(0, s.end);
    }
    texts.push(cut);
  }
  return texts;
}


export async function run(args: string[]): Promise<string> {
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 20;
  const detector = loadTextDetector();
  const texts = fiveHundredWordTexts(runs);
  humanize(texts[0], { detector }); // warm-up: JIT, tagger and lexicon loaded
  const times: number[] = [];
  const detectTimes: number[] = [];
  let reached = 0;
  for (const text of texts) {
    let started = performance.now();
    detector.detect(text);
    detectTimes.push(performance.now() - started);
    started = performance.now();
    const result = humanize(text, { detector });
    times.push(performance.now() - started);
    if (result.scoreAfter < 0.5) reached++;
  }
  const words = texts.map(countWords);
  times.sort((a, b) => a - b);
  detectTimes.sort((a, b) => a - b);
  return [
    `Built-in humanizer ${HUMANIZER_ENGINE_VERSION} with detector ${detector.version}, ${texts.length} AI texts of ${Math.min(...words)}-${Math.max(...words)} words (dev.jsonl, joined per domain), sequential on one thread.`,
    '',
    '| metric | value |',
    '|---|---|',
    `| humanize p50 | ${(percentile(times, 50) / 1000).toFixed(3)} s |`,
    `| humanize p90 | ${(percentile(times, 90) / 1000).toFixed(3)} s |`,
    `| humanize max | ${(Math.max(...times) / 1000).toFixed(3)} s |`,
    `| one full-text detection p50 | ${percentile(detectTimes, 50).toFixed(1)} ms |`,
    `| texts ending under 0.5 | ${reached} of ${texts.length} |`,
    '| target | p50 under 1.5 s |',
  ].join('\n');
}
