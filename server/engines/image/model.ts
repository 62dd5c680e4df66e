/**
 * The pixel classifier, in two stages:
 * 1. patch model: log-odds that one 64×64 patch (native resolution) is generated, a regularised linear
 *    discriminant over its forensic features (trained on patches of real photos against patches of fully
 *    generated images, every image through many processing histories);
 * 2. image model: real / fake / inpainting (softmax regression) from the distribution of the patch scores
 *    (a fake is generated everywhere, an inpainting only in places) and the regional inconsistency of the
 *    noise.
 * Trained by scripts/train-image-detector.ts; the artefact is model.json beside this file.
 */
import { readFileSync } from 'node:fs';
import { quantile } from '../shared/stats.ts';
import { PATCH_FEATURES, PATCH_FEATURE_COUNT, patchValues, type PatchGrid } from './forensics.ts';

export const CLASSES = ['real', 'fake', 'inpainting'] as const;
export type ImageClass = (typeof CLASSES)[number];

/** Softmax / logistic regression over standardised inputs (one row of weights per output). */
export interface LinearModel {
  features: string[];
  mean: number[];
  std: number[];
  /** weights[o][f] for output o and feature f. */
  weights: number[][];
  bias: number[];
  /** Standardised values are clipped to ±clip so one wild feature cannot dominate. */
  clip: number;
}

/**
 * The patch model: patches are routed by their texture (the 'gradient' feature, ascending bin edges) to one
 * linear discriminant per texture bin, as noise and resampling traces read differently in flat and busy areas.
 */
export interface PatchModel {
  binFeature: string;
  edges: number[];
  models: LinearModel[];
}

export interface PixelModel {
  version: string;
  patch: PatchModel;
  image: LinearModel;
  /** Divides the image model's logits (fitted on held-out predictions). */
  temperature: number;
  /**
   * Added to the real logit (after the temperature): a false accusation costs more than a miss, so the
   * pixels must outweigh this prior before an image is called non-real. Chosen on held-out predictions so that
   * at most 5% of real photos are called fake or inpainting.
   */
  realBias: number;
  trainedOn?: Record<string, unknown>;
}

/** The patches' summary statistics (before the rich-model co-occurrences): their image means feed the image model. */
export const SUMMARY_FEATURE_COUNT = PATCH_FEATURES.findIndex((f) => f.startsWith('rich_'));

export const IMAGE_FEATURES = [
  ...PATCH_FEATURES.slice(0, SUMMARY_FEATURE_COUNT).map((f) => `mean_${f}`),
  'score_mean', 'score_q10', 'score_q50', 'score_q90', 'score_spread', 'score_top_gap', 'score_cluster',
  'noise_residual_spread', 'noise_outlier_share', 'noise_cluster',
] as const;

export function standardise(model: Pick<LinearModel, 'mean' | 'std' | 'clip'>, values: ArrayLike<number>): number[] {
  return Array.from(values, (v, i) => (Number.isFinite(v) ? Math.max(-model.clip, Math.min(model.clip, (v - model.mean[i]) / model.std[i])) : 0));
}

export function softmax(logits: number[]): number[] {
  const m = Math.max(...logits);
  const e = logits.map((z) => Math.exp(z - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

/** Raw outputs (logits) of a linear model. */
export function linearLogits(model: LinearModel, values: ArrayLike<number>): number[] {
  const z = standardise(model, values);
  return model.weights.map((w, o) => model.bias[o] + w.reduce((s, wi, i) => s + wi * z[i], 0));
}

/** linearLogits(model, values)[0] without allocating (patches are many). */
function binaryLogit(model: LinearModel, values: ArrayLike<number>): number {
  const { mean, std, clip } = model, w = model.weights[0];
  let s = model.bias[0];
  for (let i = 0; i < w.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) s += w[i] * Math.max(-clip, Math.min(clip, (v - mean[i]) / std[i]));
  }
  return s;
}

/** Index of the bin a value falls in: the number of edges below it. */
export function textureBin(edges: number[], value: number): number {
  let b = 0;
  while (b < edges.length && value > edges[b]) b++;
  return b;
}

/** Patch logits (log-odds of "generated") in grid order. */
export function patchScores(model: PatchModel, grid: PatchGrid): Float64Array {
  const n = grid.rows * grid.cols;
  const out = new Float64Array(n);
  const f = PATCH_FEATURES.indexOf(model.binFeature);
  for (let k = 0; k < n; k++) {
    const values = patchValues(grid, k);
    out[k] = binaryLogit(model.models[textureBin(model.edges, values[f])], values);
  }
  return out;
}

/** Size of the largest 4-connected group of flagged cells, as a share of all cells. */
export function largestCluster(flags: Uint8Array, cols: number, rows: number): { share: number; cells: number[] } {
  const seen = new Uint8Array(flags.length);
  let best: number[] = [];
  for (let k = 0; k < flags.length; k++) {
    if (!flags[k] || seen[k]) continue;
    const cells: number[] = [];
    const stack = [k];
    seen[k] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      cells.push(c);
      const cx = c % cols, cy = (c - cx) / cols;
      for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]]) {
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const nk = ny * cols + nx;
        if (flags[nk] && !seen[nk]) { seen[nk] = 1; stack.push(nk); }
      }
    }
    if (cells.length > best.length) best = cells;
  }
  return { share: flags.length ? best.length / flags.length : 0, cells: best };
}

