/**
 * Acoustic analysis of 16 kHz mono PCM: one pass over 40 ms frames (10 ms hop) gives a frame track
 * (level, F0 and periodicity, spectral shape, cepstra, a coarse spectrum), and windows of a few
 * seconds are summarised from that track into a fixed feature vector for the classifier.
 *
 * Most spectral features are measured inside the telephone band (150-3800 Hz), which survives every
 * codec and resampling we expect; what happens above it (band limits, cut-off cliffs) has its own
 * dedicated features, so a codec's low-pass does not leak into everything else.
 */
import { RealFFT } from './fft.ts';
import { quantile } from '../shared/stats.ts';

export const SAMPLE_RATE = 16_000;
export const HOP = 160; // 10 ms
const FRAME = 640; // 40 ms: about three periods at the lowest F0 we track
const NFFT = 1024; // >= FRAME + LAG_MAX, so the FFT autocorrelation has no wrap-around
const BIN_HZ = SAMPLE_RATE / NFFT;
const LAG_MIN = Math.floor(SAMPLE_RATE / 450); // F0 up to 450 Hz
const LAG_MAX = Math.ceil(SAMPLE_RATE / 70); // F0 down to 70 Hz
const VOICING_THRESHOLD = 0.45; // normalised autocorrelation peak
const OCTAVE_COST = 0.02; // per octave of lag, favours the shorter of near-equal peaks (Praat's idea)
const BAND_LO_HZ = 300; // telephone band: survives G.711/GSM, every codec and resampling we expect
const BAND_HI_HZ = 3400;
const HI_LO_HZ = 4000; // the band above the telephone band, measured only where the recording has it
const HI_HI_HZ = 7500;
const HI_PRESENT_DB = -50; // 6-7 kHz within this of the telephone band's level: the band exists
const MAX_SPEECH_RUN_FRAMES = 150; // a voiced stretch over 1.5 s is a held tone (music), not speech
const MIN_SPEECH_RUN_SEMITONES = 0.3; // speech intonation moves; a musical note holds its pitch
const N_FILTERS = 20;
export const N_CEPSTRA = 12;
const COARSE_BAND_HZ = 250;
const N_COARSE = SAMPLE_RATE / 2 / COARSE_BAND_HZ; // 32 bands of 250 Hz
const DIGITAL_SILENCE_DB = -85;
const POWER_FLOOR = 1e-10;

/** Per-frame measurements for a whole clip. Arrays have one entry per frame (cepstra and coarse: several). */
export interface FrameTrack {
  count: number;
  db: Float32Array; // frame level, dBFS
  active: Uint8Array; // frame is loud enough to be speech (relative to the clip)
  voiced: Uint8Array;
  f0: Float32Array; // Hz, 0 when unvoiced
  periodicity: Float32Array; // normalised autocorrelation peak, 0..1
  logFlatness: Float32Array; // ln(geometric / arithmetic mean power), telephone band
  hiLogFlatness: Float32Array; // the same, 4-7.5 kHz
  centroid: Float32Array; // Hz, telephone band
  flux: Float32Array; // RMS change of level-normalised log filterbank energies since the previous frame
  cepstra: Float32Array; // count × N_CEPSTRA linear-frequency cepstral coefficients c1..c12
  coarse: Float32Array; // count × N_COARSE band powers (250 Hz bands, 0-8 kHz)
}

function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n);
  return w;
}

/** Fixed analysis tables, built once per process. */
class Tables {
  readonly fft = new RealFFT(NFFT);
  readonly window = hann(FRAME);
  readonly windowAutocorrelation: Float64Array;
  readonly filters: { lo: number; weights: Float64Array }[] = [];
  readonly dct: Float64Array; // N_CEPSTRA × N_FILTERS
  readonly binLo = Math.ceil(BAND_LO_HZ / BIN_HZ);
  readonly binHi = Math.floor(BAND_HI_HZ / BIN_HZ);
  readonly hiBinLo = Math.ceil(HI_LO_HZ / BIN_HZ);
  readonly hiBinHi = Math.floor(HI_HI_HZ / BIN_HZ);

