/**
 * "Bring your own model" over HTTP, with the fixture model servers (test/helpers/model-servers.ts):
 * each engine's response lists the channels' evidence; the verdict follows a calibration file that
 * trusts the server, the server's own probability where the operator trusts it, and is unchanged
 * without either; a server that is slow, failing or down at start gives the built-in verdict with a
 * message, charged once; the health routes report each channel.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { DetectionResult, HealthReport, ImageResult, VoiceResult } from '../../contract/schemas.ts';
import type { Calibration } from '../../server/model-servers/fusion.ts';
import { creditStatement } from '../../server/platform/data/ledger.ts';
import { upload } from '../helpers/endpoints.ts';
import { wav } from '../helpers/media.ts';
import { FixtureLm, repositoryProse, startInferenceFixture, startLmFixture, type FixtureServer } from '../helpers/model-servers.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const TEXT =
  'The committee reviewed the proposal on Monday and asked for a revised budget. Several members said the plan was sound but too expensive. ' +
  'The chair promised a new draft within two weeks, and the vote was postponed until then. Local businesses had hoped for a quicker decision. ' +
  'Some of them wrote to the council to say that the delay would cost them customers over the summer months.';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** A calibration that puts all its weight on one server feature (standardised by nothing): the fused score is sigmoid(feature). */
function onlyFeature(engine: Calibration['engine'], model: string, features: string[], feature: string): Calibration {
  return { engine, model, features, center: features.map(() => 0), scale: features.map(() => 1), weights: features.map((f) => (f === feature ? 1 : 0)), bias: 0 };
}

async function image(): Promise<Buffer> {
  const raw = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: 256, height: 256, channels: 3 } }).png().toBuffer();
}

const evidenceOf = (body: { evidence?: { channel: string; score: number | null; used: boolean; error?: string; criteria?: Record<string, number> }[] }) =>
  Object.fromEntries((body.evidence ?? []).map((e) => [e.channel, e]));

