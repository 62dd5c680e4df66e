/**
 * `npm run eval -- text-detect [--quick]`: the AI-text detector's figure of merit, a held-out protocol
 * that retrains the shipped recipe (scripts/lib/text-detect-recipe.ts) without what it is scored on:
 *
 * 1. Held-out registers: every group of related domains is scored by the recipe trained without it
 *    (so every domain is held out), calibrated by the calibration fitted on the other groups' held-out
 *    logits. AUC where a domain has both labels, human false-positive rate (FPR) and TPR at the shipped
 *    threshold (ai_score > 0.5), per domain and per length band. With RECIPE.answers, also per answer
 *    source of answers.jsonl (OpenAssistant by question with RECIPE.oasstFolds, and beside it as a whole
 *    source: one more training).
 * 2. Held-out generator families: every family's AI texts are scored by the recipe trained without
 *    any text of that family. TPR per family and per generator; with the held-out human scores of 1,
 *    AUC and TPR at 1% FPR overall.
 * 3. The shipped model on what it never saw: dev.jsonl (reported; it decides nothing), single learner
 *    sentences (CoNLL-2013, JFLEG) and other human probes, the same human texts cut to 30, 60 and 150
 *    words, and the examples of issue 20.
 *
 * Trainings are cached under the temp folder (the trainer shares the held-out-register one), so a
 * rerun after `npm run train -- text-detect` costs only the generator-family folds. `--quick` skips 2;
 * `--no-shipped` skips 3 (sections 1 and 2 need only the recipe, not an artefact the engine can load);
 * `--sentences` runs only section 3's mixed documents (the sentence scores on documents joined from
 * dev.jsonl passages and on its whole texts, each register group's scored by the sentence model
 * trained on the others').
 * Measuring-stick checks (text-detect-nested.ts; not part of the protocol): `--nested-calibration` fits
 * section 1's calibrations doubly held out; `--hold-out-domain D` adds section 1b, D held out alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auc } from '../lib/metrics.ts';
import type { ConstructedDoc, CorpusDoc } from '../lib/text-detect-recipe.ts';

import { DATA_ROOT, TEXT_DETECT_DATA, readJsonl, requireData, type LabelledText } from '../lib/text-detect-data.ts';

// ---------------------------------------------------------------------------------------------
// Metrics


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
// The held-out protocol

const fmt = (x: number, d = 3): string => (Number.isNaN(x) ? '-' : x.toFixed(d));
const pc = (x: number): string => (Number.isNaN(x) ? '-' : (100 * x).toFixed(1));

/** Highest threshold t with at most `fpr` of the human scores above t; TPR = share of AI scores above it. */
export function tprAtFpr(human: number[], ai: number[], fpr: number): number {
  const h = [...human].sort((a, b) => b - a);
  const t = h[Math.min(h.length - 1, Math.floor(fpr * h.length))];
  return ai.filter((x) => x > t).length / Math.max(1, ai.length);
}

function lengthCut(text: string, words: number): string {
  return text.split(/\s+/).filter((w) => w !== '').slice(0, words).join(' ');
}

