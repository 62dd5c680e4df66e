/**
 * The sentence model of the AI-text detector (model.ts sentenceScoresOf): trained on documents joined
 * from passages of dev.jsonl, the texts the document model never trains on (text-detect-recipe.ts
 * constructedDocs), and its figures on such documents, each register group's documents scored by the
 * sentence model trained on the other groups'.
 */
import { SENTENCE_DIM, Z_CLIP, chainPosterior, emissionLogits, sentenceScoresOf, sigmoid, type SentenceModel } from '../../server/engines/text-detect/model.ts';
import { SHORT_TEXT_WORDS } from '../../server/engines/text-detect/index.ts';
import { auc } from './metrics.ts';
import { constructedDocs, lbfgs, registerGroupOf, type ConstructedDoc, type CorpusDoc } from './text-detect-recipe.ts';
import type { ModelParams } from '../../server/engines/text-detect/model.ts';

/** Pairs of a human and an AI passage per dev domain (dev.jsonl has 25 to 215 of each label per domain). */
const DEV_PAIRS = 150;

/** The joined documents of dev.jsonl's texts, scored by the document model `params` (which never saw them). */
export function devJoinedDocs(docs: CorpusDoc[], params: ModelParams): ConstructedDoc[] {
  return constructedDocs(docs, docs.map((_, i) => i).filter((i) => docs[i].source === 'dev'), params, DEV_PAIRS);
}

/** Share of the training documents' human sentences that may score above 0.5 (the threshold's target). */
export const HUMAN_SENTENCE_FPR = 0.02;
/** Grids of the chain's switch probability and of the emission logits' temperature (chosen by the training log-loss). */
const SWITCH = [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5];
const TEMPERATURE = [0.15, 0.2, 0.3, 0.45, 0.6, 0.8, 1, 1.3];
const L2 = 1e-3;

/** Fits the sentence model on `docs`: logistic emission, then the chain's switch and temperature, then the threshold. */
export function trainSentenceModel(docs: ConstructedDoc[]): SentenceModel {
  const rows: { f: Float64Array; y: number; w: number }[] = [];
  for (const d of docs) {
    const ns = d.labels.length;
    for (let s = 0; s < ns; s++) rows.push({ f: d.features.subarray(s * SENTENCE_DIM, (s + 1) * SENTENCE_DIM), y: d.labels[s], w: 1 / ns });
  }
  // Every document weighs the same; then human and AI sentences weigh the same.
  const tot = [0, 0];
  for (const r of rows) tot[r.y] += r.w;
  for (const r of rows) r.w /= 2 * tot[r.y];
  const mean = new Array<number>(SENTENCE_DIM).fill(0);
  const std = new Array<number>(SENTENCE_DIM).fill(0);
  for (const r of rows) for (let k = 0; k < SENTENCE_DIM; k++) mean[k] += r.f[k] / rows.length;
  for (const r of rows) for (let k = 0; k < SENTENCE_DIM; k++) std[k] += (r.f[k] - mean[k]) ** 2 / rows.length;
  for (let k = 0; k < SENTENCE_DIM; k++) std[k] = Math.sqrt(std[k]) || 1;
  const z = rows.map((r) => r.f.map((v, k) => Math.min(Z_CLIP, Math.max(-Z_CLIP, (v - mean[k]) / std[k]))));
  const dim = SENTENCE_DIM + 1;
  const w = lbfgs(
    dim,
    (w, g) => {
      g.fill(0);
      let loss = 0;
      rows.forEach((r, j) => {
        let m = w[SENTENCE_DIM];
        for (let k = 0; k < SENTENCE_DIM; k++) m += w[k] * z[j][k];
        const ym = r.y === 1 ? m : -m;
        loss += r.w * (ym > 0 ? Math.log1p(Math.exp(-ym)) : -ym + Math.log1p(Math.exp(ym)));
        const e = r.w * (sigmoid(m) - r.y);
        for (let k = 0; k < SENTENCE_DIM; k++) g[k] += e * z[j][k];
        g[SENTENCE_DIM] += e;
      });
      for (let k = 0; k < SENTENCE_DIM; k++) {
        loss += 0.5 * L2 * w[k] * w[k];
        g[k] += L2 * w[k];
      }
      return loss;
    },
    200,
    false,
  );
  const base: SentenceModel = { mean, std, w: Array.from(w.subarray(0, SENTENCE_DIM)), bias: w[SENTENCE_DIM], switchProb: 0.5, threshold: 0 };
  const emissions = docs.map((d) => emissionLogits(base, d.features));
  // The emissions share their neighbours' evidence, so the chain reads them at a temperature below 1.
  let best = { loss: Infinity, rho: 0.5, t: 1 };
  for (const rho of SWITCH) {
    for (const t of TEMPERATURE) {
      let loss = 0;
      docs.forEach((d, j) => {
        const q = chainPosterior(emissions[j].map((e) => e * t), rho);
        const ns = d.labels.length;
        for (let s = 0; s < ns; s++) {
          const ym = d.labels[s] === 1 ? q[s] : -q[s];
          loss += ((ym > 0 ? Math.log1p(Math.exp(-ym)) : -ym + Math.log1p(Math.exp(ym))) / ns) * (0.5 / tot[d.labels[s]]);
        }
      });
      if (loss < best.loss) best = { loss, rho, t };
    }
  }
  const model: SentenceModel = { mean, std, w: base.w.map((v) => v * best.t), bias: base.bias * best.t, switchProb: best.rho, threshold: 0 };
  // The threshold: at most HUMAN_SENTENCE_FPR of the human sentences above it, and never under posterior 0.5.
  const human: number[] = [];
  for (const d of docs) {
    const q = chainPosterior(emissionLogits(model, d.features), model.switchProb);
    d.labels.forEach((y, s) => y === 0 && human.push(q[s]));
  }
  human.sort((a, b) => b - a);
  model.threshold = Math.max(0, human[Math.floor(HUMAN_SENTENCE_FPR * human.length)] ?? 0);
  return model;
}

