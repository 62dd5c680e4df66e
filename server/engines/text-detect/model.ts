/**
 * The detector's trained parameters, their file format, and scoring of an analysed document.
 *
 * Document logit = bias + Σ_groups (Σ weights of the group's n-grams) / n_group^normPow
 *                  + Σ dense weight × standardised dense feature.
 * Sentence scores have evidence of their own (sentenceScoresOf): the document model's logit of each
 * sentence read alone and of the windows around it, the sentence reader's (a second weight vector
 * over the same features, trained on single sentences) relative to the document, with its
 * neighbours' and the document logit as context, give an emission logit; a two-state (human / AI)
 * chain over the sentences (a linear-chain CRF) smooths them, so a change of author shows as a change of score. Trained on documents joined
 * from held-out human and AI passages.
 * Probability = sigmoid(a(n) · logit + b(n)), n the document's word count: Platt scaling fitted per
 * length band on held-out (leave-one-register-group-out) logits, each band's intercept lowered to its
 * operating point; a and b are linear in log(n) between the band centres, so the score does not jump
 * when a word is added. A short text carries little evidence: its band's a is small and its score
 * stays near the middle. Sentences use their document's calibration (their context) and never claim
 * more certainty than the document.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Analysis, Analyzer, FeatureConfig, LmTables } from './features.ts';
import { DENSE_DIM } from './features.ts';
import type { NgramLm, NgramPair } from './ngram-lm.ts';

/** A linear model over an Analysis: word n-gram weights, dense weights and their standardisation (clipped), bias. */
export interface LinearWeights {
  sparse: Float32Array;
  dense: Float32Array;
  bias: number;
  denseMean: Float32Array;
  denseStd: Float32Array;
}

/** The document model's weights (LinearWeights), its language models, calibration and sentence model. */
export interface ModelParams extends LinearWeights {
  version: string;
  feature: FeatureConfig;
  lm: LmTables | null;
  /** Word-trigram models of human and of AI training text (format 3). */
  ngram: NgramPair | null;
  /** Per length band (LENGTH_BANDS): p = sigmoid(a · logit + b). */
  calibration: Calibration;
  /** The sentence model (sentenceScores). */
  sentence: SentenceModel;
  /**
   * The sentence reader (format 5): a second linear model over the document model's features (same
   * hashing, dense features, language models and trigram pair), trained on single sentences of the
   * training texts; null: none (its sentence features are 0).
   */
  reader: LinearWeights | null;
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
  return operatingScore(a * logit + b, shift);
}

