/**
 * `npm run eval -- humanize [--limit N] [--show K]`: runs the built-in humanizer, guided by our text
 * detector, on the AI texts of ../shared/data/text-detect/dev.jsonl with 50 to 2,000 words and
 * reports: share scored above 0.5 before/after, mean score before/after, invariant violations,
 * length ratio, content-word overlap with the input and time per text (overall and per domain).
 * `--limit N` evaluates an evenly spaced subset; `--show K` prints K before/after pairs; `--attack NAME`
 * keeps only texts with that attack (`none`: plain model output); `--domain NAME` only that domain. Figures are also given for attack == none.
 * `--crosscheck` also scores before/after with a second detector of another kind (character n-grams,
 * trained here on train.jsonl, never consulted by the humanizer): rewrites that fool only our own
 * detector show there.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { checkInvariants, humanize, HUMANIZER_ENGINE_VERSION } from '../../server/engines/humanize/index.ts';
import { contentWordOverlap } from '../../server/engines/humanize/invariants.ts';
import { trainCharNgramDetector, type Scorer } from '../lib/char-ngram-detector.ts';

const DEV = new URL('../../../shared/data/text-detect/dev.jsonl', import.meta.url);
const TRAIN = new URL('../../../shared/data/text-detect/train.jsonl', import.meta.url);

interface Record {
  text: string;
  label: string;
  domain: string;
  attack?: string;
}

interface Row {
  domain: string;
  /** The dataset's attack on the AI text ('none' for plain model output). */
  attack: string;
  before: number;
  after: number;
  violations: string[];
  lengthRatio: number;
  overlap: number;
  changed: number;
  ms: number;
  /** The cross-check detector's scores, when asked for. */
  crossBefore?: number;
  crossAfter?: number;
}

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
}

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

function summarise(label: string, rows: Row[]): string {
  return [
    label.padEnd(30),
    String(rows.length).padStart(4),
    pct(mean(rows.map((r) => (r.before > 0.5 ? 1 : 0)))).padStart(7),
    pct(mean(rows.map((r) => (r.after > 0.5 ? 1 : 0)))).padStart(7),
    mean(rows.map((r) => r.before)).toFixed(3).padStart(7),
    mean(rows.map((r) => r.after)).toFixed(3).padStart(7),
    String(rows.filter((r) => r.violations.length > 0).length).padStart(5),
    mean(rows.map((r) => r.lengthRatio)).toFixed(3).padStart(7),
    pct(mean(rows.map((r) => r.overlap))).padStart(7),
    `${Math.round(quantile(rows.map((r) => r.ms), 0.5))}`.padStart(6),
  ].join(' ');
}

export async function run(args: string[]): Promise<void> {
  const limit = option(args, '--limit');
  const show = option(args, '--show') ?? 0;
  const attackAt = args.indexOf('--attack');
  const attack = attackAt >= 0 ? args[attackAt + 1] : undefined;
  const domainAt = args.indexOf('--domain');
  const domain = domainAt >= 0 ? args[domainAt + 1] : undefined;
  const all = readFileSync(DEV, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record)
    .filter((r) => r.label === 'ai' && countWords(r.text) >= 50 && countWords(r.text) <= 2000)
    .filter((r) => attack === undefined || (r.attack ?? 'none') === attack)
    .filter((r) => domain === undefined || r.domain === domain);
  const step = limit && limit < all.length ? all.length / limit : 1;
  const records = step === 1 ? all : Array.from({ length: limit! }, (_, i) => all[Math.floor(i * step)]);

  let crossCheck: Scorer | undefined;
  if (args.includes('--crosscheck')) {
    const train = readFileSync(TRAIN, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record);
    crossCheck = trainCharNgramDetector(train.map((r) => ({ text: r.text, ai: r.label === 'ai' })));
  }
  const detector = loadTextDetector();
  console.log(`humanizer ${HUMANIZER_ENGINE_VERSION}, detector ${detector.version}: ${records.length} AI texts of dev.jsonl (50-2,000 words)`);
  const rows: Row[] = [];
  let shown = 0;
  for (const record of records) {
    const started = performance.now();
    const result = humanize(record.text, { detector });
    const ms = performance.now() - started;
    rows.push({
      domain: record.domain,
      attack: record.attack ?? 'none',
      before: result.scoreBefore,
      after: detector.detect(result.text).aiScore,
      violations: checkInvariants(record.text, result.text).violations,
      lengthRatio: countWords(result.text) / countWords(record.text),
      overlap: contentWordOverlap(record.text, result.text),
      changed: result.changedSentences,
      ms,
      ...(crossCheck ? { crossBefore: crossCheck(record.text), crossAfter: crossCheck(result.text) } : {}),
    });
    if (shown < show && result.changedSentences > 0) {
      shown++;
      console.log(`\n--- ${record.domain} ${result.scoreBefore.toFixed(3)} -> ${result.scoreAfter.toFixed(3)}\n${record.text}\n+++\n${result.text}`);
    }
  }

  console.log(`\n${'subset'.padEnd(30)} ${'n'.padStart(4)} ${'>0.5 b'.padStart(7)} ${'>0.5 a'.padStart(7)} ${'mean b'.padStart(7)} ${'mean a'.padStart(7)} ${'viol'.padStart(5)} ${'len'.padStart(7)} ${'overlap'.padStart(7)} ${'p50 ms'.padStart(6)}`);
  console.log(summarise('all', rows));
  for (const domain of [...new Set(rows.map((r) => r.domain))].sort()) console.log(summarise(domain, rows.filter((r) => r.domain === domain)));
  // Attacked texts (homoglyphs, typos, paraphrases) are a different case from plain model output.
  const plain = rows.filter((r) => r.attack === 'none');
  console.log(summarise('attack == none', plain));
  for (const domain of [...new Set(plain.map((r) => r.domain))].sort()) console.log(summarise(`  none: ${domain}`, plain.filter((r) => r.domain === domain)));
  console.log(summarise('attacked', rows.filter((r) => r.attack !== 'none')));
  const violations = rows.flatMap((r) => r.violations);
  if (violations.length > 0) console.log(`\ninvariant violations:\n  ${violations.slice(0, 20).join('\n  ')}`);
  if (crossCheck) {
    const logit = (p: number) => Math.log(Math.max(p, 1e-9) / Math.max(1 - p, 1e-9));
    const share = (key: 'crossBefore' | 'crossAfter') => pct(mean(rows.map((r) => (r[key]! > 0.5 ? 1 : 0))));
    const meanLogit = (key: 'crossBefore' | 'crossAfter') => mean(rows.map((r) => logit(r[key]!))).toFixed(2);
    console.log(`\ncross-check (character n-gram detector): >0.5 before ${share('crossBefore')}, after ${share('crossAfter')}; mean logit before ${meanLogit('crossBefore')}, after ${meanLogit('crossAfter')}`);
  }
  console.log(`\nmean changed sentences ${mean(rows.map((r) => r.changed)).toFixed(2)}; min overlap ${pct(Math.min(...rows.map((r) => r.overlap)))}; length ratio range ${Math.min(...rows.map((r) => r.lengthRatio)).toFixed(3)}-${Math.max(...rows.map((r) => r.lengthRatio)).toFixed(3)}; p90 ${Math.round(quantile(rows.map((r) => r.ms), 0.9))} ms`);
}
