/**
 * From 16 kHz PCM to the voice verdict and timeline, in two steps so that training and evaluation use
 * exactly the production path:
 *
 * - measureVoice (model-free): frame analysis, speech detection, the per-recording normalised frame
 *   descriptors (framenet.ts), and the feature vector of every 3 s window (1.5 s hop) of the clip.
 * - judgeVoice (model): each window with enough speech is scored (the frame model: the mean log-odds of
 *   its frames; a v2 feature model: its window features); the clip score is the mean of the windows'
 *   log-odds, weighted by their speech time, calibrated into a probability.
 *   Audio over 6 s also gets a timeline: 1.5 s cells (the hop), each scored from the windows that
 *   overlap it, median-smoothed over three cells, labelled, and merged into runs of equal verdict.
 *
 * Too little speech (silence, music, noise, under about 1 s of speech or a file under 1 s) gives
 * `undetermined` at even odds, with the reason.
 */
import { analyseFrames, frameAt, speechFrames, windowFeatures, HOP, SAMPLE_RATE, type FrameTrack } from './features.ts';
import { calibratedProbability, windowLogit, type VoiceModel } from './classifier.ts';
import { rawFrames } from './frames.ts';
import { frameLogits, meanLogit, normaliseFrames, type FrameNet } from './framenet.ts';

export interface VoiceSegment {
  start_time: string;
  end_time: string;
  duration: string;
  verdict: 'ai_voice' | 'natural_voice';
  ai_probability: number;
}

export interface VoiceStatistics {
  total_segments: number;
  processed_segments: number;
  ai_segments: number;
  natural_segments: number;
  ai_time_percentage: number;
}

/** Why the verdict is `undetermined`: no speech at all, under MIN_CLIP_SPEECH_SECONDS of it, or balanced evidence. */
export type UndeterminedReason = 'no_speech' | 'too_little_speech' | 'balanced_evidence';

export interface VoiceAnalysis {
  verdict: 'ai_voice' | 'natural_voice' | 'undetermined';
  ai_probability: number;
  natural_probability: number;
  duration_seconds: number;
  segments: VoiceSegment[];
  statistics?: VoiceStatistics;
  undetermined_reason?: UndeterminedReason;
}

export const WINDOW_SECONDS = 3;
export const CELL_SECONDS = 1.5; // timeline resolution = scoring hop
const SHORT_AUDIO_SECONDS = 6; // up to this: one verdict, no timeline
const MIN_LAST_CELL_SECONDS = 0.5; // a shorter trailing cell joins the one before it
export const MIN_WINDOW_VOICED_SECONDS = 0.5; // a window with less voiced speech has no score of its own
// Voiced speech is about 60% of speaking time, so 0.6 s of it is about 1 s of speech; less, or a file
// under 1 s, is "too little speech": undetermined.
export const MIN_CLIP_SPEECH_SECONDS = 0.6;
const MIN_CLIP_SECONDS = 1;
const UNDETERMINED_MARGIN = 0.05; // |p - 0.5| below this: evidence balanced
const PROBABILITY_LIMIT = 0.99; // an acoustic classifier is never certain
const MIN_AI_RUN_CELLS = 3; // an AI run this long (4.5 s) makes the clip "contains AI voice"

export interface Span { start: number; end: number } // seconds

/** The overlapping windows the classifier is trained on and the clip is scored from. */
export function scoringWindows(duration: number): Span[] {
  if (duration <= WINDOW_SECONDS) return [{ start: 0, end: duration }];
  const spans: Span[] = [];
  for (let start = 0; start + WINDOW_SECONDS <= duration + 1e-9; start += CELL_SECONDS) spans.push({ start, end: start + WINDOW_SECONDS });
  const last = spans[spans.length - 1];
  if (duration - last.end > 0.25) spans.push({ start: duration - WINDOW_SECONDS, end: duration });
  return spans;
}

/** Contiguous timeline cells from 0 to the end; a trailing piece under MIN_LAST_CELL_SECONDS joins the previous cell. */
export function timelineCells(duration: number): Span[] {
  const cells: Span[] = [];
  for (let start = 0; start < duration - 1e-9; start += CELL_SECONDS) cells.push({ start, end: Math.min(duration, start + CELL_SECONDS) });
  const last = cells[cells.length - 1];
  if (cells.length > 1 && last.end - last.start < MIN_LAST_CELL_SECONDS) {
    cells.pop();
    cells[cells.length - 1].end = duration;
  }
  return cells;
}

export interface MeasuredWindow extends Span {
  values: number[]; // FEATURE_NAMES order
  voicedSeconds: number;
}

