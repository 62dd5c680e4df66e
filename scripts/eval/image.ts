/**
 * `npm run eval -- image [--workers N]`: held-out figures of the image engine over ../shared/data/image +
 * ../shared/data/image-extra (the figure of merit of issue 24).
 *
 * Protocol: one fold per generator family (fake and inpainting images of that family held out together) and
 * one per source collection of real photos. For each fold the pixel model is re-trained without the held-out
 * images, without their inpainting pairs and without other crops of the same source file, then the engine
 * decides on the held-out images:
 *   - pixels only: every image stripped and re-encoded, under each transformation (lossless PNG as the
 *     reference, JPEG q95/85/75/60, WebP q80, downscales to 1024 and 512 px, an off-grid centre crop that
 *     removes borders and corners, where DALL·E 2's colour bar and DeepFloyd IF's logo sit);
 *   - with provenance: the same pixels with the metadata of the file as uploaded, and with that metadata
 *     stripped losslessly: stripping must never change the verdict on a real photo.
 * Reports accuracy, per-class recall, the real photos' false-alarm rate (real called fake or inpainting), the
 * confusion matrix, the worst held-out groups, and how well the suspected regions of inpaintings hit the
 * edit (from the inpainted/original pairs of the same size).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { auc } from '../lib/metrics.ts';
import { NO_FINDINGS, decide, suspectedRegions, type Measurement } from '../../server/engines/image/engine.ts';
import { sniffImageFormat } from '../../server/engines/image/formats.ts';
import { CLASSES, type ImageClass, type PixelModel } from '../../server/engines/image/model.ts';
import { readProvenance, type ProvenanceFindings } from '../../server/engines/image/provenance.ts';
import {
  AUGMENTS, FIT_DEFAULTS, TRANSFORMS, TRANSFORM_TEXT, chooseRealBias, fitPixelModel, fitTemperature, imageLogits, loadSamples, measureAll, trainingSet,
  type Measured, type Sample, type Transform,
} from '../train-image-detector.ts';

/** Removes APP1..APP15 and COM segments (keeps APP0 JFIF and APP14 Adobe, which affect decoding). */
export function stripJpeg(bytes: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [bytes.subarray(0, 2)];
  let pos = 2;
  while (pos + 4 <= bytes.length && bytes[pos] === 0xff) {
    const marker = bytes[pos + 1];
    if (marker === 0xda) break;
    const len = (bytes[pos + 2] << 8) | bytes[pos + 3];
    const drop = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
    if (!drop) out.push(bytes.subarray(pos, pos + 2 + len));
    pos += 2 + len;
  }
  out.push(bytes.subarray(pos));
  return new Uint8Array(Buffer.concat(out));
}

/** Keeps only the PNG chunks needed to render the pixels. */
export function stripPng(bytes: Uint8Array): Uint8Array {
  const keep = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT']);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Uint8Array[] = [bytes.subarray(0, 8)];
  let pos = 8;
  while (pos + 12 <= bytes.length) {
    const len = view.getUint32(pos);
    const type = Buffer.from(bytes.subarray(pos + 4, pos + 8)).toString('latin1');
    if (keep.has(type)) out.push(bytes.subarray(pos, pos + 12 + len));
    pos += 12 + len;
  }
  return new Uint8Array(Buffer.concat(out));
}

/** The file with its metadata removed; pixels untouched (other formats: lossless PNG of the same pixels). */
async function stripped(bytes: Uint8Array): Promise<Uint8Array> {
  const format = sniffImageFormat(bytes);
  if (format === 'jpeg') return stripJpeg(bytes);
  if (format === 'png') return stripPng(bytes);
  return new Uint8Array(await sharp(bytes, { pages: 1 }).png().toBuffer());
}

interface Scored { sample: Sample; prediction: ImageClass; probabilities: Record<ImageClass, number> }

interface Summary { n: number; accuracy: number; recall: number[]; falseAlarm: number; confusion: number[][] }