  constructor() {
    const input = new Float64Array(NFFT);
    const re = new Float64Array(NFFT / 2 + 1);
    const im = new Float64Array(NFFT / 2 + 1);
    input.set(this.window);
    this.fft.forward(input, re, im);
    const power = re.map((r, k) => r * r + im[k] * im[k]);
    autocorrelation(this.fft, power, input, re, im);
    this.windowAutocorrelation = re.map((v) => v / re[0]);

    // Triangular filters equally spaced on a linear axis across the telephone band (LFCC).
    const edges = Array.from({ length: N_FILTERS + 2 }, (_, i) => BAND_LO_HZ + ((BAND_HI_HZ - BAND_LO_HZ) * i) / (N_FILTERS + 1));
    for (let f = 0; f < N_FILTERS; f++) {
      const [a, b, c] = [edges[f], edges[f + 1], edges[f + 2]];
      const lo = Math.ceil(a / BIN_HZ);
      const hi = Math.floor(c / BIN_HZ);
      const weights = new Float64Array(hi - lo + 1);
      for (let k = lo; k <= hi; k++) {
        const hz = k * BIN_HZ;
        weights[k - lo] = hz <= b ? (hz - a) / (b - a) : (c - hz) / (c - b);
      }
      this.filters.push({ lo, weights });
    }
    this.dct = new Float64Array(N_CEPSTRA * N_FILTERS);
    for (let c = 0; c < N_CEPSTRA; c++) {
      for (let f = 0; f < N_FILTERS; f++) this.dct[c * N_FILTERS + f] = Math.cos((Math.PI * (c + 1) * (f + 0.5)) / N_FILTERS);
    }
  }
}

/**
 * Autocorrelation from a power spectrum (bins 0..N/2): the DFT of the even extension, whose real part
 * is N times the circular autocorrelation. Lags 0..N/2 land in `re`; `scratch` and `im` are overwritten.
 */
function autocorrelation(fft: RealFFT, power: Float64Array, scratch: Float64Array, re: Float64Array, im: Float64Array): void {
  const n = fft.size;
  for (let k = 0; k < n; k++) scratch[k] = k <= n / 2 ? power[k] : power[n - k];
  fft.forward(scratch, re, im);
}

let tables: Tables | undefined;

/** A band's spectral flatness (log of geometric over arithmetic mean power) and centroid in Hz, bins lo..hi inclusive. */
function spectralShape(power: Float64Array, lo: number, hi: number): { logFlatness: number; centroid: number } {
  let logSum = 0;
  let sum = 0;
  let weighted = 0;
  for (let k = lo; k <= hi; k++) {
    const p = power[k] + POWER_FLOOR;
    logSum += Math.log(p);
    sum += p;
    weighted += p * k * BIN_HZ;
  }
  const n = hi - lo + 1;
  return { logFlatness: logSum / n - Math.log(sum / n), centroid: weighted / sum };
}

export function frameCount(samples: number): number {
  if (samples <= 0) return 0;
  return samples < FRAME ? 1 : Math.floor((samples - FRAME) / HOP) + 1;
}

/** Index of the first frame whose centre lies at or after `seconds`. */
export function frameAt(seconds: number): number {
  return Math.max(0, Math.ceil((seconds * SAMPLE_RATE - FRAME / 2) / HOP));
}

