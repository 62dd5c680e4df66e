/**
 * The detector's trained parameters, their file format, and scoring of an analysed document.
 *
 * Document logit = bias + Σ_groups (Σ weights of the group's n-grams) / n_group^normPow
 *                  + Σ dense weight × standardised dense feature.
 * Sentence logit = document logit + λ · shrink(n) · Σ_groups (mean n-gram weight in the sentence −
 *                  mean n-gram weight in the document): a sentence reads as more (or less) AI than its
 *                  document only as far as its own words say so, and the n-gram-weighted mean of the
 *                  deviations is zero, so sentence scores centre on the document score.
 * Probability = sigmoid(a(n) · logit + b(n)), n the document's word count: Platt scaling fitted per
 * length band on held-out (leave-one-register-group-out) logits, each band's intercept lowered to its
 * operating point; a and b are linear in log(n) between the band centres, so the score does not jump
 * when a word is added. A short text carries little evidence: its band's a is small and its score
 * stays near the middle. Sentences use their document's calibration (their context) and never claim
 * more certainty than the document.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Analysis, FeatureConfig, LmTables } from './features.ts';
import { DENSE_DIM } from './features.ts';
import type { NgramLm, NgramPair } from './ngram-lm.ts';

export interface ModelParams {
  version: string;
  feature: FeatureConfig;
  sparse: Float32Array;
  dense: Float32Array;
  bias: number;
  denseMean: Float32Array;
  denseStd: Float32Array;
  lm: LmTables | null;
  /** Word-trigram models of human and of AI training text (format 3). */
  ngram: NgramPair | null;
  /** Per length band (LENGTH_BANDS): p = sigmoid(a · logit + b). */
  calibration: Calibration;
  /** Sentence deviation strength λ and length shrinkage κ (in n-grams): shrink(n) = n / (n + κ). */
  sentence: { lambda: number; kappa: number };
  /** Training and dev figures recorded by the training script. */
  info: Record<string, unknown>;
}

/** Length bands of the calibration and of the evaluation, with the word count of each band's knot. */
export const LENGTH_BANDS = [
  { name: '≤ 30', maxWords: 30, knotWords: 22 },
  { name: '31–60', maxWords: 60, knotWords: 45 },
  { name: '61–150', maxWords: 150, knotWords: 100 },
  { name: '151–400', maxWords: 400, knotWords: 250 },
  { name: '> 400', maxWords: Infinity, knotWords: 520 },
] as const;

export function bandOf(words: number): number {
  let b = 0;
  while (words > LENGTH_BANDS[b].maxWords) b++;
  return b;
}

export interface Calibration {
  /** Platt slope and intercept of each length band, the intercept after the operating-point shift. */
  a: number[];
  b: number[];
  /** How far each band's intercept was lowered from Platt's to reach its false-positive target. */
  shift: number[];
}

const KNOTS = LENGTH_BANDS.map((band) => Math.log(band.knotWords));

/** a, b and shift for a text of `words` words: linear in log(words) between knots, constant outside. */
export function calibrationAt(cal: Calibration, words: number): { a: number; b: number; shift: number } {
  const x = Math.log(Math.max(words, 1));
  const at = (k: number, t = 0) => ({
    a: cal.a[k] + t * ((cal.a[k + 1] ?? cal.a[k]) - cal.a[k]),
    b: cal.b[k] + t * ((cal.b[k + 1] ?? cal.b[k]) - cal.b[k]),
    shift: cal.shift[k] + t * ((cal.shift[k + 1] ?? cal.shift[k]) - cal.shift[k]),
  });
  if (x <= KNOTS[0]) return at(0);
  const last = KNOTS.length - 1;
  if (x >= KNOTS[last]) return at(last);
  let k = 0;
  while (x > KNOTS[k + 1]) k++;
  return at(k, (x - KNOTS[k]) / (KNOTS[k + 1] - KNOTS[k]));
}

/** Width of the score range just under 0.5 that holds the logits between Platt's midpoint and the operating point. */
const UNDECIDED = 0.01;

/**
 * The ai_score of a logit. Only a logit past its band's operating point (the false-positive cap)
 * scores above 0.5, with the shifted sigmoid. Below Platt's midpoint the score is Platt's held-out
 * probability (times 1 − 2·UNDECIDED); between the midpoint and the operating point it rises from
 * 0.5 − UNDECIDED to 0.5. Strictly increasing, so the ranking is the logit's. Lowering the whole
 * sigmoid instead told short AI texts "human" with a confidence their evidence does not carry
 * (4.0.0: AI texts of 31–60 words averaged 0.10 held out).
 */
export function scoreAt(cal: Calibration, logit: number, words: number): number {
  const { a, b, shift } = calibrationAt(cal, words);
  const z = a * logit + b;
  if (z > 0 || shift >= 0) return sigmoid(z);
  const platt = z - shift;
  if (platt <= 0) return (1 - 2 * UNDECIDED) * sigmoid(platt);
  return 0.5 - UNDECIDED * (z / shift);
}

