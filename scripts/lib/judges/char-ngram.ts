/**
 * A second AI-text detector, for evaluations only (never shipped, never consulted by an engine):
 * logistic regression on hashed character 3- to 5-grams of the lower-cased text. It sees the text
 * differently from the product detector (word n-grams and stylometry), so a rewrite that fools only
 * the product detector shows here: the humanizer eval uses it as one of its judges (judges/index.ts).
 */
import type { Scorer } from './stylometric.ts';

const HASH_BITS = 20;
const BUCKETS = 1 << HASH_BITS;
const EPOCHS = 6;
const LEARNING_RATE = 0.5;
const L2 = 1e-6;

/** L2-normalised log counts of the text's hashed character n-grams, as [bucket, value] pairs. */
export function charNgramFeatures(text: string): [number, number][] {
  const canonical = ` ${text.toLowerCase().replace(/\s+/g, ' ').replace(/\d/g, '0')} `;
  const counts = new Map<number, number>();
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= canonical.length; i++) {
      let hash = 2166136261 ^ n; // FNV-1a, seeded by the order so the orders do not collide by design
      for (let k = i; k < i + n; k++) hash = Math.imul(hash ^ canonical.charCodeAt(k), 16777619);
      const bucket = (hash >>> 0) & (BUCKETS - 1);
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
  }
  const features = [...counts].map(([bucket, count]): [number, number] => [bucket, 1 + Math.log(count)]);
  const norm = Math.sqrt(features.reduce((sum, [, v]) => sum + v * v, 0)) || 1;
  return features.map(([bucket, v]) => [bucket, v / norm]);
}


/** Trains on labelled texts (AdaGrad, a fixed deterministic order); returns P(AI) for a text. */
export function trainCharNgramDetector(examples: { text: string; ai: boolean }[]): Scorer {
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
  return (text) => 1 / (1 + Math.exp(-logit(charNgramFeatures(text))));
}
