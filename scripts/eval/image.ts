/**
 * `npm run eval -- image [--data DIR]`: cross-validated figures for the image engine on ../shared/data/image.
 *
 * Every figure is out of fold: the pixel classifier is re-trained without the held-out files (all of their
 * variants) and the full engine (provenance + pixels + fusion) is then run on them. Two fold schemes:
 *   - leave-one-source-out (the issue's figure; a new source stands in for a new generator or camera);
 *   - leave-one-image-out (images derived from one another are held out together).
 * Three views of each held-out file:
 *   - as uploaded: the original bytes, metadata included;
 *   - metadata stripped: the same file with every metadata segment/chunk removed losslessly (pixels untouched);
 *   - format swapped: JPEGs re-encoded as PNG, everything else as JPEG (q90), no metadata, to show that the
 *     container format is not what decides.
 */
import sharp from 'sharp';
import { decide, type Measurement } from '../../server/engines/image/engine.ts';
import { sniffImageFormat } from '../../server/engines/image/formats.ts';
import { CLASSES, defaultModel, type ImageClass, type PixelModel } from '../../server/engines/image/model.ts';
import {
  DEFAULT_DATA, FIT_DEFAULTS, fitModel, loadDataset, measureCached, trainingRows, type Sample, type TrainingRow,
} from '../train-image-detector.ts';

/** Removes APP1..APP15 and COM segments (keeps APP0 JFIF and APP14 Adobe, which affect decoding). */
function stripJpeg(bytes: Uint8Array): Uint8Array {
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
function stripPng(bytes: Uint8Array): Uint8Array {
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

async function stripped(bytes: Uint8Array): Promise<Uint8Array> {
  const format = sniffImageFormat(bytes);
  if (format === 'jpeg') return stripJpeg(bytes);
  if (format === 'png') return stripPng(bytes);
  return new Uint8Array(await sharp(bytes).png().toBuffer());
}

async function swapped(bytes: Uint8Array): Promise<Uint8Array> {
  const img = sharp(bytes).removeAlpha();
  const out = sniffImageFormat(bytes) === 'jpeg' ? img.png() : img.jpeg({ quality: 90 });
  return new Uint8Array(await out.toBuffer());
}

interface Scored { sample: Sample; probabilities: number[]; prediction: ImageClass }

function report(title: string, scored: Scored[]): void {
  const conf = CLASSES.map(() => CLASSES.map(() => 0));
  let logLoss = 0;
  for (const s of scored) {
    const t = CLASSES.indexOf(s.sample.label);
    conf[t][CLASSES.indexOf(s.prediction)]++;
    logLoss -= Math.log(Math.max(1e-4, s.probabilities[t]));
  }
  const n = scored.length;
  const correct = conf.reduce((a, row, i) => a + row[i], 0);
  const recall = CLASSES.map((c, i) => {
    const total = conf[i].reduce((a, b) => a + b, 0);
    return `${c} ${total ? ((100 * conf[i][i]) / total).toFixed(0) : '-'}% (${conf[i][i]}/${total})`;
  });
  console.log(`\n${title}: n=${n}  accuracy ${((100 * correct) / n).toFixed(1)}%  log loss ${(logLoss / n).toFixed(3)}`);
  console.log(`  recall: ${recall.join(', ')}`);
  console.log(`  confusion (rows = truth, columns = predicted ${CLASSES.join(' / ')}):`);
  for (const [i, c] of CLASSES.entries()) console.log(`    ${c.padEnd(11)} ${conf[i].map((v) => String(v).padStart(4)).join('')}`);
}

export async function run(args: string[]): Promise<void> {
  const dataDir = args.includes('--data') ? args[args.indexOf('--data') + 1] : DEFAULT_DATA;
  const samples = loadDataset(dataDir);
  const log = (m: string): void => void process.stderr.write(`\r${m.padEnd(90).slice(0, 90)}`);
  const rows = await trainingRows(samples, (m) => log(`training variants: ${m}`));
  const views: Record<string, Map<string, Measurement>> = { 'as uploaded': new Map(), 'metadata stripped': new Map(), 'format swapped': new Map() };
  for (const [i, s] of samples.entries()) {
    log(`held-out views ${i + 1}/${samples.length}`);
    views['as uploaded'].set(s.file, await measureCached(s.bytes, false));
    views['metadata stripped'].set(s.file, await measureCached(await stripped(s.bytes), false));
    views['format swapped'].set(s.file, await measureCached(await swapped(s.bytes), false));
  }
  process.stderr.write('\n');
  const temperature = defaultModel().temperature;
  console.log(`Image engine, ${samples.length} labelled images (${CLASSES.map((c) => `${samples.filter((s) => s.label === c).length} ${c}`).join(', ')}).`);
  console.log(`Pixel classifier re-trained per fold on ${rows.length} metadata-free variant rows minus the held-out files; temperature ${temperature} (from model.json).`);

  const schemes: [string, (s: Sample) => string][] = [['leave-one-source-out', (s) => s.source], ['leave-one-image-out', (s) => s.group]];
  for (const [scheme, keyOf] of schemes) {
    const models = new Map<string, PixelModel>();
    for (const key of new Set(samples.map(keyOf))) {
      const model = fitModel(rows.filter((r: TrainingRow) => keyOf(r.sample) !== key), FIT_DEFAULTS, `fold-${key}`);
      model.temperature = temperature;
      models.set(key, model);
    }
    console.log(`\n=== ${scheme} (${models.size} folds) ===`);
    for (const [view, measured] of Object.entries(views)) {
      const scored = samples.map((sample): Scored => {
        const result = decide(measured.get(sample.file)!, models.get(keyOf(sample)));
        return { sample, probabilities: CLASSES.map((c) => result.probabilities[c]), prediction: result.prediction };
      });
      report(view, scored);
      if (view === 'as uploaded') {
        const withMeta = scored.filter((s) => {
          const f = measured.get(s.sample.file)!.findings;
          return f.sourceClaims.length || f.generatorTraces.length || f.camera || f.captureClaim;
        });
        report('as uploaded, files carrying provenance metadata', withMeta);
        report('as uploaded, files without provenance metadata', scored.filter((s) => !withMeta.includes(s)));
      }
      if (view === 'metadata stripped') {
        // Files whose pixels are big enough for forensics (the 7 thumbnails of about 100 px are left out).
        report('metadata stripped, images with a side of at least 256 px', scored.filter((s) => measured.get(s.sample.file)!.nativeSide >= 256));
      }
    }
  }
}
