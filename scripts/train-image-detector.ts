/**
 * Trains the image engine's pixel classifier on ../shared/data/image and writes
 * server/engines/image/model.json.
 *
 *   npx tsx scripts/train-image-detector.ts [--data DIR] [--out FILE]
 *
 * The shared set is biased (real = camera JPEGs with EXIF, fake = PNGs with generator chunks), so the
 * classifier never sees a file as uploaded: every image is re-encoded without metadata into the same set
 * of variants (lossless PNG, JPEG at three qualities, WebP, down-scales, an off-grid crop) for EVERY class.
 * Format, metadata and size are therefore not what it can learn. Deterministic: no randomness at all.
 *
 * Model: multinomial logistic regression, L2-regularised, class- and image-balanced sample weights, fitted
 * by full-batch gradient descent from zero; temperature fitted on leave-one-image-out predictions.
 * Exports the pieces scripts/eval/image.ts reuses (data loading, variants, cached measurement, fitting).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { measureImage, type Measurement } from '../server/engines/image/engine.ts';
import { FEATURE_NAMES } from '../server/engines/image/forensics.ts';
import { CLASSES, featureArray, logits, softmax, type ImageClass, type PixelModel } from '../server/engines/image/model.ts';

export const DEFAULT_DATA = fileURLToPath(new URL('../../shared/data/image/', import.meta.url));
const ENGINE_DIR = new URL('../server/engines/image/', import.meta.url);
const MODEL_PATH = fileURLToPath(new URL('model.json', ENGINE_DIR));
const CACHE_DIR = '/tmp/image-engine-cache';

export interface Sample {
  file: string;
  label: ImageClass;
  source: string;
  /** Cross-validation group: images derived from one another share a group. */
  group: string;
  bytes: Uint8Array;
}

export function loadDataset(dir = DEFAULT_DATA): Sample[] {
  const lines = readFileSync(join(dir, 'labels.jsonl'), 'utf8').trim().split('\n');
  return lines.map((line) => {
    const row = JSON.parse(line) as { file: string; label: ImageClass; source_repo: string; notes?: string };
    // MagicInpainter's edits are of its own beach photo: keep the family together in every split.
    const group = row.source_repo === 'antonmilev/MagicInpainter' ? row.source_repo : row.file;
    return { file: row.file, label: row.label, source: row.source_repo, group, bytes: new Uint8Array(readFileSync(join(dir, row.file))) };
  });
}

/** Metadata-free re-encodings applied identically to every class. */
export const VARIANTS: Record<string, (img: Sharp, w: number, h: number) => Sharp | null> = {
  png: (img) => img.png(),
  jpeg95: (img) => img.jpeg({ quality: 95 }),
  jpeg85: (img) => img.jpeg({ quality: 85 }),
  jpeg70: (img) => img.jpeg({ quality: 70 }),
  webp80: (img) => img.webp({ quality: 80 }),
  half_png: (img, w, h) => (Math.min(w, h) >= 256 ? img.resize(Math.round(w / 2), Math.round(h / 2), { kernel: 'lanczos3' }).png() : null),
  r75_jpeg90: (img, w, h) => (Math.min(w, h) >= 172 ? img.resize(Math.round(w * 0.75), Math.round(h * 0.75)).jpeg({ quality: 90 }) : null),
  // An odd offset breaks the alignment of any 8×8 / 2×2 grid with the original.
  crop_jpeg80: (img, w, h) => (Math.min(w, h) >= 172
    ? img.extract({ left: 3, top: 5, width: Math.floor(w * 0.8), height: Math.floor(h * 0.8) }).jpeg({ quality: 80 })
    : null),
};

/** Re-encodes without metadata (sharp drops it unless asked to keep it). */
export async function makeVariant(bytes: Uint8Array, name: string): Promise<Uint8Array | null> {
  const meta = await sharp(bytes).metadata();
  const w = meta.width ?? 0, h = meta.pageHeight ?? meta.height ?? 0;
  const pipeline = VARIANTS[name](sharp(bytes).removeAlpha(), w, h);
  return pipeline ? new Uint8Array(await pipeline.toBuffer()) : null;
}

/** Hashes of the measuring code, so cached measurements are dropped when it changes. */
function codeHash(files: string[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(fileURLToPath(new URL(f, ENGINE_DIR))));
  return hash.digest('hex').slice(0, 12);
}
const PIXEL_CODE = ['formats.ts', 'decode.ts', 'forensics.ts'];
const PROVENANCE_CODE = ['containers.ts', 'cbor.ts', 'c2pa.ts', 'provenance.ts', 'engine.ts'];
const CODE_HASH = { pixels: codeHash(PIXEL_CODE), all: codeHash([...PIXEL_CODE, ...PROVENANCE_CODE]) };

