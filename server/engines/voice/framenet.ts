/**
 * The learned frame model: every speech-level frame (with a few neighbours for context) goes through a
 * small MLP that gives its AI log-odds; a window's score is the mean of its frames' clipped log-odds.
 *
 * Channel removal before the network: per recording, each band's and each cepstrum's mean over the
 * active frames is subtracted and the spread divided out (a fixed microphone, room or codec tilt is a
 * constant per band and vanishes). A band whose level sits far below the telephone band (above a
 * codec's or the telephone cut-off) carries no voice and is set to 0, so band-limited and full-band
 * recordings of the same voice look alike below the cut-off.
 *
 * Fitting (Adam, seeded PRNG, one thread) lives here too, so training, evaluation and production run
 * the same arithmetic.
 */
import { N_BANDS, RAW_DIMS } from './frames.ts';
import { seededRandom } from '../shared/random.ts';

export const CONTEXT = [-4, -2, 0, 2, 4]; // frame offsets (10 ms) fed to the network: 90 ms of context
export const INPUTS = CONTEXT.length * RAW_DIMS;
const REACH = 4;
const ABSENT_BAND_DB = 50; // a band this far below the telephone band's mean level is treated as absent
const MIN_SPREAD = { band: 3, cepstrum: 0.05 }; // floor of the per-recording spread (dB / cepstral units)
export const FRAME_LOGIT_LIMIT = 4; // one frame cannot outvote a window

export interface FrameNet {
  hidden: number;
  w1: number[]; // hidden × INPUTS, row-major
  b1: number[];
  w2: number[]; // hidden
  b2: number;
}

/**
 * Per-recording normalisation of raw descriptors (count × RAW_DIMS) over the active frames. Periodicity
 * is already scale-free; it is only centred on 0.5.
 */
export function normaliseFrames(raw: Float32Array, active: Uint8Array, count: number): Float32Array {
  const out = new Float32Array(count * RAW_DIMS);
  const mean = new Float64Array(RAW_DIMS);
  const square = new Float64Array(RAW_DIMS);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (!active[i]) continue;
    n++;
    for (let d = 0; d < RAW_DIMS; d++) {
      const v = raw[i * RAW_DIMS + d];
      mean[d] += v;
      square[d] += v * v;
    }
  }
  if (n === 0) return out;
  const scale = new Float64Array(RAW_DIMS);
  for (let d = 0; d < RAW_DIMS; d++) {
    mean[d] /= n;
    const spread = Math.sqrt(Math.max(0, square[d] / n - mean[d] * mean[d]));
    scale[d] = 1 / Math.max(spread, d < N_BANDS ? MIN_SPREAD.band : MIN_SPREAD.cepstrum);
  }
  // Telephone band (250-3750 Hz = bands 1..14) mean level; bands far below it are absent.
  let telephone = 0;
  for (let b = 1; b <= 14; b++) telephone += mean[b] / 14;
  for (let b = 0; b < N_BANDS; b++) if (mean[b] < telephone - ABSENT_BAND_DB) scale[b] = 0;
  const periodicity = RAW_DIMS - 1;
  for (let i = 0; i < count; i++) {
    const o = i * RAW_DIMS;
    for (let d = 0; d < periodicity; d++) {
      const z = (raw[o + d] - mean[d]) * scale[d];
      out[o + d] = z > 5 ? 5 : z < -5 ? -5 : z;
    }
    out[o + periodicity] = 2 * (raw[o + periodicity] - 0.5);
  }
  return out;
}

/** Whether frame i has its whole context inside the recording. */
export const hasContext = (i: number, count: number): boolean => i >= REACH && i + REACH < count;

function gatherInput(frames: Float32Array, i: number, into: Float32Array): void {
  for (let c = 0; c < CONTEXT.length; c++) into.set(frames.subarray((i + CONTEXT[c]) * RAW_DIMS, (i + CONTEXT[c] + 1) * RAW_DIMS), c * RAW_DIMS);
}

function forward(net: FrameNet, w1: Float32Array, x: Float32Array, h: Float32Array): number {
  let out = net.b2;
  for (let j = 0; j < net.hidden; j++) {
    let s = net.b1[j];
    const o = j * INPUTS;
    for (let k = 0; k < INPUTS; k++) s += w1[o + k] * x[k];
    h[j] = s > 0 ? s : 0;
    out += net.w2[j] * h[j];
  }
  return out;
}

const packed = new WeakMap<FrameNet, Float32Array>();

/**
 * Log-odds of every `step`-th active frame with full context (NaN elsewhere), clipped to
 * ±FRAME_LOGIT_LIMIT.
 */
