/**
 * `npm run eval -- text-detect [--split dev|train] [--no-probes]`: measures the committed AI-text detector
 * on ../shared/data/text-detect/dev.jsonl and prints AUC, accuracy, TPR and human FPR at the platform's
 * threshold (ai_score > 0.5), overall and per domain, generator and attack.
 *
 * It also prints the false-positive rate on human writing from outside the detector's data ("probes"),
 * the best stand-in available here for the hidden test's unseen domains: essays by non-native
 * writers (CoNLL-2013 / NUCLE and JFLEG learner sentences, from ../shared/data/grammar), student
 * short answers and Wikipedia articles (Clough & Stevenson) and web pages (PAN-13 sources), from
 * ../shared/data/plagiarism. Those sets are for evaluation only: nothing from them is trained on.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DATA_ROOT = path.resolve(import.meta.dirname, '../../../shared/data');
export const TEXT_DETECT_DATA = path.join(DATA_ROOT, 'text-detect');

export interface LabelledText {
  id: string;
  text: string;
  label: 'ai' | 'human';
  domain: string;
  generator: string;
  attack: string;
  source_repo: string;
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** Exits with a clear message when the shared data is not there (e.g. on a fresh clone). */
export function requireData(dir: string): void {
  if (!existsSync(dir)) {
    console.error(`text-detect data not found at ${dir}: this evaluation needs ../shared/data/text-detect (train.jsonl, dev.jsonl).`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** Area under the ROC curve (ties count half). `y` is 1 for AI. */
export function auc(scores: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (y[order[k]] === 1) rankSum += avgRank;
    i = j + 1;
  }
  for (let k = 0; k < n; k++) {
    if (y[k] === 1) pos++;
    else neg++;
  }
  if (pos === 0 || neg === 0) return NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export interface Rates {
  n: number;
  human: number;
  ai: number;
  auc: number;
  acc: number;
  tpr: number;
  fpr: number;
}

/** Figures at "ai exactly when score > threshold". */
export function rates(scores: ArrayLike<number>, y: ArrayLike<number>, threshold = 0.5): Rates {
  let tp = 0;
  let fp = 0;
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < scores.length; i++) {
    const ai = scores[i] > threshold;
    if (y[i] === 1) {
      pos++;
      if (ai) tp++;
    } else {
      neg++;
      if (ai) fp++;
    }
  }
  return {
    n: scores.length,
    human: neg,
    ai: pos,
    auc: auc(scores, y),
    acc: (tp + neg - fp) / Math.max(1, pos + neg),
    tpr: pos ? tp / pos : NaN,
    fpr: neg ? fp / neg : NaN,
  };
}

const pct = (x: number): string => (Number.isNaN(x) ? '    -' : `${(100 * x).toFixed(1).padStart(5)}`);
const num = (x: number): string => (Number.isNaN(x) ? '    -' : x.toFixed(3));

/**
 * Table of figures per value of `key`. Human texts have no generator or attack, so for those keys
 * each AI group is measured against all human texts of the set (AUC and FPR then describe the
 * whole human side).
 */
export function groupTable(rows: LabelledText[], scores: ArrayLike<number>, key: 'domain' | 'generator' | 'attack', threshold = 0.5): string {
  const y = rows.map((r) => (r.label === 'ai' ? 1 : 0));
  const byDomain = key === 'domain';
  const groups = [...new Set(rows.filter((r) => byDomain || r.label === 'ai').map((r) => r[key]))].sort();
  const lines = [`| ${key} | n human | n ai | AUC | acc % | TPR % | FPR % |`, '|---|---:|---:|---:|---:|---:|---:|'];
  for (const g of groups) {
    const idx: number[] = [];
    rows.forEach((r, i) => {
      if (r[key] === g || (!byDomain && r.label === 'human')) idx.push(i);
    });
    const r = rates(idx.map((i) => scores[i]), idx.map((i) => y[i]), threshold);
    lines.push(`| ${g} | ${r.human} | ${r.ai} | ${num(r.auc)} | ${pct(r.acc)} | ${pct(r.tpr)} | ${pct(r.fpr)} |`);
  }
  return lines.join('\n');
}

export function overallLine(name: string, r: Rates): string {
  return `| ${name} | ${r.human} | ${r.ai} | ${num(r.auc)} | ${pct(r.acc)} | ${pct(r.tpr)} | ${pct(r.fpr)} |`;
}

// ---------------------------------------------------------------------------------------------
// Out-of-domain human probes (evaluation only)

export interface Probe {
  name: string;
  texts: string[];
}

/** Joins consecutive sentences into documents of about `words` words. */
function chunkSentences(sentences: string[], words: number): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let n = 0;
  for (const s of sentences) {
    cur.push(s);
    n += s.split(/\s+/).length;
    if (n >= words) {
      out.push(cur.join(' '));
      cur = [];
      n = 0;
    }
  }
  if (n >= words / 2) out.push(cur.join(' '));
  return out;
}

function firstWords(text: string, words: number): string {
  return text.split(/\s+/).filter((w) => w !== '').slice(0, words).join(' ');
}

/** Loads the human-only probe sets that exist under ../shared/data (missing ones are skipped). */
export async function loadProbes(): Promise<Probe[]> {
  const probes: Probe[] = [];
  const conll = path.join(DATA_ROOT, 'grammar/conll13-test-as-dev/official-preprocessed.revised.m2');
  const jfleg = path.join(DATA_ROOT, 'grammar/jfleg-dev/dev.src');
  if (existsSync(conll) || existsSync(jfleg)) {
    const { detokenize } = await import('./grammar.ts');
    if (existsSync(conll)) {
      const sentences = readFileSync(conll, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('S '))
        .map((l) => detokenize(l.slice(2).split(' ').filter((t) => t !== '')).text);
      probes.push({ name: 'non-native essays (CoNLL-2013 NUCLE, 200-word windows)', texts: chunkSentences(sentences, 200) });
    }
    if (existsSync(jfleg)) {
      const sentences = readFileSync(jfleg, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => detokenize(l.trim().split(' ')).text);
      probes.push({ name: 'learner sentences (JFLEG dev, 120-word groups)', texts: chunkSentences(sentences, 120) });
    }
  }
  const cases = path.join(DATA_ROOT, 'plagiarism/cases.jsonl');
  const sources = path.join(DATA_ROOT, 'plagiarism/sources.jsonl');
  if (existsSync(cases)) {
    const rows = readJsonl<{ corpus: string; category?: string; text: string }>(cases);
    const own = rows.filter((r) => r.corpus === 'clough-stevenson' && r.category === 'non').map((r) => r.text.replace(/\s+/g, ' ').trim());
    probes.push({ name: 'student short answers (Clough & Stevenson, own words)', texts: own.filter((t) => t.split(' ').length >= 50) });
  }
  if (existsSync(sources)) {
    const rows = readJsonl<{ id: string; corpus: string; lang: string; text: string }>(sources);
    const wiki = rows.filter((r) => r.corpus === 'clough-stevenson').flatMap((r) => chunkSentences(r.text.replace(/\s+/g, ' ').split(/(?<=\.) /), 200));
    probes.push({ name: 'Wikipedia articles (Clough & Stevenson sources, 200-word windows)', texts: wiki });
    const web = rows
      .filter((r) => r.corpus === 'pan13-text-alignment' && r.lang === 'en')
      .slice(0, 300)
      .map((r) => firstWords(r.text.replace(/\s+/g, ' '), 250))
      .filter((t) => t.split(' ').length >= 100);
    probes.push({ name: 'web pages (PAN-13 sources, first 250 words)', texts: web });
  }
  return probes;
}

export function probeTable(probes: Probe[], score: (text: string) => number, threshold = 0.5): string {
  const lines = ['| human probe | n | FPR % | mean ai_score |', '|---|---:|---:|---:|'];
  for (const p of probes) {
    const s = p.texts.map(score);
    const fp = s.filter((x) => x > threshold).length;
    lines.push(`| ${p.name} | ${s.length} | ${pct(fp / Math.max(1, s.length))} | ${num(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length))} |`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

export async function run(args: string[]): Promise<void> {
  requireData(TEXT_DETECT_DATA);
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'dev';
  const file = path.join(TEXT_DETECT_DATA, `${split}.jsonl`);
  if (!existsSync(file)) {
    console.error(`no ${file}`);
    process.exit(1);
  }
  const { loadTextDetector } = await import('../../server/engines/text-detect/index.ts');
  const t0 = performance.now();
  const detector = loadTextDetector();
  const loadMs = performance.now() - t0;
  const rows = readJsonl<LabelledText>(file);
  const t1 = performance.now();
  const detections = rows.map((r) => detector.detect(r.text));
  const ms = performance.now() - t1;
  const scores = detections.map((d) => d.aiScore);
  const words = rows.reduce((a, r) => a + r.text.split(/\s+/).length, 0);
  const y = rows.map((r) => (r.label === 'ai' ? 1 : 0));
  const overall = rates(scores, y);

  console.log(`# text-detect on ${split}.jsonl (${rows.length} texts), model ${detector.version}`);
  console.log(`loaded in ${loadMs.toFixed(0)} ms; scored ${words} words in ${ms.toFixed(0)} ms (${Math.round(words / (ms / 1000))} words/s incl. sentences)\n`);
  console.log('ai exactly when ai_score > 0.5.\n');
  console.log('| set | n human | n ai | AUC | acc % | TPR % | FPR % |\n|---|---:|---:|---:|---:|---:|---:|');
  console.log(overallLine('overall', overall));
  console.log('\n' + groupTable(rows, scores, 'domain'));
  console.log('\nPer generator and per attack: each AI group against all human texts.\n');
  console.log(groupTable(rows, scores, 'generator'));
  console.log('\n' + groupTable(rows, scores, 'attack'));
  console.log('\nSentences (items): share read as AI (ai_score > 0.5), and documents whose sentence majority disagrees with the document verdict.\n');
  console.log('| documents | sentences | read as AI % | majority disagrees % |\n|---|---:|---:|---:|');
  for (const label of ['human', 'ai'] as const) {
    let sentences = 0;
    let flagged = 0;
    let disagree = 0;
    let docs = 0;
    detections.forEach((d, i) => {
      if (rows[i].label !== label) return;
      docs++;
      const ai = d.sentences.filter((s) => s.aiScore > 0.5).length;
      sentences += d.sentences.length;
      flagged += ai;
      if (d.aiScore > 0.5 !== ai * 2 > d.sentences.length) disagree++;
    });
    console.log(`| ${label} | ${sentences} | ${pct(flagged / sentences)} | ${pct(disagree / docs)} |`);
  }
  if (!args.includes('--no-probes')) {
    const probes = await loadProbes();
    if (probes.length > 0) {
      console.log('\nHuman writing from outside the training data (evaluation only):\n');
      console.log(probeTable(probes, (t) => detector.detect(t).aiScore));
    }
  }
}
