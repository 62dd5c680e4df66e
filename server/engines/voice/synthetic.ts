/**
 * Deterministic synthetic audio for the tests and the benchmark (no recordings needed): a speech-like
 * signal (glottal pulses with a wandering F0, formant resonators, syllable envelope, pauses, breath
 * noise) and a 16-bit PCM WAV writer.
 */
import { seededRandom } from '../shared/random.ts';

/** Two-pole resonator coefficients for a formant at `hz` with bandwidth `bw`. */
function resonator(hz: number, bw: number, rate: number): [number, number, number] {
  const r = Math.exp((-Math.PI * bw) / rate);
  const a1 = 2 * r * Math.cos((2 * Math.PI * hz) / rate);
  const a2 = -r * r;
  return [1 - a1 - a2, a1, a2];
}

export function speechLikeSignal(seconds: number, options: { seed?: number; sampleRate?: number; baseF0?: number } = {}): Float32Array {
  const rate = options.sampleRate ?? 16_000;
  const random = seededRandom(options.seed ?? 1);
  const n = Math.round(seconds * rate);
  const out = new Float32Array(n);
  const vowels = [[730, 1090, 2440], [270, 2290, 3010], [530, 1840, 2480], [300, 870, 2240], [660, 1720, 2410]];
  let phase = 0;
  let f0 = options.baseF0 ?? 120;
  const y1 = [0, 0, 0];
  const y2 = [0, 0, 0];
  let formants = vowels[0].map((f) => resonator(f, 90, rate));
  const syllable = Math.round(0.22 * rate);
  for (let i = 0; i < n; i++) {
    if (i % syllable === 0) formants = vowels[Math.floor(random() * vowels.length)].map((f) => resonator(f, 80 + 40 * random(), rate));
    // F0 drifts slowly with small cycle-to-cycle jitter; a pause of ~0.4 s every ~2.5 s.
    f0 += 0.02 * ((options.baseF0 ?? 120) - f0) + (random() - 0.5) * 0.8;
    const inPause = (i / rate) % 2.5 > 2.1;
    const envelope = inPause ? 0 : Math.sin((Math.PI * (i % syllable)) / syllable) ** 2;
    phase += f0 / rate;
    const pulse = phase >= 1 ? 1 : 0;
    if (phase >= 1) phase -= 1;
    const excitation = envelope * (pulse * 0.9 + (random() - 0.5) * 0.05) + (random() - 0.5) * 0.002;
    let sample = 0;
    for (let f = 0; f < 3; f++) {
      const [g, a1, a2] = formants[f];
      const y = g * excitation + a1 * y1[f] + a2 * y2[f];
      y2[f] = y1[f];
      y1[f] = y;
      sample += y / (f + 1);
    }
    out[i] = sample;
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < n; i++) out[i] = (out[i] / peak) * 0.5;
  return out;
}

/** 16-bit PCM WAV bytes of mono float samples in [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = samples.length * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), 44 + 2 * i);
  return buffer;
}
