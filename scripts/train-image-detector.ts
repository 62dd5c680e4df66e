/**
 * Trains the image engine's pixel classifier on ../shared/data/image + ../shared/data/image-extra and writes
 * server/engines/image/model.json.
 *
 *   npm run train -- image [--workers N]
 *
 * The pixel model never sees a file as uploaded: every image is decoded, stripped of its metadata and
 * re-encoded into the protocol's transformations (lossless PNG, JPEG q95/85/75/60, WebP, downscales to
 * 1024 and 512 px, an off-grid centre crop) and into a few random processing chains seeded by the image's
 * id (crop, downscale, JPEG/WebP/PNG), for EVERY class, and trained on all of them. Format, metadata, size
 * and processing history are therefore not what it can learn. Deterministic: the only randomness is seeded.
 *
 * Model (server/engines/image/model.ts): a patch model (per texture bin, a shrunk Fisher discriminant of
 * real against generated patches, closed form) and an image model (softmax regression over the distribution
 * of patch scores, L2-regularised, Newton's method), both with class- and image-balanced weights. The
 * temperature and the real-class bias come from the leave-one-generator-family / leave-one-source-out
 * predictions (scripts/eval/image.ts).
 *
 * Measuring is the slow part; measurements are cached under /tmp/image-engine-v3-cache, keyed by the
 * image, the transformation and the measuring code, and filled by N niced child processes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { seededRandom } from '../server/engines/shared/random.ts';
import { measureImage } from '../server/engines/image/engine.ts';
import { PATCH_FEATURES, PATCH_FEATURE_COUNT, type PatchGrid } from '../server/engines/image/forensics.ts';
import {
  CLASSES, IMAGE_FEATURES, SUMMARY_FEATURE_COUNT, imageFeatures, textureBin, linearLogits, patchScores, softmax, type ImageClass, type LinearModel, type PatchModel, type PixelModel,
} from '../server/engines/image/model.ts';

export const DATA_DIRS = ['image', 'image-extra'].map((d) => fileURLToPath(new URL(`../../shared/data/${d}/`, import.meta.url)));
const ENGINE_DIR = new URL('../server/engines/image/', import.meta.url);
const MODEL_PATH = fileURLToPath(new URL('model.json', ENGINE_DIR));
const CACHE_DIR = '/tmp/image-engine-v3-cache';

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

/**
 * Training-only processing chains: each image also goes through AUGMENTS random chains (seeded by its id),
 * an optional crop at any offset, an optional downscale with one of several kernels, then JPEG q60–95, WebP
 * q65–90 or PNG. Real photos and generated images thus share every processing history, and the model
 * cannot tell them apart by how they were saved.
 */
export const AUGMENTS = ['aug0', 'aug1', 'aug2'] as const;
export type View = Transform | (typeof AUGMENTS)[number];
/** Everything a model is trained on: the protocol's transformations and the random chains. */
export const TRAIN_VIEWS: readonly View[] = [...TRANSFORMS, ...AUGMENTS];

/** Lossless either way; the lowest compression level only saves time. */
const FAST_PNG = { compressionLevel: 1 } as const;

async function augment(bytes: Uint8Array, w: number, h: number, seed: string): Promise<Sharp> {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  let image = sharp(bytes, { ignoreIcc: true, pages: 1 }).removeAlpha();
  let cw = w, ch = h;
  if (random() < 0.5) {
    const f = 0.7 + 0.25 * random();
    cw = Math.max(1, Math.floor(w * f)); ch = Math.max(1, Math.floor(h * f));
    image = image.extract({ left: Math.floor(random() * (w - cw + 1)), top: Math.floor(random() * (h - ch + 1)), width: cw, height: ch });
  }
  if (random() < 0.6) {
    const scale = 0.35 + 0.55 * random();
    const side = Math.max(128, Math.round(Math.max(cw, ch) * scale));
    const kernel = pick(['lanczos3', 'cubic', 'mitchell', 'linear'] as const);
    // Pixels out of the first stage, so that the resize never merges with the crop or the decoder.
    image = sharp(await image.png(FAST_PNG).toBuffer()).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel });
  }
  const codec = random();
  if (codec < 0.55) return image.jpeg({ quality: 60 + Math.floor(random() * 36) });
  if (codec < 0.75) return image.webp({ quality: 65 + Math.floor(random() * 26) });
  return image.png(FAST_PNG);
}

