/**
 * The window classifier: standardised acoustic features into an L2-regularised logistic regression,
 * optionally followed by a few shallow gradient-boosted trees on its residual (interactions a linear
 * score cannot express), with Platt calibration of the (mean) window log-odds. Fitting lives here too,
 * so the training script and the evaluation use exactly the code that scores in production.
 */
import { readFileSync } from 'node:fs';
import { treeValue, type Tree } from '../shared/trees.ts';
import { FEATURE_NAMES } from './features.ts';
import type { FrameNet } from './framenet.ts';

export interface VoiceModel {
  id: string; // short hash of the fitted parameters
  featureNames: string[]; // the subset of FEATURE_NAMES the model uses, in this order
  mean: number[];
  scale: number[];
  weights: number[]; // on standardised features
  bias: number;
  trees?: Tree[]; // added to the linear score
  frameNet?: FrameNet; // when present, windows are scored by this frame model (alone, or fused with the features)
  fusion?: { features: number; frames: number }; // window log-odds = features × feature score + frames × frame score
  calibration: { slope: number; intercept: number };
  training?: Record<string, unknown>; // provenance: data, augmentations, seed, cross-validated figures
}

/** Standardised features are clipped so that one wild measurement cannot dominate the score. */
const CLIP = 5;

export function standardise(model: Pick<VoiceModel, 'mean' | 'scale'>, values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let j = 0; j < values.length; j++) {
    const z = (values[j] - model.mean[j]) / model.scale[j];
    out[j] = Number.isFinite(z) ? Math.max(-CLIP, Math.min(CLIP, z)) : 0; // NaN (not measurable) → the training mean
  }
  return out;
}

const featureIndex = new WeakMap<VoiceModel, number[]>();

/** The model's features picked out of a full FEATURE_NAMES vector. */
export function selectFeatures(model: VoiceModel, values: ArrayLike<number>): number[] {
  let index = featureIndex.get(model);
  if (!index) {
    index = model.featureNames.map((name) => {
      const i = (FEATURE_NAMES as readonly string[]).indexOf(name);
      if (i < 0) throw new Error(`voice model uses unknown feature ${name}`);
      return i;
    });
    featureIndex.set(model, index);
  }
  return index.map((i) => values[i]);
}


export function windowLogit(model: VoiceModel, values: ArrayLike<number>): number {
  const z = standardise(model, selectFeatures(model, values));
  let s = model.bias;
  for (let j = 0; j < z.length; j++) s += model.weights[j] * z[j];
  for (const tree of model.trees ?? []) s += treeValue(tree, z);
  return s;
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export function calibratedProbability(model: VoiceModel, logit: number): number {
  return sigmoid(model.calibration.slope * logit + model.calibration.intercept);
}

export function loadModel(url: URL): VoiceModel {
  return JSON.parse(readFileSync(url, 'utf8')) as VoiceModel;
}

// ---------------------------------------------------------------------------------------------------
// Fitting (used by scripts/train-voice-detector.ts and scripts/eval/voice.ts)

export function fitStandardiser(rows: ArrayLike<number>[], weights: number[]): { mean: number[]; scale: number[] } {
  const d = rows[0].length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(1);
  for (let j = 0; j < d; j++) {
    let sw = 0;
    let s = 0;
    for (let i = 0; i < rows.length; i++) {
      if (Number.isFinite(rows[i][j])) { s += weights[i] * rows[i][j]; sw += weights[i]; }
    }
    mean[j] = sw > 0 ? s / sw : 0;
    let v = 0;
    for (let i = 0; i < rows.length; i++) if (Number.isFinite(rows[i][j])) v += weights[i] * (rows[i][j] - mean[j]) ** 2;
    scale[j] = sw > 0 && v > 0 ? Math.sqrt(v / sw) : 1;
  }
  return { mean, scale };
}

/** Solve A x = b for a symmetric positive definite A (Cholesky). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const l = a.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      l[i][j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j][j];
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * y[k];
    y[i] = s / l[i][i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}

/**
 * Weighted logistic regression by Newton's method (deterministic, converges in a few steps).
 * `l2` penalises the weights (not the bias); sample weights are normalised to sum to the row count.
 */
export function fitLogistic(rows: ArrayLike<number>[], labels: number[], sampleWeights: number[], l2: number): { weights: number[]; bias: number } {
  const n = rows.length;
  const d = rows[0].length;
  const total = sampleWeights.reduce((s, w) => s + w, 0);
  const w = sampleWeights.map((x) => (x * n) / total);
  const beta = new Float64Array(d + 1); // [bias, weights...]
  const x = (i: number, j: number): number => (j === 0 ? 1 : rows[i][j - 1]);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Float64Array(d + 1);
    const hessian = Array.from({ length: d + 1 }, () => new Float64Array(d + 1));
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j <= d; j++) s += beta[j] * x(i, j);
      const p = sigmoid(s);
      const g = w[i] * (p - labels[i]);
      const h = w[i] * p * (1 - p);
      for (let j = 0; j <= d; j++) {
        const xj = x(i, j);
        gradient[j] += g * xj;
        for (let k = 0; k <= j; k++) hessian[j][k] += h * xj * x(i, k);
      }
    }
    for (let j = 0; j <= d; j++) for (let k = 0; k < j; k++) hessian[k][j] = hessian[j][k];
    for (let j = 1; j <= d; j++) { gradient[j] += l2 * beta[j]; hessian[j][j] += l2; }
    hessian[0][0] += 1e-6;
    const step = solve(hessian, gradient);
    let change = 0;
    for (let j = 0; j <= d; j++) { beta[j] -= step[j]; change = Math.max(change, Math.abs(step[j])); }
    if (change < 1e-7) break;
  }
  return { bias: beta[0], weights: Array.from(beta.subarray(1)) };
}

