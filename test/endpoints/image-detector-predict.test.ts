/**
 * POST /api/image-detector/predict/ (detectImage) over HTTP against the real server: the file to open
 * first for this endpoint. The engine is tested in test/unit/image-*.test.ts; an operator's image model
 * in integration/model-servers.test.ts; uploads of every odd shape in integration/fuzz.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { ErrorBody, ImageResult } from '../../contract/schemas.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { assertError, refusesBadKeys, upload } from '../helpers/endpoints.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** A photo-like test image: smooth gradients plus sensor-like noise. */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 16;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, 120 + 80 * Math.sin(x / 37) + noise()));
      raw[i + 1] = Math.max(0, Math.min(255, 100 + 60 * Math.cos(y / 23) + noise()));
      raw[i + 2] = Math.max(0, Math.min(255, 90 + 40 * Math.sin((x + y) / 51) + noise()));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

describe('POST /api/image-detector/predict/', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  describe('happy path', () => {
    test('image: a 512×512 image costs 6 credits; probabilities sum to 1 and prediction is their argmax', async () => {
      const { key, userId } = await server.account();
      const res = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(await photo(512, 512), 'photo.jpg') });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = ImageResult.parse(res.body);
      assert.equal(body.credits_charged, 6);
      const probs = body.probabilities;
      assert.ok(Math.abs(probs.real + probs.fake + probs.inpainting - 1) < 0.01);
      const argmax = (Object.entries(probs) as [string, number][]).sort((a, b) => b[1] - a[1])[0][0];
      assert.equal(body.prediction, argmax);
      assert.equal(body.confidence, probs[body.prediction]);
      const statement = await creditStatement(server.services.db, userId);
      assert.deepEqual(statement.entries.filter((e) => e.kind === 'charge').map((e) => e.amount), [-6]);
      // Like every successful response: the balance after the charge, and the caller.
      assert.equal(body.credits_remaining, statement.balance);
      assert.deepEqual(body.user, { id: userId });
    });

    test('image: 1920×1080 costs 8', async () => {
      const { key } = await server.account();
      const res = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(await photo(1920, 1080), 'wide.jpg') });
      assert.equal(res.body.credits_charged, 8);
    });
  });

  describe('errors', () => {
    test('image: not an image → invalid_payload, a corrupt PNG → invalid_image, no file → invalid_payload; none charged', async () => {
      const { key, userId } = await server.account();
      const text = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(Buffer.from('just some text, not a picture'), 'notes.txt') });
      assert.equal(text.status, 400);
      assert.equal(text.body.code, 'invalid_payload');
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();
      const corrupt = Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 0xab)]);
      const bad = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(corrupt, 'broken.png') });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'invalid_image');
      const form = new FormData();
      form.append('other', 'value');
      const missing = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: form });
      assert.equal(missing.body.code, 'invalid_payload');
      assert.equal((await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 0);
    });

    test('JSON instead of a multipart upload → 415 unsupported_media_type', async () => {
      const { key } = await server.account();
      assertError(await server.request('/api/image-detector/predict/', { method: 'POST', key, json: { file: 'x' } }), 415, 'unsupported_media_type');
    });

    test('issue 21.5: an image over 10 MB and a multipart body with too many fields: 400 invalid_payload, nothing charged', async () => {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      const tooBig = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(Buffer.alloc(10 * 1024 * 1024 + 1), 'big.jpg') });
      assert.equal(tooBig.status, 400, JSON.stringify(tooBig.body));
      assert.equal(ErrorBody.parse(tooBig.body).code, 'invalid_payload');
      assert.match(tooBig.body.message, /10 MB/);
      const fields = new FormData();
      for (let i = 0; i < 11; i++) fields.append(`field${i}`, 'x');
      fields.append('file', new Blob([new Uint8Array(16)]), 'small.jpg');
      const many = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: fields });
      assert.equal(many.status, 400, JSON.stringify(many.body));
      assert.equal(ErrorBody.parse(many.body).code, 'invalid_payload');
      assert.equal((await creditStatement(server.services.db, userId)).balance, before);
    });

    test('image: the Trial plan allows 5 predictions a minute; the 6th is 429 rate_limited with headers and no charge', async () => {
      const { key, userId } = await server.account({ plan: 'Trial' });
      const image = await photo(256, 256);
      for (let i = 0; i < 5; i++) {
        const res = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(image, 'a.jpg') });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('ratelimit-limit'), '5');
      }
      const limited = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(image, 'a.jpg') });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.code, 'rate_limited');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
      assert.equal((await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 5);
    });
  });

  describe('security', () => {
    refusesBadKeys('detectImage', () => server);
  });
});