describe('bring your own model over HTTP', () => {
  let lm: FixtureServer;
  let classifier: FixtureServer;
  let dir: string;
  before(async () => {
    const observer = new FixtureLm(repositoryProse(), 800);
    const performer = new FixtureLm(repositoryProse().slice(0, 30_000), 800);
    lm = await startLmFixture({ observer, performer }, { slowMs: 8_000 });
    classifier = await startInferenceFixture({ slowMs: 8_000, center: 0.5 });
    dir = mkdtempSync(path.join(os.tmpdir(), 'ci-byom-'));
    writeFileSync(path.join(dir, 'text.json'), JSON.stringify(onlyFeature('text-detect', 'observer+performer', ['built_in', 'binoculars', 'fast_detect_gpt'], 'fast_detect_gpt')));
    writeFileSync(path.join(dir, 'voice.json'), JSON.stringify(onlyFeature('voice', 'fixture-voice', ['built_in', 'model'], 'model')));
  });
  after(async () => {
    await lm.close();
    await classifier.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('calibrated text and voice, image trusted on its own', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        env: {
          TEXT_DETECT_LM_URL: lm.url,
          TEXT_DETECT_LM_MODEL: 'observer',
          TEXT_DETECT_LM_PERFORMER_MODEL: 'performer',
          TEXT_DETECT_LM_TOP_K: '10',
          TEXT_DETECT_LM_TIMEOUT_MS: '4000',
          TEXT_DETECT_LM_CALIBRATION: path.join(dir, 'text.json'),
          IMAGE_MODEL_URL: classifier.url,
          IMAGE_MODEL_NAME: 'fixture-image',
          IMAGE_MODEL_TRUST: 'own',
          IMAGE_MODEL_TIMEOUT_MS: '4000',
          IMAGE_MODEL_CALIBRATION: path.join(dir, 'absent.json'),
          VOICE_MODEL_URL: classifier.url,
          VOICE_MODEL_NAME: 'fixture-voice',
          VOICE_MODEL_CALIBRATION: path.join(dir, 'voice.json'),
        },
      });
    });
    after(() => server.close());

    test('text: the lm channel\'s criteria decide through the calibration, the sentences too', async () => {
      lm.misbehave('none');
      const { key } = await server.account();
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: TEXT } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      DetectionResult.parse(res.body);
      const e = evidenceOf(res.body);
      assert.equal(e.lm.used, true);
      assert.equal(e.lm.score, null);
      assert.ok(Number.isFinite(e.lm.criteria!.fast_detect_gpt) && Number.isFinite(e.lm.criteria!.binoculars));
      assert.ok(e.lm.criteria!.tokens > 50);
      assert.equal(e['built-in'].used, true);
      // The calibration's weight is all on fast_detect_gpt: the verdict is sigmoid of it, whatever the built-in said.
      assert.ok(Math.abs(res.body.ai_score - sigmoid(e.lm.criteria!.fast_detect_gpt)) < 1e-3, `${res.body.ai_score} vs ${e.lm.criteria!.fast_detect_gpt}`);
      assert.equal(res.body.result, res.body.ai_score > 0.5 ? 'ai' : 'human');
      const builtIn = await server.services.engines.run({ kind: 'detectText', text: TEXT });
      assert.equal(e['built-in'].score, round4(builtIn.aiScore));
      assert.notDeepEqual(res.body.items.map((s: { ai_score: number }) => s.ai_score), builtIn.sentences.map((s) => round4(s.aiScore)), 'the sentences are fused too');
    });

    test('image: trusted on its own, the server\'s probability decides; health reports the channel ready', async () => {
      classifier.misbehave('none');
      const { key } = await server.account();
      const res = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(await image(), 'a.png') });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      ImageResult.parse(res.body);
      const e = evidenceOf(res.body);
      assert.equal(e['image-model'].used, true);
      assert.equal(e['built-in'].used, false);
      assert.ok(e['image-model'].score! > 0 && e['image-model'].score! < 1);
      assert.ok(Math.abs(res.body.probabilities.real - (1 - e['image-model'].score!)) < 1e-3);
      const health = await server.request('/api/image-detector/health/');
      HealthReport.parse(health.body);
      assert.equal(health.body.upstream.image_model_ready, true);
    });

    test('voice: the calibration decides; the server failing mid-way gives the built-in verdict, a message, one charge', async () => {
      classifier.misbehave('none');
      const { key, userId } = await server.account();
      const ok = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(9), 'a.wav') });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      VoiceResult.parse(ok.body);
      const e = evidenceOf(ok.body);
      assert.equal(e['voice-model'].used, true);
      assert.ok(Math.abs(ok.body.ai_probability - e['voice-model'].score!) < 1e-3, 'all the weight is on the server');
      // 9 s: windows 0–4, 4–8 and the last 4 s, 5–9; the file's score is their mean.
      const windows = (e['voice-model'] as unknown as { windows: { start_time: string; end_time: string; ai_probability: number }[] }).windows;
      assert.deepEqual(windows.map((w) => [w.start_time, w.end_time]), [['0.0s', '4.0s'], ['4.0s', '8.0s'], ['5.0s', '9.0s']]);
      assert.ok(Math.abs(windows.reduce((s, w) => s + w.ai_probability, 0) / 3 - e['voice-model'].score!) < 1e-3);

      classifier.misbehave('http-500');
      const failed = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(9), 'a.wav') });
      assert.equal(failed.status, 200);
      VoiceResult.parse(failed.body);
      assert.match(failed.body.message, /voice-model server gave no usable answer \(HTTP 500\)/);
      const f = evidenceOf(failed.body);
      assert.equal(f['voice-model'].used, false);
      assert.equal(failed.body.ai_probability, f['built-in'].score);
      const statement = await creditStatement(server.services.db, userId);
      assert.equal(statement.entries.filter((x) => x.kind === 'charge').length, 2);
      assert.equal(statement.entries.filter((x) => x.kind !== 'charge' && x.kind !== 'grant').length, 0, 'nothing refunded, nothing charged twice');
      classifier.misbehave('none');
    });

    test('text: a slow server is cut off at the deadline; the built-in verdict comes back with a message, charged once', async () => {
      lm.misbehave('slow');
      const { key, userId } = await server.account();
      const res = await server.request('/api/detector/', { method: 'POST', key, json: { content: TEXT } });
      lm.misbehave('none');
      assert.equal(res.status, 200);
      assert.match(res.body.message, /lm server gave no usable answer \(no answer within 4000 ms\)/);
      const e = evidenceOf(res.body);
      assert.equal(e.lm.used, false);
      assert.equal(res.body.ai_score, e['built-in'].score);
      const statement = await creditStatement(server.services.db, userId);
      assert.deepEqual(statement.entries.filter((x) => x.kind === 'charge').map((x) => x.amount), [-res.body.word_count]);
    });
  });

  describe('without a calibration file, and with a server down at start', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        env: {
          TEXT_DETECT_LM_URL: lm.url,
          TEXT_DETECT_LM_MODEL: 'observer',
          TEXT_DETECT_LM_TOP_K: '10',
          TEXT_DETECT_LM_CALIBRATION: path.join(dir, 'absent.json'),
          IMAGE_MODEL_URL: classifier.url,
          IMAGE_MODEL_NAME: 'fixture-image',
          IMAGE_MODEL_CALIBRATION: path.join(dir, 'absent.json'),
          // Nothing listens on port 9; the calibration would trust it if it answered.
          VOICE_MODEL_URL: 'http://127.0.0.1:9',
          VOICE_MODEL_NAME: 'fixture-voice',
          VOICE_MODEL_CALIBRATION: path.join(dir, 'voice.json'),
        },
      });
    });
    after(() => server.close());

    test('text and image: the evidence is reported, the verdict is the built-in one', async () => {
      lm.misbehave('none');
      classifier.misbehave('none');
      const { key } = await server.account();
      const text = await server.request('/api/detector/', { method: 'POST', key, json: { content: TEXT } });
      assert.equal(text.status, 200);
      const t = evidenceOf(text.body);
      assert.equal(t.lm.used, false);
      assert.ok(Number.isFinite(t.lm.criteria!.fast_detect_gpt));
      assert.equal(t.lm.criteria!.binoculars, undefined, 'no performer configured');
      const builtIn = await server.services.engines.run({ kind: 'detectText', text: TEXT });
      assert.equal(text.body.ai_score, round4(builtIn.aiScore));
      assert.deepEqual(text.body.items.map((s: { ai_score: number }) => s.ai_score), builtIn.sentences.map((s) => round4(s.aiScore)));

      const img = await server.request('/api/image-detector/predict/', { method: 'POST', key, body: upload(await image(), 'a.png') });
      assert.equal(img.status, 200);
      const i = evidenceOf(img.body);
      assert.equal(i['image-model'].used, false);
      assert.ok(i['image-model'].score !== null);
      assert.equal(i['built-in'].used, true);
      assert.equal(img.body.probabilities.real, round4(1 - i['built-in'].score!));
    });

    test('voice: a server down at start is reported not ready, and the built-in model answers with a message', async () => {
      const health = await server.request('/api/voice-detector/health/');
      assert.equal(health.body.upstream.voice_model_ready, false);
      assert.equal(health.body.upstream.image_model_ready, undefined, 'each route reports its own channel');
      const { key, userId } = await server.account();
      const res = await server.request('/api/voice-detector/detect/', { method: 'POST', key, body: upload(wav(5), 'a.wav') });
      assert.equal(res.status, 200);
      assert.match(res.body.message, /voice-model server gave no usable answer \(unreachable/);
      assert.equal(res.body.ai_probability, evidenceOf(res.body)['built-in'].score);
      const statement = await creditStatement(server.services.db, userId);
      assert.equal(statement.entries.filter((x) => x.kind === 'charge').length, 1);
    });
  });
});