/**
 * Platt scaling of held-out logits. The slope is shrunk towards 1 and the intercept towards 0 (a weak
 * Gaussian prior of strength `prior`, in units of sample weight), because with a few dozen clips an
 * unpenalised fit runs to infinity on separable data. Newton steps with backtracking.
 */
export function fitPlatt(logits: number[], labels: number[], weights: number[], prior = 2): { slope: number; intercept: number } {
  const objective = (a: number, b: number): number => {
    let f = 0.5 * prior * ((a - 1) ** 2 + b ** 2);
    for (let i = 0; i < logits.length; i++) {
      const s = a * logits[i] + b;
      // -log-likelihood, written to stay finite for large |s|
      f += weights[i] * (Math.max(s, 0) - labels[i] * s + Math.log1p(Math.exp(-Math.abs(s))));
    }
    return f;
  };
  let slope = 1;
  let intercept = 0;
  let current = objective(slope, intercept);
  for (let iteration = 0; iteration < 100; iteration++) {
    let gs = prior * (slope - 1);
    let gi = prior * intercept;
    let hss = prior;
    let hii = prior;
    let hsi = 0;
    for (let i = 0; i < logits.length; i++) {
      const p = sigmoid(slope * logits[i] + intercept);
      const g = weights[i] * (p - labels[i]);
      const h = weights[i] * p * (1 - p);
      gs += g * logits[i];
      gi += g;
      hss += h * logits[i] * logits[i];
      hii += h;
      hsi += h * logits[i];
    }
    const det = hss * hii - hsi * hsi;
    const ds = (hii * gs - hsi * gi) / det;
    const di = (hss * gi - hsi * gs) / det;
    let step = 1;
    while (step > 1e-6 && objective(slope - step * ds, intercept - step * di) > current) step /= 2;
    slope -= step * ds;
    intercept -= step * di;
    const next = objective(slope, intercept);
    if (current - next < 1e-10) break;
    current = next;
  }
  return { slope, intercept };
}

export interface BoostOptions { rounds: number; depth: number; learningRate: number; lambda: number; minChildWeight: number; bins: number }

/**
 * Gradient boosting of shallow trees on the logistic loss, starting from `base` margins (the linear
 * model's). Split candidates are weighted quantiles of each feature; leaf values are Newton steps with
 * L2 shrinkage `lambda`. Deterministic (no sampling); ties go to the lower feature index.
 */
export function fitBoostedTrees(rows: ArrayLike<number>[], labels: number[], sampleWeights: number[], base: number[], options: BoostOptions): Tree[] {
  const n = rows.length;
  const d = rows[0].length;
  const total = sampleWeights.reduce((a, b) => a + b, 0);
  const w = sampleWeights.map((x) => (x * n) / total);
  // Candidate thresholds per feature and each row's bin (value <= cut[b] for the first such b).
  const cuts: number[][] = [];
  const bin = Array.from({ length: d }, () => new Uint8Array(n));
  for (let j = 0; j < d; j++) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => rows[a][j] - rows[b][j]);
    const c: number[] = [];
    let acc = 0;
    let next = total > 0 ? n / options.bins : Infinity;
    for (const i of order) {
      acc += w[i];
      if (acc >= next) {
        const v = rows[i][j];
        if (!c.length || v > c[c.length - 1]) c.push(v);
        next += n / options.bins;
      }
    }
    cuts.push(c);
    for (let i = 0; i < n; i++) {
      let b = 0;
      while (b < c.length && rows[i][j] > c[b]) b++;
      bin[j][i] = b;
    }
  }
  const margin = Float64Array.from(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: Tree[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(margin[i]);
      g[i] = w[i] * (p - labels[i]);
      h[i] = w[i] * p * (1 - p);
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const grow = (index: number[], depth: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      tree.value.push(0);
      let G = 0;
      let H = 0;
      for (const i of index) { G += g[i]; H += h[i]; }
      tree.value[node] = (-G / (H + options.lambda)) * options.learningRate;
      if (depth >= options.depth) return node;
      const parent = (G * G) / (H + options.lambda);
      let best = { gain: 1e-9, feature: -1, bin: 0 };
      for (let j = 0; j < d; j++) {
        const nb = cuts[j].length + 1;
        const hg = new Float64Array(nb);
        const hh = new Float64Array(nb);
        for (const i of index) { hg[bin[j][i]] += g[i]; hh[bin[j][i]] += h[i]; }
        let GL = 0;
        let HL = 0;
        for (let b = 0; b < nb - 1; b++) {
          GL += hg[b];
          HL += hh[b];
          const HR = H - HL;
          if (HL < options.minChildWeight || HR < options.minChildWeight) continue;
          const GR = G - GL;
          const gain = (GL * GL) / (HL + options.lambda) + (GR * GR) / (HR + options.lambda) - parent;
          if (gain > best.gain) best = { gain, feature: j, bin: b };
        }
      }
      if (best.feature < 0) return node;
      const j = best.feature;
      tree.feature[node] = j;
      tree.threshold[node] = cuts[j][best.bin];
      const left = index.filter((i) => bin[j][i] <= best.bin);
      const right = index.filter((i) => bin[j][i] > best.bin);
      tree.left[node] = grow(left, depth + 1);
      tree.right[node] = grow(right, depth + 1);
      return node;
    };
    grow(Array.from({ length: n }, (_, i) => i), 0);
    for (let i = 0; i < n; i++) margin[i] += treeValue(tree, rows[i]);
    trees.push(tree);
  }
  return trees;
}