/** Everything the verdict needs from the audio, independent of the model (cached by training and evaluation). */
export interface VoiceMeasurement {
  duration: number;
  speechSeconds: number;
  windows: MeasuredWindow[];
  frames?: NormalisedFrames; // for the frame model
}

/** Per-recording normalised frame descriptors (framenet.ts) and which frames are speech-level. */
export interface NormalisedFrames { count: number; values: Float32Array; active: Uint8Array }

export const FRAME_STEP = 2; // the frame model scores every other frame (20 ms): neighbours are near-duplicates

/** `frames`: also the normalised frame descriptors (only a frame model needs them). */
export function measureVoice(pcm: Float32Array, frames = true): VoiceMeasurement {
  return measureTrack(analyseFrames(pcm), pcm.length, frames);
}

/** measureVoice from an analysed frame track (training analyses each clip once for both caches). */
export function measureTrack(track: FrameTrack, samples: number, withFrames = true): VoiceMeasurement {
  const duration = samples / SAMPLE_RATE;
  const speechSeconds = (speechFrames(track) * HOP) / SAMPLE_RATE;
  const windows = scoringWindows(duration).map((span) => {
    const { values, voicedSeconds } = windowFeatures(track, frameAt(span.start), frameAt(span.end));
    return { ...span, values: Array.from(values), voicedSeconds };
  });
  if (!withFrames) return { duration, speechSeconds, windows };
  const frames = { count: track.count, values: normaliseFrames(rawFrames(track), track.active, track.count), active: track.active };
  return { duration, speechSeconds, windows, frames };
}

const lastLogits = new WeakMap<NormalisedFrames, { net: FrameNet; logits: Float32Array }>();

/** Frame log-odds of a recording (remembered for the last network, as evaluation judges a clip more than once). */
export function recordingFrameLogits(net: FrameNet, frames: NormalisedFrames): Float32Array {
  const known = lastLogits.get(frames);
  if (known?.net === net) return known.logits;
  const logits = frameLogits(net, frames.values, frames.active, frames.count, FRAME_STEP);
  lastLogits.set(frames, { net, logits });
  return logits;
}

export interface ScoredWindow extends Span {
  logit: number | undefined; // undefined: too little voiced speech in the window
  voicedSeconds: number;
}

/**
 * Each window with enough voiced speech gets log-odds: from the window features (v2), from the frame
 * model (the mean log-odds of its frames), or a fixed linear fusion of both, as the model says.
 */
export function scoreWindows(measurement: VoiceMeasurement, model: VoiceModel): ScoredWindow[] {
  const net = model.frameNet;
  if (net && !measurement.frames) throw new Error('the voice model scores frames, but the measurement has none');
  const logits = net ? recordingFrameLogits(net, measurement.frames!) : undefined;
  const fusion = model.fusion;
  return measurement.windows.map((w) => {
    let logit: number | undefined;
    if (w.voicedSeconds >= MIN_WINDOW_VOICED_SECONDS) {
      const frames = logits ? meanLogit(logits, frameAt(w.start), frameAt(w.end)) : undefined;
      if (!logits) logit = windowLogit(model, w.values);
      else if (!fusion) logit = frames;
      else logit = fusion.features * windowLogit(model, w.values) + fusion.frames * (frames ?? 0);
    }
    return { start: w.start, end: w.end, logit, voicedSeconds: w.voicedSeconds };
  });
}

/** Log-odds of a span: the mean of the scored windows' log-odds, weighted by their voiced time. */
export function clipLogit(windows: { logit: number | undefined; voicedSeconds: number }[]): number | undefined {
  let weight = 0;
  let sum = 0;
  for (const w of windows) {
    if (w.logit === undefined) continue;
    weight += w.voicedSeconds;
    sum += w.logit * w.voicedSeconds;
  }
  return weight > 0 ? sum / weight : undefined;
}

/** Seconds as the API writes them: "12.5s". Works in whole centiseconds so durations add up exactly. */
export function formatSeconds(centiseconds: number): string {
  return `${centiseconds / 100}s`;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));
const clampProbability = (p: number): number => Math.min(PROBABILITY_LIMIT, Math.max(1 - PROBABILITY_LIMIT, p));

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

interface Run { start: number; end: number; verdict: VoiceSegment['verdict']; probabilities: number[]; durations: number[] }

