/**
 * Voice engine: pricing, probing every accepted container, refusals, timeline structure, short and
 * silent audio, determinism. All audio is synthesised here (speech-like signal in code, or ffmpeg's
 * lavfi sources) into a temporary directory; needs the ffmpeg package (CI installs it).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {
  analyzeVoice,
  InvalidAudioError,
  probeAudio,
  UnsupportedMediaError,
  VOICE_ENGINE_VERSION,
  type VoiceAnalysis,
} from '../../server/engines/voice/index.ts';
import { voiceCredits } from '../../contract/catalogue.ts';
import { CELL_SECONDS, formatSeconds, scoringWindows, timelineCells, WINDOW_SECONDS } from '../../server/engines/voice/analysis.ts';
import { RealFFT } from '../../server/engines/voice/fft.ts';
import { encodeWav, speechLikeSignal } from '../../server/engines/voice/synthetic.ts';

let dir = '';
const file = (name: string): string => path.join(dir, name);
const ffmpeg = (...args: string[]): void => {
  execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);
};
const speechWav = (name: string, seconds: number, seed = 1, rate = 16_000): string => {
  writeFileSync(file(name), encodeWav(speechLikeSignal(seconds, { seed, sampleRate: rate }), rate));
  return file(name);
};

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'voice-test-'));
  speechWav('speech.wav', 2.5, 3, 22_050);
  const encodings: [string, string[]][] = [
    ['speech.flac', ['-c:a', 'flac']],
    ['speech.ogg', ['-c:a', 'libvorbis']],
    ['speech.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']],
    ['speech.m4a', ['-c:a', 'aac', '-b:a', '64k']],
    ['speech.aac', ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts']],
    ['speech.aiff', ['-c:a', 'pcm_s16be', '-f', 'aiff']],
  ];
  for (const [name, args] of encodings) ffmpeg('-i', file('speech.wav'), ...args, file(name));
});

after(() => rmSync(dir, { recursive: true, force: true }));

describe('voiceCredits', () => {
  test('the spec examples', () => {
    assert.deepEqual(voiceCredits(4.2), { billedSeconds: 5, credits: 50 });
    assert.deepEqual(voiceCredits(30), { billedSeconds: 30, credits: 300 });
    assert.deepEqual(voiceCredits(600), { billedSeconds: 600, credits: 6000 });
    assert.deepEqual(voiceCredits(0.2), { billedSeconds: 1, credits: 10 });
    assert.deepEqual(voiceCredits(0), { billedSeconds: 1, credits: 10 });
    assert.deepEqual(voiceCredits(30.5), { billedSeconds: 31, credits: 310 });
  });

  test('rounds up to whole seconds, minimum 1, 10 credits per second', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 600, noNaN: true }), (seconds) => {
        const { billedSeconds, credits } = voiceCredits(seconds);
        assert.ok(Number.isInteger(billedSeconds));
        assert.ok(billedSeconds >= 1);
        assert.ok(billedSeconds >= seconds - 1e-6 && billedSeconds < Math.max(1, seconds) + 1);
        assert.equal(credits, billedSeconds * 10);
      }),
    );
  });

  test('never charges less for longer audio', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 600, noNaN: true }), fc.double({ min: 0, max: 600, noNaN: true }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        assert.ok(voiceCredits(short).credits <= voiceCredits(long).credits);
      }),
    );
  });

  test('refuses a negative or non-finite duration', () => {
    assert.throws(() => voiceCredits(-1), RangeError);
    assert.throws(() => voiceCredits(Number.NaN), RangeError);
  });
});

describe('formatSeconds and timeline windows', () => {
  test('seconds with a trailing s', () => {
    assert.equal(formatSeconds(1250), '12.5s');
    assert.equal(formatSeconds(300), '3s');
    assert.equal(formatSeconds(0), '0s');
    assert.equal(formatSeconds(3621), '36.21s');
  });

  test('formatting round-trips whole centiseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (cs) => {
        const text = formatSeconds(cs);
        assert.match(text, /^\d+(\.\d{1,2})?s$/);
        assert.equal(Math.round(parseFloat(text) * 100), cs);
      }),
    );
  });

  test('timeline cells are contiguous from 0 to the end, none longer than 1.5 cells', () => {
    fc.assert(
      fc.property(fc.double({ min: 6.01, max: 600, noNaN: true }), (duration) => {
        const cells = timelineCells(duration);
        assert.equal(cells[0].start, 0);
        for (let i = 1; i < cells.length; i++) assert.equal(cells[i].start, cells[i - 1].end);
        for (const c of cells) assert.ok(c.end - c.start > 0 && c.end - c.start < 1.5 * CELL_SECONDS + 1e-9);
        assert.equal(cells[cells.length - 1].end, duration);
      }),
    );
  });

  test('every timeline cell is overlapped by a scoring window', () => {
    fc.assert(
      fc.property(fc.double({ min: 6.01, max: 600, noNaN: true }), (duration) => {
        const windows = scoringWindows(duration);
        for (const w of windows) assert.ok(w.end - w.start <= WINDOW_SECONDS + 1e-9 && w.start >= 0 && w.end <= duration + 1e-9);
        for (const c of timelineCells(duration)) assert.ok(windows.some((w) => w.start < c.end && w.end > c.start));
      }),
    );
  });
});

test('RealFFT matches a direct DFT', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 32, maxLength: 32 }), (values) => {
      const n = values.length;
      const re = new Float64Array(n / 2 + 1);
      const im = new Float64Array(n / 2 + 1);
      new RealFFT(n).forward(Float64Array.from(values), re, im);
      for (let k = 0; k <= n / 2; k++) {
        let a = 0;
        let b = 0;
        for (let j = 0; j < n; j++) {
          a += values[j] * Math.cos((2 * Math.PI * k * j) / n);
          b -= values[j] * Math.sin((2 * Math.PI * k * j) / n);
        }
        assert.ok(Math.abs(a - re[k]) < 1e-9 && Math.abs(b - im[k]) < 1e-9);
      }
    }),
    { numRuns: 50 },
  );
});

describe('probeAudio', () => {
  const expected: [string, string, string][] = [
    ['speech.wav', 'wav', 'pcm_s16le'],
    ['speech.flac', 'flac', 'flac'],
    ['speech.ogg', 'ogg', 'vorbis'],
    ['speech.mp3', 'mp3', 'mp3'],
    ['speech.m4a', 'm4a', 'aac'],
    ['speech.aac', 'aac', 'aac'],
  ];
  for (const [name, container, codec] of expected) {
    test(`reads ${name}`, async () => {
      const probe = await probeAudio(file(name));
      assert.equal(probe.container, container);
      assert.equal(probe.codec, codec);
      assert.equal(probe.channels, 1);
      assert.equal(probe.sampleRate, 22_050);
      assert.ok(Math.abs(probe.durationSeconds - 2.5) < 0.1, `duration ${probe.durationSeconds}`);
    });
  }

  test('an over-long file reports its true duration (the platform refuses it)', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '601', '-c:a', 'flac', file('long.flac'));
    const probe = await probeAudio(file('long.flac'));
    assert.ok(Math.abs(probe.durationSeconds - 601) < 0.01);
    assert.equal(voiceCredits(probe.durationSeconds).credits, 6010);
  });

  test('a file with a video stream is refused', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', file('video.mp4'));
    await assert.rejects(probeAudio(file('video.mp4')), UnsupportedMediaError);
    await assert.rejects(analyzeVoice(file('video.mp4')), UnsupportedMediaError);
  });

  test('cover art in an MP3 does not make it a video', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'color=c=red:size=16x16', '-frames:v', '1', file('cover.png'));
    ffmpeg('-i', file('speech.mp3'), '-i', file('cover.png'), '-map', '0', '-map', '1', '-c', 'copy', '-id3v2_version', '3', '-disposition:v', 'attached_pic', file('cover.mp3'));
    const probe = await probeAudio(file('cover.mp3'));
    assert.equal(probe.container, 'mp3');
  });

  test('a container outside the accepted list is refused', async () => {
    await assert.rejects(probeAudio(file('speech.aiff')), UnsupportedMediaError);
  });

  test('random bytes are invalid audio', async () => {
    const bytes = Buffer.alloc(4096);
    let state = 12345;
    for (let i = 0; i < bytes.length; i++) bytes[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
    writeFileSync(file('random.wav'), bytes);
    await assert.rejects(probeAudio(file('random.wav')), InvalidAudioError);
    await assert.rejects(analyzeVoice(file('random.wav')), InvalidAudioError);
  });

  test('a truncated file is invalid audio', async () => {
    writeFileSync(file('truncated.m4a'), readFileSync(file('speech.m4a')).subarray(0, 2000));
    await assert.rejects(probeAudio(file('truncated.m4a')), InvalidAudioError);
    writeFileSync(file('truncated.flac'), readFileSync(file('speech.flac')).subarray(0, 30));
    await assert.rejects(analyzeVoice(file('truncated.flac')), InvalidAudioError);
  });

  test('an empty file is invalid audio', async () => {
    writeFileSync(file('empty.mp3'), Buffer.alloc(0));
    await assert.rejects(probeAudio(file('empty.mp3')), InvalidAudioError);
  });
});

function assertProbabilities(result: VoiceAnalysis): void {
  assert.ok(result.ai_probability >= 0 && result.ai_probability <= 1);
  assert.ok(Math.abs(result.ai_probability + result.natural_probability - 1) < 1e-9);
}

function assertTimeline(result: VoiceAnalysis, duration: number): void {
  const cs = (t: string): number => Math.round(parseFloat(t) * 100);
  const { segments, statistics } = result;
  assert.ok(statistics, 'statistics present for longer audio');
  assert.ok(segments.length >= 1);
  assert.equal(segments[0].start_time, '0s');
  for (const [i, s] of segments.entries()) {
    for (const t of [s.start_time, s.end_time, s.duration]) assert.match(t, /^\d+(\.\d+)?s$/);
    assert.equal(cs(s.end_time) - cs(s.start_time), cs(s.duration));
    assert.ok(cs(s.duration) > 0);
    if (i > 0) {
      assert.equal(s.start_time, segments[i - 1].end_time, 'contiguous');
      assert.notEqual(s.verdict, segments[i - 1].verdict, 'runs of equal verdict are merged');
    }
    assert.ok(s.ai_probability >= 0 && s.ai_probability <= 1);
    assert.equal(s.verdict, s.ai_probability > 0.5 ? 'ai_voice' : 'natural_voice');
  }
  const end = cs(segments[segments.length - 1].end_time);
  assert.equal(end, Math.round(duration * 100), 'the timeline covers the whole audio');
  assert.equal(statistics.processed_segments, segments.length);
  assert.equal(statistics.total_segments, segments.length);
  assert.equal(statistics.ai_segments, segments.filter((s) => s.verdict === 'ai_voice').length);
  assert.equal(statistics.natural_segments, segments.filter((s) => s.verdict === 'natural_voice').length);
  const aiTime = segments.filter((s) => s.verdict === 'ai_voice').reduce((sum, s) => sum + cs(s.duration), 0);
  assert.ok(Math.abs(statistics.ai_time_percentage - (100 * aiTime) / end) < 0.01);
}

describe('analyzeVoice', () => {
  test('short audio: one verdict, no segments, no statistics', async () => {
    const result = await analyzeVoice(speechWav('short.wav', 4.2, 5));
    assert.deepEqual(result.segments, []);
    assert.equal(result.statistics, undefined);
    assert.ok(Math.abs(result.duration_seconds - 4.2) < 0.01);
    assertProbabilities(result);
  });

  test('the same short clip in every accepted container gets a verdict', async () => {
    for (const name of ['speech.flac', 'speech.ogg', 'speech.mp3', 'speech.m4a', 'speech.aac']) {
      const result = await analyzeVoice(file(name));
      assert.ok(Math.abs(result.duration_seconds - 2.5) < 0.1, `${name}: ${result.duration_seconds}`);
      assertProbabilities(result);
    }
  });

  test('longer audio: contiguous timeline and consistent statistics (remainder analysed)', async () => {
    const result = await analyzeVoice(speechWav('twenty.wav', 20, 7));
    assertTimeline(result, 20);
    assertProbabilities(result);
  });

  test('longer audio: a short trailing piece joins the last cell', async () => {
    const result = await analyzeVoice(speechWav('nineteen.wav', 19.2, 8));
    assertTimeline(result, 19.2);
  });

  test('silence is undetermined at even odds', async () => {
    writeFileSync(file('silence.wav'), encodeWav(new Float32Array(16_000 * 12), 16_000));
    const silent = await analyzeVoice(file('silence.wav'));
    assert.equal(silent.verdict, 'undetermined');
    assert.equal(silent.ai_probability, 0.5);
    assertTimeline(silent, 12);
    assert.equal(silent.undetermined_reason, 'no_speech');
    assert.ok(silent.segments.every((s) => s.ai_probability === 0.5));
  });

  test('steady noise has no speech: undetermined', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'anoisesrc=a=0.1:c=white:seed=3:d=8', file('noise.ogg'));
    const result = await analyzeVoice(file('noise.ogg'));
    assert.equal(result.verdict, 'undetermined');
    assert.ok(Math.abs(result.ai_probability - 0.5) < 0.1);
  });

  test('half a second of speech is undetermined at even odds, whatever the file length', async () => {
    const speech = speechLikeSignal(0.5, { seed: 21 });
    for (const seconds of [0.5, 8]) {
      const pcm = new Float32Array(Math.round(16_000 * seconds));
      pcm.set(speech, Math.round((pcm.length - speech.length) / 2));
      writeFileSync(file(`sub-second-${seconds}.wav`), encodeWav(pcm, 16_000));
      const result = await analyzeVoice(file(`sub-second-${seconds}.wav`));
      assert.equal(result.verdict, 'undetermined', `${seconds} s file`);
      assert.equal(result.undetermined_reason, 'too_little_speech');
      assert.equal(result.ai_probability, 0.5);
    }
  });

  test('a file under a second is undetermined, however much of it is speech', async () => {
    const result = await analyzeVoice(speechWav('tiny.wav', 0.9, 4));
    assert.equal(result.verdict, 'undetermined');
    assert.equal(result.undetermined_reason, 'too_little_speech');
    assert.equal(result.ai_probability, 0.5);
  });

  test('music (held notes of steady pitch) is not speech: undetermined', async () => {
    // A melody of 0.25-0.6 s notes with harmonics, 8 s, at 44.1 kHz in MP3.
    const note = 'st(0,220*pow(2,2*mod(floor(t*3),7)/12));0.3*sin(2*PI*ld(0)*t)+0.15*sin(4*PI*ld(0)*t)+0.08*sin(6*PI*ld(0)*t)';
    ffmpeg('-f', 'lavfi', '-i', `aevalsrc='${note}':s=44100:d=8`, '-c:a', 'libmp3lame', '-b:a', '128k', file('melody.mp3'));
    const result = await analyzeVoice(file('melody.mp3'));
    assert.equal(result.verdict, 'undetermined');
    assert.equal(result.undetermined_reason, 'no_speech');
    assert.equal(result.ai_probability, 0.5);
  });

  test('speech gets a verdict and no undetermined_reason unless undetermined', async () => {
    const result = await analyzeVoice(file('twenty.wav'));
    if (result.verdict === 'undetermined') assert.equal(result.undetermined_reason, 'balanced_evidence');
    else assert.equal(result.undetermined_reason, undefined);
  });

  test('deterministic: the same file gives the same answer', async () => {
    const a = await analyzeVoice(file('twenty.wav'));
    const b = await analyzeVoice(file('twenty.wav'));
    assert.deepEqual(a, b);
  });

  test('the answer depends on the audio', async () => {
    const results = await Promise.all([1, 2, 3].map((seed) => analyzeVoice(speechWav(`vary-${seed}.wav`, 5, seed * 11))));
    const probabilities = new Set(results.map((r) => r.ai_probability));
    assert.ok(probabilities.size > 1, `all equal: ${[...probabilities].join(', ')}`);
  });

  test('has a version string naming the model', () => {
    assert.match(VOICE_ENGINE_VERSION, /model\.[0-9a-f]{10}$/);
  });
});
