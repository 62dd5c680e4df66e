/** The voice engine's frame model: per-recording normalisation, the network's scoring and its deterministic fitting. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { N_BANDS, RAW_DIMS } from '../../server/engines/voice/frames.ts';
import { judgeVoice, measureVoice } from '../../server/engines/voice/analysis.ts';
import type { VoiceModel } from '../../server/engines/voice/classifier.ts';
import { seededRandom as prng } from '../../server/engines/shared/random.ts';
import { speechLikeSignal } from '../../server/engines/voice/synthetic.ts';
import { withNoise } from '../../scripts/train-voice-detector.ts';
import { CONTEXT, FRAME_LOGIT_LIMIT, fitFrameNet, frameLogits, INPUTS, meanLogit, normaliseFrames, type FrameNet } from '../../server/engines/voice/framenet.ts';

/** Random raw descriptors: band levels around -40 dB, cepstra around 0, periodicity in 0..1. */
function randomRaw(count: number, seed: number, bandOffset = (_b: number) => 0): Float32Array {
  const random = prng(seed);
  const raw = new Float32Array(count * RAW_DIMS);
  for (let i = 0; i < count; i++) {
    for (let d = 0; d < RAW_DIMS; d++) {
      raw[i * RAW_DIMS + d] = d < N_BANDS ? -40 + 10 * random() + bandOffset(d) : d < RAW_DIMS - 1 ? random() - 0.5 : random();
    }
  }
  return raw;
}

describe('normaliseFrames', () => {
  test('a fixed gain per band (microphone, room, codec tilt) does not change the result', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: N_BANDS, maxLength: N_BANDS }), fc.integer({ min: 1, max: 1000 }), (gains, seed) => {
        const count = 50;
        const active = new Uint8Array(count).fill(1);
        const a = normaliseFrames(randomRaw(count, seed), active, count);
        const b = normaliseFrames(randomRaw(count, seed, (band) => gains[band]), active, count);
        for (let i = 0; i < a.length; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-3, `index ${i}: ${a[i]} vs ${b[i]}`);
      }),
      { numRuns: 30 },
    );
  });

  test('a band far below the telephone band (above a cut-off) is zeroed, so band-limited audio looks like full-band audio below it', () => {
    const count = 40;
    const active = new Uint8Array(count).fill(1);
    const out = normaliseFrames(randomRaw(count, 3, (band) => (band >= 16 ? -80 : 0)), active, count);
    for (let i = 0; i < count; i++) for (let b = 16; b < N_BANDS; b++) assert.ok(out[i * RAW_DIMS + b] === 0);
    assert.ok(out.some((x, k) => k % RAW_DIMS < 16 && x !== 0));
  });

  test('statistics come from the active frames only', () => {
    const count = 30;
    const raw = randomRaw(count, 5);
    const active = new Uint8Array(count).fill(1);
    active[0] = 0;
    const louder = raw.slice();
    for (let d = 0; d < N_BANDS; d++) louder[d] += 30; // an inactive frame changes
    const a = normaliseFrames(raw, active, count);
    const b = normaliseFrames(louder, active, count);
    assert.deepEqual(a.subarray(RAW_DIMS), b.subarray(RAW_DIMS));
  });

  test('no active frame: all zeros', () => {
    assert.ok(normaliseFrames(randomRaw(10, 1), new Uint8Array(10), 10).every((x) => x === 0));
  });
});

describe('frame network', () => {
  const net: FrameNet = { hidden: 2, w1: Array.from({ length: 2 * INPUTS }, (_, k) => (k === 0 ? 100 : 0)), b1: [0, 1], w2: [1, 0.5], b2: -0.25 };

  test('scores active frames with full context only, clipped', () => {
    const count = 20;
    const frames = new Float32Array(count * RAW_DIMS);
    for (let i = 0; i < count; i++) frames[i * RAW_DIMS] = i % 2 ? 1 : -1;
    const active = new Uint8Array(count).fill(1);
    active[10] = 0;
    const logits = frameLogits(net, frames, active, count);
    const reach = Math.max(...CONTEXT);
    for (let i = 0; i < count; i++) {
      const scored = i >= reach && i + reach < count && i !== 10;
      assert.equal(Number.isNaN(logits[i]), !scored, `frame ${i}`);
      if (scored) assert.ok(Math.abs(logits[i]) <= FRAME_LOGIT_LIMIT);
    }
    // The first context frame (offset -4) has feature 0 = ±1: ReLU(100 x) + 0.5 - 0.25.
    const i = 6; // frame 2 has -1: 0 + 0.25
    assert.ok(Math.abs(logits[i] - 0.25) < 1e-6);
    assert.equal(logits[7], FRAME_LOGIT_LIMIT); // frame 3 has +1: 100.25, clipped
  });

  test('meanLogit skips unscored frames', () => {
    assert.equal(meanLogit(Float32Array.from([NaN, 1, 3, NaN]), 0, 4), 2);
    assert.equal(meanLogit(Float32Array.from([NaN, NaN]), 0, 2), undefined);
  });

  test('fitting learns a frame-level difference and is deterministic for a seed', () => {
    const count = 40;
    const make = (label: number, seed: number): Float32Array => {
      const random = prng(seed);
      const frames = new Float32Array(count * RAW_DIMS);
      for (let k = 0; k < frames.length; k++) frames[k] = random() * 2 - 1;
      for (let i = 0; i < count; i++) frames[i * RAW_DIMS + 20] += label ? 0.8 : -0.8;
      return frames;
    };
    const recordings = Array.from({ length: 8 }, (_, r) => ({ label: r % 2, frames: make(r % 2, r + 1) }));
    const sampler = (random: () => number): { frames: Float32Array; index: number; label: number } => {
      const r = recordings[Math.floor(random() * recordings.length)];
      return { frames: r.frames, index: 4 + Math.floor(random() * (count - 8)), label: r.label };
    };
    const options = { hidden: 4, steps: 150, batch: 16, learningRate: 0.01, weightDecay: 0, seed: 7, bands: N_BANDS };
    const a = fitFrameNet(sampler, options);
    assert.deepEqual(fitFrameNet(sampler, options), a);
    const active = new Uint8Array(count).fill(1);
    const ai = meanLogit(frameLogits(a, make(1, 99), active, count), 0, count)!;
    const natural = meanLogit(frameLogits(a, make(0, 98), active, count), 0, count)!;
    assert.ok(ai > 1 && natural < -1, `ai ${ai}, natural ${natural}`);
  });
});