export async function run(args: string[]): Promise<void> {
  requireData(TEXT_DETECT_DATA);
  const R = await import('../lib/text-detect-recipe.ts');
  const N = await import('../lib/text-detect-nested.ts');
  const { BAND_FPR, GROUP_FPR, fitCalibration } = await import('../lib/text-detect-calibration.ts');
  const { LENGTH_BANDS, scoreAt } = await import('../../server/engines/text-detect/model.ts');
  const { MODEL_VERSION, loadTextDetector } = await import('../../server/engines/text-detect/index.ts');
  const docs = R.loadCorpus();
  const trainAll = docs.map((_, i) => i).filter((i) => docs[i].source !== 'dev');
  if (args.includes('--sentences')) {
    await mixedDocuments(docs, R.RECIPE.foldJoinPairs ? (await R.registerFolds(docs, trainAll)).joined : []);
    return;
  }
  R.corpusFeatures(docs);
  const registerFolds = await R.registerFolds(docs, trainAll);
  const groupOf = R.heldOutGroupOf;
  console.log(`# text-detect: held-out protocol for the recipe of ${MODEL_VERSION}\n`);
  // Training-only excerpts are trained on but never scored: every figure is over the corpus texts.
  const held = R.withoutExcerpts(docs, trainAll, registerFolds.logits);
  const train = held.which;
  const lodo = held.x;
  console.log(`Corpus: ${[...new Set(train.map((i) => docs[i].source))].join(' + ')}, ${train.length} texts (dev.jsonl is not trained on; ${trainAll.length - train.length} training-only excerpts). Recipe: ${JSON.stringify(R.RECIPE)}; human FPR targets per length band: ${BAND_FPR.join(', ')}, per register group ${JSON.stringify(GROUP_FPR)}.\n`);

  // 1. Held-out registers, calibration nested (fitted without the group it scores). With
  // --nested-calibration, doubly held out: fitted on logits from models trained without g as well.
  const nested = args.includes('--nested-calibration') ? await N.nestedHeldOutLogits(docs, trainAll, groupOf) : null;
  if (nested) console.log('Calibration doubly held out (--nested-calibration): for each held-out group g, fitted on the other groups\' logits from models trained without g and without them.\n');
  const score = new Float64Array(train.length);
  const groups = [...new Set(train.map((i) => groupOf(docs[i])))].sort();
  const calibrations = new Map<string, ReturnType<typeof fitCalibration>>();
  for (const g of groups) {
    const calX = nested ? R.withoutExcerpts(docs, trainAll, nested.get(g)!).x : lodo;
    const others = train.map((i, k) => ({ i, k })).filter((e) => groupOf(docs[e.i]) !== g);
    const cal = fitCalibration(others.map((e) => calX[e.k]), docs, others.map((e) => e.i));
    calibrations.set(g, cal);
    train.forEach((i, k) => {
      if (groupOf(docs[i]) === g) score[k] = scoreAt(cal, lodo[k], docs[i].words);
    });
  }
  const y = train.map((i) => docs[i].y);
  // The shipped calibration: fitted on every held-out register logit (as the trainer does).
  const shipped = fitCalibration(lodo, docs, train);
  console.log('## 1. Held-out registers (each domain scored by the recipe trained without its register group)\n');
  console.log('ai_score > 0.5 is the shipped threshold. AUC only where the domain has both labels.\n');
  console.log('| domain | held-out group | n human | n ai | AUC | human FPR % | TPR % |\n|---|---|---:|---:|---:|---:|---:|');
  const domains = [...new Set(train.map((i) => docs[i].row.domain))].sort((a, b) => R.registerGroupOf(a).localeCompare(R.registerGroupOf(b)) || a.localeCompare(b));
  const aucs: { d: string; auc: number }[] = [];
  const fprs: { d: string; fpr: number; n: number }[] = [];
  for (const d of domains) {
    const ks = train.map((i, k) => k).filter((k) => docs[train[k]].row.domain === d);
    const r = rates(ks.map((k) => score[k]), ks.map((k) => y[k]));
    if (!Number.isNaN(r.auc)) aucs.push({ d, auc: r.auc });
    if (r.human > 0) fprs.push({ d, fpr: r.fpr, n: r.human });
    console.log(`| ${d} | ${R.registerGroupOf(d)} | ${r.human} | ${r.ai} | ${fmt(r.auc)} | ${pc(r.fpr)} | ${pc(r.tpr)} |`);
  }
  const worstAuc = aucs.reduce((a, b) => (b.auc < a.auc ? b : a));
  const big = fprs.filter((f) => f.n >= 50);
  const worstFpr = big.reduce((a, b) => (b.fpr > a.fpr ? b : a));
  const all = rates(Array.from(score), y);
  console.log(`\nDomains with both labels: mean AUC ${fmt(aucs.reduce((s, a) => s + a.auc, 0) / aucs.length)}, worst ${fmt(worstAuc.auc)} (${worstAuc.d}).`);
  console.log(`Human FPR, domains with ≥ 50 human texts: worst ${pc(worstFpr.fpr)}% (${worstFpr.d}); ${big.filter((f) => f.fpr > 0.02).length} of ${big.length} above 2%. All held-out texts: AUC ${fmt(all.auc)}, FPR ${pc(all.fpr)}%, TPR ${pc(all.tpr)}%.\n`);

  console.log('Per length band (all held-out register texts; "in 0.3–0.7": share of scores in the "Likely" ranges). AUC: of the scores, each group calibrated without it; AUC of logits: of the held-out logits, the ranking of the fold models before calibration:\n');
  console.log('| words | n human | n ai | AUC | AUC of logits | human FPR % | TPR % | human in 0.3–0.7 % | ai in 0.3–0.7 % | human mean | ai mean |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const bandRow = (name: string, ks: number[]): void => {
    const r = rates(ks.map((k) => score[k]), ks.map((k) => y[k]));
    const logitAuc = auc(ks.map((k) => lodo[k]), ks.map((k) => y[k]));
    const mid = (lab: number): number => ks.filter((k) => y[k] === lab && score[k] >= 0.3 && score[k] <= 0.7).length / Math.max(1, ks.filter((k) => y[k] === lab).length);
    const mean = (lab: number): number => ks.filter((k) => y[k] === lab).reduce((s, k) => s + score[k], 0) / Math.max(1, ks.filter((k) => y[k] === lab).length);
    console.log(`| ${name} | ${r.human} | ${r.ai} | ${fmt(r.auc)} | ${fmt(logitAuc)} | ${pc(r.fpr)} | ${pc(r.tpr)} | ${pc(mid(0))} | ${pc(mid(1))} | ${fmt(mean(0))} | ${fmt(mean(1))} |`);
  };
  LENGTH_BANDS.forEach((b, band) => bandRow(b.name, train.map((_, k) => k).filter((k) => docs[train[k]].band === band)));
  bandRow('15–60', train.map((_, k) => k).filter((k) => docs[train[k]].words >= 15 && docs[train[k]].words <= 60));
  bandRow('> 150', train.map((_, k) => k).filter((k) => docs[train[k]].words > 150));

  // Answers held out by source (issue 32, RECIPE.answers): each source's humans scored by the recipe trained on the other answers.
  if (R.RECIPE.answers) await answerSourceTable();
  async function answerSourceTable(): Promise<void> {
    const byQuestion = Boolean(R.RECIPE.oasstFolds);
    console.log(`\nAnswers held out by source (answers.jsonl; ${byQuestion ? `OpenAssistant in ${R.RECIPE.oasstFolds} folds by question (no prompt on both sides), ` : 'OpenAssistant, '}ELI5, and HC3 with Dolly leave one at a time; AlpacaEval is extra.jsonl's chat, held out with the \`answers\` group). Scores as above (each group calibrated without it). "oasst1 reviewed" are the 823 replies of oasst1's validation split, the only ones with review metadata (deleted, rejected and synthetic ones dropped); the train split's replies are unreviewed:\n`);
    console.log('| answer source | held out as | n human | n ai | AUC | human FPR % | TPR % | humans ≤ 60 words: FPR % |\n|---|---|---:|---:|---:|---:|---:|---:|');
    const answerRow = (name: string, held: string, ks: number[], s: ArrayLike<number>): number => {
      const r = rates(ks.map((k) => s[k]), ks.map((k) => y[k]));
      const short = ks.filter((k) => y[k] === 0 && docs[train[k]].words <= 60);
      console.log(`| ${name} | ${held} | ${r.human} | ${r.ai} | ${fmt(r.auc)} | ${pc(r.fpr)} | ${pc(r.tpr)} | ${pc(short.filter((k) => s[k] > 0.5).length / Math.max(1, short.length))} |`);
      return r.fpr;
    };
    const sourceOf = (i: number): string | undefined => R.answerSourceOf(docs[i]) ?? (docs[i].source === 'extra' && docs[i].row.domain === 'chat' ? 'alpacaeval' : undefined);
    const reviewed = (i: number): boolean => /^oasst1:[0-9a-f]{8}-/.test(docs[i].row.question_id ?? '');
    const answerFprs: number[] = [];
    const ofSource = (src: string): number[] => train.map((_, k) => k).filter((k) => sourceOf(train[k]) === src);
    const reviewedRow = (held: string, s: ArrayLike<number>): number => answerRow('oasst1 reviewed (validation split) humans, and all oasst AI', held, ofSource('oasst').filter((k) => y[k] === 1 || reviewed(train[k])), s);
    for (const src of ['oasst', 'eli5', 'hc3', 'dolly', 'alpacaeval']) {
      const ks = ofSource(src);
      if (ks.length === 0) continue;
      const held = src === 'alpacaeval' ? 'answers' : src === 'oasst' && byQuestion ? 'by question' : 'whole source';
      const fpr = answerRow(src, held, ks, score);
      if (!Number.isNaN(fpr)) answerFprs.push(fpr);
      if (src === 'oasst') reviewedRow(held, score);
    }
    if (byQuestion) {
      // The issue's stricter protocol beside it: all of OpenAssistant left out of one training, scored
      // with the calibration fitted on the held-out logits of every other text.
      const whole = R.withoutExcerpts(docs, trainAll, await R.heldOutLogits('oasst-whole', docs, trainAll, (d) => (R.answerSourceOf(d) === 'oasst' ? 'oasst' : undefined))).x;
      const others = train.map((i, k) => ({ i, k })).filter((e) => sourceOf(e.i) !== 'oasst');
      const cal = fitCalibration(others.map((e) => lodo[e.k]), docs, others.map((e) => e.i));
      const s = train.map((i, k) => (sourceOf(i) === 'oasst' ? scoreAt(cal, whole[k], docs[i].words) : NaN));
      answerFprs.push(answerRow('oasst', 'whole source', ofSource('oasst'), s));
      reviewedRow('whole source', s);
    }
    console.log(`\nWorst answer source's human FPR: ${pc(Math.max(...answerFprs))}%.`);
  }

  // One domain held out alone (--hold-out-domain D): the rest of its register group stays in training,
  // as in the deployed model; scored with the calibration section 1 gives its group.
  const hodAt = args.indexOf('--hold-out-domain');
  if (hodAt >= 0) {
    const d = args[hodAt + 1];
    const x = R.withoutExcerpts(docs, trainAll, await N.domainHeldOutLogits(docs, trainAll, d)).x;
    const ks = train.map((_, k) => k).filter((k) => docs[train[k]].row.domain === d);
    const group = groupOf(docs[train[ks[0]]]);
    const cal = calibrations.get(group)!;
    console.log(`\n## 1b. ${d} held out alone (the rest of its group ${group} in training)\n`);
    console.log('| calibration | n human | n ai | AUC | human FPR % | TPR % | flagged humans |\n|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, c, lx] of [[`of group ${group} (section 1), domain held out alone`, cal, x], ['shipped (all held-out logits), domain held out alone', shipped, x], ['of the group (section 1), group held out (section 1)', cal, lodo]] as const) {
      const s = ks.map((k) => scoreAt(c, lx[k], docs[train[k]].words));
      const r = rates(s, ks.map((k) => y[k]));
      console.log(`| ${name} | ${r.human} | ${r.ai} | ${fmt(r.auc)} | ${pc(r.fpr)} | ${pc(r.tpr)} | ${ks.filter((k, j) => y[k] === 0 && s[j] > 0.5).length} |`);
    }
    const top = ks.filter((k) => y[k] === 0).sort((a, b) => x[b] - x[a]).slice(0, 8);
    console.log(`\nTop human logits held out alone: ${top.map((k) => `${fmt(x[k], 2)} (${docs[train[k]].words} w; group-held-out ${fmt(lodo[k], 2)})`).join(', ')}.`);
  }

  // 2. Held-out generator families.
  if (!args.includes('--quick')) {
    const logo = R.withoutExcerpts(docs, trainAll, await R.heldOutLogits('logo', docs, trainAll, (d) => (d.y === 1 ? d.family : undefined))).x;
    const aiScore = new Float64Array(train.length).fill(NaN);
    train.forEach((i, k) => {
      if (docs[i].y === 1) aiScore[k] = scoreAt(shipped, logo[k], docs[i].words);
    });
    const humanScores = train.map((_, k) => k).filter((k) => y[k] === 0).map((k) => score[k]);
    console.log('\n## 2. Held-out generator families (each family\'s AI texts scored by the recipe trained without that family)\n');
    console.log('TPR at 1% FPR: threshold at the 99th percentile of the held-out-register human scores of 1.\n');
    console.log('| family | n ai | TPR % at 0.5 | TPR % at 1% FPR |\n|---|---:|---:|---:|');
    const families = [...new Set(train.filter((i) => docs[i].y === 1).map((i) => docs[i].family))].sort();
    const famRow = (name: string, ks: number[]): void => {
      const s = ks.map((k) => aiScore[k]);
      console.log(`| ${name} | ${ks.length} | ${pc(s.filter((x) => x > 0.5).length / ks.length)} | ${pc(tprAtFpr(humanScores, s, 0.01))} |`);
    };
    const aiKs = train.map((_, k) => k).filter((k) => y[k] === 1);
    for (const f of families) famRow(f, aiKs.filter((k) => docs[train[k]].family === f));
    famRow('**all AI**', aiKs);
    famRow('**2023–2025 chat models (extra.jsonl)**', aiKs.filter((k) => docs[train[k]].source === 'extra'));
    famRow('chat domain (AlpacaEval answers)', aiKs.filter((k) => docs[train[k]].source === 'extra' && docs[train[k]].row.domain === 'chat'));
    famRow('answers.jsonl AI (OpenAssistant prompts, ELI5, HC3)', aiKs.filter((k) => docs[train[k]].source === 'answers'));
    const chatAnswer = (k: number): boolean => ['chat', 'eli5-answer', 'qa-answer'].includes(docs[train[k]].row.domain) && docs[train[k]].source !== 'train';
    famRow('**2023–2025 chat answers (AlpacaEval + answers.jsonl)**', aiKs.filter(chatAnswer));
    famRow('essays by AI (extra.jsonl)', aiKs.filter((k) => docs[train[k]].source === 'extra' && docs[train[k]].row.domain !== 'chat'));
    famRow('train.jsonl AI (2019–2023 models, attacks included)', aiKs.filter((k) => docs[train[k]].source === 'train'));
    const pooled = [...humanScores, ...aiKs.map((k) => aiScore[k])];
    const pooledY = [...humanScores.map(() => 0), ...aiKs.map(() => 1)];
    console.log(`\nHeld out by source (humans by register, AI by family): AUC ${fmt(auc(pooled, pooledY))}, TPR at 1% FPR ${pc(tprAtFpr(humanScores, aiKs.map((k) => aiScore[k]), 0.01))}%, human FPR at 0.5 ${pc(humanScores.filter((x) => x > 0.5).length / humanScores.length)}%.`);
    if (R.RECIPE.answers) {
      // answers.jsonl's humans (16,859 of them in the chat register) move the 1%-FPR threshold; without them, the figure compares with recipes that never trained on them.
      const outside = train.map((_, k) => k).filter((k) => y[k] === 0 && docs[train[k]].source !== 'answers').map((k) => score[k]);
      console.log(`TPR at 1% FPR of the held-out humans outside answers.jsonl (the human set of recipes without it): ${pc(tprAtFpr(outside, aiKs.map((k) => aiScore[k]), 0.01))}%.`);
    }
    console.log('\n2023–2025 chat answers (AlpacaEval + answers.jsonl) per family, held out with it:\n');
    console.log('| family | n chat answers | TPR % at 0.5 |\n|---|---:|---:|');
    for (const f of families) {
      const ks = aiKs.filter((k) => chatAnswer(k) && docs[train[k]].family === f);
      if (ks.length > 0) console.log(`| ${f} | ${ks.length} | ${pc(ks.filter((k) => aiScore[k] > 0.5).length / ks.length)} |`);
    }
    for (const band of LENGTH_BANDS.keys()) {
      const h = train.map((_, k) => k).filter((k) => y[k] === 0 && docs[train[k]].band === band).map((k) => score[k]);
      const a = aiKs.filter((k) => docs[train[k]].band === band).map((k) => aiScore[k]);
      console.log(`- ${LENGTH_BANDS[band].name} words: TPR at 0.5 ${pc(a.filter((x) => x > 0.5).length / a.length)}%, TPR at 1% FPR (of the band) ${pc(tprAtFpr(h, a, 0.01))}%`);
    }
    console.log('\nPer generator (held out with its family):\n');
    console.log('| generator | family | n | TPR % at 0.5 |\n|---|---|---:|---:|');
    const gens = [...new Set(aiKs.map((k) => docs[train[k]].row.generator))].sort();
    for (const g of gens) {
      const ks = aiKs.filter((k) => docs[train[k]].row.generator === g);
      console.log(`| ${g} | ${R.familyOf(g)} | ${ks.length} | ${pc(ks.filter((k) => aiScore[k] > 0.5).length / ks.length)} |`);
    }
  }

  // 3. The shipped model on texts it never saw (loaded here: sections 1 and 2 need only the recipe).
  if (args.includes('--no-shipped')) return;
  const detector = loadTextDetector();
  console.log(`\n## 3. The shipped model (${detector.version}) on texts it was not trained on\n`);
  const devRows = docs.filter((d) => d.source === 'dev').map((d) => d.row);
  const devScores = devRows.map((r) => detector.detect(r.text).aiScore);
  console.log('dev.jsonl (reported only; nothing is chosen on it):\n');
  console.log('| set | n human | n ai | AUC | acc % | TPR % | FPR % |\n|---|---:|---:|---:|---:|---:|---:|');
  console.log(overallLine('dev', rates(devScores, devRows.map((r) => (r.label === 'ai' ? 1 : 0)))));
  console.log('\n' + groupTable(devRows, devScores, 'domain'));
  if (!R.RECIPE.answers) unseenAnswers((t) => detector.detect(t).aiScore);

  await mixedDocuments(docs, registerFolds.joined);

  const sentences = await learnerSentences();
  if (sentences.length > 0) {
    console.log('\nSingle learner sentences, each scored alone:\n');
    console.log('| set | n | FPR % | mean ai_score | in 0.3–0.7 % |\n|---|---:|---:|---:|---:|');
    for (const p of sentences) {
      const s = p.texts.map((t) => detector.detect(t).aiScore);
      console.log(`| ${p.name} | ${s.length} | ${pc(s.filter((x) => x > 0.5).length / s.length)} | ${fmt(s.reduce((a, b) => a + b, 0) / s.length)} | ${pc(s.filter((x) => x >= 0.3 && x <= 0.7).length / s.length)} |`);
    }
  }
  const probes = await loadProbes();
  if (probes.length > 0) {
    console.log('\nOther human writing from outside the training data:\n');
    console.log(probeTable(probes, (t) => detector.detect(t).aiScore));
  }

  // Sentence flags in human writing the model never saw (also registers without AI texts, which the joined documents of 1c lack).
  console.log('\nSentences of human texts flagged (score > 0.5) by the shipped model:\n');
  console.log('| human texts | n texts | sentences | sentences flagged % | texts with a flagged sentence % |\n|---|---:|---:|---:|---:|');
  const flagRow = (name: string, texts: string[]): void => {
    let n = 0;
    let flagged = 0;
    let any = 0;
    for (const t of texts) {
      const s = detector.detect(t).sentences;
      n += s.length;
      const k = s.filter((x) => x.aiScore > 0.5).length;
      flagged += k;
      if (k > 0) any++;
    }
    console.log(`| ${name} | ${texts.length} | ${n} | ${pc(flagged / Math.max(1, n))} | ${pc(any / Math.max(1, texts.length))} |`);
  };
  const devDomains = [...new Set(devRows.filter((r) => r.label === 'human').map((r) => r.domain))].sort();
  for (const d of devDomains) flagRow(`dev ${d}`, devRows.filter((r) => r.label === 'human' && r.domain === d).map((r) => r.text));
  for (const p of probes) flagRow(p.name, p.texts);
  flagRow('dev AI texts (for comparison: share of AI sentences flagged)', devRows.filter((r) => r.label === 'ai').map((r) => r.text));

  console.log('\nThe same texts cut to their first 30, 60 and 150 words (texts longer than 150 words; mean ai_score, and share above 0.5):\n');
  console.log('| texts | n | full | 150 | 60 | 30 |\n|---|---:|---:|---:|---:|---:|');
  const cutRow = (name: string, texts: string[]): void => {
    const cells = [Infinity, 150, 60, 30].map((w) => {
      const s = texts.map((t) => detector.detect(w === Infinity ? t : lengthCut(t, w)).aiScore);
      return `${fmt(s.reduce((a, b) => a + b, 0) / s.length)} (${pc(s.filter((x) => x > 0.5).length / s.length)}%)`;
    });
    console.log(`| ${name} | ${texts.length} | ${cells.join(' | ')} |`);
  };
  const long = (label: string): string[] => devRows.filter((r) => r.label === label && r.text.split(/\s+/).length > 150).map((r) => r.text);
  cutRow('dev human', long('human'));
  cutRow('dev AI', long('ai'));
  const nucle = probes.find((p) => p.name.startsWith('non-native'));
  if (nucle) cutRow('non-native essays (CoNLL windows)', nucle.texts.filter((t) => t.split(/\s+/).length > 150));

  console.log('\nExamples of issue 20:\n');
  for (const t of [
    'My grandmother grew tomatoes in a tiny yard behind the bakery, and every August the whole street smelled of them.',
    'I was late again today. The bus never came. My boss was annoyed. Coffee was cold.',
    'i was late again today. the bus never came. my boss was annoyed. coffee was cold.',
  ]) {
    const d = detector.detect(t);
    console.log(`- ${fmt(d.aiScore)} (${d.sentences.length} items${d.note ? '; note' : ''}): "${t}"`);
  }
}