/** Patches whose score stands out from the image's own median (the candidate edited cells). */
export function standoutCells(scores: Float64Array): Uint8Array {
  const sorted = Float64Array.from(scores).sort();
  const med = quantile(sorted, 0.5);
  const mad = quantile(Float64Array.from(scores, (v) => Math.abs(v - med)).sort(), 0.5);
  const cut = med + 2.5 * Math.max(mad, 0.25);
  return Uint8Array.from(scores, (v) => (v > cut ? 1 : 0));
}

/** The image model's inputs, from the patch grid and the patch scores. */
export function imageFeatures(grid: PatchGrid, scores: Float64Array): number[] {
  const n = grid.rows * grid.cols;
  const F = PATCH_FEATURE_COUNT;
  const means = new Array<number>(SUMMARY_FEATURE_COUNT).fill(0);
  for (let k = 0; k < n; k++) for (let f = 0; f < SUMMARY_FEATURE_COUNT; f++) means[f] += grid.features[k * F + f] / n;
  const sorted = Float64Array.from(scores).sort();
  const q = (p: number): number => quantile(sorted, p);
  const mean = sorted.reduce((a, b) => a + b, 0) / n;
  const top = sorted.subarray(Math.floor(n * 0.9));
  const topMean = top.reduce((a, b) => a + b, 0) / top.length;
  // Noise level explained by texture (least squares over the patches); what is left should be even.
  const kb = PATCH_FEATURES.indexOf('noise_kb'), gr = PATCH_FEATURES.indexOf('gradient');
  const xs = Array.from({ length: n }, (_, k) => grid.features[k * F + gr]);
  const ys = Array.from({ length: n }, (_, k) => grid.features[k * F + kb]);
  const mx = xs.reduce((a, b) => a + b, 0) / n, my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (let k = 0; k < n; k++) { sxy += (xs[k] - mx) * (ys[k] - my); sxx += (xs[k] - mx) ** 2; }
  const beta = sxx > 1e-9 ? sxy / sxx : 0;
  const rest = Float64Array.from(ys, (v, k) => v - my - beta * (xs[k] - mx));
  const restSorted = Float64Array.from(rest).sort();
  const med = quantile(restSorted, 0.5);
  const mad = quantile(Float64Array.from(rest, (v) => Math.abs(v - med)).sort(), 0.5) + 0.02;
  const outliers = Uint8Array.from(rest, (v) => (Math.abs(v - med) > 3 * mad ? 1 : 0));
  const few = n < 6; // too few patches for regional statistics
  return [
    ...means,
    mean, q(0.1), q(0.5), q(0.9), q(0.9) - q(0.1), topMean - q(0.5),
    few ? 0 : largestCluster(standoutCells(scores), grid.cols, grid.rows).share,
    few ? 0 : quantile(restSorted, 0.9) - quantile(restSorted, 0.1),
    few ? 0 : outliers.reduce((a, b) => a + b, 0) / n,
    few ? 0 : largestCluster(outliers, grid.cols, grid.rows).share,
  ];
}

export interface PixelPrediction {
  /** P(real), P(fake), P(inpainting) from the pixels alone. */
  probabilities: number[];
  /** Patch logits in grid order (for the regions). */
  scores: Float64Array;
}

/** Pixel-channel prediction, or null when the grid holds no patch. */
export function predictPixels(model: PixelModel, grid: PatchGrid): PixelPrediction | null {
  if (grid.rows * grid.cols === 0) return null;
  const scores = patchScores(model.patch, grid);
  const logits = linearLogits(model.image, imageFeatures(grid, scores));
  return { probabilities: softmax(logits.map((l, c) => l / model.temperature + (c === 0 ? model.realBias : 0))), scores };
}

let loaded: PixelModel | null = null;

/** The committed artefact, loaded once per process (or worker thread). */
export function defaultModel(): PixelModel {
  if (!loaded) {
    const model = JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')) as PixelModel;
    if (model.patch.models.some((m) => m.features.join() !== PATCH_FEATURES.join()) || model.image.features.join() !== IMAGE_FEATURES.join()) {
      throw new Error('image model.json was trained on other features: run `npm run train -- image`');
    }
    loaded = model;
  }
  return loaded;
}