/** Analyse the whole clip frame by frame. */
export function analyseFrames(pcm: Float32Array): FrameTrack {
  tables ??= new Tables();
  const t = tables;
  const count = frameCount(pcm.length);
  const track: FrameTrack = {
    count,
    db: new Float32Array(count),
    active: new Uint8Array(count),
    voiced: new Uint8Array(count),
    f0: new Float32Array(count),
    periodicity: new Float32Array(count),
    logFlatness: new Float32Array(count),
    hiLogFlatness: new Float32Array(count),
    centroid: new Float32Array(count),
    flux: new Float32Array(count),
    cepstra: new Float32Array(count * N_CEPSTRA),
    coarse: new Float32Array(count * N_COARSE),
  };

  // Pass 1: frame levels, then an activity threshold relative to the loud part of the clip.
  for (let i = 0; i < count; i++) {
    const start = i * HOP;
    const end = Math.min(pcm.length, start + FRAME);
    let energy = 0;
    for (let j = start; j < end; j++) energy += pcm[j] * pcm[j];
    track.db[i] = 10 * Math.log10(energy / FRAME + 1e-12);
  }
  const sortedDb = Float32Array.from(track.db).sort();
  const activeThreshold = Math.max(quantile(sortedDb, 0.95) - 40, -65);

  // Pass 2: spectrum of every frame; autocorrelation pitch on active frames only.
  const input = new Float64Array(NFFT);
  const re = new Float64Array(NFFT / 2 + 1);
  const im = new Float64Array(NFFT / 2 + 1);
  const power = new Float64Array(NFFT / 2 + 1);
  const logBank = new Float64Array(N_FILTERS);
  const previousBank = new Float64Array(N_FILTERS);
  for (let i = 0; i < count; i++) {
    const start = i * HOP;
    input.fill(0);
    for (let j = 0; j < FRAME && start + j < pcm.length; j++) input[j] = pcm[start + j] * t.window[j];
    t.fft.forward(input, re, im);
    for (let k = 0; k <= NFFT / 2; k++) power[k] = re[k] * re[k] + im[k] * im[k];

    for (let b = 0; b < N_COARSE; b++) {
      let sum = 0;
      const lo = (b * COARSE_BAND_HZ) / BIN_HZ;
      for (let k = lo; k < lo + COARSE_BAND_HZ / BIN_HZ; k++) sum += power[k];
      track.coarse[i * N_COARSE + b] = sum;
    }

    const band = spectralShape(power, t.binLo, t.binHi);
    track.logFlatness[i] = band.logFlatness;
    track.centroid[i] = band.centroid;
    track.hiLogFlatness[i] = spectralShape(power, t.hiBinLo, t.hiBinHi).logFlatness;

    let bankMean = 0;
    for (let f = 0; f < N_FILTERS; f++) {
      const { lo, weights } = t.filters[f];
      let e = POWER_FLOOR;
      for (let k = 0; k < weights.length; k++) e += weights[k] * power[lo + k];
      logBank[f] = Math.log(e);
      bankMean += logBank[f] / N_FILTERS;
    }
    let fluxSum = 0;
    for (let f = 0; f < N_FILTERS; f++) {
      const normalised = logBank[f] - bankMean;
      fluxSum += (normalised - previousBank[f]) ** 2;
      previousBank[f] = normalised;
    }
    track.flux[i] = i === 0 ? 0 : Math.sqrt(fluxSum / N_FILTERS);
    for (let c = 0; c < N_CEPSTRA; c++) {
      let v = 0;
      for (let f = 0; f < N_FILTERS; f++) v += t.dct[c * N_FILTERS + f] * logBank[f];
      track.cepstra[i * N_CEPSTRA + c] = v / N_FILTERS;
    }

    if (track.db[i] < activeThreshold) continue;
    track.active[i] = 1;
    // Autocorrelation = inverse FFT of the power spectrum, divided by the window's own autocorrelation
    // (Boersma 1993), so the peak height is a periodicity in 0..1 and gives the harmonics-to-noise ratio.
    autocorrelation(t.fft, power, input, re, im);
    const r0 = re[0];
    if (r0 <= 0) continue;
    let bestLag = 0;
    let bestScore = -Infinity;
    let bestR = 0;
    for (let lag = LAG_MIN; lag <= LAG_MAX; lag++) {
      const r = re[lag] / r0 / t.windowAutocorrelation[lag];
      const before = re[lag - 1] / r0 / t.windowAutocorrelation[lag - 1];
      const after = re[lag + 1] / r0 / t.windowAutocorrelation[lag + 1];
      if (r < before || r < after) continue;
      const score = r - OCTAVE_COST * Math.log2(lag / LAG_MIN);
      if (score > bestScore) {
        bestScore = score;
        bestR = r;
        // Parabolic interpolation: sub-sample lag resolution matters for jitter.
        const denominator = before - 2 * r + after;
        bestLag = denominator < 0 ? lag + (0.5 * (before - after)) / denominator : lag;
      }
    }
    const periodicity = Math.min(1, Math.max(0, bestR));
    track.periodicity[i] = periodicity;
    if (bestLag > 0 && periodicity >= VOICING_THRESHOLD) {
      track.voiced[i] = 1;
      track.f0[i] = SAMPLE_RATE / bestLag;
    }
  }
  correctOctaveErrors(track);
  return track;
}

