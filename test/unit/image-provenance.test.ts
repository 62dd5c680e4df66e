/**
 * Image engine, provenance channel: C2PA manifests (hand-built JUMBF in JPEG APP11 and PNG caBX), IPTC
 * DigitalSourceType in XMP, generator traces in PNG text chunks and EXIF, camera EXIF, and the direction in
 * which each claim moves the probabilities against the same pixels without metadata.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeImage, type ImageAnalysis } from '../../server/engines/image/index.ts';
import { decodeCbor } from '../../server/engines/image/cbor.ts';
import { readC2pa, parseBoxes } from '../../server/engines/image/c2pa.ts';
import { extractMetadata } from '../../server/engines/image/containers.ts';
import { ijgQuality, readProvenance } from '../../server/engines/image/provenance.ts';
import {
  c2paStore, encodeCbor, pngChunk, rawImage, textChunk, withJpegJumbf, withPngChunks, xmpPacket, type CborIn,
} from './image-fixtures.test.ts';

const plainPng = (): Promise<Buffer> => rawImage(384, 288, 7).png().toBuffer();
const plainJpeg = (): Promise<Buffer> => rawImage(384, 288, 7).jpeg({ quality: 92 }).toBuffer();

const FIREFLY_THEN_PHOTOSHOP = c2paStore([
  { label: 'urn:uuid:generated', actions: [{ action: 'c2pa.created', sourceType: 'trainedAlgorithmicMedia' }], generator: 'Adobe_Firefly' },
  {
    label: 'urn:uuid:edited',
    actions: [{ action: 'c2pa.opened', sourceType: 'compositeWithTrainedAlgorithmicMedia', instanceId: 'xmp:iid:1' }, { action: 'c2pa.edited' }],
    ingredients: [{ manifest: 'urn:uuid:generated', relationship: 'componentOf', instanceId: 'xmp:iid:1' }],
    generator: 'Adobe_Photoshop/26',
  },
]);

const CAPTURE_THEN_GENERATIVE_FILL = c2paStore([
  { label: 'urn:uuid:camera', actions: [{ action: 'c2pa.created', sourceType: 'digitalCapture' }], generator: 'Leica' },
  {
    label: 'urn:uuid:fill',
    actions: [{ action: 'c2pa.opened' }, { action: 'c2pa.edited', sourceType: 'compositeWithTrainedAlgorithmicMedia' }],
    ingredients: [{ manifest: 'urn:uuid:camera', relationship: 'parentOf' }],
  },
]);

const CAPTURE_ONLY = c2paStore([{ label: 'urn:uuid:cam', actions: [{ action: 'c2pa.created', sourceType: 'digitalCapture' }] }]);

test('C2PA: the ingredient chain decides — generated canvas edited later is still fake', () => {
  const summary = readC2pa([FIREFLY_THEN_PHOTOSHOP]);
  assert.equal(summary?.verdict, 'fake');
  assert.equal(summary?.manifests.length, 2);
  assert.match(summary!.reason, /ingredient/);
});

test('C2PA: generative fill on a captured photo is inpainting; a capture alone is a capture', () => {
  assert.equal(readC2pa([CAPTURE_THEN_GENERATIVE_FILL])?.verdict, 'inpainting');
  assert.equal(readC2pa([CAPTURE_ONLY])?.verdict, 'capture');
  assert.equal(readC2pa([Buffer.from('not jumbf at all')]), null);
});

test('C2PA in JPEG APP11 (split over several segments) and in PNG caBX is found and moves P(fake) up', async () => {
  const jpeg = await plainJpeg();
  const png = await plainPng();
  const withJpeg = withJpegJumbf(jpeg, FIREFLY_THEN_PHOTOSHOP, 200);
  assert.equal(extractMetadata(withJpeg, 'jpeg').jumbf.length, 1);
  const withPng = withPngChunks(png, [pngChunk('caBX', FIREFLY_THEN_PHOTOSHOP)]);
  for (const [plain, marked] of [[jpeg, withJpeg], [png, withPng]] as const) {
    const before = await analyzeImage(plain);
    const after = await analyzeImage(marked);
    assert.ok(after.probabilities.fake > before.probabilities.fake);
    assert.ok(after.probabilities.fake >= 0.85 && after.probabilities.fake < 1, 'unsigned: raises to the floor, never certainty');
    assert.equal(after.prediction, 'fake');
    assert.ok(after.evidence.some((e) => /C2PA.*signature not verified.*trainedAlgorithmicMedia/.test(e)), after.evidence.join('\n'));
  }
});

test('C2PA generative fill moves P(inpainting) up', async () => {
  const png = await plainPng();
  const r = await analyzeImage(withPngChunks(png, [pngChunk('caBX', CAPTURE_THEN_GENERATIVE_FILL)]));
  assert.equal(r.prediction, 'inpainting');
  assert.ok(r.probabilities.inpainting > (await analyzeImage(png)).probabilities.inpainting);
});

test('XMP IPTC DigitalSourceType claims raise their class', async () => {
  const base = rawImage(384, 288, 7);
  const plain = await analyzeImage(await base.clone().jpeg().toBuffer());
  const ai = await analyzeImage(await base.clone().jpeg().withXmp(xmpPacket('trainedAlgorithmicMedia')).toBuffer());
  const composite = await analyzeImage(await base.clone().png().withXmp(xmpPacket('compositeWithTrainedAlgorithmicMedia')).toBuffer());
  const capture = await analyzeImage(await base.clone().jpeg().withXmp(xmpPacket('digitalCapture')).toBuffer());
  assert.ok(ai.probabilities.fake >= 0.8 && ai.probabilities.fake > plain.probabilities.fake);
  assert.ok(composite.probabilities.inpainting >= 0.8);
  assert.deepEqual(capture.probabilities, plain.probabilities, 'an XMP capture claim alone is not evidence');
});

test('generator traces in PNG text chunks: A1111 parameters → fake; ComfyUI inpainting graph → inpainting', async () => {
  const png = await plainPng();
  const plain = await analyzeImage(png);
  const a1111 = await analyzeImage(withPngChunks(png, [textChunk('parameters', 'a castle\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1')]));
  assert.ok(a1111.probabilities.fake >= 0.8 && a1111.probabilities.fake > plain.probabilities.fake);
  const graph = JSON.stringify({ 3: { class_type: 'KSampler' }, 9: { class_type: 'VAEEncodeForInpaint' } });
  const comfy = await analyzeImage(withPngChunks(png, [textChunk('prompt', graph), textChunk('workflow', '{"nodes":[]}')]));
  assert.equal(comfy.prediction, 'inpainting');
  assert.ok(comfy.evidence.some((e) => /ComfyUI/.test(e)));
  // A text chunk that is not generation metadata changes nothing.
  const other = await analyzeImage(withPngChunks(png, [textChunk('Title', 'Holiday, Steps of the cathedral')]));
  assert.deepEqual(other.probabilities, plain.probabilities);
});

test('EXIF: a generator in Software raises P(fake); camera EXIF is reported but moves nothing', async () => {
  const base = rawImage(384, 288, 7);
  const plain = await analyzeImage(await base.clone().jpeg().toBuffer());
  const generator = await analyzeImage(await base.clone().jpeg().withExif({ IFD0: { Software: 'Midjourney v6' } }).toBuffer());
  const camera = await analyzeImage(await base.clone().jpeg().withExif({
    IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV', Software: 'Adobe Photoshop 25.0' },
    IFD2: { ExposureTime: '1/125', FNumber: '8', ISOSpeedRatings: '200', DateTimeOriginal: '2024:05:01 10:00:00' },
  }).toBuffer());
  const incoherent = await analyzeImage(await base.clone().jpeg().withExif({ IFD0: { Make: 'Canon', Model: 'NIKON D850' } }).toBuffer());
  assert.ok(generator.probabilities.fake > plain.probabilities.fake && generator.probabilities.fake >= 0.7);
  // Camera metadata is easy to copy and usually stripped: a verdict that rose with it would fall without it.
  assert.deepEqual(camera.probabilities, plain.probabilities);
  assert.ok(camera.evidence.some((e) => /EXIF camera metadata is coherent/.test(e)), camera.evidence.join('\n'));
  assert.ok(camera.evidence.some((e) => /not weighed/.test(e)), camera.evidence.join('\n'));
  assert.deepEqual(incoherent.probabilities, plain.probabilities, 'incoherent make/model is ignored');
});

/** The APPn segments (after SOI, before the first non-APP marker) of a JPEG. */
function appSegments(jpeg: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let pos = 2; jpeg[pos] === 0xff && jpeg[pos + 1] >= 0xe0 && jpeg[pos + 1] <= 0xef;) {
    const len = jpeg.readUInt16BE(pos + 2);
    out.push(jpeg.subarray(pos, pos + 2 + len));
    pos += 2 + len;
  }
  return out;
}