export interface Scored {
  logit: number;
  sentenceLogits: Float64Array;
}

/** Clip for standardised dense features: keeps one odd statistic from dominating. */
export const Z_CLIP = 5;

export function standardize(p: { denseMean: ArrayLike<number>; denseStd: ArrayLike<number> }, raw: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let k = 0; k < DENSE_DIM; k++) {
    const z = (raw[k] - p.denseMean[k]) / p.denseStd[k];
    out[k] = z > Z_CLIP ? Z_CLIP : z < -Z_CLIP ? -Z_CLIP : z;
  }
  return out;
}

function sum(w: Float32Array, idx: Int32Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += w[idx[i]];
  return s;
}

/** The terms of a document's logit besides the bias (the sums of the word and character n-gram weights, before and after the 1 / n^normPow scaling). */
export interface DocumentTerms {
  sW: number;
  sC: number;
  word: number;
  char: number;
}

/**
 * The document logit is bias + word + char + Σ p.dense[k] · z[k], summed in that order; this fills
 * `z` with the standardised dense features. The one place of that formula: the score and the
 * detector's breakdown by parts (index.ts) both read it.
 */
export function documentTerms(p: ModelParams, an: Analysis, z: Float64Array): DocumentTerms {
  const pow = p.feature.normPow;
  const nW = an.wordIdx.length;
  const nC = an.charIdx.length;
  const sW = sum(p.sparse, an.wordIdx, 0, nW);
  const sC = sum(p.sparse, an.charIdx, 0, nC);
  standardize(p, an.dense, z);
  return { sW, sC, word: nW > 0 ? sW / Math.pow(nW, pow) : 0, char: nC > 0 ? sC / Math.pow(nC, pow) : 0 };
}

const zbuf = new Float64Array(DENSE_DIM);