function summarise(scored: Scored[]): Summary {
  const confusion = CLASSES.map(() => CLASSES.map(() => 0));
  for (const s of scored) confusion[CLASSES.indexOf(s.sample.label)][CLASSES.indexOf(s.prediction)]++;
  const totals = confusion.map((row) => row.reduce((a, b) => a + b, 0));
  const correct = confusion.reduce((a, row, i) => a + row[i], 0);
  return {
    n: scored.length,
    accuracy: correct / scored.length,
    recall: confusion.map((row, i) => (totals[i] ? row[i] / totals[i] : NaN)),
    falseAlarm: totals[0] ? (totals[0] - confusion[0][0]) / totals[0] : NaN,
    confusion,
  };
}

const pct = (v: number): string => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : '-');

function printConfusion(title: string, s: Summary): void {
  console.log(`\n${title}: n=${s.n}, accuracy ${pct(s.accuracy)}; recall real ${pct(s.recall[0])}, fake ${pct(s.recall[1])}, ` +
    `inpainting ${pct(s.recall[2])}; real photos called non-real ${pct(s.falseAlarm)}`);
  console.log('\n| truth \\ predicted | real | fake | inpainting |\n|---|---|---|---|');
  for (const [i, c] of CLASSES.entries()) console.log(`| ${c} | ${s.confusion[i].join(' | ')} |`);
}

