/**
 * The model-server clients against the fixture servers (test/helpers/model-servers.ts): real
 * numbers on success, and an UpstreamError with a reason for every way a server can fail (slow,
 * 5xx, not JSON, malformed, wrong shapes, down), then the open circuit; and the rule that joins a
 * channel to the built-in verdict.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ModelChannel, UpstreamError } from '../../server/model-servers/channel.ts';
import { lmEvidence, type LmOptions } from '../../server/model-servers/completions.ts';
import { classify } from '../../server/model-servers/open-inference.ts';
import { combine, createModelServers } from '../../server/model-servers/index.ts';
import { loadConfig, modelServerSettings } from '../../server/config.ts';
import { loadCalibration, type Calibration } from '../../server/model-servers/fusion.ts';
import { voiceRequests } from '../../server/engines/model-inputs/index.ts';
import { addPosition, emptySums, fastDetectGpt } from '../../server/model-servers/lm-evidence.ts';
import { FixtureLm, fixtureFakeProbability, fixtureTokens, repositoryProse, startInferenceFixture, startLmFixture, type FixtureServer } from '../helpers/model-servers.ts';

const observer = new FixtureLm(repositoryProse());
const performer = new FixtureLm(repositoryProse().split('\n').reverse().join('\n').slice(0, 20_000));
const TEXT = 'The service charges credits for each request. The engine runs on worker threads so that a long text never stalls the event loop. Every endpoint has its own file.';

const lmOptions: LmOptions = { model: 'observer', topK: 10, windowChars: 2000 };

async function rejects(promise: Promise<unknown>, pattern: RegExp) {
  await assert.rejects(promise, (error: unknown) => error instanceof UpstreamError && pattern.test(error.message));
}

describe('text: OpenAI-compatible completions', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startLmFixture({ observer, performer }, { slowMs: 1_500 });
  });
  after(() => server.close());

  test('the criterion is the fixture LM\'s own, computed from its echoed log-probabilities', async () => {
    server.misbehave('none');
    const channel = new ModelChannel({ name: 'lm', url: server.url, timeoutMs: 5_000, readyPath: '/v1/models' });
    const evidence = await lmEvidence(channel, lmOptions, TEXT);
    // The same criterion from the fixture's echo directly (text tokens only; the first has no distribution).
    const echo = observer.echo(TEXT, 10);
    const sums = emptySums();
    for (let i = 0; i < echo.tokens.length - 1; i++) addPosition(sums, { token: echo.tokens[i], logprob: echo.token_logprobs[i], top: echo.top_logprobs[i] });
    assert.equal(evidence.tokens, fixtureTokens(TEXT).length - 1);
    assert.ok(Math.abs(evidence.fast_detect_gpt! - fastDetectGpt(sums)!) < 1e-9);
    assert.equal(evidence.binoculars, undefined, 'no performer, no Binoculars');
    assert.equal(evidence.sentences.length, 3);
    assert.ok(evidence.sentences.every((s) => Number.isFinite(s.fast_detect_gpt)));
    assert.ok(evidence.tail_mass > 0 && evidence.tail_mass < 1);
    assert.ok(channel.ready());
    channel.close();
  });

  test('text the model writes itself scores higher than shuffled words; with a performer, Binoculars lower', async () => {
    server.misbehave('none');
    const channel = new ModelChannel({ name: 'lm', url: server.url, timeoutMs: 10_000, readyPath: '/v1/models' });
    let seed = 5;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const written = observer.sample(80, 0.7, rand);
    const words = written.split(' ');
    const shuffled = words.map((w, i) => words[(i * 37) % words.length]).join(' ');
    const options = { ...lmOptions, performer: 'performer' };
    const a = await lmEvidence(channel, options, written);
    const h = await lmEvidence(channel, options, shuffled);
    assert.ok(a.fast_detect_gpt! > h.fast_detect_gpt!, `${a.fast_detect_gpt} ≤ ${h.fast_detect_gpt}`);
    assert.ok(a.binoculars! < h.binoculars!, `${a.binoculars} ≥ ${h.binoculars}`);
    // The performer served by a server of its own (one vLLM process serves one model): the same numbers.
    const apart = await startLmFixture({ performer });
    try {
      const split = await lmEvidence(channel, { ...options, performerUrl: apart.url }, written);
      assert.equal(split.binoculars, a.binoculars);
      assert.ok(apart.requests.length > 0);
    } finally {
      await apart.close();
    }
    channel.close();
  });

  test('long texts go in windows of whole sentences; the context starts afresh in each', async () => {
    server.misbehave('none');
    const channel = new ModelChannel({ name: 'lm', url: server.url, timeoutMs: 5_000, readyPath: '/v1/models' });
    const before = server.requests.length;
    const evidence = await lmEvidence(channel, { ...lmOptions, windowChars: 200 }, `${TEXT} ${TEXT} ${TEXT}`);
    const windows = server.requests.length - before;
    assert.ok(windows >= 3, `${windows} windows`);
    assert.equal(evidence.tokens, fixtureTokens(`${TEXT} ${TEXT} ${TEXT}`).length - windows);
    channel.close();
  });

  for (const [mode, reason] of [
    ['slow', /no answer within 300 ms/],
    ['http-500', /HTTP 500/],
    ['not-json', /not JSON/],
    ['malformed', /malformed/],
    ['wrong-shape', /different lengths/],
  ] as const) {
    test(`a server that answers ${mode} fails with a reason`, async () => {
      server.misbehave(mode);
      const channel = new ModelChannel({ name: 'lm', url: server.url, timeoutMs: mode === 'slow' ? 300 : 10_000, readyPath: '/v1/models' });
      await rejects(lmEvidence(channel, lmOptions, TEXT), reason);
      assert.equal(channel.ready(), false);
      channel.close();
    });
  }
});

describe('image and voice: Open Inference Protocol v2', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startInferenceFixture({ slowMs: 1_500, center: 0.1 });
  });
  after(() => server.close());

  test('P(fake) per window is the fixture\'s function of that window, in order across batches', async () => {
    server.misbehave('none');
    const channel = new ModelChannel({ name: 'voice-model', url: server.url, timeoutMs: 5_000, readyPath: '/v2/models/m/ready' });
    assert.equal(await channel.probe(), true);
    // 42 s: 11 windows of 4 s (the last one the final 4 s), two requests (8 + 3).
    const pcm = new Float32Array(42 * 16_000);
    for (let i = 0; i < pcm.length; i++) pcm[i] = (i % 2 ? 1 : -1) * 0.02 * (1 + Math.floor(i / 64_000));
    const { requests, spans } = voiceRequests(pcm, 'wave-16k-4s', 'input');
    assert.deepEqual(requests.map((r) => r.batch), [8, 3]);
    assert.deepEqual(spans.at(-1), { start: 38, end: 42 });
    const p = await classify(channel, { model: 'm', fakeClass: 1 }, requests);
    const expected = spans.map((s) => {
      let sum = 0;
      for (let i = s.start * 16_000; i < s.end * 16_000; i++) sum += Math.abs(pcm[i]);
      return fixtureFakeProbability(sum / (4 * 16_000), 0.1);
    });
    p.forEach((x, i) => assert.ok(Math.abs(x - expected[i]) < 1e-4, `window ${i}: ${x} ≠ ${expected[i]}`));
    channel.close();
  });

  for (const [mode, reason] of [
    ['slow', /no answer within 300 ms/],
    ['http-500', /HTTP 500/],
    ['malformed', /malformed/],
    ['wrong-shape', /wrong output shape/],
  ] as const) {
    test(`a server that answers ${mode} fails with a reason`, async () => {
      server.misbehave(mode);
      const channel = new ModelChannel({ name: 'image-model', url: server.url, timeoutMs: mode === 'slow' ? 300 : 10_000, readyPath: '/v2/models/m/ready' });
      const { requests } = voiceRequests(new Float32Array(16_000), 'wave-16k-4s', 'input');
      await rejects(classify(channel, { model: 'm', fakeClass: 1 }, requests), reason);
      channel.close();
    });
  }

  test('a server that is down: unreachable, not ready; after repeated failures the circuit opens and nothing is sent', async () => {
    const down = new ModelChannel({ name: 'image-model', url: 'http://127.0.0.1:9', timeoutMs: 500, readyPath: '/v2/models/m/ready', breaker: { volumeThreshold: 3 } });
    assert.equal(await down.probe(), false);
    assert.equal(down.ready(), false);
    const { requests } = voiceRequests(new Float32Array(16_000), 'wave-16k-4s', 'input');
    for (let i = 0; i < 3; i++) await rejects(classify(down, { model: 'm', fakeClass: 1 }, requests), /unreachable/);
    await rejects(classify(down, { model: 'm', fakeClass: 1 }, requests), /circuit open/);
    down.close();
  });
});

describe('combine and calibration files', () => {
  const channel = new ModelChannel({ name: 'image-model', url: 'http://127.0.0.1:9', timeoutMs: 100, readyPath: '/' });
  after(() => channel.close());
  const calibration: Calibration = { engine: 'image', model: 'm', features: ['built_in', 'model'], center: [0, 0], scale: [1, 1], weights: [0, 1], bias: 0 };
  const ok = { ok: true as const, own: 0.9, features: { model: Math.log(0.9 / 0.1) } };

  test('fused with a calibration; the server\'s own probability only when trusted; else reported beside the built-in verdict', () => {
    const fused = combine({ channel, model: 'm', calibration }, 0.2, ok);
    assert.ok(Math.abs(fused.score - 0.9) < 1e-9); // weight 1 on the server's logit, 0 on the built-in's
    assert.deepEqual(fused.evidence.map((e) => [e.channel, e.used]), [['built-in', true], ['image-model', true]]);
    const own = combine({ channel, model: 'm', trustOwn: true }, 0.2, ok);
    assert.equal(own.score, 0.9);
    assert.deepEqual(own.evidence.map((e) => e.used), [false, true]);
    const reported = combine({ channel, model: 'm' }, 0.2, ok);
    assert.equal(reported.score, 0.2);
    assert.deepEqual(reported.evidence.map((e) => [e.score, e.used]), [[0.2, true], [0.9, false]]);
    const failed = combine({ channel, model: 'm', calibration, trustOwn: true }, 0.2, { ok: false, error: 'HTTP 503' });
    assert.equal(failed.score, 0.2);
    assert.match(failed.message!, /HTTP 503.*built-in model decided alone/);
  });

  test('a calibration file for another model or engine is not used, and says why', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ci-calibration-'));
    try {
      const file = path.join(dir, 'image.json');
      writeFileSync(file, JSON.stringify(calibration));
      assert.ok(loadCalibration(file, { engine: 'image', model: 'm' }).calibration);
      assert.match(loadCalibration(file, { engine: 'image', model: 'other' }).problem!, /fitted against model "m"/);
      assert.match(loadCalibration(file, { engine: 'voice', model: 'm' }).problem!, /calibrates image/);
      assert.match(loadCalibration(path.join(dir, 'none.json'), { engine: 'image', model: 'm' }).problem!, /no calibration file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  test('no server configured: no channel, so every engine answers as before; a half-configured one is refused at start', () => {
    const quiet = { info: () => {}, warn: () => {} };
    const none = createModelServers(modelServerSettings(loadConfig({})), quiet);
    assert.deepEqual([none.lm, none.image, none.voice], [undefined, undefined, undefined]);
    assert.throws(() => loadConfig({ TEXT_DETECT_LM_URL: 'http://127.0.0.1:9' }), /TEXT_DETECT_LM_MODEL: TEXT_DETECT_LM_URL and TEXT_DETECT_LM_MODEL go together/);
    assert.throws(() => loadConfig({ VOICE_MODEL_NAME: 'aasist' }), /VOICE_MODEL_URL: VOICE_MODEL_URL and VOICE_MODEL_NAME go together/);
    assert.throws(() => loadConfig({ IMAGE_MODEL_URL: 'http://127.0.0.1:9', IMAGE_MODEL_NAME: 'm', IMAGE_MODEL_INPUT: 'clip-336' }), /IMAGE_MODEL_INPUT/);
  });
});
