/**
 * Image engine training: the processing chains that augment the training images are seeded (the same bytes
 * every run, different chains for different images), and the patch discriminant is a deterministic closed
 * form that finds the direction separating two classes of patches while ignoring a feature that differs
 * only within images.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { PATCH_FEATURE_COUNT, type PatchGrid } from '../../server/engines/image/forensics.ts';
import { patchScores } from '../../server/engines/image/model.ts';
import { seededRandom } from '../../server/engines/shared/random.ts';
import { TRAIN_VIEWS, chooseRealBias, fitPatchModel, transform, type Measured, type Sample } from '../../scripts/train-image-detector.ts';
import { rawImage } from './image-fixtures.test.ts';

test('seeded random numbers: the same seed gives the same sequence, another seed another', () => {
  const a = seededRandom('x'), b = seededRandom('x'), c = seededRandom('y');
  const xs = Array.from({ length: 5 }, () => a());
  assert.deepEqual(xs, Array.from({ length: 5 }, () => b()));
  assert.notDeepEqual(xs, Array.from({ length: 5 }, () => c()));
  assert.ok(xs.every((v) => v >= 0 && v < 1));
});

test('augmenting chains are deterministic per image and differ between images', async () => {
  const bytes = new Uint8Array(await rawImage(300, 200, 2).png().toBuffer());
  const one = await transform(bytes, 'aug0', 'image-a');
  assert.deepEqual(await transform(bytes, 'aug0', 'image-a'), one);
  const sizes = new Set<string>();
  for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
    const meta = await sharp(await transform(bytes, 'aug1', seed)).metadata();
    sizes.add(`${meta.format} ${meta.width}×${meta.height}`);
  }
  assert.ok(sizes.size > 1, 'different images get different chains');
});

/** A grid of `n` patches whose feature 0 is shifted by `shift` and feature 1 varies within the image only. */
function grid(n: number, shift: number, seed: number): PatchGrid {
  const random = seededRandom(`grid ${seed}`);
  const features = new Float64Array(n * PATCH_FEATURE_COUNT);
  for (let k = 0; k < n; k++) {
    for (let f = 0; f < PATCH_FEATURE_COUNT; f++) features[k * PATCH_FEATURE_COUNT + f] = random() - 0.5;
    features[k * PATCH_FEATURE_COUNT] += shift;
    features[k * PATCH_FEATURE_COUNT + 1] += 3 * (k % 2);
  }
  return { cols: n, rows: 1, left: 0, top: 0, stepX: 64, stepY: 0, viewWidth: 64 * n, viewHeight: 64, features };
}

test('patch discriminant: separates the classes along the feature that differs, deterministically', () => {
  const samples: Sample[] = [];
  const measured = new Map<string, Measured>();
  for (let i = 0; i < 12; i++) {
    const label = i % 2 ? 'fake' : 'real';
    const s: Sample = { id: `s${i}`, path: '', label, source: 'x', sourcePath: `${i}`, family: label, pair: null, fold: label };
    samples.push(s);
    for (const [v, t] of TRAIN_VIEWS.entries()) measured.set(`${s.id}|${t}`, { width: 256, height: 64, grid: grid(4, label === 'fake' ? 1 : 0, i * 100 + v) });
  }
  const options = { patchShrinkage: 0.1, textureBins: 1, invariance: 1, clip: 4 };
  const model = fitPatchModel(samples, measured, options);
  assert.deepEqual(fitPatchModel(samples, new Map(measured), options), model);
  assert.equal(model.models.length, 1);
  const w = model.models[0].weights[0];
  assert.ok(w[0] > 0 && w.every((v, f) => f === 0 || Math.abs(v) < Math.abs(w[0]) / 3), 'the weight sits on the shifted feature');
  const meanScore = (shift: number): number => patchScores(model, grid(8, shift, 999)).reduce((a, b) => a + b, 0) / 8;
  assert.ok(meanScore(1) > 0 && meanScore(0) < 0);
  const binned = fitPatchModel(samples, measured, { ...options, textureBins: 3 });
  assert.equal(binned.models.length, 3);
  assert.deepEqual(binned.edges, [...binned.edges].sort((a, b) => a - b));
});

test('real bias: large enough that no single transformation calls more than the target share of real photos non-real', () => {
  // 20 real photos per view; in the 'webp' view two of them lean fake by 1.05 and 2.05 logits, in 'png' none.
  const oof = ['png', 'webp'].flatMap((view) => Array.from({ length: 20 }, (_, i) => ({
    view, label: 'real' as const, logits: [0, view === 'webp' && i < 2 ? 1.05 + i : -1, -3],
  })));
  // 1 of 20 allowed (5%): the 2.05 one may stay wrong, the 1.05 one must be fixed: a bias of 1.1.
  assert.equal(chooseRealBias(oof, 1, 0.05), 1.1);
  assert.equal(chooseRealBias(oof.filter((o) => o.view === 'png'), 1, 0.05), 0);
});