/** The score of log-odds z, its operating point `shift` (≤ 0) from the probability's midpoint (scoreAt; the sentences' too). */
function operatingScore(z: number, shift: number): number {
  if (z > 0 || shift >= 0) return sigmoid(z);
  const platt = z - shift;
  if (platt <= 0) return (1 - 2 * UNDECIDED) * sigmoid(platt);
  return 0.5 - UNDECIDED * (z / shift);
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
 * detector's breakdown by parts (index.ts) both read it, and the sentence reader's weights `w` go
 * through it too (n-grams scaled by 1 / n^`pow`, the document model's normPow).
 */
export function documentTerms(p: ModelParams, an: Analysis, z: Float64Array, w: LinearWeights = p): DocumentTerms {
  const pow = p.feature.normPow;
  const nW = an.wordIdx.length;
  const nC = an.charIdx.length;
  const sW = sum(w.sparse, an.wordIdx, 0, nW);
  const sC = sum(w.sparse, an.charIdx, 0, nC);
  standardize(w, an.dense, z);
  return { sW, sC, word: nW > 0 ? sW / Math.pow(nW, pow) : 0, char: nC > 0 ? sC / Math.pow(nC, pow) : 0 };
}

/** Σ w.dense[k] · z[k] over the standardised dense features `z` (documentTerms fills them). */
function denseTerm(w: LinearWeights, z: Float64Array): number {
  let v = 0;
  for (let k = 0; k < DENSE_DIM; k++) v += w.dense[k] * z[k];
  return v;
}

const zbuf = new Float64Array(DENSE_DIM);

/** The document logit (before calibration). */
export function documentLogit(p: ModelParams, an: Analysis): number {
  const { word, char } = documentTerms(p, an, zbuf);
  let logit = p.bias + word + char;
  for (let k = 0; k < DENSE_DIM; k++) logit += p.dense[k] * zbuf[k];
  return logit;
}

// ---------------------------------------------------------------------------------------------
// Sentence scores

/**
 * The sentence model's inputs, per sentence, all read by the document model. `logit` and
 * `word_ngrams` are the logit of the sentence analysed alone, as a text of its own, and its word
 * n-gram term; `window1` and `window2` the logit of the sentence with one and two neighbours on each
 * side, pooled from the sentences' own analyses (the document formula over the window: n-gram sums
 * and counts added before the 1 / n^normPow scaling, the dense term averaged by word count); `nb_*`
 * the means of the previous and the next sentence's values (one of them at the ends; 0 alone); the
 * document logit is the context. `reader_logit` and `reader_window1` are the sentence reader's
 * (ModelParams.reader) logit of the sentence read alone and of its ±1 window, pooled the same way
 * from the same analyses, each minus the mean of the reader's sentence logits over the document: the
 * reader ranks sentences within a document, the document model's readings give their level. A
 * change of author is a change of these.
 */
export const SENTENCE_FEATURES = ['logit', 'word_ngrams', 'window1', 'window2', 'nb_logit', 'nb_word_ngrams', 'nb_window1', 'nb_window2', 'doc_logit', 'reader_logit', 'reader_window1'] as const;
export const SENTENCE_DIM = SENTENCE_FEATURES.length;
/** The first OWN features are the sentence's own; the next OWN their neighbours' means. */
const OWN = 4;
/** Per sentence read alone, at these offsets: Σ word n-gram weights, their count, Σ char n-gram weights, their count, words, dense term; the reader's Σ word n-gram weights and dense term. */
const PART = { sW: 0, nW: 1, sC: 2, nC: 3, words: 4, dense: 5, readerSW: 6, readerDense: 7 } as const;
const PARTS = Object.keys(PART).length;

export interface SentenceModel {
  /** Standardisation, weights and bias of the emission logit over SENTENCE_FEATURES. */
  mean: number[];
  std: number[];
  w: number[];
  bias: number;
  /** Chance that the author changes from one sentence to the next (the chain's switch probability). */
  switchProb: number;
  /** A sentence scores above 0.5 when its posterior logit passes the threshold, which holds human sentences' flags to their target. */
  threshold: number;
}

/**
 * Features of every sentence (SENTENCE_DIM numbers a sentence, in order) of a document of
 * `sentences` with logit `docLogit`. Analyses each sentence alone with `analyzer` (the model's own),
 * so an Analysis it returned before is overwritten.
 */
export function sentenceFeatures(p: ModelParams, analyzer: Analyzer, sentences: readonly string[], docLogit: number): Float64Array {
  const ns = sentences.length;
  const parts = new Float64Array(ns * PARTS);
  sentences.forEach((text, s) => {
    const an = analyzer.analyse([text]);
    const t = documentTerms(p, an, zbuf);
    const dense = denseTerm(p, zbuf);
    const r = p.reader;
    const rW = r ? documentTerms(p, an, zbuf, r).sW : 0;
    const rDense = r ? denseTerm(r, zbuf) : 0;
    parts.set([t.sW, an.wordIdx.length, t.sC, an.charIdx.length, an.words, dense, rW, rDense], s * PARTS);
  });
  const pow = p.feature.normPow;
  // The logit of sentences from..to−1 read as one text (a sentence without words weighs as one word in the dense term when none has any); `reader`: the reader's (no char n-grams).
  const pooled = (from: number, to: number, reader = false): number => {
    let sW = 0, nW = 0, sC = 0, nC = 0, words = 0, dense = 0, plain = 0;
    const ownSW = reader ? PART.readerSW : PART.sW;
    const ownDense = reader ? PART.readerDense : PART.dense;
    for (let s = Math.max(0, from); s < Math.min(ns, to); s++) {
      const o = s * PARTS;
      sW += parts[o + ownSW];
      nW += parts[o + PART.nW];
      sC += parts[o + PART.sC];
      nC += parts[o + PART.nC];
      words += parts[o + PART.words];
      dense += parts[o + PART.words] * parts[o + ownDense];
      plain += parts[o + ownDense];
    }
    const d = words > 0 ? dense / words : plain / (Math.min(ns, to) - Math.max(0, from));
    if (reader) return p.reader ? p.reader.bias + (nW > 0 ? sW / Math.pow(nW, pow) : 0) + d : 0;
    return p.bias + (nW > 0 ? sW / Math.pow(nW, pow) : 0) + (nC > 0 ? sC / Math.pow(nC, pow) : 0) + d;
  };
  const f = new Float64Array(ns * SENTENCE_DIM);
  for (let s = 0; s < ns; s++) {
    const o = s * SENTENCE_DIM;
    const nW = parts[s * PARTS + PART.nW];
    f[o] = pooled(s, s + 1);
    f[o + 1] = nW > 0 ? parts[s * PARTS + PART.sW] / Math.pow(nW, pow) : 0;
    f[o + 2] = pooled(s - 1, s + 2);
    f[o + 3] = pooled(s - 2, s + 3);
    f[o + 2 * OWN] = docLogit;
    f[o + 2 * OWN + 1] = pooled(s, s + 1, true);
    f[o + 2 * OWN + 2] = pooled(s - 1, s + 2, true);
  }
  let readerMean = 0;
  for (let s = 0; s < ns; s++) readerMean += f[s * SENTENCE_DIM + 2 * OWN + 1] / ns;
  for (let s = 0; s < ns; s++) {
    f[s * SENTENCE_DIM + 2 * OWN + 1] -= readerMean;
    f[s * SENTENCE_DIM + 2 * OWN + 2] -= readerMean;
  }
  for (let s = 0; s < ns; s++) {
    const o = s * SENTENCE_DIM;
    const n = (s > 0 ? 1 : 0) + (s + 1 < ns ? 1 : 0);
    for (let k = 0; k < OWN; k++) {
      const v = (s > 0 ? f[o - SENTENCE_DIM + k] : 0) + (s + 1 < ns ? f[o + SENTENCE_DIM + k] : 0);
      f[o + OWN + k] = n > 0 ? v / n : 0;
    }
  }
  return f;
}

/** Emission logits of the sentences with features `f` (sentenceFeatures). */
function emissionLogits(m: SentenceModel, f: Float64Array): Float64Array {
  const ns = f.length / SENTENCE_DIM;
  const e = new Float64Array(ns);
  for (let s = 0; s < ns; s++) {
    let v = m.bias;
    for (let k = 0; k < SENTENCE_DIM; k++) {
      const z = (f[s * SENTENCE_DIM + k] - m.mean[k]) / m.std[k];
      v += m.w[k] * (z > Z_CLIP ? Z_CLIP : z < -Z_CLIP ? -Z_CLIP : z);
    }
    e[s] = v;
  }
  return e;
}

function logAddExp(a: number, b: number): number {
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

/**
 * Posterior log-odds of "AI" of each sentence under a two-state chain that switches author with
 * probability `rho` between sentences, each emission logit read as the sentence's log-likelihood
 * ratio (forward-backward in log-odds form; the first sentence's prior even).
 */
export function chainPosterior(e: Float64Array, rho: number): Float64Array {
  const ns = e.length;
  const stay = Math.log(1 - rho);
  const move = Math.log(rho);
  // Log-odds after one step of the chain, from log-odds x.
  const step = (x: number): number => logAddExp(stay + x, move) - logAddExp(move + x, stay);
  const fwd = new Float64Array(ns);
  for (let s = 0; s < ns; s++) fwd[s] = (s > 0 ? step(fwd[s - 1]) : 0) + e[s];
  const q = new Float64Array(ns);
  let back = 0;
  for (let s = ns - 1; s >= 0; s--) {
    q[s] = fwd[s] + back;
    back = step(e[s] + back);
  }
  return q;
}

/** Scores under 0.5 + SHORT_SENTENCE_SPREAD and over 0.5 − it for the sentences of a short text: the "Likely" ranges. */
const SHORT_SENTENCE_SPREAD = 0.2;

/**
 * Score of every sentence from its features (sentenceFeatures), mapped as a document's logit is
 * (scoreAt): above 0.5 exactly where the posterior passes the threshold (sigmoid(posterior −
 * threshold) there), below the posterior's midpoint its probability, so a sentence read as human
 * claims no more certainty than the chain's posterior. A text shorter than `shortWords` words keeps
 * its sentences in the "Likely" ranges, as its document.
 */
export function sentenceScoresOf(m: SentenceModel, f: Float64Array, words: number, shortWords: number): Float64Array {
  const q = chainPosterior(emissionLogits(m, f), m.switchProb);
  const r = words < shortWords ? SHORT_SENTENCE_SPREAD : 0.5;
  return q.map((x) => Math.min(0.5 + r, Math.max(0.5 - r, operatingScore(x - m.threshold, -m.threshold))));
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

// ---------------------------------------------------------------------------------------------
// File format: JSON with typed arrays as base64 (little-endian)

/** Version 2: calibration per length band. Version 3: the human and AI trigram models (ngram). Version 4: the sentence model. Version 5: the sentence reader. */
const FORMAT = 'ci-textdetect-model/5';

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
    reader: p.reader && { bias: p.reader.bias, dense: Array.from(p.reader.dense), denseMean: Array.from(p.reader.denseMean), denseStd: Array.from(p.reader.denseStd), sparse: packSparse(p.reader.sparse) },
    info: p.info,
  });
}

interface ModelFile {
  format: string;
  version: string;
  feature: FeatureConfig;
  bias: number;
  calibration: Calibration;
  sentence: SentenceModel;
  dense: number[];
  denseMean: number[];
  denseStd: number[];
  sparse: { n: number; idx: string; val: string };
  lm: { uniBits: number; biBits: number; total: number; discount: number; uni: string; bi: string; succ: string } | null;
  ngram: { human: NgramFile; ai: NgramFile } | null;
  reader: { bias: number; dense: number[]; denseMean: number[]; denseStd: number[]; sparse: { n: number; idx: string; val: string } } | null;
  info: Record<string, unknown>;
}

export function deserializeModel(json: string): ModelParams {
  const f = JSON.parse(json) as ModelFile;
  if (f.format !== FORMAT) throw new Error(`unknown text-detect model format: ${f.format}`);
  if (f.dense.length !== DENSE_DIM) throw new Error(`model has ${f.dense.length} dense features, engine expects ${DENSE_DIM}`);
  if (f.sentence.w.length !== SENTENCE_DIM) throw new Error(`model's sentence model has ${f.sentence.w.length} features, engine expects ${SENTENCE_DIM}`);
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
    reader: f.reader && { bias: f.reader.bias, dense: Float32Array.from(f.reader.dense), denseMean: Float32Array.from(f.reader.denseMean), denseStd: Float32Array.from(f.reader.denseStd), sparse: unpackSparse(f.reader.sparse) },
    info: f.info,
  };
}