export async function transform(bytes: Uint8Array, t: View, seed = ''): Promise<Uint8Array> {
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
    default: out = await augment(bytes, w, h, `${seed}:${t}`);
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

function cachePath(sample: Sample, t: View): string {
  const key = createHash('sha256').update(`${sample.id}:${t}:${PIXEL_CODE_HASH}`).digest('hex').slice(0, 24);
  return join(CACHE_DIR, `${key}.json`);
}

async function measureFresh(sample: Sample, t: View): Promise<Measured> {
  const bytes = await transform(new Uint8Array(readFileSync(sample.path)), t, sample.id);
  const m = await measureImage(bytes, { ignoreProvenance: true });
  return { width: m.width, height: m.height, grid: m.grid };
}

export function readMeasured(sample: Sample, t: View): Measured {
  const raw = JSON.parse(readFileSync(cachePath(sample, t), 'utf8')) as Measured & { grid: { features: string } };
  const bytes = Buffer.from(raw.grid.features, 'base64');
  const features = Float64Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  return { ...raw, grid: { ...raw.grid, features } };
}

async function fillShard(samples: Sample[], shard: number, shards: number): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const [i, sample] of samples.entries()) {
    if (i % shards !== shard) continue;
    for (const t of TRAIN_VIEWS) {
      const path = cachePath(sample, t);
      if (existsSync(path)) continue;
      const m = await measureFresh(sample, t);
      // Single precision, base64: compact, and the same on every run.
      const features = Buffer.from(Float32Array.from(m.grid.features).buffer).toString('base64');
      writeFileSync(path, JSON.stringify({ ...m, grid: { ...m.grid, features } }));
    }
  }
}

/** Measures every sample under every transformation (cached), in `workers` niced child processes. */
export async function measureAll(samples: Sample[], workers = 2, log = (_: string): void => {}): Promise<Map<string, Measured>> {
  const missing = samples.filter((s) => TRAIN_VIEWS.some((t) => !existsSync(cachePath(s, t))));
  if (missing.length) {
    log(`measuring ${missing.length} images × ${TRAIN_VIEWS.length} transformations in ${workers} processes`);
    const script = fileURLToPath(import.meta.url);
    await Promise.all(Array.from({ length: workers }, (_, k) => new Promise<void>((resolve, reject) => {
      const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', script, '--measure-shard', `${k}/${workers}`], { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`measuring shard ${k} failed (${code})`))));
    })));
  }
  const out = new Map<string, Measured>();
  for (const s of samples) for (const t of TRAIN_VIEWS) out.set(`${s.id}|${t}`, readMeasured(s, t));
  return out;
}

// ------------------------------------------------------------------------------------------------------------
// Fitting

export interface FitOptions {
  /** Shrinkage of the patch discriminant's within-class covariance (standardised units) towards the identity. */
  patchShrinkage: number;
  /** Texture bins, each with its own patch discriminant (1: a single discriminant). */
  textureBins: number;
  /** Extra weight of the processing-only scatter (per-view means of one image) in the within-class covariance. */
  invariance: number;
  /** Image model inputs: the patches' mean summary statistics and the score distribution, or the scores only. */
  imageInputs: 'all' | 'scores';
  imageL2: number;
  clip: number;
}
export const FIT_DEFAULTS: FitOptions = { patchShrinkage: 0.01, textureBins: 3, invariance: 3, imageInputs: 'scores', imageL2: 0.001, clip: 4 };

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

/**
 * Sufficient statistics of one image's patches (of one texture bin) over all its training views: count, sum,
 * sum of outer products, and the scatter of the per-view mean vectors (how processing alone moves them).
 */
interface PatchStats { n: number; sum: Float64Array; gram: Float64Array; viewScatter: Float64Array }

const statsCache = new WeakMap<Map<string, Measured>, Map<string, PatchStats[]>>();
const BIN_FEATURE = 'gradient';