test('metadata never changes the pixels the model sees: an ICC profile, EXIF rotation and camera tags leave P unchanged', async () => {
  const plainBytes = await rawImage(384, 288, 11).jpeg({ quality: 90 }).toBuffer();
  // Metadata segments of another file (an ICC profile, EXIF with a rotation), spliced in front of the same pixels.
  const donor = await rawImage(64, 64, 3).jpeg().withIccProfile('p3').withExif({
    IFD0: { Make: 'Apple', Model: 'iPhone 15', Orientation: '6' }, IFD2: { ExposureTime: '1/60', FNumber: '1.8' },
  }).toBuffer();
  const segments = appSegments(donor).filter((seg) => seg[1] !== 0xe0);
  assert.ok(segments.length >= 2, 'donor carries EXIF and ICC segments');
  const tagged = Buffer.concat([plainBytes.subarray(0, 2), ...segments, plainBytes.subarray(2)]);
  const [plain, withMetadata] = [await analyzeImage(plainBytes), await analyzeImage(tagged)];
  assert.deepEqual(withMetadata.probabilities, plain.probabilities);
  assert.ok(withMetadata.evidence.some((e) => /camera metadata/.test(e)), withMetadata.evidence.join('\n'));
});

test('an AI claim outweighs camera EXIF (camera metadata is easy to copy)', async () => {
  const bytes = await rawImage(384, 288, 7).jpeg().withXmp(xmpPacket('trainedAlgorithmicMedia'))
    .withExif({ IFD0: { Make: 'Sony', Model: 'ILCE-7M4' }, IFD2: { ExposureTime: '1/60', FNumber: '4' } }).toBuffer();
  const r: ImageAnalysis = await analyzeImage(bytes);
  assert.equal(r.prediction, 'fake');
});

