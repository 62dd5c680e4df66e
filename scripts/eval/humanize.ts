/**
 * `npm run eval -- humanize [--limit N] [--show K] [--crosscheck] [--explain]`: runs the built-in
 * humanizer, guided by our text detector, on the AI texts of ../shared/data/text-detect/dev.jsonl with 50 to 2,000 words and
 * reports: share scored above 0.5 before/after, mean score before/after, invariant violations,
 * length ratio, content-word overlap with the input and time per text (overall and per domain).
 * `--limit N` evaluates an evenly spaced subset; `--show K` prints K before/after pairs; `--attack NAME`
 * keeps only texts with that attack (`none`: plain model output); `--domain NAME` only that domain. Figures are also given for attack == none.
 * `--crosscheck` also scores before/after with a second detector of another kind (character n-grams,
 * trained here on train.jsonl, never consulted by the humanizer): rewrites that fool only our own
 * detector show there. `--explain` breaks the detector's logit into its parts (n-gram weights,
 * stylometric features, human-text LM, the human/AI trigram pair) before and after, beside human dev
 * texts, and lists the features furthest from human after: what holds the rewrites' scores up.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadTextDetector, logitBreakdown, type LogitBreakdown, type TextDetector } from '../../server/engines/text-detect/index.ts';
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
  /** The detector's logit by parts, when asked for. */
  explainBefore?: LogitBreakdown;
  explainAfter?: LogitBreakdown;
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

/** `count` human texts of dev.jsonl with 50 to 2,000 words, evenly spaced: what the rewrites' parts are set beside. */
function humanTexts(count: number): string[] {
  const all = readFileSync(DEV, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record)
    .filter((r) => r.label !== 'ai' && countWords(r.text) >= 50 && countWords(r.text) <= 2000);
  const step = Math.max(1, all.length / count);
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)].text);
}

/** The part of the logit a feature belongs to. */
function partGroup(name: string): string {
  if (name === 'bias') return 'bias';
  if (name.endsWith('_ngrams')) return 'n-gram weights';
  if (name.startsWith('ng_')) return 'trigram pair (ng_*)';
  if (name.startsWith('lm_')) return 'human LM (lm_*)';
  return 'stylometric';
}

/** Mean of each key over breakdowns, by `key(name)`. */
function meanParts(list: LogitBreakdown[], key: (name: string) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of list) for (const [name, x] of Object.entries(b.parts)) out.set(key(name), (out.get(key(name)) ?? 0) + x / list.length);
  return out;
}

/** Prints where the logit sits before and after, beside human texts: what holds the rewrites' scores up. */
function explainParts(rows: Row[], detector: TextDetector, human: string[]): void {
  const before = rows.map((r) => r.explainBefore!).filter(Boolean);
  const after = rows.map((r) => r.explainAfter!).filter(Boolean);
  const people = human.map((t) => logitBreakdown(detector, t)!).filter(Boolean);
  if (after.length === 0) return;
  const f = (x: number | undefined): string => (x ?? 0).toFixed(3).padStart(8);
  console.log(`\nlogit by part, mean over texts (human: ${people.length} human dev texts of 50-2,000 words)\n${'part'.padEnd(22)}${'before'.padStart(8)}${'after'.padStart(8)}${'human'.padStart(8)}`);
  const [b, a, h] = [before, after, people].map((list) => meanParts(list, partGroup));
  for (const group of a.keys()) console.log(`${group.padEnd(22)}${f(b.get(group))}${f(a.get(group))}${f(h.get(group))}`);
  const gap = (list: LogitBreakdown[]): number => list.reduce((s, x) => s + x.logit - x.threshold, 0) / Math.max(1, list.length);
  const flagged = after.filter((x) => x.logit > x.threshold);
  console.log(`${'logit − 0.5 point'.padEnd(22)}${f(gap(before))}${f(gap(after))}${f(gap(people))}   (texts still above it after: ${flagged.length}, mean ${gap(flagged).toFixed(3)} above)`);
  const [bf, af, hf] = [before, after, people].map((list) => meanParts(list, (name) => name));
  const furthest = [...af.keys()].sort((x, y) => Math.abs(af.get(y)! - hf.get(y)!) - Math.abs(af.get(x)! - hf.get(x)!)).slice(0, 8);
  console.log(`features furthest from human after (before / after / human): ${furthest.map((k) => `${k} ${bf.get(k)!.toFixed(2)}/${af.get(k)!.toFixed(2)}/${hf.get(k)!.toFixed(2)}`).join(', ')}`);
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
  const explain = args.includes('--explain');
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
      ...(explain ? { explainBefore: logitBreakdown(detector, record.text), explainAfter: logitBreakdown(detector, result.text) } : {}),
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
  if (explain) explainParts(rows, detector, humanTexts(records.length));
  console.log(`\nmean changed sentences ${mean(rows.map((r) => r.changed)).toFixed(2)}; min overlap ${pct(Math.min(...rows.map((r) => r.overlap)))}; length ratio range ${Math.min(...rows.map((r) => r.lengthRatio)).toFixed(3)}-${Math.max(...rows.map((r) => r.lengthRatio)).toFixed(3)}; p90 ${Math.round(quantile(rows.map((r) => r.ms), 0.9))} ms`);
}