function patchStats(s: Sample, measured: Map<string, Measured>, edges: number[]): PatchStats[] {
  let cache = statsCache.get(measured);
  if (!cache) statsCache.set(measured, (cache = new Map()));
  const key = `${s.id}|${edges.join()}`;
  const known = cache.get(key);
  if (known) return known;
  const F = PATCH_FEATURE_COUNT, bf = PATCH_FEATURES.indexOf(BIN_FEATURE);
  const stats: PatchStats[] = Array.from({ length: edges.length + 1 }, () => ({
    n: 0, sum: new Float64Array(F), gram: new Float64Array(F * F), viewScatter: new Float64Array(F * F),
  }));
  const viewMeans = stats.map(() => [] as Float64Array[]);
  for (const t of TRAIN_VIEWS) {
    const { grid } = measured.get(`${s.id}|${t}`)!;
    const sums = stats.map(() => new Float64Array(F)), counts = stats.map(() => 0);
    for (let k = 0; k < grid.rows * grid.cols; k++) {
      const x = grid.features.subarray(k * F, (k + 1) * F);
      const b = textureBin(edges, x[bf]);
      const st = stats[b];
      st.n++;
      counts[b]++;
      for (let f = 0; f < F; f++) sums[b][f] += x[f];
      for (let f = 0; f < F; f++) {
        const xf = x[f];
        st.sum[f] += xf;
        for (let g = f; g < F; g++) st.gram[f * F + g] += xf * x[g];
      }
    }
    for (const [b, sum] of sums.entries()) if (counts[b]) viewMeans[b].push(sum.map((v) => v / counts[b]));
  }
  for (const [b, st] of stats.entries()) {
    for (let f = 0; f < F; f++) for (let g = 0; g < f; g++) st.gram[f * F + g] = st.gram[g * F + f];
    const means = viewMeans[b];
    if (means.length < 2) continue;
    const centre = new Float64Array(F);
    for (const m of means) for (let f = 0; f < F; f++) centre[f] += m[f] / means.length;
    for (const m of means) {
      for (let f = 0; f < F; f++) for (let g = 0; g < F; g++) st.viewScatter[f * F + g] += ((m[f] - centre[f]) * (m[g] - centre[g])) / means.length;
    }
  }
  cache.set(key, stats);
  return stats;
}

/**
 * Texture bin edges on the log mean luma gradient: fixed, so that every fold shares them (and the per-image
 * statistics). For 2 and 3 bins they sit near the median and the terciles of all patches of the shared data
 * (2.7; 2.25 and 3.1: flat, medium, busy), whatever the labels.
 */
const TEXTURE_EDGES: Record<number, number[]> = { 1: [], 2: [2.7], 3: [2.25, 3.1] };

/**
 * One texture bin's patch discriminant: Fisher's linear discriminant of real-photo patches against
 * generated-image patches, every image weighing the same within its class and both classes the same, with
 * the within-class covariance (in standardised units) shrunk towards the identity. Closed form from
 * per-image statistics: deterministic and cheap enough to refit for every held-out fold. The output is the
 * log-odds of the equal-covariance Gaussian model (no prior: the image model and the real bias decide).
 */
function fitDiscriminant(per: { label: ImageClass; stats: PatchStats }[], shrinkage: number, invariance: number, clip: number): LinearModel {
  const F = PATCH_FEATURE_COUNT;
  const mu = [new Float64Array(F), new Float64Array(F)];
  const second = [new Float64Array(F * F), new Float64Array(F * F)];
  const nuisance = new Float64Array(F * F);
  const count = [0, 0];
  for (const { label, stats: st } of per) {
    if (label === 'inpainting' || !st.n) continue;
    const c = label === 'real' ? 0 : 1;
    count[c]++;
    for (let f = 0; f < F; f++) mu[c][f] += st.sum[f] / st.n;
    for (let k = 0; k < F * F; k++) { second[c][k] += st.gram[k] / st.n; nuisance[k] += st.viewScatter[k]; }
  }
  for (let k = 0; k < F * F; k++) nuisance[k] /= Math.max(1, count[0] + count[1]);
  for (const c of [0, 1]) {
    const n = Math.max(1, count[c]);
    for (let f = 0; f < F; f++) mu[c][f] /= n;
    for (let k = 0; k < F * F; k++) second[c][k] /= n;
  }
  // Pooled within-class covariance; standardise by the balanced mixture's spread.
  const within = new Float64Array(F * F);
  for (let f = 0; f < F; f++) {
    for (let g = 0; g < F; g++) {
      within[f * F + g] = (second[0][f * F + g] - mu[0][f] * mu[0][g] + second[1][f * F + g] - mu[1][f] * mu[1][g]) / 2;
    }
  }
  // What processing alone does to an image's patches counts `invariance` times more as noise: directions
  // that re-encoding or resizing move get little weight, so the score does not follow the file's history.
  for (let k = 0; k < F * F; k++) within[k] += invariance * nuisance[k];
  const mean = Array.from({ length: F }, (_, f) => (mu[0][f] + mu[1][f]) / 2);
  const std = Array.from({ length: F }, (_, f) => Math.sqrt(Math.max(0, within[f * F + f]) + ((mu[1][f] - mu[0][f]) / 2) ** 2) || 1);
  const a = new Float64Array(F * F), delta = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    delta[f] = count[0] && count[1] ? (mu[1][f] - mu[0][f]) / std[f] : 0;
    for (let g = 0; g < F; g++) a[f * F + g] = (within[f * F + g] / (std[f] * std[g])) * (1 - shrinkage) + (f === g ? shrinkage : 0);
  }
  const w = solveSpd(a, delta, F);
  return { features: [...PATCH_FEATURES], mean, std, clip, weights: [Array.from(w)], bias: [0] };
}