/**
 * Voice activity: voiced frames in runs that look like speech, i.e. no longer than 1.5 s and with
 * moving pitch. Held notes (music, tones, hum) are voiced but are not speech.
 */
export function speechFrames(track: FrameTrack): number {
  let frames = 0;
  for (let i = 0; i < track.count; ) {
    if (!track.voiced[i]) { i++; continue; }
    let end = i;
    let lo = Infinity;
    let hi = -Infinity;
    for (; end < track.count && track.voiced[end]; end++) {
      const st = 12 * Math.log2(track.f0[end] / 100);
      lo = Math.min(lo, st);
      hi = Math.max(hi, st);
    }
    if (end - i >= 3 && end - i <= MAX_SPEECH_RUN_FRAMES && hi - lo >= MIN_SPEECH_RUN_SEMITONES) frames += end - i;
    i = end;
  }
  return frames;
}

/**
 * The autocorrelation peak at twice (or half) the period often wins on single frames. A frame more
 * than 0.75 octave from its reference F0 is folded by whole octaves towards it; smaller departures
 * are real intonation and stay. References: first the median of the frame's voiced run, then (for
 * short runs that are wrong as a whole) the median of the voiced frames within half a second.
 */
function correctOctaveErrors(track: FrameTrack): void {
  const fold = (i: number, reference: number): void => {
    const octaves = Math.log2(track.f0[i] / reference);
    if (Math.abs(octaves) > 0.75) track.f0[i] /= 2 ** Math.round(octaves);
  };
  const medianOf = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1];
  const SHORT_RUN = 10;
  const inShortRun = new Uint8Array(track.count);
  for (let i = 0; i < track.count; ) {
    if (!track.voiced[i]) { i++; continue; }
    let end = i;
    while (end < track.count && track.voiced[end]) end++;
    const median = medianOf(Array.from(track.f0.subarray(i, end)));
    for (let j = i; j < end; j++) fold(j, median);
    if (end - i < SHORT_RUN) inShortRun.fill(1, i, end);
    i = end;
  }
  const BLOCK = 10; // local medians on a 100 ms grid, each over +-0.5 s
  const REACH = 50;
  const local: number[] = [];
  for (let centre = BLOCK >> 1; centre - (BLOCK >> 1) < track.count; centre += BLOCK) {
    const near: number[] = [];
    for (let i = Math.max(0, centre - REACH); i < Math.min(track.count, centre + REACH); i++) if (track.voiced[i]) near.push(track.f0[i]);
    local.push(near.length >= 10 ? medianOf(near) : 0);
  }
  for (let i = 0; i < track.count; i++) {
    const reference = local[Math.floor(i / BLOCK)];
    if (inShortRun[i] && reference > 0) fold(i, reference);
  }
}

export const FEATURE_NAMES = [
  'voiced_ratio',
  'active_ratio',
  'f0_std_semitones',
  'f0_range_semitones',
  'log_jitter_cents',
  'log_f0_acceleration',
  'hnr_mean_db',
  'hnr_std_db',
  'periodicity_mean',
  'log_shimmer_db',
  'level_std_db',
  'log_flatness_voiced',
  'log_flatness_unvoiced',
  'flux_mean',
  'flux_std',
  'centroid_voiced_khz',
  'centroid_std_khz',
  'band_3750_4500_db',
  'band_4500_5500_db',
  'band_5500_6500_db',
  'band_6500_7500_db',
  'hi_flatness_voiced',
  'hi_flatness_unvoiced',
  'cutoff_khz',
  'cliff_db',
  'noise_floor_db',
  'dynamic_range_db',
  'digital_silence_ratio',
  'log_flatness_quiet',
  ...Array.from({ length: N_CEPSTRA }, (_, c) => `cepstrum_${c + 1}_mean`),
  ...Array.from({ length: N_CEPSTRA }, (_, c) => `cepstrum_${c + 1}_std`),
  'cepstral_delta_mean',
  'cepstral_delta_std',
  'f0_contour_roughness',
  'voiced_run_seconds',
] as const;

export interface WindowFeatures {
  values: Float64Array; // FEATURE_NAMES order; NaN where a feature cannot be measured (imputed by the model)
  voicedSeconds: number;
}