describe('judgeVoice with a frame model', () => {
  const constantNet = (out: number): FrameNet => ({ hidden: 1, w1: new Array<number>(INPUTS).fill(0), b1: [0], w2: [0], b2: out });
  const model = (net: FrameNet, extra: Partial<VoiceModel> = {}): VoiceModel => ({
    id: 'test', featureNames: [], mean: [], scale: [], weights: [], bias: 0, frameNet: net, calibration: { slope: 1, intercept: 0 }, ...extra,
  });
  const measurement = measureVoice(speechLikeSignal(5, { seed: 3 }));

  test('windows are scored by the frames: the clip follows the network', () => {
    assert.equal(judgeVoice(measurement, model(constantNet(2))).verdict, 'ai_voice');
    assert.equal(judgeVoice(measurement, model(constantNet(-2))).verdict, 'natural_voice');
    assert.ok(Math.abs(judgeVoice(measurement, model(constantNet(2))).ai_probability - 1 / (1 + Math.exp(-2))) < 1e-3);
  });

  test('frame log-odds are clipped, so the clip probability is bounded by the limit', () => {
    const p = judgeVoice(measurement, model(constantNet(50))).ai_probability;
    assert.ok(Math.abs(p - 1 / (1 + Math.exp(-FRAME_LOGIT_LIMIT))) < 1e-3, String(p));
  });

  test('fusion weights the frame score', () => {
    const fused = model(constantNet(2), { featureNames: ['voiced_ratio'], mean: [0], scale: [1], weights: [0], fusion: { features: 1, frames: 0.5 } });
    assert.ok(Math.abs(judgeVoice(measurement, fused).ai_probability - 1 / (1 + Math.exp(-1))) < 1e-3);
  });

  test('a frame model needs the frames', () => {
    const { frames: _frames, ...withoutFrames } = measurement;
    assert.throws(() => judgeVoice(withoutFrames, model(constantNet(1))), /frames/);
  });
});

describe('noise augmentation of frame descriptors (training)', () => {
  const count = 30;
  const active = new Uint8Array(count).fill(1);
  const raw = randomRaw(count, 11, (band) => (band >= 20 ? -60 : 0)); // speech bands around -40 dB, quiet bands around -100 dB
  const frames = { count, raw, active, voiced: new Uint8Array(count) };

  test('quiet bands rise to the noise floor, loud bands barely move, cepstra and periodicity are kept', () => {
    const noisy = withNoise(frames, 'clip|original');
    for (let i = 0; i < count; i++) {
      for (let b = 0; b < N_BANDS; b++) {
        const k = i * RAW_DIMS + b;
        assert.ok(noisy[k] >= raw[k] - 1e-4);
        if (b >= 1 && b <= 14) assert.ok(noisy[k] - raw[k] < 4, `band ${b}: ${raw[k]} -> ${noisy[k]}`);
      }
      for (let d = N_BANDS; d < RAW_DIMS; d++) assert.equal(noisy[i * RAW_DIMS + d], raw[i * RAW_DIMS + d]);
    }
    assert.ok(noisy[25] - raw[25] > 10, 'a band 60 dB down is lifted by the noise');
  });

  test('deterministic per clip and round trip, different across them', () => {
    assert.deepEqual(withNoise(frames, 'a|original'), withNoise(frames, 'a|original'));
    assert.notDeepEqual(withNoise(frames, 'a|original'), withNoise(frames, 'a|mp3_24k'));
  });
});
