/**
 * Image engine: pricing, format sniffing, decoding of all six formats, failure modes (corrupt, truncated,
 * lying and non-image bytes, decompression bombs) and the invariants of the result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  IMAGE_ENGINE_VERSION, InvalidImageError, analyzeImage, readImageSize, sniffImageFormat, type ImageFormat,
} from '../../server/engines/image/index.ts';
import { imageCredits } from '../../contract/catalogue.ts';
import { roundProbabilities } from '../../server/engines/image/fusion.ts';
import { encodeBmp, pngBombHeader, rawImage, syntheticRgb } from './image-fixtures.test.ts';

const W = 320, H = 240;

async function encodeAs(format: ImageFormat, width = W, height = H): Promise<Buffer> {
  if (format === 'bmp') return encodeBmp(syntheticRgb(width, height), width, height);
  const img = rawImage(width, height);
  switch (format) {
    case 'jpeg': return img.jpeg({ quality: 90 }).toBuffer();
    case 'png': return img.png().toBuffer();
    case 'webp': return img.webp({ quality: 90 }).toBuffer();
    case 'gif': return img.gif().toBuffer();
    case 'tiff': return img.tiff().toBuffer();
  }
}

const FORMATS: ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff'];

test('pricing: the spec table', () => {
  assert.equal(imageCredits(512, 512), 6);
  assert.equal(imageCredits(1024, 1024), 7);
  assert.equal(imageCredits(1920, 1080), 8);
  assert.equal(imageCredits(1080, 1920), 8);
  assert.equal(imageCredits(3840, 2160), 17);
  assert.equal(imageCredits(7680, 4320), 17);
  assert.equal(imageCredits(2160, 3840), 17);
  assert.equal(imageCredits(1, 1), 6);
  // Above 4K in pixels is 17 whatever the shape; a wide image under 8.3 MP is priced by its pixels.
  assert.equal(imageCredits(7680, 2160), 17);
  assert.equal(imageCredits(5000, 1000), 12);
});

test('pricing: integer in 6..17, never less for more pixels', () => {
  const dim = fc.integer({ min: 1, max: 20000 });
  fc.assert(fc.property(dim, dim, (w, h) => {
    const c = imageCredits(w, h);
    return Number.isInteger(c) && c >= 6 && c <= 17 && c === imageCredits(h, w);
  }));
  fc.assert(fc.property(dim, dim, dim, dim, (w1, h1, w2, h2) => w1 * h1 > w2 * h2 || imageCredits(w1, h1) <= imageCredits(w2, h2)));
});

test('sniffing: all six formats by magic bytes, null for anything else', async () => {
  for (const format of FORMATS) assert.equal(sniffImageFormat(await encodeAs(format)), format, format);
  assert.equal(sniffImageFormat(Buffer.from('hello, this is text')), null);
  assert.equal(sniffImageFormat(Buffer.from('BM but then plain text follows here')), null);
  assert.equal(sniffImageFormat(new Uint8Array()), null);
  assert.equal(sniffImageFormat(Buffer.from('%PDF-1.7\n')), null);
  assert.equal(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt ')), null);
});

test('sniffing never throws on arbitrary bytes', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
    const f = sniffImageFormat(bytes);
    return f === null || FORMATS.includes(f);
  }));
});

for (const format of FORMATS) {
  test(`decodes ${format}: header size and full analysis agree`, async () => {
    const bytes = await encodeAs(format);
    assert.deepEqual(await readImageSize(bytes), { width: W, height: H, format });
    const result = await analyzeImage(bytes);
    assert.equal(result.format, format);
    assert.equal(result.width, W);
    assert.equal(result.height, H);
  });
}

test('result invariants: probabilities sum to 1, prediction is the argmax, confidence its probability', async () => {
  for (const format of FORMATS) {
    const r = await analyzeImage(await encodeAs(format));
    const values = Object.values(r.probabilities);
    assert.equal(Math.round(values.reduce((a, b) => a + b, 0) * 1e4), 1e4);
    assert.ok(values.every((v) => v >= 0 && v <= 1 && Math.round(v * 1e4) === Math.round(v * 1e4 * 1e6) / 1e6));
    assert.equal(r.confidence, r.probabilities[r.prediction]);
    assert.equal(Math.max(...values), r.confidence);
    assert.ok(['real', 'fake', 'inpainting'].includes(r.prediction));
    assert.ok(r.evidence.length > 0 && r.evidence.every((e) => typeof e === 'string' && e.length > 0));
  }
});

test('rounding keeps the sum at exactly 1 and the argmax', () => {
  const p = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
    .filter(([a, b, c]) => a + b + c > 1e-6)
    .map(([a, b, c]) => [a, b, c].map((v) => v / (a + b + c)));
  fc.assert(fc.property(p, (probs) => {
    const { rounded, argmax } = roundProbabilities(probs);
    const sum = rounded.reduce((a, b) => a + Math.round(b * 1e4), 0);
    return sum === 1e4 && rounded.every((v) => v >= 0) && rounded.every((v) => v <= rounded[argmax]) && probs.every((v) => v <= probs[argmax]);
  }));
});

test('deterministic: the same bytes give the same answer', async () => {
  const bytes = await encodeAs('jpeg', 512, 384);
  assert.deepEqual(await analyzeImage(bytes), await analyzeImage(bytes));
  assert.match(IMAGE_ENGINE_VERSION, /^image-engine-/);
});

test('the answer depends on the pixels (no constant output)', async () => {
  const smooth = await rawImage(256, 256).blur(3).png().toBuffer();
  const noisy = await rawImage(256, 256).png().toBuffer();
  const [a, b] = await Promise.all([analyzeImage(smooth), analyzeImage(noisy)]);
  assert.notDeepEqual(a.probabilities, b.probabilities);
});

async function assertInvalid(bytes: Uint8Array, label: string): Promise<void> {
  await assert.rejects(analyzeImage(bytes), InvalidImageError, `analyzeImage: ${label}`);
}

test('non-image, truncated and corrupt bytes are InvalidImageError, never another error', async () => {
  await assertInvalid(Buffer.from('just some text pretending to be a picture'), 'text');
  await assertInvalid(new Uint8Array(), 'empty');
  await assert.rejects(readImageSize(Buffer.from('plain text')), InvalidImageError);
  for (const format of FORMATS) {
    const bytes = await encodeAs(format);
    await assertInvalid(bytes.subarray(0, Math.floor(bytes.length / 2)), `${format} cut in half`);
    await assertInvalid(bytes.subarray(0, 20), `${format} header only`);
  }
  // Valid magic, garbage after it.
  await assertInvalid(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]), 'jpeg garbage');
  await assertInvalid(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), 'png garbage');
});

test('a file that lies about its type is judged by its bytes (a PNG renamed .jpg is a PNG)', async () => {
  const png = await encodeAs('png');
  assert.equal(sniffImageFormat(png), 'png');
  assert.equal((await analyzeImage(png)).format, 'png');
});

test('random bytes after a valid magic number never crash with anything but InvalidImageError', async () => {
  const magics = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('GIF89a')], [...Buffer.from('II*\0')],
    [...Buffer.from('RIFF\x10\0\0\0WEBP')], [0x42, 0x4d, 0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]];
  await fc.assert(fc.asyncProperty(fc.constantFrom(...magics), fc.uint8Array({ minLength: 0, maxLength: 300 }), async (magic, tail) => {
    try {
      await analyzeImage(Buffer.concat([Buffer.from(magic), tail]));
      return true; // by chance a decodable image: fine
    } catch (err) {
      return err instanceof InvalidImageError;
    }
  }), { numRuns: 60, seed: 42 });
});

// The header alone decides: a 100,000 x 100,000 PNG is never decoded (a decode would take 30 GB).
test('decompression bombs are refused from the header', async () => {
  const bomb = pngBombHeader(100_000, 100_000);
  await assert.rejects(readImageSize(bomb), InvalidImageError);
  await assertInvalid(bomb, 'png bomb');
  const bmp = encodeBmp(syntheticRgb(4, 4), 4, 4);
  bmp.writeInt32LE(60_000, 18);
  bmp.writeInt32LE(60_000, 22);
  await assert.rejects(readImageSize(bmp), InvalidImageError);
  await assertInvalid(bmp, 'bmp bomb');
});

test('a BMP whose pixel data is cut short is InvalidImageError', async () => {
  const bmp = encodeBmp(syntheticRgb(64, 64), 64, 64);
  await assertInvalid(bmp.subarray(0, 54 + 100), 'short bmp');
});

test('GIF and TIFF: the first frame/page is analysed', async () => {
  const frames = Buffer.concat([syntheticRgb(128, 96, 1), syntheticRgb(128, 96, 2)]);
  const multi = await (await import('sharp')).default(frames, { raw: { width: 128, height: 192, channels: 3, pageHeight: 96 } as never })
    .gif().toBuffer();
  const r = await analyzeImage(multi);
  assert.equal(r.format, 'gif');
  assert.equal(r.height, 96);
  assert.deepEqual(await readImageSize(multi), { width: 128, height: 96, format: 'gif' });
});