function mean(xs: number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

function std(xs: number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / (xs.length - 1));
}

const semitones = (hz: number): number => 12 * Math.log2(hz / 100);
const toDb = (p: number): number => 10 * Math.log10(p + 1e-20);

/** Summarise frames [from, to) of a track into one feature vector. */
export function windowFeatures(track: FrameTrack, from: number, to: number): WindowFeatures {
  to = Math.min(to, track.count);
  const pitch: number[] = [];
  const jitter: number[] = [];
  const acceleration: number[] = [];
  const shimmer: number[] = [];
  const hnr: number[] = [];
  const periodicity: number[] = [];
  const activeDb: number[] = [];
  const allDb: number[] = [];
  const flatVoiced: number[] = [];
  const flatUnvoiced: number[] = [];
  const flatQuiet: number[] = [];
  const hiFlatVoiced: number[] = [];
  const hiFlatUnvoiced: number[] = [];
  const roughness: number[] = [];
  const runLengths: number[] = [];
  let runLength = 0;
  const flux: number[] = [];
  const centroidVoiced: number[] = [];
  const centroidActive: number[] = [];
  const cepMeans = new Float64Array(N_CEPSTRA);
  const cepSquares = new Float64Array(N_CEPSTRA);
  const cepDelta: number[] = [];
  const spectrum = new Float64Array(N_COARSE);
  let active = 0;
  let voiced = 0;
  let digitalSilence = 0;

  for (let i = from; i < to; i++) {
    if (track.voiced[i]) runLength++;
    else if (runLength) { runLengths.push(runLength); runLength = 0; }
    allDb.push(track.db[i]);
    if (track.db[i] < DIGITAL_SILENCE_DB) digitalSilence++;
    if (!track.active[i]) {
      if (track.db[i] >= DIGITAL_SILENCE_DB) flatQuiet.push(track.logFlatness[i]);
      continue;
    }
    active++;
    activeDb.push(track.db[i]);
    if (i > from && track.active[i - 1]) flux.push(track.flux[i]);
    centroidActive.push(track.centroid[i] / 1000);
    for (let b = 0; b < N_COARSE; b++) spectrum[b] += track.coarse[i * N_COARSE + b];
    for (let c = 0; c < N_CEPSTRA; c++) {
      const v = track.cepstra[i * N_CEPSTRA + c];
      cepMeans[c] += v;
      cepSquares[c] += v * v;
    }
    if (i > from && track.active[i - 1]) {
      let d = 0;
      for (let c = 0; c < N_CEPSTRA; c++) d += (track.cepstra[i * N_CEPSTRA + c] - track.cepstra[(i - 1) * N_CEPSTRA + c]) ** 2;
      cepDelta.push(Math.sqrt(d));
    }
    if (!track.voiced[i]) {
      flatUnvoiced.push(track.logFlatness[i]);
      hiFlatUnvoiced.push(track.hiLogFlatness[i]);
      continue;
    }
    voiced++;
    const st = semitones(track.f0[i]);
    pitch.push(st);
    const r = Math.min(track.periodicity[i], 0.9999);
    periodicity.push(r);
    hnr.push(10 * Math.log10(r / (1 - r)));
    flatVoiced.push(track.logFlatness[i]);
    hiFlatVoiced.push(track.hiLogFlatness[i]);
    // F0 contour roughness: departure from the 5-frame (50 ms) local mean, inside voiced runs.
    if (i - 2 >= from && i + 2 < to && track.voiced[i - 2] && track.voiced[i - 1] && track.voiced[i + 1] && track.voiced[i + 2]) {
      let local = 0;
      for (let d = -2; d <= 2; d++) local += semitones(track.f0[i + d]) / 5;
      const departure = Math.abs(st - local) * 100;
      if (departure < 150) roughness.push(departure);
    }
    centroidVoiced.push(track.centroid[i] / 1000);
    // Frame-to-frame F0 and level changes inside voiced runs: jitter and shimmer at the 10 ms scale.
    // Jumps over 1.5 semitones are octave errors or boundaries, not micro-prosody.
    if (i > from && track.voiced[i - 1]) {
      const d1 = st - semitones(track.f0[i - 1]);
      if (Math.abs(d1) < 1.5) {
        jitter.push(Math.abs(d1) * 100);
        shimmer.push(Math.abs(track.db[i] - track.db[i - 1]));
        if (i - 1 > from && track.voiced[i - 2]) {
          const d0 = semitones(track.f0[i - 1]) - semitones(track.f0[i - 2]);
          if (Math.abs(d0) < 1.5) acceleration.push(Math.abs(d1 - d0) * 100);
        }
      }
    }
  }

  if (runLength) runLengths.push(runLength);
  const sortedPitch = pitch.slice().sort((a, b) => a - b);
  const sortedDb = allDb.slice().sort((a, b) => a - b);
  const frames = Math.max(1, to - from);

  // Band levels of the window's average active spectrum, relative to the telephone band.
  const bandDb = (loHz: number, hiHz: number): number => {
    let s = 0;
    for (let b = loHz / COARSE_BAND_HZ; b < hiHz / COARSE_BAND_HZ; b++) s += spectrum[Math.floor(b)];
    return toDb(s / ((hiHz - loHz) / COARSE_BAND_HZ));
  };
  const reference = bandDb(250, 3750);
  const relative = (loHz: number, hiHz: number): number => (active ? Math.max(-90, bandDb(loHz, hiHz) - reference) : NaN);
  let cutoffKhz = NaN;
  let cliffDb = NaN;
  if (active) {
    const levels = Array.from(spectrum, (p) => toDb(p) - reference);
    cutoffKhz = 0;
    for (let b = 0; b < N_COARSE; b++) if (levels[b] > -55) cutoffKhz = ((b + 1) * COARSE_BAND_HZ) / 1000;
    cliffDb = 0;
    for (let b = 10; b < N_COARSE - 1; b++) cliffDb = Math.max(cliffDb, Math.min(40, levels[b - 1] - levels[b + 1]));
  }

  const cepMeanValues = Array.from(cepMeans, (s) => (active ? s / active : NaN));
  // The band above 4 kHz only where the recording has it (not a telephone or narrow-band codec copy):
  // elsewhere its features are "not measurable" (NaN), which the model treats as neutral.
  const hiPresent = active > 0 && relative(6000, 7000) > HI_PRESENT_DB;
  const hi = (x: number): number => (hiPresent ? x : NaN);
  const cepStdValues = Array.from({ length: N_CEPSTRA }, (_, c) =>
    active > 1 ? Math.sqrt(Math.max(0, cepSquares[c] / active - (cepMeans[c] / active) ** 2)) : NaN,
  );

  const values = Float64Array.from([
    active ? voiced / active : NaN,
    active / frames,
    std(pitch),
    sortedPitch.length ? quantile(sortedPitch, 0.9) - quantile(sortedPitch, 0.1) : NaN,
    jitter.length ? Math.log(mean(jitter) + 1) : NaN,
    acceleration.length ? Math.log(mean(acceleration) + 1) : NaN,
    mean(hnr),
    std(hnr),
    mean(periodicity),
    shimmer.length ? Math.log(mean(shimmer) + 0.01) : NaN,
    std(activeDb),
    mean(flatVoiced),
    mean(flatUnvoiced),
    mean(flux),
    std(flux),
    mean(centroidVoiced),
    std(centroidActive),
    hi(relative(3750, 4500)),
    hi(relative(4500, 5500)),
    hi(relative(5500, 6500)),
    hi(relative(6500, 7500)),
    hi(mean(hiFlatVoiced)),
    hi(mean(hiFlatUnvoiced)),
    cutoffKhz,
    cliffDb,
    Math.max(-100, quantile(sortedDb, 0.1)),
    quantile(sortedDb, 0.95) - quantile(sortedDb, 0.1),
    digitalSilence / frames,
    mean(flatQuiet),
    ...cepMeanValues,
    ...cepStdValues,
    mean(cepDelta),
    std(cepDelta),
    roughness.length >= 5 ? Math.log(mean(roughness) + 1) : NaN,
    runLengths.length ? (mean(runLengths) * HOP) / SAMPLE_RATE : NaN,
  ]);
  return { values, voicedSeconds: (voiced * HOP) / SAMPLE_RATE };
}
