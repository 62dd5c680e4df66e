/**
 * The sentence model of the AI-text detector (model.ts sentenceScoresOf): trained on documents joined
 * from passages of dev.jsonl, the texts the document model never trains on (text-detect-recipe.ts
 * constructedDocs), and on dev.jsonl's whole texts, documents of one author; and its figures on
 * both, each register group's documents scored by the sentence model trained on the other groups'.
 */
import { SENTENCE_DIM, Z_CLIP, chainPosterior, documentLogit, sentenceFeatures, sentenceScoresOf, sigmoid, type SentenceModel } from '../../server/engines/text-detect/model.ts';
import { SHORT_TEXT_WORDS } from '../../server/engines/text-detect/index.ts';
import { Analyzer } from '../../server/engines/text-detect/features.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { auc } from './metrics.ts';
import { constructedDocs, lbfgs, registerGroupOf, type ConstructedDoc, type CorpusDoc } from './text-detect-recipe.ts';
import type { ModelParams } from '../../server/engines/text-detect/model.ts';

/** Pairs of a human and an AI passage per dev domain (dev.jsonl has 25 to 215 of each label per domain). */
const DEV_PAIRS = 150;

/** The joined documents of dev.jsonl's texts, scored by the document model `params` (which never saw them). */
export function devJoinedDocs(docs: CorpusDoc[], params: ModelParams): ConstructedDoc[] {
  return constructedDocs(docs, docs.map((_, i) => i).filter((i) => docs[i].source === 'dev'), params, DEV_PAIRS);
}

/**
 * dev.jsonl's whole texts as documents of one author, scored by the document model `params`. Joined
 * documents alone are 6–10 sentences long: a model trained on them only flagged a sentence in a
 * third of the held-out whole human texts (MODEL_CARD.md, 4.3.1).
 */
export function devWholeDocs(docs: CorpusDoc[], params: ModelParams): ConstructedDoc[] {
  const analyzer = new Analyzer(params.feature, params.lm, params.ngram);
  return docs.flatMap((d, i) => {
    if (d.source !== 'dev') return [];
    const sentences = splitSentences(d.row.text).map((s) => s.text);
    const logit = documentLogit(params, analyzer.analyse(sentences));
    const kind = d.y ? 'ai' : 'human';
    return [{ kind, domain: d.row.domain, parts: [i], words: countWords(d.row.text), logit, labels: new Uint8Array(sentences.length).fill(d.y), features: sentenceFeatures(params, analyzer, sentences, logit) }];
  });
}

/** Share of the joined documents' human sentences that may score above 0.5 (the threshold's target). */
export const HUMAN_SENTENCE_FPR = 0.02;
/**
 * The same for the whole texts' human sentences: a flag in a whole human text accuses its one author
 * (4.3.1: 1%; 4.4.0, with the sentence reader's features: 0.4%, chosen on the held-out figures among
 * 0.3–0.75%: at 0.5% one held-out whole human text too many carried a flag; MODEL_CARD.md, 4.4.0).
 */
export const WHOLE_HUMAN_SENTENCE_FPR = 0.004;
/** The whole texts' share of the training weight (the joined documents have the rest). */
const WHOLE_WEIGHT = 0.25;
/** Grid of the chain's switch probability (chosen by the training log-loss of the sentence posteriors). */
const SWITCH = [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5];
const L2 = 1e-3;

function logLoss(margin: number): number {
  return margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin));
}

/** Emission logits of standardised features `z` (SENTENCE_DIM a sentence) under weights `w` (the bias last). */
function emissions(w: ArrayLike<number>, z: Float64Array): Float64Array {
  const e = new Float64Array(z.length / SENTENCE_DIM);
  for (let s = 0; s < e.length; s++) {
    let v = w[SENTENCE_DIM];
    for (let k = 0; k < SENTENCE_DIM; k++) v += w[k] * z[s * SENTENCE_DIM + k];
    e[s] = v;
  }
  return e;
}

