/**
 * Trains the image engine's pixel classifier on ../shared/data/image + ../shared/data/image-extra and writes
 * server/engines/image/model.json.
 *
 *   npm run train -- image [--workers N]
 *
 * The pixel model never sees a file as uploaded: every image is decoded, stripped of its metadata and
 * re-encoded into the same set of transformations (lossless PNG, JPEG q95/85/75/60, WebP, downscales to
 * 1024 and 512 px, an off-grid centre crop) for EVERY class, and trained on all of them. Format, metadata
 * and size are therefore not what it can learn. Deterministic: no randomness at all.
 *
 * Model (server/engines/image/model.ts): a patch model (logistic regression, real vs generated patches)
 * and an image model (softmax regression over aggregated patch statistics), both L2-regularised and fitted
 * by Newton's method with class- and image-balanced weights. The temperature comes
 * from the leave-one-generator-family / leave-one-source-out predictions (scripts/eval/image.ts).
 *
 * Measuring is the slow part; measurements are cached under /tmp/image-engine-v2-cache, keyed by the
 * image bytes, the transformation and the measuring code, and filled by N niced child processes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { measureImage } from '../server/engines/image/engine.ts';
import { PATCH_FEATURES, PATCH_FEATURE_COUNT, type PatchGrid } from '../server/engines/image/forensics.ts';
import {
  CLASSES, IMAGE_FEATURES, imageFeatures, linearLogits, patchScores, softmax, type ImageClass, type LinearModel, type PixelModel, type TreeEnsemble,
} from '../server/engines/image/model.ts';

export const DATA_DIRS = ['image', 'image-extra'].map((d) => fileURLToPath(new URL(`../../shared/data/${d}/`, import.meta.url)));
const ENGINE_DIR = new URL('../server/engines/image/', import.meta.url);
const MODEL_PATH = fileURLToPath(new URL('model.json', ENGINE_DIR));
const CACHE_DIR = '/tmp/image-engine-v2-cache';

export interface Sample {
  /** Data folder name + file: unique across both sets. */
  id: string;
  path: string;
  label: ImageClass;
  source: string;
  sourcePath: string;
  /** Generator family (fake, inpainting) or 'camera'. */
  family: string;
  /** Links an inpainting to the photo it was made from. */
  pair: string | null;
  /** The held-out unit: a generator family for generated images, a source collection for real photos. */
  fold: string;
}

/** Families for the first shared set, which has only free-text generator names. */
function familyOf(generator: string, label: ImageClass): string {
  if (label === 'real') return 'camera';
  const rules: [RegExp, string][] = [
    [/LCM/i, 'LCM'], [/SDXL Turbo/i, 'SDXL-Turbo'], [/SDXL/i, 'SDXL'], [/Stable Diffusion 3/i, 'SD3'],
    [/Stable Diffusion 2 inpainting/i, 'SD-inpaint'], [/Stable Diffusion v1|SD1\.5/i, 'SD1'], [/Latent Diffusion/i, 'LDM'],
    [/AuraFlow/i, 'AuraFlow'], [/Stable Cascade/i, 'StableCascade'], [/Hunyuan/i, 'Hunyuan-DiT'], [/Lumina/i, 'Lumina'],
    [/GAN/i, 'GAN'], [/Firefly/i, 'Firefly'], [/DeepFill|Contextual Attention/i, 'DeepFill'], [/EdgeConnect/i, 'EdgeConnect'],
    [/'LB'/i, 'LB'], [/SnapEdit/i, 'SnapEdit'], [/non-neural/i, 'classical'],
  ];
  return rules.find(([re]) => re.test(generator))?.[1] ?? generator;
}

export function loadSamples(dirs = DATA_DIRS): Sample[] {
  const samples: Sample[] = [];
  for (const dir of dirs) {
    const set = dir.replace(/\/$/, '').split('/').pop()!;
    for (const line of readFileSync(join(dir, 'labels.jsonl'), 'utf8').trim().split('\n')) {
      const row = JSON.parse(line) as {
        file: string; label: ImageClass; generator: string; generator_family?: string; source_repo: string; source_path: string; pair?: string | null;
      };
      const family = row.generator_family ?? familyOf(row.generator, row.label);
      // MagicInpainter's two edits are of its own beach photo, which is in the set too.
      const pair = row.pair ?? (row.source_repo === 'antonmilev/MagicInpainter' ? 'magicinpainter-beach' : null);
      samples.push({
        id: `${set}/${row.file}`, path: join(dir, row.file), label: row.label, source: row.source_repo, sourcePath: row.source_path,
        family, pair, fold: row.label === 'real' ? `source ${row.source_repo}` : `family ${family}`,
      });
    }
  }
  return samples;
}