/** Mixed documents joined from dev.jsonl passages: the sentence scores' figures, per register group (section 3). */
async function mixedDocuments(docs: CorpusDoc[], foldJoined: ConstructedDoc[]): Promise<void> {
  const M = await import('../../server/engines/text-detect/model.ts');
  const I = await import('../../server/engines/text-detect/index.ts');
  const S = await import('../lib/text-detect-sentences.ts');
  const params = M.deserializeModel(readFileSync(I.MODEL_FILE, 'utf8'));
  const joined = [...foldJoined, ...S.devJoinedDocs(docs, params)];
  const whole = S.devWholeDocs(docs, params);
  const held = S.heldOutSentenceScores(joined, whole);
  const joinedScores = held.joined;
  console.log(`\nMixed documents: sentence scores. Documents joined from a human and an AI passage (3–5 sentences each, same domain) of texts their document model never saw, human then AI, AI then human, or as interleaved paragraphs, with one of the two passages alone beside each: ${foldJoined.length} from each register fold's held-out texts under the fold's model, ${joined.length - foldJoined.length} from dev.jsonl under the shipped model. Each register group's documents are scored by the sentence model trained on the other groups' (held out twice; the shipped sentence model learns from all of them). Sentence flagged: score > 0.5. Boundary: the change point of the scores within one sentence of the true one (two-part documents).\n`);
  console.log('| group | mixed docs | sentence AUC | within-doc AUC | human sentences flagged % | AI sentences flagged % | boundary ±1 % | human passages: sentences flagged % | human passages with a flag % | AI passages: sentences flagged % |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const sentenceRow = (name: string, ks: number[]): void => {
    const f = S.sentenceFigures(ks.map((j) => joined[j]), ks.map((j) => joinedScores[j]));
    console.log(`| ${name} | ${f.docs} | ${fmt(f.auc)} | ${fmt(f.withinAuc)} | ${pc(f.humanFlagged)} | ${pc(f.aiFlagged)} | ${pc(f.boundary)} | ${pc(f.pureHumanFlagged)} | ${pc(f.pureHumanDocsFlagged)} | ${pc(f.pureAiFlagged)} |`);
  };
  const joinedGroups = [...new Set(joined.map(S.joinedGroupOf))].sort();
  for (const g of joinedGroups) sentenceRow(g, joined.map((_, j) => j).filter((j) => S.joinedGroupOf(joined[j]) === g));
  sentenceRow('**all**', joined.map((_, j) => j));
  if (foldJoined.length > 0) {
    sentenceRow('all, from register folds', joined.map((_, j) => j).filter((j) => j < foldJoined.length));
    sentenceRow('all, from dev.jsonl', joined.map((_, j) => j).filter((j) => j >= foldJoined.length));
  }
  for (const kind of ['human-ai', 'ai-human', 'interleaved'] as const) sentenceRow(`all, ${kind}`, joined.map((_, j) => j).filter((j) => joined[j].kind === kind || !['human-ai', 'ai-human', 'interleaved'].includes(joined[j].kind)));
  const byGroup = joinedGroups.map((g) => ({ g, f: S.sentenceFigures(...S.groupSlice(joined, joinedScores, g)) }));
  const worstHuman = byGroup.reduce((a, b) => (b.f.humanFlagged > a.f.humanFlagged ? b : a));
  const worstAuc = byGroup.reduce((a, b) => (b.f.auc < a.f.auc ? b : a));
  console.log(`\nWorst group for human sentences flagged in mixed documents: ${worstHuman.g} (${pc(worstHuman.f.humanFlagged)}%). Worst group by sentence AUC: ${worstAuc.g} (${fmt(worstAuc.f.auc)}, within-doc ${fmt(worstAuc.f.withinAuc)}, human sentences flagged ${pc(worstAuc.f.humanFlagged)}%).`);
  console.log('\nWhole dev.jsonl texts (documents of one author), each register group\'s scored by the sentence model trained on the other groups\':\n');
  console.log('| group | human texts | human sentences flagged % | human texts with a flag % | AI texts | AI sentences flagged % |\n|---|---:|---:|---:|---:|---:|');
  const wholeRow = (name: string, ks: number[]): void => {
    const f = S.wholeFigures(ks.map((j) => whole[j]), ks.map((j) => held.whole[j]));
    console.log(`| ${name} | ${f.humanTexts} | ${pc(f.humanFlagged)} | ${pc(f.humanTextsFlagged)} | ${f.aiTexts} | ${pc(f.aiFlagged)} |`);
  };
  for (const g of joinedGroups) wholeRow(g, whole.map((_, j) => j).filter((j) => S.joinedGroupOf(whole[j]) === g));
  wholeRow('**all**', whole.map((_, j) => j));

}