export function frameLogits(net: FrameNet, frames: Float32Array, active: Uint8Array, count: number, step = 1): Float32Array {
  let w1 = packed.get(net);
  if (!w1) packed.set(net, (w1 = Float32Array.from(net.w1)));
  const out = new Float32Array(count).fill(NaN);
  const x = new Float32Array(INPUTS);
  const h = new Float32Array(net.hidden);
  for (let i = REACH; i + REACH < count; i += step) {
    if (!active[i]) continue;
    gatherInput(frames, i, x);
    const z = forward(net, w1, x, h);
    out[i] = Math.max(-FRAME_LOGIT_LIMIT, Math.min(FRAME_LOGIT_LIMIT, z));
  }
  return out;
}

/** Mean frame log-odds over [from, to) (undefined without scored frames). */
export function meanLogit(logits: Float32Array, from: number, to: number): number | undefined {
  let s = 0;
  let n = 0;
  for (let i = Math.max(0, from); i < Math.min(to, logits.length); i++) {
    if (Number.isNaN(logits[i])) continue;
    s += logits[i];
    n++;
  }
  return n ? s / n : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Fitting

/** `bands`: how many 250 Hz bands from 0 Hz the network may use (32: all; 16: up to 4 kHz, the telephone-safe part). */
export interface FrameTrainOptions { hidden: number; steps: number; batch: number; learningRate: number; weightDecay: number; seed: number; bands: number }
export const FRAME_TRAINING: FrameTrainOptions = { hidden: 32, steps: 3000, batch: 128, learningRate: 0.002, weightDecay: 1e-3, seed: 1, bands: N_BANDS };

/** Draws one training example: the normalised frames of a recording, the frame index, and the label. */
export type FrameSampler = (random: () => number) => { frames: Float32Array; index: number; label: number };

/** Mini-batch Adam on the logistic loss, decoupled weight decay; deterministic for a given sampler and seed. */
export function fitFrameNet(sample: FrameSampler, options: FrameTrainOptions = FRAME_TRAINING): FrameNet {
  const random = seededRandom(options.seed);
  const H = options.hidden;
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const params = new Float32Array(H * INPUTS + H + H + 1); // w1, b1, w2, b2
  const w1End = H * INPUTS;
  const b1End = w1End + H;
  const w2End = b1End + H;
  for (let i = 0; i < w1End; i++) params[i] = gaussian() * Math.sqrt(2 / INPUTS);
  for (let i = b1End; i < w2End; i++) params[i] = gaussian() * Math.sqrt(1 / H);
  const m = new Float32Array(params.length);
  const v = new Float32Array(params.length);
  const grad = new Float32Array(params.length);
  const x = new Float32Array(INPUTS);
  const h = new Float32Array(H);
  // Inputs the network must not use (bands above options.bands): zero in training, zero weights at the end.
  const unused = new Uint8Array(INPUTS);
  for (let c = 0; c < CONTEXT.length; c++) for (let b = options.bands; b < N_BANDS; b++) unused[c * RAW_DIMS + b] = 1;
  for (let j = 0; j < H; j++) for (let k = 0; k < INPUTS; k++) if (unused[k]) params[j * INPUTS + k] = 0;
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let step = 1; step <= options.steps; step++) {
    grad.fill(0);
    for (let b = 0; b < options.batch; b++) {
      const { frames, index, label } = sample(random);
      gatherInput(frames, index, x);
      for (let k = 0; k < INPUTS; k++) if (unused[k]) x[k] = 0;
      let z = params[params.length - 1];
      for (let j = 0; j < H; j++) {
        let s = params[w1End + j];
        const o = j * INPUTS;
        for (let k = 0; k < INPUTS; k++) s += params[o + k] * x[k];
        h[j] = s > 0 ? s : 0;
        z += params[b1End + j] * h[j];
      }
      const g = 1 / (1 + Math.exp(-z)) - label; // d loss / d z
      grad[params.length - 1] += g;
      for (let j = 0; j < H; j++) {
        if (h[j] <= 0) continue;
        grad[b1End + j] += g * h[j];
        const gh = g * params[b1End + j];
        grad[w1End + j] += gh;
        const o = j * INPUTS;
        for (let k = 0; k < INPUTS; k++) grad[o + k] += gh * x[k];
      }
    }
    // Cosine decay of the learning rate to 10% over the run.
    const rate = options.learningRate * (0.1 + 0.9 * 0.5 * (1 + Math.cos((Math.PI * step) / options.steps)));
    const c1 = 1 - beta1 ** step;
    const c2 = 1 - beta2 ** step;
    for (let i = 0; i < params.length; i++) {
      const gi = grad[i] / options.batch;
      m[i] = beta1 * m[i] + (1 - beta1) * gi;
      v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
      const decay = i < w1End || (i >= b1End && i < w2End) ? options.weightDecay * params[i] : 0;
      params[i] -= rate * (m[i] / c1 / (Math.sqrt(v[i] / c2) + 1e-8) + decay);
    }
  }
  const round = (x: number): number => Number(x.toPrecision(7));
  return {
    hidden: H,
    w1: Array.from(params.subarray(0, w1End), round),
    b1: Array.from(params.subarray(w1End, b1End), round),
    w2: Array.from(params.subarray(b1End, w2End), round),
    b2: round(params[params.length - 1]),
  };
}
