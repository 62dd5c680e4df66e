/**
 * The pixel classifier: multinomial logistic regression over standardised forensic features, with a
 * temperature fitted on cross-validated predictions. Trained by scripts/train-image-detector.ts; the
 * artefact is model.json beside this file.
 */
import { readFileSync } from 'node:fs';
import { FEATURE_NAMES, type FeatureVector } from './forensics.ts';

export const CLASSES = ['real', 'fake', 'inpainting'] as const;
export type ImageClass = (typeof CLASSES)[number];

export interface PixelModel {
  version: string;
  features: string[];
  mean: number[];
  std: number[];
  /** weights[c][f] for class c (order of CLASSES) and feature f. */
  weights: number[][];
  bias: number[];
  temperature: number;
  /** Standardised values are clipped to ±clip so one wild feature cannot dominate. */
  clip: number;
  trainedOn?: Record<string, unknown>;
}

export function standardise(model: Pick<PixelModel, 'mean' | 'std' | 'clip'>, values: number[]): number[] {
  return values.map((v, i) => (Number.isFinite(v) ? Math.max(-model.clip, Math.min(model.clip, (v - model.mean[i]) / model.std[i])) : 0));
}

export function softmax(logits: number[]): number[] {
  const m = Math.max(...logits);
  const e = logits.map((z) => Math.exp(z - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

export function featureArray(features: FeatureVector, names: readonly string[] = FEATURE_NAMES): number[] {
  return names.map((n) => features[n as keyof FeatureVector] ?? NaN);
}

/** Class logits (before temperature) for one feature vector. */
export function logits(model: PixelModel, values: number[]): number[] {
  const z = standardise(model, values);
  return model.weights.map((w, c) => model.bias[c] + w.reduce((s, wi, i) => s + wi * z[i], 0));
}

export function predictPixel(model: PixelModel, features: FeatureVector): number[] {
  const raw = logits(model, featureArray(features, model.features));
  return softmax(raw.map((l) => l / model.temperature));
}

let loaded: PixelModel | null = null;

/** The committed artefact, loaded once per process (or worker thread). */
export function defaultModel(): PixelModel {
  if (!loaded) {
    const model = JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')) as PixelModel;
    const missing = model.features.filter((f) => !(FEATURE_NAMES as readonly string[]).includes(f));
    if (missing.length) throw new Error(`image model.json expects unknown features: ${missing.join(', ')}`);
    loaded = model;
  }
  return loaded;
}