/** measureImage with an on-disk cache under /tmp (keyed by bytes, options and the measuring code). */
export async function measureCached(bytes: Uint8Array, ignoreProvenance: boolean): Promise<Measurement> {
  const key = createHash('sha256').update(bytes).update(`${ignoreProvenance}:${ignoreProvenance ? CODE_HASH.pixels : CODE_HASH.all}`).digest('hex').slice(0, 24);
  const path = join(CACHE_DIR, `${key}.json`);
  if (existsSync(path)) {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Measurement;
    for (const k of FEATURE_NAMES) if (m.features[k] === null) m.features[k] = NaN; // JSON has no NaN
    return m;
  }
  const m = await measureImage(bytes, { ignoreProvenance });
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(path, JSON.stringify(m));
  return m;
}

export interface TrainingRow {
  sample: Sample;
  variant: string;
  values: number[];
}

/** Feature rows of every metadata-free variant of every sample (thumbnails too small to measure are left out). */
export async function trainingRows(samples: Sample[], log = (_: string): void => {}): Promise<TrainingRow[]> {
  const rows: TrainingRow[] = [];
  for (const [i, sample] of samples.entries()) {
    for (const variant of Object.keys(VARIANTS)) {
      const bytes = await makeVariant(sample.bytes, variant);
      if (!bytes) continue;
      const m = await measureCached(bytes, true);
      const values = featureArray(m.features);
      if (values.filter(Number.isFinite).length < FEATURE_NAMES.length / 2) continue;
      rows.push({ sample, variant, values });
    }
    log(`measured ${i + 1}/${samples.length} ${sample.file}`);
  }
  return rows;
}

export interface FitOptions {
  l2: number;
  iterations: number;
  clip: number;
}
export const FIT_DEFAULTS: FitOptions = { l2: 0.03, iterations: 3000, clip: 4 };

/** Sample weights: every class weighs the same in total, and within a class every image weighs the same. */
function weightsFor(rows: TrainingRow[]): number[] {
  const perImage = new Map<string, number>();
  for (const r of rows) perImage.set(r.sample.file, (perImage.get(r.sample.file) ?? 0) + 1);
  const imagesPerClass = new Map<ImageClass, Set<string>>();
  for (const r of rows) imagesPerClass.set(r.sample.label, (imagesPerClass.get(r.sample.label) ?? new Set()).add(r.sample.file));
  const classes = imagesPerClass.size;
  const raw = rows.map((r) => 1 / perImage.get(r.sample.file)! / imagesPerClass.get(r.sample.label)!.size / classes);
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

/** Fits the standardiser and the L2-regularised softmax regression (deterministic gradient descent). */
export function fitModel(rows: TrainingRow[], options: FitOptions = FIT_DEFAULTS, version = 'dev'): PixelModel {
  const F = FEATURE_NAMES.length, C = CLASSES.length;
  const weights = weightsFor(rows);
  const mean = new Array<number>(F).fill(0), std = new Array<number>(F).fill(1);
  for (let f = 0; f < F; f++) {
    const vals = rows.map((r) => r.values[f]).filter(Number.isFinite);
    if (vals.length === 0) continue;
    mean[f] = vals.reduce((a, b) => a + b, 0) / vals.length;
    std[f] = Math.sqrt(vals.reduce((a, b) => a + (b - mean[f]) ** 2, 0) / vals.length) || 1;
  }
  const model: PixelModel = {
    version, features: [...FEATURE_NAMES], mean, std, clip: options.clip, temperature: 1,
    weights: Array.from({ length: C }, () => new Array<number>(F).fill(0)), bias: new Array<number>(C).fill(0),
  };
  const n = rows.length;
  const z = new Float64Array(n * F);
  rows.forEach((r, i) => r.values.forEach((v, f) => {
    z[i * F + f] = Number.isFinite(v) ? Math.max(-options.clip, Math.min(options.clip, (v - mean[f]) / std[f])) : 0;
  }));
  const y = rows.map((r) => CLASSES.indexOf(r.sample.label));
  // Gradient descent with Nesterov momentum on flat arrays [c * (F + 1) + f], bias at f = F. The objective
  // is convex, so the fixed start (zeros) and fixed iteration count make the fit deterministic and stable.
  const P = F + 1;
  const theta = new Float64Array(C * P), vel = new Float64Array(C * P), look = new Float64Array(C * P), grad = new Float64Array(C * P);
  const lg = new Float64Array(C);
  const lr = 0.5, mu = 0.9;
  for (let it = 0; it < options.iterations; it++) {
    for (let k = 0; k < C * P; k++) look[k] = theta[k] + mu * vel[k];
    for (let c = 0; c < C; c++) for (let f = 0; f < P; f++) grad[c * P + f] = f < F ? options.l2 * look[c * P + f] : 0;
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let c = 0; c < C; c++) {
        let s = look[c * P + F];
        for (let f = 0; f < F; f++) s += look[c * P + f] * z[i * F + f];
        lg[c] = s;
        if (s > max) max = s;
      }
      let total = 0;
      for (let c = 0; c < C; c++) { lg[c] = Math.exp(lg[c] - max); total += lg[c]; }
      for (let c = 0; c < C; c++) {
        const g = weights[i] * (lg[c] / total - (y[i] === c ? 1 : 0));
        grad[c * P + F] += g;
        for (let f = 0; f < F; f++) grad[c * P + f] += g * z[i * F + f];
      }
    }
    for (let k = 0; k < C * P; k++) { vel[k] = mu * vel[k] - lr * grad[k]; theta[k] += vel[k]; }
  }
  for (let c = 0; c < C; c++) {
    model.bias[c] = theta[c * P + F];
    for (let f = 0; f < F; f++) model.weights[c][f] = theta[c * P + f];
  }
  return model;
}