/** Training images for a fold: not held out, and sharing no pair or source file with a held-out image. */
export function trainingSet(samples: Sample[], heldOut: (s: Sample) => boolean): Sample[] {
  const out = samples.filter(heldOut);
  const pairs = new Set(out.map((s) => s.pair).filter(Boolean));
  const paths = new Set(out.map((s) => `${s.source}:${s.sourcePath}`));
  return samples.filter((s) => !heldOut(s) && !(s.pair && pairs.has(s.pair)) && !paths.has(`${s.source}:${s.sourcePath}`));
}

// ------------------------------------------------------------------------------------------------------------
// Transformations: every one starts from the decoded pixels and drops all metadata.

export const TRANSFORMS = ['png', 'jpeg95', 'jpeg85', 'jpeg75', 'jpeg60', 'webp80', 'down1024', 'down512', 'crop80'] as const;
export type Transform = (typeof TRANSFORMS)[number];
export const TRANSFORM_TEXT: Record<Transform, string> = {
  png: 'stripped, lossless PNG (reference)', jpeg95: 'JPEG q95', jpeg85: 'JPEG q85', jpeg75: 'JPEG q75', jpeg60: 'JPEG q60',
  webp80: 'WebP q80', down1024: 'downscaled to 1024 px', down512: 'downscaled to 512 px', crop80: 'centre crop 80% (borders and corners gone)',
};

/** Lossless either way; the lowest compression level only saves time. */
const FAST_PNG = { compressionLevel: 1 } as const;

export async function transform(bytes: Uint8Array, t: Transform): Promise<Uint8Array> {
  // Pixels as the engine decodes them: no EXIF rotation, no ICC conversion.
  const open = (): Sharp => sharp(bytes, { ignoreIcc: true, pages: 1 }).removeAlpha();
  const meta = await sharp(bytes, { pages: 1 }).metadata();
  const w = meta.width ?? 0, h = meta.pageHeight ?? meta.height ?? 0;
  const down = (side: number): Sharp => open().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' });
  let out: Sharp;
  switch (t) {
    case 'png': out = open().png(FAST_PNG); break;
    case 'jpeg95': out = open().jpeg({ quality: 95 }); break;
    case 'jpeg85': out = open().jpeg({ quality: 85 }); break;
    case 'jpeg75': out = open().jpeg({ quality: 75 }); break;
    case 'jpeg60': out = open().jpeg({ quality: 60 }); break;
    case 'webp80': out = open().webp({ quality: 80 }); break;
    case 'down1024': out = down(1024).png(FAST_PNG); break;
    case 'down512': out = down(512).png(FAST_PNG); break;
    case 'crop80': {
      // An odd offset breaks the alignment of any 8×8 / 2×2 grid with the original.
      const cw = Math.floor(w * 0.8), ch = Math.floor(h * 0.8);
      out = open().extract({ left: Math.floor((w - cw) / 2) | 1, top: Math.floor((h - ch) / 2) | 1, width: cw, height: ch }).png(FAST_PNG);
      break;
    }
  }
  return new Uint8Array(await out.toBuffer());
}

// ------------------------------------------------------------------------------------------------------------
// Cached measurements

function codeHash(files: string[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(fileURLToPath(new URL(f, ENGINE_DIR))));
  return hash.digest('hex').slice(0, 12);
}
const PIXEL_CODE_HASH = codeHash(['formats.ts', 'decode.ts', 'forensics.ts']);

export interface Measured {
  width: number;
  height: number;
  grid: PatchGrid;
}

function cachePath(sample: Sample, t: Transform): string {
  const key = createHash('sha256').update(`${sample.id}:${t}:${PIXEL_CODE_HASH}`).digest('hex').slice(0, 24);
  return join(CACHE_DIR, `${key}.json`);
}

