/**
 * The Fast-DetectGPT analytic criterion and the Binoculars score from top-K log-probabilities:
 * equal to the reference formulas (baoguangsheng/fast-detect-gpt `get_sampling_discrepancy_analytic`,
 * ahans30/Binoculars `perplexity` / `entropy`) on a hand-computed example, and on random full
 * distributions; with a truncated top-K, inside the bound the module documents.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addBinocularsPosition,
  addPosition,
  binoculars,
  emptyBinocularsSums,
  emptySums,
  fastDetectGpt,
  positionMoments,
  type TokenPosition,
} from '../../server/model-servers/lm-evidence.ts';

const LN2 = Math.log(2);
const VOCAB = ['a', 'b', 'c'];

/** A position over the three-token vocabulary, every token listed (K = V: no approximation). */
function position(token: string, probabilities: number[]): TokenPosition {
  const top = Object.fromEntries(VOCAB.map((v, i) => [v, Math.log(probabilities[i])]));
  return { token, logprob: top[token], top };
}

const close = (actual: number | undefined, expected: number, tolerance = 1e-12) => assert.ok(actual !== undefined && Math.abs(actual - expected) < tolerance, `${actual} ≠ ${expected}`);

test('Fast-DetectGPT: a hand-computed example', () => {
  // Position 1: p = (1/2, 1/4, 1/4), the text's token "a" (p 1/2). Position 2: p = (1/4, 1/2, 1/4), token "b" (p 1/2).
  // Each: μ = −(½·ln2 + ¼·2ln2 + ¼·2ln2) = −1.5 ln2;  E[log² p] = ½·ln²2 + ½·4 ln²2 = 2.5 ln²2;  σ² = 2.5 − 2.25 = 0.25 ln²2.
  // D = (Σ log p − Σ μ) / sqrt(Σ σ²) = (−2 ln2 + 3 ln2) / sqrt(0.5 ln²2) = √2.
  const sums = emptySums();
  addPosition(sums, { token: 'x', logprob: null, top: null }); // the first token: nothing to score
  addPosition(sums, position('a', [1 / 2, 1 / 4, 1 / 4]));
  addPosition(sums, position('b', [1 / 4, 1 / 2, 1 / 4]));
  close(positionMoments(position('a', [1 / 2, 1 / 4, 1 / 4])).mean, -1.5 * LN2);
  close(positionMoments(position('a', [1 / 2, 1 / 4, 1 / 4])).variance, 0.25 * LN2 * LN2);
  assert.equal(sums.tokens, 2);
  close(fastDetectGpt(sums), Math.SQRT2);
});

test('Binoculars: a hand-computed example', () => {
  // Text tokens x0 x1 = "a" x2 = "b", then the distribution after the text.
  // Performer q1 = (1/4, 1/2, 1/4), q2 = (1/2, 1/4, 1/4): log-PPL = mean(−ln q1(a), −ln q2(b)) = mean(2 ln2, 2 ln2) = 2 ln2.
  // Observer p1 = (1/2, 1/4, 1/4): CE1 = ½·2ln2 + ¼·ln2 + ¼·2ln2 = 1.75 ln2; p2 = (1/4, 1/2, 1/4): CE2 = ¼·ln2 + ½·2ln2 + ¼·2ln2 = 1.75 ln2;
  // after the text p3 = q3 = (1/2, 1/4, 1/4): CE3 = the entropy, 1.5 ln2. log-X-PPL = (1.75 + 1.75 + 1.5)/3 ln2 = 5/3 ln2.
  // B = 2 / (5/3) = 1.2.
  const sums = emptyBinocularsSums();
  const first = { token: 'x', logprob: null, top: null };
  addBinocularsPosition(sums, first, first, true);
  addBinocularsPosition(sums, position('a', [1 / 2, 1 / 4, 1 / 4]), position('a', [1 / 4, 1 / 2, 1 / 4]), true);
  addBinocularsPosition(sums, position('b', [1 / 4, 1 / 2, 1 / 4]), position('b', [1 / 2, 1 / 4, 1 / 4]), true);
  addBinocularsPosition(sums, position('c', [1 / 2, 1 / 4, 1 / 4]), position('c', [1 / 2, 1 / 4, 1 / 4]), false);
  close(sums.logPpl / sums.pplTokens, 2 * LN2);
  close(sums.logXPpl / sums.xPplPositions, (5 / 3) * LN2);
  close(binoculars(sums), 1.2);
});

