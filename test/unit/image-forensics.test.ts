/**
 * Image engine, pixel channel and fusion: the patch grid keeps away from borders (corner watermarks never
 * enter a patch), patch features are finite and metadata-free, suspected regions are boxes inside the image
 * in its own pixels and only come with an `inpainting` verdict, and no metadata can make stripping a file
 * move it away from `real`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import sharp from 'sharp';
import { decodeView } from '../../server/engines/image/decode.ts';
import { NO_FINDINGS, decide, measureImage, suspectedRegions } from '../../server/engines/image/engine.ts';
import { MAX_CELLS, PATCH, PATCH_FEATURES, PATCH_FEATURE_COUNT, TRIPLE_CLASSES, measurePatches } from '../../server/engines/image/forensics.ts';
import { fuse } from '../../server/engines/image/fusion.ts';
import { CLASSES, defaultModel, type PixelModel } from '../../server/engines/image/model.ts';
import type { ProvenanceFindings } from '../../server/engines/image/provenance.ts';
import { rawImage, syntheticRgb } from './image-fixtures.test.ts';

test('patch grid: at most 8 × 8 patches at native resolution, inside a 6% border margin, finite features, nothing for a view smaller than one patch', async () => {
  for (const [w, h] of [[3000, 2000], [1024, 768], [512, 512], [256, 256], [100, 68], [70, 300]]) {
    const { view } = await decodeView(await rawImage(w, h).png().toBuffer());
    assert.deepEqual([view.width, view.height], [w, h], 'no resampling below 16 MP');
    const grid = measurePatches(view);
    assert.ok(grid.cols >= 1 && grid.rows >= 1 && grid.cols <= MAX_CELLS && grid.rows <= MAX_CELLS, `${w}×${h} has patches`);
    assert.equal(grid.features.length, grid.cols * grid.rows * PATCH_FEATURE_COUNT);
    assert.ok(grid.features.every(Number.isFinite));
    const right = grid.left + (grid.cols - 1) * grid.stepX + PATCH, bottom = grid.top + (grid.rows - 1) * grid.stepY + PATCH;
    assert.ok(right <= w && bottom <= h);
    assert.ok(grid.left % 8 === 0 && grid.top % 8 === 0 && grid.stepX % 8 === 0 && grid.stepY % 8 === 0, 'origins keep the 8×8 phase');
    if (Math.min(w, h) >= 256) {
      assert.ok(grid.left >= 0.06 * w && w - right >= 0.06 * w - 8, `${w}: left ${grid.left}, right ${right}`);
      assert.ok(grid.top >= 0.06 * h && h - bottom >= 0.06 * h - 8, `${h}: top ${grid.top}, bottom ${bottom}`);
    }
  }
  const { view } = await decodeView(await rawImage(50, 50).png().toBuffer());
  assert.equal(measurePatches(view).cols * measurePatches(view).rows, 0);
});

test('rich-model co-occurrences: 39 classes of truncated residual triples per residual, frequencies that follow the texture', async () => {
  assert.equal(TRIPLE_CLASSES, 39);
  const rich = PATCH_FEATURES.map((f, i) => [f, i] as const).filter(([f]) => f.startsWith('rich_'));
  assert.equal(rich.length, 4 * 39);
  // A flat image puts every triple in the all-zero class; noise spreads them.
  const flat = measurePatches((await decodeView(await sharp({ create: { width: 256, height: 256, channels: 3, background: '#808080' } }).png().toBuffer())).view);
  const noisy = measurePatches((await decodeView(await rawImage(256, 256, 4).png().toBuffer())).view);
  const spread = (g: typeof flat): number => rich.filter(([, i]) => g.features[i] > Math.log(1e-3) + 1e-9).length;
  assert.ok(spread(flat) <= 4, `a flat patch fills one class per residual (${spread(flat)})`);
  assert.ok(spread(noisy) > spread(flat));
});

test('a watermark in the corner (DALL·E 2 style colour bar) changes no patch feature', async () => {
  const w = 1024, h = 1024;
  const pixels = syntheticRgb(w, h, 5);
  const marked = Buffer.from(pixels);
  const colours = [[255, 255, 102], [66, 255, 255], [81, 218, 76], [255, 110, 60], [60, 70, 255]];
  for (let y = h - 16; y < h; y++) {
    for (let x = w - 80; x < w; x++) marked.set(colours[Math.floor((x - (w - 80)) / 16)], (y * w + x) * 3);
  }
  const grid = async (data: Buffer) => measurePatches((await decodeView(await sharp(data, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer())).view);
  assert.deepEqual((await grid(marked)).features, (await grid(pixels)).features);
});

test('images are judged at their own resolution; regions come back in the image\'s own pixels', async () => {
  const bytes = await rawImage(2000, 1500, 9).jpeg({ quality: 90 }).toBuffer();
  const m = await measureImage(bytes);
  assert.deepEqual([m.width, m.height, m.grid.viewWidth, m.grid.viewHeight], [2000, 1500, 2000, 1500]);
  const regions = suspectedRegions(m);
  assert.ok(regions.length >= 1 && regions.length <= 5);
  for (const r of regions) {
    assert.ok(r.x >= 0 && r.y >= 0 && r.width >= 1 && r.height >= 1 && r.x + r.width <= 2000 && r.y + r.height <= 1500, JSON.stringify(r));
    assert.ok(r.width >= PATCH && r.height >= PATCH, 'a region is at least one patch');
    assert.ok(r.score >= 0 && r.score <= 1);
  }
  assert.deepEqual(regions.map((r) => r.score), [...regions.map((r) => r.score)].sort((a, b) => b - a));
});

test('regions come with an inpainting verdict only', async () => {
  const m = await measureImage(await rawImage(512, 384, 3).png().toBuffer());
  const base = defaultModel();
  const forcing = (cls: number): PixelModel => ({
    ...base, realBias: 0, image: { ...base.image, weights: base.image.weights.map((w) => w.map(() => 0)), bias: CLASSES.map((_, c) => (c === cls ? 6 : 0)) },
  });
  const inpainting = decide(m, forcing(2));
  assert.equal(inpainting.prediction, 'inpainting');
  assert.ok(inpainting.regions && inpainting.regions.length >= 1);
  for (const cls of [0, 1]) {
    const r = decide(m, forcing(cls));
    assert.equal(r.prediction, CLASSES[cls]);
    assert.equal(r.regions, undefined);
  }
});

const findingsArb: fc.Arbitrary<ProvenanceFindings> = fc.record({
  camera: fc.option(fc.constantFrom({ strength: 'strong' as const, evidence: 'EXIF camera' }, { strength: 'weak' as const, evidence: 'EXIF weak' })),
  captureClaim: fc.option(fc.constant('C2PA capture')),
  editor: fc.option(fc.constant('Photoshop')),
  jpegTables: fc.option(fc.record({ standard: fc.boolean(), quality: fc.option(fc.integer({ min: 1, max: 100 })) })),
  sourceClaims: fc.array(fc.record({ target: fc.constantFrom('fake' as const, 'inpainting' as const), via: fc.constantFrom('c2pa' as const, 'iptc' as const), evidence: fc.constant('claim') }), { maxLength: 2 }),
  generatorTraces: fc.array(fc.record({ target: fc.constantFrom('fake' as const, 'inpainting' as const), structured: fc.boolean(), evidence: fc.constant('trace') }), { maxLength: 2 }),
}).map((f) => ({ ...f, c2pa: null, evidence: [] }));

test('fusion: no metadata can make stripping it move an image away from real', () => {
  const probs = fc.tuple(fc.double({ min: 0.001, max: 1, noNaN: true }), fc.double({ min: 0.001, max: 1, noNaN: true }), fc.double({ min: 0.001, max: 1, noNaN: true }))
    .map(([a, b, c]) => [a, b, c].map((v) => v / (a + b + c)));
  fc.assert(fc.property(probs, fc.double({ min: 0, max: 1, noNaN: true }), findingsArb, (pixel, reliability, findings) => {
    const withMeta = fuse({ pixel, reliability, findings });
    const stripped = fuse({ pixel, reliability, findings: NO_FINDINGS });
    const argmax = (p: number[]): number => p.indexOf(Math.max(...p));
    // P(real) never drops when the metadata goes, and a real verdict stays real.
    return stripped[0] >= withMeta[0] - 1e-12 && (argmax(withMeta) !== 0 || argmax(stripped) === 0);
  }), { seed: 7, numRuns: 500 });
});