async function measureFresh(sample: Sample, t: Transform): Promise<Measured> {
  const bytes = await transform(new Uint8Array(readFileSync(sample.path)), t);
  const m = await measureImage(bytes, { ignoreProvenance: true });
  return { width: m.width, height: m.height, grid: m.grid };
}

export function readMeasured(sample: Sample, t: Transform): Measured {
  const raw = JSON.parse(readFileSync(cachePath(sample, t), 'utf8')) as Measured & { grid: { features: number[] } };
  return { ...raw, grid: { ...raw.grid, features: Float64Array.from(raw.grid.features) } };
}

async function fillShard(samples: Sample[], shard: number, shards: number): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const [i, sample] of samples.entries()) {
    if (i % shards !== shard) continue;
    for (const t of TRANSFORMS) {
      const path = cachePath(sample, t);
      if (existsSync(path)) continue;
      const m = await measureFresh(sample, t);
      const features = Array.from(m.grid.features, (v) => Math.round(v * 1e5) / 1e5);
      writeFileSync(path, JSON.stringify({ ...m, grid: { ...m.grid, features } }));
    }
  }
}

/** Measures every sample under every transformation (cached), in `workers` niced child processes. */
export async function measureAll(samples: Sample[], workers = 2, log = (_: string): void => {}): Promise<Map<string, Measured>> {
  const missing = samples.filter((s) => TRANSFORMS.some((t) => !existsSync(cachePath(s, t))));
  if (missing.length) {
    log(`measuring ${missing.length} images × ${TRANSFORMS.length} transformations in ${workers} processes`);
    const script = fileURLToPath(import.meta.url);
    await Promise.all(Array.from({ length: workers }, (_, k) => new Promise<void>((resolve, reject) => {
      const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', script, '--measure-shard', `${k}/${workers}`], { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`measuring shard ${k} failed (${code})`))));
    })));
  }
  const out = new Map<string, Measured>();
  for (const s of samples) for (const t of TRANSFORMS) out.set(`${s.id}|${t}`, readMeasured(s, t));
  return out;
}

// ------------------------------------------------------------------------------------------------------------
// Fitting

export interface FitOptions {
  patchL2: number;
  imageL2: number;
  clip: number;
  /** Patches per image and transformation used to fit the patch model (evenly spaced). */
  patchesPerImage: number;
  /** Patch model: logistic regression, or boosted trees (interactions such as noise level × texture). */
  patchModel: 'linear' | 'trees';
  /** Image model inputs: every aggregate, or only the patch scores and the noise inconsistency. */
  imageInputs: 'all' | 'scores';
}
export const FIT_DEFAULTS: FitOptions = { patchL2: 0.0003, imageL2: 0.001, clip: 4, patchesPerImage: 16, patchModel: 'linear', imageInputs: 'all' };

/** Solves the symmetric positive definite system A x = b (Cholesky); A is row-major d × d. */
function solveSpd(a: Float64Array, b: Float64Array, d: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * d + j];
      for (let k = 0; k < j; k++) sum -= l[i * d + k] * l[j * d + k];
      l[i * d + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j * d + j];
    }
  }
  const y = new Float64Array(d), x = new Float64Array(d);
  for (let i = 0; i < d; i++) { let sum = b[i]; for (let k = 0; k < i; k++) sum -= l[i * d + k] * y[k]; y[i] = sum / l[i * d + i]; }
  for (let i = d - 1; i >= 0; i--) { let sum = y[i]; for (let k = i + 1; k < d; k++) sum -= l[k * d + i] * x[k]; x[i] = sum / l[i * d + i]; }
  return x;
}

/**
 * Weighted, L2-regularised softmax regression fitted by Newton's method, with class 0 as the reference
 * (its weights stay 0). Convex with a unique optimum: deterministic, and converged in a few iterations.
 */