/** The group a constructed document is held out with. */
export function joinedGroupOf(d: ConstructedDoc): string {
  return registerGroupOf(d.domain);
}

const MIXED = new Set(['human-ai', 'ai-human', 'interleaved']);

export interface SentenceFigures {
  docs: number;
  /** Mixed documents: pooled sentence AUC, mean AUC within a document, human and AI sentences flagged, boundary found within one sentence (two-part documents). */
  auc: number;
  withinAuc: number;
  humanFlagged: number;
  aiFlagged: number;
  boundary: number;
  /** Passages alone: human sentences flagged, human passages with any sentence flagged, AI sentences flagged. */
  pureHumanFlagged: number;
  pureHumanDocsFlagged: number;
  pureAiFlagged: number;
}

/** Where a score sequence changes most (the split maximising the standardised difference of the means before and after). */
export function changePoint(x: ArrayLike<number>): number {
  const n = x.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += x[i];
  let best = 1;
  let bestV = -1;
  let left = 0;
  for (let b = 1; b < n; b++) {
    left += x[b - 1];
    const v = Math.abs(left / b - (total - left) / (n - b)) * Math.sqrt((b * (n - b)) / n);
    if (v > bestV) {
      bestV = v;
      best = b;
    }
  }
  return best;
}

/** Figures of scored constructed documents (`scores[j]` the sentence scores of `docs[j]`). */
export function sentenceFigures(docs: ConstructedDoc[], scores: Float64Array[]): SentenceFigures {
  const xs: number[] = [];
  const ys: number[] = [];
  const within: number[] = [];
  const flag = [0, 0];
  const n = [0, 0];
  let bHit = 0;
  let bN = 0;
  const pure = { hFlag: 0, h: 0, hDocs: 0, hDocsFlag: 0, aFlag: 0, a: 0 };
  docs.forEach((d, j) => {
    const s = scores[j];
    if (MIXED.has(d.kind)) {
      d.labels.forEach((y, k) => {
        xs.push(s[k]);
        ys.push(y);
        n[y]++;
        if (s[k] > 0.5) flag[y]++;
      });
      const a = auc(Array.from(s), Array.from(d.labels));
      if (!Number.isNaN(a)) within.push(a);
      if (d.kind !== 'interleaved' && d.labels.length >= 2) {
        const truth = d.labels.findIndex((y) => y !== d.labels[0]);
        if (truth > 0) {
          bN++;
          if (Math.abs(changePoint(s) - truth) <= 1) bHit++;
        }
      }
    } else if (d.kind === 'human') {
      pure.hDocs++;
      let any = false;
      for (const v of s) {
        pure.h++;
        if (v > 0.5) {
          pure.hFlag++;
          any = true;
        }
      }
      if (any) pure.hDocsFlag++;
    } else {
      for (const v of s) {
        pure.a++;
        if (v > 0.5) pure.aFlag++;
      }
    }
  });
  return {
    docs: docs.filter((d) => MIXED.has(d.kind)).length,
    auc: auc(xs, ys),
    withinAuc: within.reduce((a, b) => a + b, 0) / Math.max(1, within.length),
    humanFlagged: flag[0] / Math.max(1, n[0]),
    aiFlagged: flag[1] / Math.max(1, n[1]),
    boundary: bN > 0 ? bHit / bN : NaN,
    pureHumanFlagged: pure.hFlag / Math.max(1, pure.h),
    pureHumanDocsFlagged: pure.hDocsFlag / Math.max(1, pure.hDocs),
    pureAiFlagged: pure.aFlag / Math.max(1, pure.a),
  };
}

/** Each group's constructed documents scored by the sentence model trained on the other groups' (held out twice: the texts by the fold, the documents by the group). */
export function heldOutSentenceScores(docs: ConstructedDoc[]): Float64Array[] {
  const out: Float64Array[] = new Array(docs.length);
  for (const g of [...new Set(docs.map(joinedGroupOf))].sort()) {
    const model = trainSentenceModel(docs.filter((d) => joinedGroupOf(d) !== g));
    docs.forEach((d, j) => {
      if (joinedGroupOf(d) === g) out[j] = sentenceScoresOf(model, d.features, d.words, SHORT_TEXT_WORDS);
    });
  }
  return out;
}

/** The documents of group `g` and their scores. */
export function groupSlice(docs: ConstructedDoc[], scores: Float64Array[], g: string): [ConstructedDoc[], Float64Array[]] {
  const ks = docs.map((_, j) => j).filter((j) => joinedGroupOf(docs[j]) === g);
  return [ks.map((j) => docs[j]), ks.map((j) => scores[j])];
}
