/**
 * Compact word-trigram language models (interpolated Kneser–Ney over hashed count tables) and the
 * detector's features from a pair of them: one trained on human text, one on AI text.
 *
 * Per token: the log-likelihood ratio log p_AI − log p_human (the texts' authorship as two n-gram
 * models see it), and a "normalised surprisal" in the spirit of Fast-DetectGPT: the observed
 * surprisal minus the entropy the model expects after the previous word, divided by that
 * expectation's spread. Raw perplexity says mostly which register a text is in; how far a text is
 * below what its own contexts make likely says more about how it was written.
 *
 * Token hashes are those of `Analyzer.tokenHashes` (features.ts). Tables are hashed: a rare
 * collision merges two n-grams' counts (deterministic, like the rest of the detector).
 */
import { fmix32 } from '../shared/hash.ts';

export interface NgramLm {
  triBits: number;
  biBits: number;
  uniBits: number;
  /** Kneser–Ney discounts of the trigram and bigram orders (n1 / (n1 + 2·n2) of their counts). */
  d3: number;
  d2: number;
  /** Distinct bigram types, N1+(• •). */
  types: number;
  /** c(u v w), saturating. */
  tri: Uint16Array;
  /** c(v w), saturating; also the count of (v w) as a trigram context. */
  bi: Uint16Array;
  /** N1+(v w •): distinct words seen after the pair. */
  ctxSucc: Uint16Array;
  /** N1+(• v w): distinct words seen before the pair (the middle order's Kneser–Ney count). */
  biCont: Uint16Array;
  /** N1+(• w): distinct words seen before w (the lowest order's Kneser–Ney count). */
  uniCont: Uint32Array;
  /** N1+(• v •): distinct trigram types with v in the middle. */
  mid: Uint32Array;
  /** N1+(v •): distinct words seen after v. */
  succ: Uint32Array;
  /** Entropy (nats) and its variance of the observed next-word distribution after v (maximum likelihood). */
  ent: Float32Array;
  entVar: Float32Array;
}

const START = 0x2b5f1c3d | 0;

function h2(v: number, w: number): number {
  return fmix32(Math.imul(v ^ 0x27d4eb2f, 0x165667b1) ^ w);
}

function h3(u: number, v: number, w: number): number {
  return fmix32(Math.imul(h2(u, v) ^ 0x61c88647, 0x9e3779b1) ^ w);
}

export const NGRAM_BITS = { tri: 22, bi: 21, uni: 18 };

function emptyNgram(): NgramLm {
  const { tri, bi, uni } = NGRAM_BITS;
  return {
    triBits: tri,
    biBits: bi,
    uniBits: uni,
    d3: 0.75,
    d2: 0.75,
    types: 0,
    tri: new Uint16Array(1 << tri),
    bi: new Uint16Array(1 << bi),
    ctxSucc: new Uint16Array(1 << bi),
    biCont: new Uint16Array(1 << bi),
    uniCont: new Uint32Array(1 << uni),
    mid: new Uint32Array(1 << uni),
    succ: new Uint32Array(1 << uni),
    ent: new Float32Array(1 << uni),
    entVar: new Float32Array(1 << uni),
  };
}

/** A tokenised text: token hashes, sentences one after the other, and each sentence's end. */
export interface TokenizedText {
  toks: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/** Kneser–Ney discount n1 / (n1 + 2·n2) of a count table (0.75 when it has too few counts). */
function discountOf(counts: Uint16Array): number {
  let n1 = 0;
  let n2 = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 1) n1++;
    else if (counts[i] === 2) n2++;
  }
  const d = n1 + 2 * n2 > 0 ? n1 / (n1 + 2 * n2) : 0.75;
  return Math.min(0.95, Math.max(0.3, d));
}

/** Trains a trigram model on `texts` (deterministic: the same texts in the same order give the same tables). */
export function buildNgram(texts: Iterable<TokenizedText>): NgramLm {
  const lm = emptyNgram();
  const m3 = (1 << lm.triBits) - 1;
  const m2 = (1 << lm.biBits) - 1;
  const m1 = (1 << lm.uniBits) - 1;
  const list = [...texts];
  const ctx = new Float64Array(1 << lm.uniBits);
  for (const { toks, ends } of list) {
    let from = 0;
    for (let s = 0; s < ends.length; s++) {
      let u = START;
      let v = START;
      for (let i = from; i < ends[s]; i++) {
        const w = toks[i] | 0;
        const i3 = h3(u, v, w) & m3;
        const i2 = h2(v, w) & m2;
        if (lm.tri[i3] === 0) {
          const ic = h2(u, v) & m2;
          if (lm.ctxSucc[ic] < 65535) lm.ctxSucc[ic]++;
          if (lm.biCont[i2] === 0) {
            lm.succ[v & m1]++;
            lm.uniCont[w & m1]++;
            lm.types++;
          }
          if (lm.biCont[i2] < 65535) lm.biCont[i2]++;
          lm.mid[v & m1]++;
        }
        if (lm.tri[i3] < 65535) lm.tri[i3]++;
        if (lm.bi[i2] < 65535) lm.bi[i2]++;
        ctx[v & m1]++;
        u = v;
        v = w;
      }
      from = ends[s];
    }
  }
  // Entropy of the next word after v: H = ln N − Σ c ln c / N over the observed successors, summed
  // per occurrence (each occurrence of (v w) adds ln c(v w)).
  const a = new Float64Array(1 << lm.uniBits);
  const b = new Float64Array(1 << lm.uniBits);
  for (const { toks, ends } of list) {
    let from = 0;
    for (let s = 0; s < ends.length; s++) {
      let v = START;
      for (let i = from; i < ends[s]; i++) {
        const w = toks[i] | 0;
        const l = Math.log(Math.max(1, lm.bi[h2(v, w) & m2]));
        a[v & m1] += l;
        b[v & m1] += l * l;
        v = w;
      }
      from = ends[s];
    }
  }
  for (let k = 0; k <= m1; k++) {
    const n = ctx[k];
    if (n === 0) continue;
    const ln = Math.log(n);
    const h = ln - a[k] / n;
    const second = ln * ln - (2 * ln * a[k]) / n + b[k] / n;
    lm.ent[k] = h;
    lm.entVar[k] = Math.max(0, second - h * h);
  }
  lm.d3 = discountOf(lm.tri);
  lm.d2 = discountOf(lm.biCont);
  return lm;
}