export function fitSoftmax(x: Float64Array, features: number, y: number[], weights: number[], classes: number, l2: number, clip: number):
  { mean: number[]; std: number[]; weights: number[][]; bias: number[] } {
  const n = y.length, F = features, P = F + 1, C = classes, A = C - 1, D = A * P;
  const mean = new Array<number>(F).fill(0), std = new Array<number>(F).fill(1);
  const wsum = weights.reduce((a, b) => a + b, 0);
  for (let f = 0; f < F; f++) {
    let m = 0;
    for (let i = 0; i < n; i++) m += weights[i] * x[i * F + f];
    m /= wsum;
    let v = 0;
    for (let i = 0; i < n; i++) v += weights[i] * (x[i * F + f] - m) ** 2;
    mean[f] = m;
    std[f] = Math.sqrt(v / wsum) || 1;
  }
  // Standardised inputs with a trailing 1 for the bias.
  const z = new Float64Array(n * P);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < F; f++) z[i * P + f] = Math.max(-clip, Math.min(clip, (x[i * F + f] - mean[f]) / std[f]));
    z[i * P + F] = 1;
  }
  const w = weights.map((v) => v / wsum);
  const theta = new Float64Array(D);
  const p = new Float64Array(C);
  const outer = new Float64Array(P * P);
  for (let it = 0; it < 30; it++) {
    const g = new Float64Array(D), h = new Float64Array(D * D);
    for (let i = 0; i < n; i++) {
      const zi = z.subarray(i * P, (i + 1) * P);
      let max = 0;
      p[0] = 0;
      for (let a = 0; a < A; a++) {
        let s = 0;
        for (let f = 0; f < P; f++) s += theta[a * P + f] * zi[f];
        p[a + 1] = s;
        if (s > max) max = s;
      }
      let total = 0;
      for (let c = 0; c < C; c++) { p[c] = Math.exp(p[c] - max); total += p[c]; }
      for (let c = 0; c < C; c++) p[c] /= total;
      for (let f = 0; f < P; f++) for (let k = f; k < P; k++) outer[f * P + k] = zi[f] * zi[k];
      for (let a = 0; a < A; a++) {
        const r = w[i] * (p[a + 1] - (y[i] === a + 1 ? 1 : 0));
        for (let f = 0; f < P; f++) g[a * P + f] += r * zi[f];
        for (let b = a; b < A; b++) {
          const c = w[i] * ((a === b ? p[a + 1] : 0) - p[a + 1] * p[b + 1]);
          for (let f = 0; f < P; f++) for (let k = f; k < P; k++) h[(a * P + f) * D + b * P + k] += c * outer[f * P + k];
        }
      }
    }
    // Mirror the upper blocks, add the ridge (bias nearly unpenalised), take the Newton step.
    for (let a = 0; a < A; a++) {
      for (let b = a; b < A; b++) {
        for (let f = 0; f < P; f++) {
          for (let k = 0; k < P; k++) {
            const v = k >= f ? h[(a * P + f) * D + b * P + k] : h[(a * P + k) * D + b * P + f];
            h[(a * P + f) * D + b * P + k] = v;
            h[(b * P + k) * D + a * P + f] = v;
          }
        }
      }
    }
    for (let d = 0; d < D; d++) {
      const bias = d % P === F;
      h[d * D + d] += bias ? 1e-8 : l2;
      if (!bias) g[d] += l2 * theta[d];
    }
    const step = solveSpd(h, g, D);
    let largest = 0;
    for (let d = 0; d < D; d++) { theta[d] -= step[d]; largest = Math.max(largest, Math.abs(step[d])); }
    if (largest < 1e-7) break;
  }
  return {
    mean, std,
    weights: Array.from({ length: C }, (_, c) => (c === 0 ? new Array<number>(F).fill(0) : Array.from(theta.subarray((c - 1) * P, (c - 1) * P + F)))),
    bias: Array.from({ length: C }, (_, c) => (c === 0 ? 0 : theta[(c - 1) * P + F])),
  };
}

export interface TreeOptions { trees: number; depth: number; rate: number; bins: number; minChildWeight: number; lambda: number }
export const TREE_DEFAULTS: TreeOptions = { trees: 120, depth: 3, rate: 0.1, bins: 32, minChildWeight: 20, lambda: 1 };