function buildTimeline(scored: ScoredWindow[], cells: Span[], model: VoiceModel): Run[] {
  const own = cells.map((cell) => {
    const logit = clipLogit(scored.filter((w) => w.start < cell.end - 1e-9 && w.end > cell.start + 1e-9));
    return logit === undefined ? undefined : clampProbability(calibratedProbability(model, logit));
  });
  // Cells without speech take the mean of the nearest scored neighbours (even odds when there are none).
  const filled = own.map((p, i) => {
    if (p !== undefined) return p;
    for (let d = 1; d < own.length; d++) {
      const near = [own[i - d], own[i + d]].filter((x): x is number => x !== undefined);
      if (near.length) return near.reduce((s, x) => s + x, 0) / near.length;
    }
    return 0.5;
  });
  const smoothed = filled.map((p, i) => (i === 0 || i === filled.length - 1 ? p : median3(filled[i - 1], p, filled[i + 1])));
  const runs: Run[] = [];
  smoothed.forEach((p, i) => {
    const verdict = p > 0.5 ? 'ai_voice' : 'natural_voice';
    const cell = cells[i];
    const last = runs[runs.length - 1];
    if (last && last.verdict === verdict) {
      last.end = cell.end;
      last.probabilities.push(p);
      last.durations.push(cell.end - cell.start);
    } else {
      runs.push({ start: cell.start, end: cell.end, verdict, probabilities: [p], durations: [cell.end - cell.start] });
    }
  });
  return runs;
}

const runProbability = (run: Run): number =>
  run.probabilities.reduce((s, p, i) => s + p * run.durations[i], 0) / run.durations.reduce((s, d) => s + d, 0);

export function judgeVoice(measurement: VoiceMeasurement, model: VoiceModel): VoiceAnalysis {
  const { duration, speechSeconds } = measurement;
  const scored = scoreWindows(measurement, model);
  const clip = clipLogit(scored);
  let aiProbability = clip === undefined ? 0.5 : clampProbability(calibratedProbability(model, clip));
  const tooLittleSpeech = speechSeconds < MIN_CLIP_SPEECH_SECONDS || duration < MIN_CLIP_SECONDS || clip === undefined;

  let segments: VoiceSegment[] = [];
  let statistics: VoiceStatistics | undefined;
  if (duration > SHORT_AUDIO_SECONDS) {
    const runs = tooLittleSpeech
      ? [{ start: 0, end: duration, verdict: 'natural_voice' as const, probabilities: [0.5], durations: [duration] }]
      : buildTimeline(scored, timelineCells(duration), model);
    // A sustained AI run means the recording contains AI voice, even when most of it is natural.
    for (const run of runs) {
      if (run.verdict === 'ai_voice' && run.probabilities.length >= MIN_AI_RUN_CELLS) aiProbability = Math.max(aiProbability, runProbability(run));
    }
    segments = runs.map((run) => {
      const start = Math.round(run.start * 100);
      const end = Math.round(run.end * 100);
      return {
        start_time: formatSeconds(start),
        end_time: formatSeconds(end),
        duration: formatSeconds(end - start),
        verdict: run.verdict,
        ai_probability: round(runProbability(run), 4),
      };
    });
    const centiseconds = (r: Run): number => Math.round(r.end * 100) - Math.round(r.start * 100);
    const listed = runs.reduce((s, r) => s + centiseconds(r), 0);
    const ai = runs.filter((r) => r.verdict === 'ai_voice').reduce((s, r) => s + centiseconds(r), 0);
    statistics = {
      total_segments: runs.length,
      processed_segments: runs.length,
      ai_segments: runs.filter((r) => r.verdict === 'ai_voice').length,
      natural_segments: runs.filter((r) => r.verdict === 'natural_voice').length,
      ai_time_percentage: listed > 0 ? round((100 * ai) / listed, 2) : 0,
    };
  }

  let verdict: VoiceAnalysis['verdict'] = aiProbability > 0.5 ? 'ai_voice' : 'natural_voice';
  let reason: UndeterminedReason | undefined;
  if (tooLittleSpeech) {
    // Not enough evidence to accuse or clear anyone: even odds, and say why.
    aiProbability = 0.5;
    verdict = 'undetermined';
    reason = speechSeconds < 0.1 && duration >= MIN_CLIP_SECONDS ? 'no_speech' : 'too_little_speech';
  } else if (Math.abs(aiProbability - 0.5) < UNDETERMINED_MARGIN) {
    verdict = 'undetermined';
    reason = 'balanced_evidence';
  }
  const ai = round(aiProbability, 4);
  return {
    verdict,
    ai_probability: ai,
    natural_probability: round(1 - ai, 4),
    duration_seconds: round(duration, 3),
    segments,
    ...(statistics ? { statistics } : {}),
    ...(reason ? { undetermined_reason: reason } : {}),
  };
}

export function analysePcm(pcm: Float32Array, model: VoiceModel): VoiceAnalysis {
  return judgeVoice(measureVoice(pcm, model.frameNet !== undefined), model);
}
