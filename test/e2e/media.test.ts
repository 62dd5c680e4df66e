import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { PRICE_LABEL } from '../../contract/catalogue.ts';
import { routes } from '../../contract/routes.ts';
import { HealthReport, ImageResult, VoiceResult } from '../../contract/schemas.ts';
import { encodeWav } from '../../server/engines/voice/synthetic.ts';
import { creditStatement } from '../../server/platform/credits.ts';
import { wav } from '../helpers/media.ts';
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

function upload(bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe('image and voice over HTTP', () => {
  let server: TestServer;
  let tmp: string;
  before(async () => {
    server = await startTestServer();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ci-media-'));
  });
  after(async () => {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  });

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

  test('voice: 4.2 s of audio bills 5 s = 50 credits, one verdict and no timeline', async () => {
    const { key } = await server.account();
    const res = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(4.2), 'short.wav') });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = VoiceResult.parse(res.body);
    assert.equal(body.billed_seconds, 5);
    assert.equal(body.credits_used, 50);
    assert.deepEqual(body.segments, []);
    assert.equal(body.statistics, undefined);
    assert.ok(Math.abs(body.ai_probability + body.natural_probability - 1) < 0.01);
  });

  test('voice: an undetermined answer (3 s of silence) is charged like a decided one, as the contract and the price line say', async () => {
    const { key, userId } = await server.account();
    const silence = encodeWav(new Float32Array(3 * 16_000), 16_000);
    const res = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(silence, 'silence.wav') });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = VoiceResult.parse(res.body);
    assert.equal(body.verdict, 'undetermined');
    assert.equal(body.credits_used, 30);
    const { entries } = await creditStatement(server.services.db, userId);
    assert.deepEqual(entries.filter((e) => e.kind === 'charge' || e.kind === 'refund').map((e) => e.amount), [-30], 'charged, not refunded');
    const route = routes.find((r) => r.op === 'detectVoice')!;
    assert.match(route.description, /`undetermined` verdict .* is charged like a decided one/);
    assert.match(PRICE_LABEL.detectVoice ?? '', /undetermined/);
  });

  test('voice: 20 s of audio gets a segment timeline and statistics', async () => {
    const { key } = await server.account();
    const res = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(20), 'long.wav') });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const body = VoiceResult.parse(res.body);
    assert.equal(body.credits_used, 200);
    assert.ok(body.segments.length > 0);
    assert.ok(body.statistics && body.statistics.total_segments >= body.segments.length);
  });

  test('voice: unreadable audio → invalid_audio; video → invalid_payload; over 600 s → audio_too_long; none charged', async () => {
    const { key, userId } = await server.account();
    const junk = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4000, 7)]), 'junk.wav') });
    assert.equal(junk.status, 400);
    assert.ok(['invalid_audio', 'invalid_payload'].includes(junk.body.code), junk.body.code);

    const video = path.join(tmp, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', '-y', video]);
    const vid = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(readFileSync(video), 'clip.mp4') });
    assert.equal(vid.status, 400);
    assert.equal(vid.body.code, 'invalid_payload');

    const long = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(601, 4000), 'long.wav') });
    assert.equal(long.status, 400);
    assert.equal(long.body.code, 'audio_too_long');
    assert.equal(long.body.details.limit_seconds, 600);
    assert.equal((await creditStatement(server.services.db, userId)).entries.filter((e) => e.kind === 'charge').length, 0);
  });

  test('health reports follow the spec shape', async () => {
    for (const p of ['/api/image-detector/health/', '/api/voice-detector/health/']) HealthReport.parse((await server.request(p)).body);
  });
});