/** Binary gradient boosting of depth-limited trees on quantile-binned features (deterministic). */
export function fitTrees(x: Float64Array, F: number, y: number[], weights: number[], options: TreeOptions = TREE_DEFAULTS):
  Omit<TreeEnsemble, 'features'> {
  const n = y.length;
  const wmean = weights.reduce((a, b) => a + b, 0) / n;
  const w = weights.map((v) => v / wmean);
  // Thresholds: quantiles of every feature (on a regular subsample of rows).
  const step = Math.max(1, Math.floor(n / 20000));
  const edges: number[][] = [];
  for (let f = 0; f < F; f++) {
    const vals: number[] = [];
    for (let i = 0; i < n; i += step) vals.push(x[i * F + f]);
    vals.sort((a, b) => a - b);
    const e: number[] = [];
    for (let b = 1; b < options.bins; b++) {
      const v = vals[Math.floor((b * vals.length) / options.bins)];
      if (!e.length || v > e[e.length - 1]) e.push(v);
    }
    edges.push(e);
  }
  const binned = new Uint8Array(n * F);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < F; f++) {
      const e = edges[f], v = x[i * F + f];
      let lo = 0, hi = e.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (v <= e[mid]) hi = mid; else lo = mid + 1; }
      binned[i * F + f] = lo; // bin b holds values in (e[b-1], e[b]]
    }
  }
  const wy = w.reduce((s, v, i) => s + v * y[i], 0) / n;
  const base = Math.log(Math.max(1e-6, wy) / Math.max(1e-6, 1 - wy));
  const score = new Float64Array(n).fill(base);
  const g = new Float64Array(n), h = new Float64Array(n);
  const B = options.bins;
  const trees: TreeEnsemble['trees'] = [];
  for (let t = 0; t < options.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]));
      g[i] = w[i] * (p - y[i]);
      h[i] = w[i] * Math.max(p * (1 - p), 1e-6);
    }
    const tree = { feature: [] as number[], threshold: [] as number[], left: [] as number[], right: [] as number[], value: [] as number[] };
    const splitBin: number[] = [];
    const grow = (rows: Int32Array, depth: number): number => {
      const id = tree.feature.length;
      tree.feature.push(-1); tree.threshold.push(0); tree.left.push(-1); tree.right.push(-1); tree.value.push(0); splitBin.push(-1);
      let G = 0, H = 0;
      for (const i of rows) { G += g[i]; H += h[i]; }
      let best = { gain: 1e-9, f: -1, b: -1 };
      if (depth < options.depth && H >= 2 * options.minChildWeight) {
        const hg = new Float64Array(F * B), hh = new Float64Array(F * B), hw = new Float64Array(F * B);
        for (const i of rows) {
          for (let f = 0; f < F; f++) { const k = f * B + binned[i * F + f]; hg[k] += g[i]; hh[k] += h[i]; hw[k] += w[i]; }
        }
        const parent = (G * G) / (H + options.lambda);
        for (let f = 0; f < F; f++) {
          let gl = 0, hl = 0, wl = 0;
          for (let b = 0; b < edges[f].length; b++) {
            gl += hg[f * B + b]; hl += hh[f * B + b]; wl += hw[f * B + b];
            const gr = G - gl, hr = H - hl;
            if (wl < options.minChildWeight || rows.length - wl < options.minChildWeight) continue;
            const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parent;
            if (gain > best.gain) best = { gain, f, b };
          }
        }
      }
      if (best.f < 0) {
        tree.value[id] = (-G / (H + options.lambda)) * options.rate;
        return id;
      }
      const left: number[] = [], right: number[] = [];
      for (const i of rows) (binned[i * F + best.f] <= best.b ? left : right).push(i);
      tree.feature[id] = best.f;
      tree.threshold[id] = edges[best.f][best.b];
      splitBin[id] = best.b;
      tree.left[id] = grow(Int32Array.from(left), depth + 1);
      tree.right[id] = grow(Int32Array.from(right), depth + 1);
      return id;
    };
    grow(Int32Array.from({ length: n }, (_, i) => i), 0);
    for (let i = 0; i < n; i++) {
      let k = 0;
      while (tree.feature[k] >= 0) k = binned[i * F + tree.feature[k]] <= splitBin[k] ? tree.left[k] : tree.right[k];
      score[i] += tree.value[k];
    }
    tree.threshold = tree.threshold.map((v) => Math.round(v * 1e6) / 1e6);
    trees.push(tree);
  }
  return { base, trees };
}

