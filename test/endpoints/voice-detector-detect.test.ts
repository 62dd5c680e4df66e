/**
 * POST /api/voice-detector/detect/ (detectVoice) over HTTP against the real server: the file to open
 * first for this endpoint. The engine is tested in test/unit/voice*.test.ts; an operator's voice model in
 * integration/model-servers.test.ts; uploads of every odd shape in integration/fuzz.test.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PRICE_LABEL } from '../../contract/catalogue.ts';
import { routes } from '../../contract/routes.ts';
import { ErrorBody, VoiceResult } from '../../contract/schemas.ts';
import { encodeWav } from '../../server/engines/voice/synthetic.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { refusesBadKeys, upload } from '../helpers/endpoints.ts';
import { wav } from '../helpers/media.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('POST /api/voice-detector/detect/', () => {
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

  describe('happy path', () => {
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
  });

  describe('errors', () => {
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

    test('issue 21.5: a multipart body with too many fields: 400 invalid_payload, nothing charged', async () => {
      const { key, userId } = await server.account();
      const before = (await creditStatement(server.services.db, userId)).balance;
      const fields = new FormData();
      for (let i = 0; i < 11; i++) fields.append(`field${i}`, 'x');
      fields.append('file', new Blob([new Uint8Array(16)]), 'small.jpg');
      const res = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: fields });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(ErrorBody.parse(res.body).code, 'invalid_payload');
      assert.equal((await creditStatement(server.services.db, userId)).balance, before);
    });
  });

  describe('security', () => {
    refusesBadKeys('detectVoice', () => server);
  });
});
