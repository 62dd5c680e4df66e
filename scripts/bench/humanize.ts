/**
 * `npm run bench -- humanize [--runs N] [--words W]`: wall and CPU time of the built-in humanizer as
 * the service runs it (guided by the real text detector, then the grammar gate) on W-word AI texts (default 2,000, the endpoint's maximum), one
 * at a time on one core. The texts are built by joining AI texts of one domain from
 * ../shared/data/text-detect/dev.jsonl, cut at the sentence nearest to W words, so each is
 * realistic prose for the detector to score. CPU time is given beside wall time: on a shared
 * machine the wall time says as much about the neighbours as about the code.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { createGrammarEngine } from '../../server/engines/grammar/index.ts';
import { humanize, humanizeChecked, HUMANIZER_ENGINE_VERSION } from '../../server/engines/humanize/index.ts';
import { percentile } from '../lib/percentile.ts';

const DEV = new URL('../../../shared/data/text-detect/dev.jsonl', import.meta.url);
function textsOf(count: number, words: number): string[] {
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
    for (let k = Math.floor(i / domains.length) * 4; countWords(text) < words && k < pool.length; k++) text += (text ? '\n\n' : '') + pool[k];
    if (countWords(text) < words) continue;
    let cut = '';
    for (const s of splitSentences(text)) {
      if (countWords(text.slice(0, s.end)) > words + 10) break;
      cut = text.slice(0, s.end);
    }
    texts.push(cut);
  }
  return texts;
}


export async function run(args: string[]): Promise<string> {
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 10;
  const wordsAt = args.indexOf('--words');
  const detector = loadTextDetector();
  const texts = textsOf(runs, wordsAt >= 0 ? Number(args[wordsAt + 1]) : 2000);
  const grammar = await createGrammarEngine();
  await humanizeChecked(texts[0], { detector, grammar }); // warm-up: JIT, tagger and lexicon loaded
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const rewriteTimes: number[] = [];
  const detectTimes: number[] = [];
  let reached = 0;
  for (const text of texts) {
    let started = performance.now();
    detector.detect(text);
    detectTimes.push(performance.now() - started);
    started = performance.now();
    const cpu = process.cpuUsage();
    const result = await humanizeChecked(text, { detector, grammar });
    times.push(performance.now() - started);
    cpuTimes.push(process.cpuUsage(cpu).user / 1000);
    // The rewrite alone: what the grammar gate adds is the difference.
    const rewriteCpu = process.cpuUsage();
    humanize(text, { detector });
    rewriteTimes.push(process.cpuUsage(rewriteCpu).user / 1000);
    if (result.scoreAfter < 0.5) reached++;
  }
  const words = texts.map(countWords);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  rewriteTimes.sort((a, b) => a - b);
  detectTimes.sort((a, b) => a - b);
  return [
    `Built-in humanizer ${HUMANIZER_ENGINE_VERSION} with detector ${detector.version} and the grammar gate, ${texts.length} AI texts of ${Math.min(...words)}-${Math.max(...words)} words (dev.jsonl, joined per domain), sequential on one thread.`,
    '',
    '| metric | value |',
    '|---|---|',
    `| humanize p50 | ${(percentile(times, 50) / 1000).toFixed(3)} s |`,
    `| humanize p90 | ${(percentile(times, 90) / 1000).toFixed(3)} s |`,
    `| humanize max | ${(Math.max(...times) / 1000).toFixed(3)} s |`,
    `| humanize CPU p50 | ${(percentile(cpuTimes, 50) / 1000).toFixed(3)} s |`,
    `| humanize CPU max | ${(Math.max(...cpuTimes) / 1000).toFixed(3)} s |`,
    `| rewrite alone (no grammar gate) CPU p50 | ${(percentile(rewriteTimes, 50) / 1000).toFixed(3)} s |`,
    `| one full-text detection p50 | ${percentile(detectTimes, 50).toFixed(1)} ms |`,
    `| texts ending under 0.5 | ${reached} of ${texts.length} |`,
    '| target | 2,000 words under 3 s |',
  ].join('\n');
}