/**
 * answers.jsonl, which the shipped recipe never trains on (issue 32): human answers per source (their
 * false-positive rate at the shipped threshold) and AI answers per generator, each text scored whole.
 */
function unseenAnswers(score: (text: string) => number): void {
  const file = path.join(TEXT_DETECT_DATA, 'answers.jsonl');
  if (!existsSync(file)) return;
  const rows = readJsonl<LabelledText>(file);
  const scores = rows.map((r) => score(r.text));
  const sourceOf = (r: LabelledText): string => r.id.slice(0, r.id.indexOf(':'));
  console.log('\nanswers.jsonl (human and AI answers to questions and instructions; never trained on), per source and per AI generator:\n');
  console.log('| source | n human | n ai | AUC | human FPR % | TPR % | humans ≤ 60 words: FPR % |\n|---|---:|---:|---:|---:|---:|---:|');
  const row = (name: string, ks: number[]): void => {
    const r = rates(ks.map((k) => scores[k]), ks.map((k) => (rows[k].label === 'ai' ? 1 : 0)));
    const short = ks.filter((k) => rows[k].label === 'human' && rows[k].text.split(/\s+/).length <= 60);
    console.log(`| ${name} | ${r.human} | ${r.ai} | ${fmt(r.auc)} | ${pc(r.fpr)} | ${pc(r.tpr)} | ${pc(short.filter((k) => scores[k] > 0.5).length / Math.max(1, short.length))} |`);
  };
  const all = rows.map((_, k) => k);
  for (const src of [...new Set(rows.map(sourceOf))].sort()) row(src, all.filter((k) => sourceOf(rows[k]) === src));
  for (const g of [...new Set(rows.filter((r) => r.label === 'ai').map((r) => r.generator))].sort()) row(`AI: ${g}`, all.filter((k) => rows[k].generator === g));
  row('**all**', all);
}

/** The CoNLL-2013 and JFLEG learner sentences, one text each (evaluation only). */
async function learnerSentences(): Promise<Probe[]> {
  const out: Probe[] = [];
  const conll = path.join(DATA_ROOT, 'grammar/conll13-test-as-dev/official-preprocessed.revised.m2');
  const jfleg = path.join(DATA_ROOT, 'grammar/jfleg-dev/dev.src');
  if (!existsSync(conll) && !existsSync(jfleg)) return out;
  const { detokenize } = await import('./grammar.ts');
  if (existsSync(conll)) {
    const s = readFileSync(conll, 'utf8').split('\n').filter((l) => l.startsWith('S ')).map((l) => detokenize(l.slice(2).split(' ').filter((t) => t !== '')).text);
    out.push({ name: 'CoNLL-2013 (NUCLE) sentences', texts: s.filter((t) => t.split(/\s+/).length >= 3) });
  }
  if (existsSync(jfleg)) {
    const s = readFileSync(jfleg, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => detokenize(l.trim().split(' ')).text);
    out.push({ name: 'JFLEG dev sentences', texts: s.filter((t) => t.split(/\s+/).length >= 3) });
  }
  return out;
}