/**
 * The linear-chain CRF's loss on documents with standardised features `z`: the sum over documents
 * of their `weight` times −log p(labels | sentences), where a labelling's score is the sum of the AI sentences' emission
 * logits and of the chain's log(1 − rho) per kept and log(rho) per changed author, plus L2 on the
 * weights. Its gradient is Σ (posterior − label) · features, the posteriors by forward-backward
 * (chainPosterior); `w` the weights then the bias, `g` filled with the gradient.
 */
export function crfLoss(docs: ConstructedDoc[], z: Float64Array[], rho: number, weight: number[]): (w: Float64Array, g: Float64Array) => number {
  const stay = Math.log(1 - rho);
  const move = Math.log(rho);
  const logAddExp = (a: number, b: number): number => (a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b)));
  return (w, g) => {
    g.fill(0);
    let loss = 0;
    docs.forEach((d, j) => {
      const dw = weight[j];
      const e = emissions(w, z[j]);
      const y = d.labels;
      // log Z by the forward pass (log-mass of the labellings ending human, ending AI; the first sentence's prior even), minus the labels' score.
      let h = 0;
      let a = e[0];
      let score = y[0] ? e[0] : 0;
      for (let s = 1; s < e.length; s++) {
        [h, a] = [logAddExp(h + stay, a + move), logAddExp(h + move, a + stay) + e[s]];
        score += (y[s] ? e[s] : 0) + (y[s] === y[s - 1] ? stay : move);
      }
      loss += dw * (logAddExp(h, a) - score);
      const q = chainPosterior(e, rho);
      for (let s = 0; s < e.length; s++) {
        const r = dw * (sigmoid(q[s]) - y[s]);
        for (let k = 0; k < SENTENCE_DIM; k++) g[k] += r * z[j][s * SENTENCE_DIM + k];
        g[SENTENCE_DIM] += r;
      }
    });
    for (let k = 0; k < SENTENCE_DIM; k++) {
      loss += 0.5 * L2 * w[k] * w[k];
      g[k] += L2 * w[k];
    }
    return loss;
  };
}

/**
 * Fits the sentence model on joined documents and whole texts: for each switch probability of the
 * grid, the CRF's weights (crfLoss, L-BFGS; every joined document weighs the same, every whole text
 * too, the whole texts WHOLE_WEIGHT of the total); the switch probability whose posteriors have the
 * lowest training log-loss (same weights, and within them human and AI sentences weighing the same);
 * then the threshold: at most HUMAN_SENTENCE_FPR of the joined documents' human sentences and
 * WHOLE_HUMAN_SENTENCE_FPR of the whole texts' above it.
 */