/** Temperature that minimises the log loss of out-of-fold logits (grid search; never below 1). */
export function fitTemperature(oof: { logits: number[]; label: ImageClass }[]): number {
  let best = 1, bestLoss = Infinity;
  for (let t = 1; t <= 6.001; t += 0.05) {
    const loss = oof.reduce((s, o) => s - Math.log(Math.max(1e-12, softmax(o.logits.map((l) => l / t))[CLASSES.indexOf(o.label)])), 0);
    if (loss < bestLoss - 1e-9) { bestLoss = loss; best = Math.round(t * 100) / 100; }
  }
  return best;
}

/** Out-of-fold logits of each row's pixels, holding out one group key at a time. */
export function outOfFold(rows: TrainingRow[], keyOf: (s: Sample) => string, options = FIT_DEFAULTS): { row: TrainingRow; logits: number[] }[] {
  const keys = [...new Set(rows.map((r) => keyOf(r.sample)))].sort();
  const out: { row: TrainingRow; logits: number[] }[] = [];
  for (const key of keys) {
    const model = fitModel(rows.filter((r) => keyOf(r.sample) !== key), options);
    for (const r of rows.filter((r) => keyOf(r.sample) === key)) out.push({ row: r, logits: logits(model, r.values) });
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dataDir = args.includes('--data') ? args[args.indexOf('--data') + 1] : DEFAULT_DATA;
  const outPath = args.includes('--out') ? args[args.indexOf('--out') + 1] : MODEL_PATH;
  const samples = loadDataset(dataDir);
  const rows = await trainingRows(samples, (m) => process.stderr.write(`\r${m.padEnd(100).slice(0, 100)}`));
  process.stderr.write('\n');
  // Temperature from leave-one-image-out predictions (derived images held out together). Leave-one-source-out
  // folds of this set leave whole classes nearly empty (24 of 27 reals are one source), so they say more
  // about the set than about calibration; scripts/eval/image.ts reports both.
  const oof = outOfFold(rows, (s) => s.group);
  const temperature = fitTemperature(oof.map((o) => ({ logits: o.logits, label: o.row.sample.label })));
  const oofAccuracy = oof.filter((o) => CLASSES[o.logits.indexOf(Math.max(...o.logits))] === o.row.sample.label).length / oof.length;
  const version = createHash('sha256').update(JSON.stringify(rows.map((r) => r.values))).digest('hex').slice(0, 10);
  const model = fitModel(rows, FIT_DEFAULTS, `pix-${version}`);
  model.temperature = temperature;
  const round = (v: number): number => Math.round(v * 1e6) / 1e6;
  model.mean = model.mean.map(round);
  model.std = model.std.map(round);
  model.weights = model.weights.map((w) => w.map(round));
  model.bias = model.bias.map(round);
  model.trainedOn = {
    images: samples.length,
    rows: rows.length,
    variants: Object.keys(VARIANTS),
    perClassImages: Object.fromEntries(CLASSES.map((c) => [c, new Set(rows.filter((r) => r.sample.label === c).map((r) => r.sample.file)).size])),
    fit: FIT_DEFAULTS,
    leaveOneImageOutVariantAccuracy: Math.round(oofAccuracy * 1000) / 1000,
  };
  writeFileSync(outPath, `${JSON.stringify(model, null, 1)}\n`);
  console.log(`wrote ${outPath}: ${rows.length} rows from ${samples.length} images, temperature ${temperature}, ` +
    `leave-one-image-out accuracy on variants ${(oofAccuracy * 100).toFixed(1)}%`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
