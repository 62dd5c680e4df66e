/**
 * A second AI-text detector, for evaluations only (never shipped, never consulted by an engine):
 * logistic regression on hashed character 3- to 5-grams of the lower-cased text. It sees the text
 * differently from the product detector (word n-grams and stylometry), so a rewrite that fools only
 * the product detector shows here: the humanizer eval uses it as one of its judges (judges/index.ts).
 */
import type { ExplainedScorer } from './stylometric.ts';

const HASH_BITS = 20;
const BUCKETS = 1 << HASH_BITS;
const EPOCHS = 6;
const LEARNING_RATE = 0.5;
const L2 = 1e-6;

/** The text as the n-grams read it: lower case, one space between words, digits as 0, padded. */
const canonicalOf = (text: string): string => ` ${text.toLowerCase().replace(/\s+/g, ' ').replace(/\d/g, '0')} `;

/** The hashed bucket of `canonical.slice(i, i + n)`. */
function bucketOf(canonical: string, i: number, n: number): number {
  let hash = 2166136261 ^ n; // FNV-1a, seeded by the order so the orders do not collide by design
  for (let k = i; k < i + n; k++) hash = Math.imul(hash ^ canonical.charCodeAt(k), 16777619);
  return (hash >>> 0) & (BUCKETS - 1);
}

/** The bucket and middle position of each character 3- to 5-gram of the canonical text, at each of its positions. */
function* ngramsOf(canonical: string): Generator<{ bucket: number; middle: number }> {
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= canonical.length; i++) yield { bucket: bucketOf(canonical, i, n), middle: i + (n >> 1) };
}

/** L2-normalised log counts of the text's hashed character n-grams, as [bucket, value] pairs. */
export function charNgramFeatures(text: string): [number, number][] {
  const counts = new Map<number, number>();
  for (const { bucket } of ngramsOf(canonicalOf(text))) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  const features = [...counts].map(([bucket, count]): [number, number] => [bucket, 1 + Math.log(count)]);
  const norm = Math.sqrt(features.reduce((sum, [, v]) => sum + v * v, 0)) || 1;
  return features.map(([bucket, v]) => [bucket, v / norm]);
}


/** Trains on labelled texts (AdaGrad, a fixed deterministic order); returns P(AI) for a text. */
export function trainCharNgramDetector(examples: { text: string; ai: boolean }[]): ExplainedScorer {
  const weights = new Float64Array(BUCKETS + 1); // the last one is the bias
  const squaredGradients = new Float64Array(BUCKETS + 1).fill(1e-8);
  const rows = examples.map((e) => ({ features: charNgramFeatures(e.text), y: e.ai ? 1 : 0 }));
  const logit = (features: [number, number][]) => features.reduce((z, [bucket, v]) => z + weights[bucket] * v, weights[BUCKETS]);
  const step = (index: number, gradient: number) => {
    squaredGradients[index] += gradient * gradient;
    weights[index] -= (LEARNING_RATE * gradient) / Math.sqrt(squaredGradients[index]);
  };
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = (i * 7919 + epoch * 104729) % (i + 1); // a fixed shuffle: the same model every run
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const index of order) {
      const { features, y } = rows[index];
      const error = 1 / (1 + Math.exp(-logit(features))) - y;
      for (const [bucket, v] of features) step(bucket, error * v + L2 * weights[bucket]);
      step(BUCKETS, error);
    }
  }
  const score = (text: string): number => 1 / (1 + Math.exp(-logit(charNgramFeatures(text))));
  // Each word's share of the logit: each n-gram's term (its bucket's weight times its value) split
  // evenly over its occurrences, each occurrence given to the word (or space, punctuation) at its middle.
  const parts = (text: string): Map<string, number> => {
    const canonical = canonicalOf(text);
    const value = new Map(charNgramFeatures(text));
    const wordAt: string[] = [];
    for (const m of canonical.matchAll(/[\p{L}\p{N}']+|[^\p{L}\p{N}']/gu)) for (let k = 0; k < m[0].length; k++) wordAt.push(m[0]);
    const occurrences = new Map<number, number>();
    for (const { bucket } of ngramsOf(canonical)) occurrences.set(bucket, (occurrences.get(bucket) ?? 0) + 1);
    const out = new Map<string, number>();
    for (const { bucket, middle } of ngramsOf(canonical)) {
      const word = wordAt[middle];
      out.set(word, (out.get(word) ?? 0) + (weights[bucket] * value.get(bucket)!) / occurrences.get(bucket)!);
    }
    return out;
  };
  return Object.assign(score, { parts });
}