/** The patch model: texture bins from the training patches, one discriminant per bin. */
export function fitPatchModel(train: Sample[], measured: Map<string, Measured>, options: Pick<FitOptions, 'patchShrinkage' | 'invariance' | 'textureBins' | 'clip'>): PatchModel {
  const edges = TEXTURE_EDGES[options.textureBins];
  if (!edges) throw new Error(`no texture bin edges for ${options.textureBins} bins`);
  const stats = train.map((s) => ({ label: s.label, stats: patchStats(s, measured, edges) }));
  return {
    binFeature: BIN_FEATURE, edges,
    models: edges.concat(0).map((_, b) => fitDiscriminant(stats.map((x) => ({ label: x.label, stats: x.stats[b] })), options.patchShrinkage, options.invariance, options.clip)),
  };
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

/** Fits both stages on the given images (every training view of each). */
export function fitPixelModel(train: Sample[], measured: Map<string, Measured>, options: FitOptions = FIT_DEFAULTS, version = 'dev'): PixelModel {
  const patch = fitPatchModel(train, measured, options);
  // Stage 2: image classes from the distribution of patch scores.
  const imageRows: number[] = [], imageOwners: { image: string; cls: number }[] = [];
  for (const s of train) {
    for (const t of TRAIN_VIEWS) {
      const { grid } = measured.get(`${s.id}|${t}`)!;
      if (grid.rows * grid.cols === 0) continue;
      const values = imageFeatures(grid, patchScores(patch, grid));
      // A column left at 0 gets no gradient, so its weight stays 0: the model ignores that input.
      if (options.imageInputs === 'scores') for (let f = 0; f < SUMMARY_FEATURE_COUNT; f++) values[f] = 0;
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

/**
 * The real-class bias that keeps real photos called non-real at or under `target` (held-out logits) under
 * every transformation (`view`) separately, so that no way of saving a photo raises its false-alarm rate
 * above the target.
 */
export function chooseRealBias(oof: { logits: number[]; label: ImageClass; view: string }[], temperature: number, target = REAL_FALSE_ALARM_TARGET): number {
  const reals = oof.filter((o) => o.label === 'real');
  const views = [...new Set(reals.map((o) => o.view))];
  for (let b = 0; b <= 8.001; b += 0.1) {
    const worst = Math.max(...views.map((v) => {
      const ofView = reals.filter((o) => o.view === v);
      const alarms = ofView.filter((o) => {
        const z = o.logits.map((l, c) => l / temperature + (c === 0 ? b : 0));
        return z.indexOf(Math.max(...z)) !== 0;
      }).length;
      return alarms / ofView.length;
    }));
    if (worst <= target) return Math.round(b * 10) / 10;
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
    return logits ? [{ logits, label: s.label, view: key.split('|')[1] }] : [];
  });
  const temperature = fitTemperature(heldOut);
  const realBias = chooseRealBias(heldOut, temperature);
  const version = createHash('sha256').update(JSON.stringify(samples.map((s) => s.id))).update(PIXEL_CODE_HASH).update(JSON.stringify(FIT_DEFAULTS))
    .digest('hex').slice(0, 10);
  const model = fitPixelModel(samples, measured, FIT_DEFAULTS, `pix3-${version}`);
  const out: PixelModel = {
    version: model.version, patch: { ...model.patch, models: model.patch.models.map(roundLinear) }, image: roundLinear(model.image), temperature, realBias,
    trainedOn: {
      images: samples.length,
      perClass: Object.fromEntries(CLASSES.map((c) => [c, samples.filter((s) => s.label === c).length])),
      transformations: TRAIN_VIEWS,
      fit: FIT_DEFAULTS,
      temperatureAndRealBiasFrom: 'leave-one-generator-family-out / leave-one-source-out held-out logits, all transformations',
      realFalseAlarmTarget: REAL_FALSE_ALARM_TARGET,
    },
  };
  writeFileSync(MODEL_PATH, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`wrote ${MODEL_PATH}: ${samples.length} images × ${TRAIN_VIEWS.length} views, temperature ${temperature}, real bias ${realBias}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