// The reference formulas, transcribed over full logits (a softmax per position).
const logSoftmax = (logits: number[]) => {
  const m = Math.max(...logits);
  const z = Math.log(logits.reduce((s, l) => s + Math.exp(l - m), 0)) + m;
  return logits.map((l) => l - z);
};
function referenceAnalytic(logits: number[][], labels: number[]): number {
  let ll = 0;
  let mean = 0;
  let variance = 0;
  for (let t = 0; t < labels.length; t++) {
    const lp = logSoftmax(logits[t]);
    const mu = lp.reduce((s, l) => s + Math.exp(l) * l, 0);
    ll += lp[labels[t]];
    mean += mu;
    variance += lp.reduce((s, l) => s + Math.exp(l) * l * l, 0) - mu * mu;
  }
  return (ll - mean) / Math.sqrt(variance);
}
function referenceBinoculars(observer: number[][], performer: number[][], labels: number[]): number {
  // perplexity(performer): logits[:-1] against labels[1:]; entropy(observer, performer): every position.
  let ppl = 0;
  for (let t = 0; t < labels.length; t++) ppl -= logSoftmax(performer[t])[labels[t]];
  let x = 0;
  for (let t = 0; t < observer.length; t++) {
    const p = logSoftmax(observer[t]).map(Math.exp);
    const lq = logSoftmax(performer[t]);
    x -= p.reduce((s, pv, v) => s + pv * lq[v], 0);
  }
  return ppl / labels.length / (x / observer.length);
}

/** A seeded generator (mulberry32), so the random cases are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const toPosition = (logits: number[], label: number | undefined): TokenPosition => {
  const lp = logSoftmax(logits);
  const top = Object.fromEntries(lp.map((l, v) => [`t${v}`, l]));
  return { token: label === undefined ? 'next' : `t${label}`, logprob: label === undefined ? null : lp[label], top };
};

test('with the whole distribution listed, both equal the reference formulas on random logits', () => {
  const rand = random(7);
  for (let trial = 0; trial < 20; trial++) {
    const V = 5 + Math.floor(rand() * 20);
    const n = 3 + Math.floor(rand() * 30);
    const logitsOf = () => Array.from({ length: n + 1 }, () => Array.from({ length: V }, () => 4 * (rand() - 0.5)));
    const observer = logitsOf();
    const performer = logitsOf();
    const labels = Array.from({ length: n }, () => Math.floor(rand() * V));
    const sums = emptySums();
    const bino = emptyBinocularsSums();
    for (let t = 0; t <= n; t++) {
      const label = t < n ? labels[t] : undefined;
      if (label !== undefined) addPosition(sums, toPosition(observer[t], label));
      addBinocularsPosition(bino, toPosition(observer[t], label), toPosition(performer[t], label), label !== undefined);
    }
    close(fastDetectGpt(sums), referenceAnalytic(observer.slice(0, n), labels), 1e-9);
    close(binoculars(bino), referenceBinoculars(observer, performer.slice(0, n + 1), labels), 1e-9);
  }
});

test('with a truncated top-K, μ stays inside the documented bound', () => {
  const rand = random(11);
  const V = 200;
  for (let trial = 0; trial < 50; trial++) {
    const lp = logSoftmax(Array.from({ length: V }, () => 6 * rand() ** 3));
    const order = lp.map((l, v) => [l, v]).sort((a, b) => b[0] - a[0]);
    const K = 5 + Math.floor(rand() * 15);
    const top = Object.fromEntries(order.slice(0, K).map(([l, v]) => [`t${v}`, l]));
    const label = order[0][1];
    const approx = positionMoments({ token: `t${label}`, logprob: lp[label], top });
    const exact = lp.reduce((s, l) => s + Math.exp(l) * l, 0);
    const R = approx.tailMass;
    const ell = Math.min(order[K - 1][0], Math.log(R));
    const bound = R * (ell - Math.log(R / (V - K)));
    assert.ok(R > 0, 'the truncated case has a tail');
    assert.ok(Math.abs(approx.mean - exact) <= bound + 1e-12, `|${approx.mean} − ${exact}| > ${bound}`);
    assert.ok(approx.mean >= exact - 1e-12, 'the tail is given its largest possible log-probability, so μ is bounded from above');
  }
});