test('JPEG quantisation tables: the IJG table of a library encoder is recognised with its quality', async () => {
  const jpeg = await rawImage(64, 64).jpeg({ quality: 80 }).toBuffer();
  const tables = extractMetadata(jpeg, 'jpeg').quantTables;
  assert.equal(ijgQuality(tables.get(0)!), 80);
  const custom = [...tables.get(0)!];
  custom[5] += 1;
  assert.equal(ijgQuality(custom), null);
  assert.deepEqual(readProvenance(jpeg, 'jpeg').jpegTables, { standard: true, quality: 80 });
});

test('CBOR: round-trips what the writer encodes', () => {
  const value = fc.letrec<{ v: CborIn }>((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, fc.string(), fc.nat(1e9), fc.integer({ min: -1e6, max: -1 }), fc.boolean(),
      fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 4, noNullPrototype: true })),
  })).v;
  fc.assert(fc.property(value, (v) => {
    assert.deepEqual(decodeCbor(encodeCbor(v)), v);
    return true;
  }), { numRuns: 200 });
});

test('metadata parsers never throw on arbitrary bytes', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
    for (const prefix of [[0xff, 0xd8], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('RIFF\0\0\0\0WEBP')]]) {
      const data = Buffer.concat([Buffer.from(prefix), bytes]);
      readProvenance(data, prefix[0] === 0xff ? 'jpeg' : prefix[0] === 0x89 ? 'png' : 'webp');
    }
    parseBoxes(bytes);
    readC2pa([bytes]);
    try { decodeCbor(bytes); } catch (err) { assert.ok(err instanceof Error); }
    return true;
  }), { numRuns: 300 });
});