/** Document and sentence logits (before calibration). */
export function scoreAnalysis(p: ModelParams, an: Analysis, withSentences = true): Scored {
  const w = p.sparse;
  const nW = an.wordIdx.length;
  const nC = an.charIdx.length;
  const { sW, sC, word, char } = documentTerms(p, an, zbuf);
  let logit = p.bias + word + char;
  for (let k = 0; k < DENSE_DIM; k++) logit += p.dense[k] * zbuf[k];

  const ns = an.wordEnds.length;
  const sentenceLogits = new Float64Array(withSentences ? ns : 0);
  if (!withSentences) return { logit, sentenceLogits };
  const mW = nW > 0 ? sW / nW : 0;
  const mC = nC > 0 ? sC / nC : 0;
  const { lambda, kappa } = p.sentence;
  let wFrom = 0;
  let cFrom = 0;
  for (let s = 0; s < ns; s++) {
    const wTo = an.wordEnds[s];
    const cTo = an.charEnds[s];
    const nw = wTo - wFrom;
    const nc = cTo - cFrom;
    let dev = 0;
    if (nw > 0) dev += (sum(w, an.wordIdx, wFrom, wTo) / nw - mW) * (nw / (nw + kappa));
    if (nc > 0) dev += (sum(w, an.charIdx, cFrom, cTo) / nc - mC) * (nc / (nc + kappa * 5));
    sentenceLogits[s] = logit + lambda * dev;
    wFrom = wTo;
    cFrom = cTo;
  }
  return { logit, sentenceLogits };
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** A sentence's score, calibrated in its document's context and no further from 0.5 than the document's. */
export function sentenceScore(p: ModelParams, sentenceLogit: number, words: number, documentScore: number): number {
  const s = scoreAt(p.calibration, sentenceLogit, words);
  const r = Math.abs(documentScore - 0.5);
  return Math.min(0.5 + r, Math.max(0.5 - r, s));
}

// ---------------------------------------------------------------------------------------------
// File format: JSON with typed arrays as base64 (little-endian)

/** Version 2: calibration per length band. Version 3: the human and AI trigram models (ngram). */
const FORMAT = 'ci-textdetect-model/3';

type Table = Float32Array | Uint32Array | Uint16Array;

function b64(a: Table): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

/** The trigram models' tables are mostly zeros and small counts: stored deflated (raw deflate, level 9: deterministic). */
function z64(a: Table): string {
  return deflateRawSync(Buffer.from(a.buffer, a.byteOffset, a.byteLength), { level: 9 }).toString('base64');
}

function fromZ64<T>(s: string, Ctor: { new (buf: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const buf = inflateRawSync(Buffer.from(s, 'base64'));
  const copy = new ArrayBuffer(buf.byteLength);
  new Uint8Array(copy).set(buf);
  return new Ctor(copy);
}

const NGRAM_TABLES = { tri: Uint16Array, bi: Uint16Array, ctxSucc: Uint16Array, biCont: Uint16Array, uniCont: Uint32Array, mid: Uint32Array, succ: Uint32Array, ent: Float32Array, entVar: Float32Array } as const;
type NgramScalars = Pick<NgramLm, 'triBits' | 'biBits' | 'uniBits' | 'd3' | 'd2' | 'types'>;
type NgramFile = NgramScalars & Record<keyof typeof NGRAM_TABLES, string>;

function packNgram(lm: NgramLm): NgramFile {
  const { triBits, biBits, uniBits, d3, d2, types } = lm;
  const tables = Object.fromEntries(Object.keys(NGRAM_TABLES).map((k) => [k, z64(lm[k as keyof typeof NGRAM_TABLES])]));
  return { triBits, biBits, uniBits, d3, d2, types, ...tables } as NgramFile;
}

function unpackNgram(f: NgramFile): NgramLm {
  const { triBits, biBits, uniBits, d3, d2, types } = f;
  const tables = Object.fromEntries(Object.entries(NGRAM_TABLES).map(([k, Ctor]) => [k, fromZ64(f[k as keyof typeof NGRAM_TABLES], Ctor as never)]));
  return { triBits, biBits, uniBits, d3, d2, types, ...tables } as NgramLm;
}

function fromB64<T>(s: string, Ctor: { new (buf: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const buf = Buffer.from(s, 'base64');
  const copy = new ArrayBuffer(buf.byteLength);
  new Uint8Array(copy).set(buf);
  return new Ctor(copy);
}

/** Sparse weights are stored as (index delta, value) pairs of the non-zero entries. */
function packSparse(w: Float32Array): { n: number; idx: string; val: string } {
  const idx: number[] = [];
  const val: number[] = [];
  let last = 0;
  for (let i = 0; i < w.length; i++) {
    if (w[i] !== 0) {
      idx.push(i - last);
      val.push(w[i]);
      last = i;
    }
  }
  return { n: w.length, idx: b64(Uint32Array.from(idx)), val: b64(Float32Array.from(val)) };
}

function unpackSparse(p: { n: number; idx: string; val: string }): Float32Array {
  const w = new Float32Array(p.n);
  const idx = fromB64(p.idx, Uint32Array);
  const val = fromB64(p.val, Float32Array);
  let at = 0;
  for (let i = 0; i < idx.length; i++) {
    at += idx[i];
    w[at] = val[i];
  }
  return w;
}

export function serializeModel(p: ModelParams): string {
  return JSON.stringify({
    format: FORMAT,
    version: p.version,
    feature: p.feature,
    bias: p.bias,
    calibration: p.calibration,
    sentence: p.sentence,
    dense: Array.from(p.dense),
    denseMean: Array.from(p.denseMean),
    denseStd: Array.from(p.denseStd),
    sparse: packSparse(p.sparse),
    lm: p.lm && {
      uniBits: p.lm.uniBits,
      biBits: p.lm.biBits,
      total: p.lm.total,
      discount: p.lm.discount,
      uni: b64(p.lm.uni),
      bi: b64(p.lm.bi),
      succ: b64(p.lm.succ),
    },
    ngram: p.ngram && { human: packNgram(p.ngram.human), ai: packNgram(p.ngram.ai) },
    info: p.info,
  });
}

interface ModelFile {
  format: string;
  version: string;
  feature: FeatureConfig;
  bias: number;
  calibration: Calibration;
  sentence: { lambda: number; kappa: number };
  dense: number[];
  denseMean: number[];
  denseStd: number[];
  sparse: { n: number; idx: string; val: string };
  lm: { uniBits: number; biBits: number; total: number; discount: number; uni: string; bi: string; succ: string } | null;
  ngram: { human: NgramFile; ai: NgramFile } | null;
  info: Record<string, unknown>;
}

export function deserializeModel(json: string): ModelParams {
  const f = JSON.parse(json) as ModelFile;
  if (f.format !== FORMAT) throw new Error(`unknown text-detect model format: ${f.format}`);
  if (f.dense.length !== DENSE_DIM) throw new Error(`model has ${f.dense.length} dense features, engine expects ${DENSE_DIM}`);
  return {
    version: f.version,
    feature: f.feature,
    bias: f.bias,
    calibration: f.calibration,
    sentence: f.sentence,
    dense: Float32Array.from(f.dense),
    denseMean: Float32Array.from(f.denseMean),
    denseStd: Float32Array.from(f.denseStd),
    sparse: unpackSparse(f.sparse),
    lm: f.lm && {
      uniBits: f.lm.uniBits,
      biBits: f.lm.biBits,
      total: f.lm.total,
      discount: f.lm.discount,
      uni: fromB64(f.lm.uni, Uint32Array),
      bi: fromB64(f.lm.bi, Uint16Array),
      succ: fromB64(f.lm.succ, Uint16Array),
    },
    ngram: f.ngram && { human: unpackNgram(f.ngram.human), ai: unpackNgram(f.ngram.ai) },
    info: f.info,
  };
}