/** Bounding box of the pixels an inpainting changed, from its same-size original (null when there is no clear edit). */
async function editBox(inpainted: string, original: string): Promise<{ x0: number; y0: number; x1: number; y1: number } | null> {
  const read = async (path: string): Promise<{ data: Buffer; info: OutputInfo }> =>
    sharp(readFileSync(path), { ignoreIcc: true, pages: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([read(inpainted), read(original)]);
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) return null;
  const { width: w, height: h } = a.info;
  let x0 = w, y0 = h, x1 = -1, y1 = -1, changed = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (d > 60) { changed++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    }
  }
  // An edit that changed most of the picture (re-encoded or regenerated whole) has no box to find.
  if (changed < 64 || changed > 0.5 * w * h) return null;
  return { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

export async function run(args: string[]): Promise<void> {
  const workers = args.includes('--workers') ? Number(args[args.indexOf('--workers') + 1]) : 2;
  const options = {
    ...FIT_DEFAULTS,
    ...(args.includes('--image-l2') ? { imageL2: Number(args[args.indexOf('--image-l2') + 1]) } : {}),
    ...(args.includes('--patch-shrinkage') ? { patchShrinkage: Number(args[args.indexOf('--patch-shrinkage') + 1]) } : {}),
    ...(args.includes('--texture-bins') ? { textureBins: Number(args[args.indexOf('--texture-bins') + 1]) } : {}),
    ...(args.includes('--invariance') ? { invariance: Number(args[args.indexOf('--invariance') + 1]) } : {}),
    ...(args.includes('--image-inputs') ? { imageInputs: args[args.indexOf('--image-inputs') + 1] as 'all' | 'scores' } : {}),
    realBias: !args.includes('--no-real-bias'),
  };
  const log = (m: string): void => void process.stderr.write(`${m}\n`);
  const samples = loadSamples();
  const measured = await measureAll(samples, workers, log);

  // Held-out models, one per fold.
  const folds = [...new Set(samples.map((s) => s.fold))].sort();
  const models = new Map<string, PixelModel>();
  for (const [i, fold] of folds.entries()) {
    process.stderr.write(`\rfold ${i + 1}/${folds.length} ${fold.padEnd(60)}`);
    models.set(fold, fitPixelModel(trainingSet(samples, (s) => s.fold === fold), measured, options, `fold ${fold}`));
  }
  process.stderr.write('\n');
  const oof = samples.flatMap((s) => TRANSFORMS.flatMap((t) => {
    const logits = imageLogits(models.get(s.fold)!, measured.get(`${s.id}|${t}`)!);
    return logits ? [{ logits, label: s.label, fold: s.fold, view: t }] : [];
  }));
  // Nested: each fold's temperature and real bias come from the other folds' held-out predictions only.
  for (const [fold, model] of models) {
    const others = oof.filter((o) => o.fold !== fold);
    model.temperature = fitTemperature(others);
    model.realBias = options.realBias ? chooseRealBias(others, model.temperature) : 0;
  }
  const temperature = fitTemperature(oof);
  const asMeasurement = (m: Measured, findings: ProvenanceFindings): Measurement => ({ format: 'png', width: m.width, height: m.height, grid: m.grid, findings });
  const judge = (s: Sample, t: Transform, findings: ProvenanceFindings = NO_FINDINGS): Scored => {
    const r = decide(asMeasurement(measured.get(`${s.id}|${t}`)!, findings), models.get(s.fold));
    return { sample: s, prediction: r.prediction, probabilities: r.probabilities };
  };

  const counts = CLASSES.map((c) => `${samples.filter((s) => s.label === c).length} ${c}`).join(', ');
  console.log(`# Image engine, held-out evaluation (issue 24)\n`);
  console.log(`Fit options: ${JSON.stringify(options)}\n`);
  console.log(`${samples.length} labelled images (${counts}) from shared/data/image + image-extra; ${folds.length} folds: ` +
    `${folds.filter((f) => f.startsWith('family')).length} generator families, ${folds.filter((f) => f.startsWith('source')).length} real-photo sources. ` +
    `Pixel model re-trained per fold on ${TRANSFORMS.length} metadata-free transformations and ${AUGMENTS.length} random processing chains of the training images. Temperature and real-class bias per fold chosen on the other folds' held-out predictions ` +
    `(all folds: temperature ${temperature}, real bias ${options.realBias ? chooseRealBias(oof, temperature) : 0}; target: at most 5% of real photos called non-real under every transformation).`);

  // Pixels only, every transformation.
  const byTransform = new Map<Transform, Scored[]>();
  for (const t of TRANSFORMS) byTransform.set(t, samples.map((s) => judge(s, t)));
  const reference = summarise(byTransform.get('png')!);
  console.log('\n## Pixels only (metadata stripped, re-encoded), held out by generator family / real source');
  printConfusion('Reference (lossless PNG of the decoded pixels)', reference);
  // Ranking quality of P(real) alone, whatever the threshold: AUC of real photos against generated/edited images,
  // beside the false-alarm rate at the shipped threshold.
  const ref = byTransform.get('png')!;
  const realScores = ref.filter((s) => s.sample.label === 'real').map((s) => s.probabilities.real);
  const aucAgainst = (label: ImageClass): number => {
    const others = ref.filter((s) => s.sample.label === label).map((s) => s.probabilities.real);
    return auc([...realScores, ...others], [...realScores.map(() => 1), ...others.map(() => 0)]);
  };
  console.log(`\nAUC of P(real), real photos against fake ${aucAgainst('fake').toFixed(3)}, against inpainting ${aucAgainst('inpainting').toFixed(3)} ` +
    `(at the shipped threshold: ${pct(reference.falseAlarm)} of real photos called non-real).`);
  console.log('\n### Transformations\n\n| transformation | accuracy | Δ accuracy | real recall | fake recall | inpainting recall | real called non-real | worst Δ recall |\n|---|---|---|---|---|---|---|---|');
  for (const t of TRANSFORMS) {
    const s = summarise(byTransform.get(t)!);
    const worst = Math.max(...s.recall.map((r, i) => Math.abs(r - reference.recall[i])));
    console.log(`| ${TRANSFORM_TEXT[t]} | ${pct(s.accuracy)} | ${((s.accuracy - reference.accuracy) * 100).toFixed(1)} | ${pct(s.recall[0])} | ${pct(s.recall[1])} | ` +
      `${pct(s.recall[2])} | ${pct(s.falseAlarm)} | ${(worst * 100).toFixed(1)} |`);
  }

  console.log('\n### Per held-out group (reference transformation), worst first\n\n| held-out group | n | correct | predicted real / fake / inpainting |\n|---|---|---|---|');
  const groups = folds.map((fold) => {
    const scored = byTransform.get('png')!.filter((s) => s.sample.fold === fold);
    const correct = scored.filter((s) => s.prediction === s.sample.label).length;
    const spread = CLASSES.map((c) => scored.filter((s) => s.prediction === c).length).join(' / ');
    return { fold, n: scored.length, correct, spread };
  }).sort((a, b) => a.correct / a.n - b.correct / b.n);
  for (const g of groups) console.log(`| ${g.fold} | ${g.n} | ${pct(g.correct / g.n)} | ${g.spread} |`);

  // Shortcut check: the two watermarked families with and without their corners.
  console.log('\n### Watermark shortcut check (fake recall of the watermarked families)\n\n| family | reference | centre crop 80% |\n|---|---|---|');
  for (const family of ['DALL-E-2', 'DeepFloyd-IF']) {
    const of = (t: Transform): Scored[] => byTransform.get(t)!.filter((s) => s.sample.family === family && s.sample.label === 'fake');
    const rate = (xs: Scored[]): string => `${xs.filter((s) => s.prediction === 'fake').length}/${xs.length}`;
    console.log(`| ${family} | ${rate(of('png'))} | ${rate(of('crop80'))} |`);
  }

  // With provenance: the file's own metadata, and the same file stripped.
  const uploaded: Scored[] = [], strippedScored: Scored[] = [];
  for (const s of samples) {
    const bytes = new Uint8Array(readFileSync(s.path));
    const format = sniffImageFormat(bytes)!;
    uploaded.push(judge(s, 'png', readProvenance(bytes, format)));
    const clean = await stripped(bytes);
    strippedScored.push(judge(s, 'png', readProvenance(clean, sniffImageFormat(clean)!)));
  }
  console.log('\n## With provenance (same held-out pixel models, plus the metadata of the file as uploaded)');
  printConfusion('As uploaded', summarise(uploaded));
  printConfusion('Metadata stripped losslessly', summarise(strippedScored));
  const reals = samples.map((s, i) => ({ s, a: uploaded[i], b: strippedScored[i] })).filter((x) => x.s.label === 'real');
  const changed = reals.filter((x) => x.a.prediction !== x.b.prediction);
  const awayFromReal = reals.filter((x) => x.b.probabilities.real < x.a.probabilities.real - 1e-9);
  console.log(`\nReal photos whose verdict changes when their metadata is stripped: ${changed.length} of ${reals.length}` +
    `${changed.length ? ` (${changed.map((x) => x.s.id).join(', ')})` : ''}; whose P(real) drops: ${awayFromReal.length}.`);
  const withClaims = uploaded.filter((_, i) => strippedScored[i].prediction !== uploaded[i].prediction);
  console.log(`Images of any class whose verdict changes with the metadata: ${withClaims.length} (${withClaims.map((x) => `${x.sample.id}: ${x.prediction}`).join('; ') || 'none'}).`);

  // Regions: does the most suspicious box hit the edit?
  let pairs = 0, hits = 0;
  for (const s of samples.filter((x) => x.label === 'inpainting' && x.pair)) {
    const original = samples.find((x) => x.label === 'real' && x.pair === s.pair);
    if (!original) continue;
    const box = await editBox(s.path, original.path);
    if (!box) continue;
    const m = measured.get(`${s.id}|png`)!;
    const model = models.get(s.fold)!;
    const detail = decide(asMeasurement(m, NO_FINDINGS), model);
    if (!detail.pixelProbabilities) continue;
    const top = suspectedRegions(asMeasurement(m, NO_FINDINGS), model)[0];
    pairs++;
    if (top && top.x < box.x1 && top.x + top.width > box.x0 && top.y < box.y1 && top.y + top.height > box.y0) hits++;
  }
  console.log(`\n## Regions\n\nInpainted images with a same-size original (edit box from the pixel difference): the most suspicious region ` +
    `overlaps the edit in ${hits} of ${pairs}.`);
}