/** Weights so that every class weighs the same in total, and within a class every image the same. */
function balancedWeights(owners: { image: string; cls: number }[]): number[] {
  const perImage = new Map<string, number>(), perClass = new Map<number, Set<string>>();
  for (const o of owners) {
    perImage.set(o.image, (perImage.get(o.image) ?? 0) + 1);
    perClass.set(o.cls, (perClass.get(o.cls) ?? new Set()).add(o.image));
  }
  return owners.map((o) => 1 / perImage.get(o.image)! / perClass.get(o.cls)!.size);
}

const evenly = (n: number, k: number): number[] => (n <= k ? Array.from({ length: n }, (_, i) => i) : Array.from({ length: k }, (_, i) => Math.floor(((i + 0.5) * n) / k)));

/** Fits both stages on the given images (all transformations of each). */
export function fitPixelModel(train: Sample[], measured: Map<string, Measured>, options: FitOptions = FIT_DEFAULTS, version = 'dev'): PixelModel {
  // Stage 1: patches of real photos (0) against patches of fully generated images (1).
  const patchRows: number[] = [], patchOwners: { image: string; cls: number }[] = [];
  for (const s of train) {
    if (s.label === 'inpainting') continue;
    for (const t of TRANSFORMS) {
      const { grid } = measured.get(`${s.id}|${t}`)!;
      for (const k of evenly(grid.rows * grid.cols, options.patchesPerImage)) {
        patchRows.push(...grid.features.subarray(k * PATCH_FEATURE_COUNT, (k + 1) * PATCH_FEATURE_COUNT));
        patchOwners.push({ image: s.id, cls: s.label === 'real' ? 0 : 1 });
      }
    }
  }
  const patchY = patchOwners.map((o) => o.cls), patchW = balancedWeights(patchOwners);
  let patch: LinearModel | TreeEnsemble;
  if (options.patchModel === 'trees') {
    patch = { features: [...PATCH_FEATURES], ...fitTrees(Float64Array.from(patchRows), PATCH_FEATURE_COUNT, patchY, patchW) };
  } else {
    const pf = fitSoftmax(Float64Array.from(patchRows), PATCH_FEATURE_COUNT, patchY, patchW, 2, options.patchL2, options.clip);
    patch = {
      features: [...PATCH_FEATURES], mean: pf.mean, std: pf.std, clip: options.clip,
      weights: [pf.weights[1].map((v, f) => v - pf.weights[0][f])], bias: [pf.bias[1] - pf.bias[0]],
    };
  }
  // Stage 2: image classes from aggregated patch statistics.
  const imageRows: number[] = [], imageOwners: { image: string; cls: number }[] = [];
  for (const s of train) {
    for (const t of TRANSFORMS) {
      const { grid } = measured.get(`${s.id}|${t}`)!;
      if (grid.rows * grid.cols === 0) continue;
      const values = imageFeatures(grid, patchScores(patch, grid));
      // A column left at 0 gets no gradient, so its weight stays 0: the model ignores that input.
      if (options.imageInputs === 'scores') for (let f = 0; f < PATCH_FEATURE_COUNT; f++) values[f] = 0;
      imageRows.push(...values);
      imageOwners.push({ image: s.id, cls: CLASSES.indexOf(s.label) });
    }
  }
  const imf = fitSoftmax(Float64Array.from(imageRows), IMAGE_FEATURES.length, imageOwners.map((o) => o.cls), balancedWeights(imageOwners), CLASSES.length,
    options.imageL2, options.clip);
  const image: LinearModel = { features: [...IMAGE_FEATURES], mean: imf.mean, std: imf.std, clip: options.clip, weights: imf.weights, bias: imf.bias };
  return { version, patch, image, temperature: 1, realBias: 0 };
}

/** Image-model logits of one measurement (null when there is no patch). */
export function imageLogits(model: PixelModel, m: Measured): number[] | null {
  if (m.grid.rows * m.grid.cols === 0) return null;
  return linearLogits(model.image, imageFeatures(m.grid, patchScores(model.patch, m.grid)));
}

/** Temperature that minimises the log loss of held-out logits (grid search; never below 1). */
export function fitTemperature(oof: { logits: number[]; label: ImageClass }[]): number {
  let best = 1, bestLoss = Infinity;
  for (let t = 1; t <= 6.001; t += 0.05) {
    const loss = oof.reduce((s, o) => s - Math.log(Math.max(1e-12, softmax(o.logits.map((l) => l / t))[CLASSES.indexOf(o.label)])), 0);
    if (loss < bestLoss - 1e-9) { bestLoss = loss; best = Math.round(t * 100) / 100; }
  }
  return best;
}