/** ln p(w | u v) under interpolated Kneser–Ney. */
export function ngramLogProb(lm: NgramLm, u: number, v: number, w: number): number {
  const m1 = (1 << lm.uniBits) - 1;
  const m2 = (1 << lm.biBits) - 1;
  const vk = v & m1;
  let p = (lm.uniCont[w & m1] + 0.5) / (lm.types + 0.5 * (m1 + 1));
  const mid = lm.mid[vk];
  if (mid > 0) p = (Math.max(lm.biCont[h2(v, w) & m2] - lm.d2, 0) + lm.d2 * lm.succ[vk] * p) / mid;
  const ic = h2(u, v) & m2;
  const c = lm.bi[ic];
  if (c > 0 && !(u === START && v === START)) p = (Math.max(lm.tri[h3(u, v, w) & ((1 << lm.triBits) - 1)] - lm.d3, 0) + lm.d3 * lm.ctxSucc[ic] * p) / c;
  return Math.log(Math.min(1, Math.max(1e-12, p)));
}

/** The human and the AI model. */
export interface NgramPair {
  human: NgramLm;
  ai: NgramLm;
}

/**
 * Accumulators of `ngramSentence`: tokens, Σ ln p_human, Σ llr (ln p_ai − ln p_human), tokens with
 * llr > 0, Σ normalised surprisal under the human and the AI model; then over sentences of at least
 * NG_MIN_SENTENCE tokens: their number, Σ and Σ² of the sentence means of llr, of the human
 * normalised surprisal and of ln p_human.
 */
export const NG_ACC = 13;
const NG_MIN_SENTENCE = 4;

/** Normalised surprisal of a token: (−ln p − expected entropy after v) / √(its variance + 1). */
function normSurprisal(lm: NgramLm, v: number, lp: number): number {
  const k = v & ((1 << lm.uniBits) - 1);
  return (-lp - lm.ent[k]) / Math.sqrt(lm.entVar[k] + 1);
}

/** Adds one sentence's tokens (toks[from..to)) to the statistics `acc` (NG_ACC numbers). */
export function ngramSentence(pair: NgramPair, toks: ArrayLike<number>, from: number, to: number, acc: Float64Array): void {
  let u = START;
  let v = START;
  let sl = 0;
  let sn = 0;
  let sh = 0;
  for (let t = from; t < to; t++) {
    const w = toks[t] | 0;
    const lh = ngramLogProb(pair.human, u, v, w);
    const la = ngramLogProb(pair.ai, u, v, w);
    const llr = la - lh;
    const nh = normSurprisal(pair.human, v, lh);
    acc[0]++;
    acc[1] += lh;
    acc[2] += llr;
    if (llr > 0) acc[3]++;
    acc[4] += nh;
    acc[5] += normSurprisal(pair.ai, v, la);
    sl += llr;
    sn += nh;
    sh += lh;
    u = v;
    v = w;
  }
  const n = to - from;
  if (n >= NG_MIN_SENTENCE) {
    acc[6]++;
    acc[7] += sl / n;
    acc[8] += (sl / n) ** 2;
    acc[9] += sn / n;
    acc[10] += (sn / n) ** 2;
    acc[11] += sh / n;
    acc[12] += (sh / n) ** 2;
  }
}

/** Names of the features `ngramDense` writes, in order. */
export const NGRAM_NAMES = [
  'ng_h_mean', 'ng_llr_mean', 'ng_llr_ai_share', 'ng_ns_h_mean', 'ng_ns_a_mean',
  'ng_llr_sent_std', 'ng_ns_h_sent_std', 'ng_h_sent_std',
] as const;

/** Writes the NGRAM_NAMES features from `ngramSentence` statistics into d[first..]. */
export function ngramDense(acc: Float64Array, d: Float64Array, first: number): void {
  const n = acc[0];
  if (n === 0) return;
  d[first] = acc[1] / n;
  d[first + 1] = acc[2] / n;
  d[first + 2] = acc[3] / n;
  d[first + 3] = acc[4] / n;
  d[first + 4] = acc[5] / n;
  const ns = acc[6];
  if (ns >= 2) {
    const sd = (s: number, s2: number): number => Math.sqrt(Math.max(0, s2 / ns - (s / ns) ** 2));
    d[first + 5] = sd(acc[7], acc[8]);
    d[first + 6] = sd(acc[9], acc[10]);
    d[first + 7] = sd(acc[11], acc[12]);
  }
}