export function trainSentenceModel(joined: ConstructedDoc[], whole: ConstructedDoc[] = []): SentenceModel {
  const docs = [...joined, ...whole];
  const share = whole.length > 0 ? WHOLE_WEIGHT : 0;
  const weight = docs.map((_, j) => (j < joined.length ? (1 - share) / joined.length : share / whole.length));
  let rows = 0;
  const mean = new Array<number>(SENTENCE_DIM).fill(0);
  const std = new Array<number>(SENTENCE_DIM).fill(0);
  for (const d of docs) {
    rows += d.labels.length;
    d.features.forEach((v, i) => (mean[i % SENTENCE_DIM] += v));
  }
  for (let k = 0; k < SENTENCE_DIM; k++) mean[k] /= rows;
  for (const d of docs) d.features.forEach((v, i) => (std[i % SENTENCE_DIM] += (v - mean[i % SENTENCE_DIM]) ** 2 / rows));
  for (let k = 0; k < SENTENCE_DIM; k++) std[k] = Math.sqrt(std[k]) || 1;
  const z = docs.map((d) => d.features.map((v, i) => Math.min(Z_CLIP, Math.max(-Z_CLIP, (v - mean[i % SENTENCE_DIM]) / std[i % SENTENCE_DIM]))));
  // Each label's total weight in the log-loss that picks the switch probability (a document's sentences share its weight).
  const tot = [0, 0];
  docs.forEach((d, j) => d.labels.forEach((y) => (tot[y] += weight[j] / d.labels.length)));
  let best: { loss: number; rho: number; w: Float64Array } = { loss: Infinity, rho: 0.5, w: new Float64Array(SENTENCE_DIM + 1) };
  for (const rho of SWITCH) {
    const w = lbfgs(SENTENCE_DIM + 1, crfLoss(docs, z, rho, weight), 200, false);
    let loss = 0;
    docs.forEach((d, j) => {
      const q = chainPosterior(emissions(w, z[j]), rho);
      d.labels.forEach((y, s) => (loss += (weight[j] * logLoss(y ? q[s] : -q[s])) / d.labels.length / tot[y]));
    });
    if (loss < best.loss) best = { loss, rho, w };
  }
  const model: SentenceModel = { mean, std, w: Array.from(best.w.subarray(0, SENTENCE_DIM)), bias: best.w[SENTENCE_DIM], switchProb: best.rho, threshold: 0 };
  // The threshold: never under posterior 0.5, and past the quantile of each kind's human sentences.
  const humans: [number[], number[]] = [[], []];
  docs.forEach((d, j) => {
    const q = chainPosterior(emissions(best.w, z[j]), model.switchProb);
    d.labels.forEach((y, s) => y === 0 && humans[j < joined.length ? 0 : 1].push(q[s]));
  });
  const quantile = (xs: number[], share: number): number => xs.sort((a, b) => b - a)[Math.floor(share * xs.length)] ?? 0;
  model.threshold = Math.max(0, quantile(humans[0], HUMAN_SENTENCE_FPR), quantile(humans[1], WHOLE_HUMAN_SENTENCE_FPR));
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

/** Whole texts: human sentences flagged, human texts with a flagged sentence, AI sentences flagged. */
export interface WholeFigures {
  humanTexts: number;
  humanFlagged: number;
  humanTextsFlagged: number;
  aiTexts: number;
  aiFlagged: number;
}

export function wholeFigures(whole: ConstructedDoc[], scores: Float64Array[]): WholeFigures {
  const n = { h: 0, hFlag: 0, hTexts: 0, hTextsFlag: 0, a: 0, aFlag: 0, aTexts: 0 };
  whole.forEach((d, j) => {
    const flagged = scores[j].filter((v) => v > 0.5).length;
    if (d.kind === 'human') {
      n.h += d.labels.length;
      n.hFlag += flagged;
      n.hTexts++;
      if (flagged > 0) n.hTextsFlag++;
    } else {
      n.a += d.labels.length;
      n.aFlag += flagged;
      n.aTexts++;
    }
  });
  return { humanTexts: n.hTexts, humanFlagged: n.hFlag / Math.max(1, n.h), humanTextsFlagged: n.hTextsFlag / Math.max(1, n.hTexts), aiTexts: n.aTexts, aiFlagged: n.aFlag / Math.max(1, n.a) };
}

/**
 * Each group's joined documents and whole texts scored by the sentence model trained on the other
 * groups' (held out twice: the texts by the document model, the documents by the group).
 */
export function heldOutSentenceScores(joined: ConstructedDoc[], whole: ConstructedDoc[]): { joined: Float64Array[]; whole: Float64Array[] } {
  const out = { joined: new Array<Float64Array>(joined.length), whole: new Array<Float64Array>(whole.length) };
  for (const g of [...new Set([...joined, ...whole].map(joinedGroupOf))].sort()) {
    const model = trainSentenceModel(joined.filter((d) => joinedGroupOf(d) !== g), whole.filter((d) => joinedGroupOf(d) !== g));
    for (const [docs, scores] of [[joined, out.joined], [whole, out.whole]] as const) {
      docs.forEach((d, j) => {
        if (joinedGroupOf(d) === g) scores[j] = sentenceScoresOf(model, d.features, d.words, SHORT_TEXT_WORDS);
      });
    }
  }
  return out;
}

/** The documents of group `g` and their scores. */
export function groupSlice(docs: ConstructedDoc[], scores: Float64Array[], g: string): [ConstructedDoc[], Float64Array[]] {
  const ks = docs.map((_, j) => j).filter((j) => joinedGroupOf(docs[j]) === g);
  return [ks.map((j) => docs[j]), ks.map((j) => scores[j])];
}