/** The real-class bias that keeps real photos called non-real at or under `target` (held-out logits). */
export function chooseRealBias(oof: { logits: number[]; label: ImageClass }[], temperature: number, target = REAL_FALSE_ALARM_TARGET): number {
  const reals = oof.filter((o) => o.label === 'real');
  for (let b = 0; b <= 8.001; b += 0.1) {
    const alarms = reals.filter((o) => {
      const z = o.logits.map((l, c) => l / temperature + (c === 0 ? b : 0));
      return z.indexOf(Math.max(...z)) !== 0;
    }).length;
    if (alarms <= target * reals.length) return Math.round(b * 10) / 10;
  }
  return 8;
}
export const REAL_FALSE_ALARM_TARGET = 0.05;

/** Held-out image logits of every sample under every transformation: one fold per generator family / real source. */
export function heldOutLogits(samples: Sample[], measured: Map<string, Measured>, log = (_: string): void => {}, options = FIT_DEFAULTS):
  Map<string, number[] | null> {
  const out = new Map<string, number[] | null>();
  const folds = [...new Set(samples.map((s) => s.fold))].sort();
  for (const [i, fold] of folds.entries()) {
    log(`fold ${i + 1}/${folds.length}: ${fold}`);
    const model = fitPixelModel(trainingSet(samples, (s) => s.fold === fold), measured, options);
    for (const s of samples.filter((x) => x.fold === fold)) {
      for (const t of TRANSFORMS) out.set(`${s.id}|${t}`, imageLogits(model, measured.get(`${s.id}|${t}`)!));
    }
  }
  return out;
}

const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
const roundLinear = (m: LinearModel): LinearModel => ({
  ...m, mean: m.mean.map(round6), std: m.std.map(round6), weights: m.weights.map((w) => w.map(round6)), bias: m.bias.map(round6),
});
const roundPatch = (m: LinearModel | TreeEnsemble): LinearModel | TreeEnsemble =>
  ('trees' in m ? { ...m, base: round6(m.base), trees: m.trees.map((t) => ({ ...t, value: t.value.map(round6) })) } : roundLinear(m));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const samples = loadSamples();
  if (args.includes('--measure-shard')) {
    const [k, n] = args[args.indexOf('--measure-shard') + 1].split('/').map(Number);
    await fillShard(samples, k, n);
    return;
  }
  const workers = args.includes('--workers') ? Number(args[args.indexOf('--workers') + 1]) : 2;
  const log = (m: string): void => void process.stderr.write(`${m}\n`);
  const measured = await measureAll(samples, workers, log);
  const oof = heldOutLogits(samples, measured, log);
  const heldOut = [...oof.entries()].flatMap(([key, logits]) => {
    const s = samples.find((x) => x.id === key.split('|')[0])!;
    return logits ? [{ logits, label: s.label }] : [];
  });
  const temperature = fitTemperature(heldOut);
  const realBias = chooseRealBias(heldOut, temperature);
  const version = createHash('sha256').update(JSON.stringify(samples.map((s) => s.id))).update(PIXEL_CODE_HASH).update(JSON.stringify(FIT_DEFAULTS))
    .digest('hex').slice(0, 10);
  const model = fitPixelModel(samples, measured, FIT_DEFAULTS, `pix2-${version}`);
  const out: PixelModel = {
    version: model.version, patch: roundPatch(model.patch), image: roundLinear(model.image), temperature, realBias,
    trainedOn: {
      images: samples.length,
      perClass: Object.fromEntries(CLASSES.map((c) => [c, samples.filter((s) => s.label === c).length])),
      transformations: TRANSFORMS,
      fit: FIT_DEFAULTS,
      temperatureAndRealBiasFrom: 'leave-one-generator-family-out / leave-one-source-out held-out logits, all transformations',
      realFalseAlarmTarget: REAL_FALSE_ALARM_TARGET,
    },
  };
  writeFileSync(MODEL_PATH, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`wrote ${MODEL_PATH}: ${samples.length} images × ${TRANSFORMS.length} transformations, temperature ${temperature}, real bias ${realBias}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
