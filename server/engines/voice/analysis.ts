/**
 * From 16 kHz PCM to the voice verdict and timeline. Pure and synchronous (CPU only), so it can run on
 * a worker thread; the model is passed in.
 *
 * - Clip score: 3 s windows with 1.5 s hop (the same windows the classifier was trained on); the mean
 *   of their log-odds, weighted by voiced time, is calibrated into a probability.
 * - Timeline (audio over 6 s): consecutive 3 s windows, each scored, median-smoothed over three
 *   windows, labelled, and merged into runs of equal verdict. A trailing remainder under 1.5 s is
 *   skipped (counted in total_segments, not listed); a longer one is scored as a short window.
 */
import { analyseFrames, frameAt, windowFeatures, HOP, SAMPLE_RATE, type FrameTrack } from './features.ts';
import { calibratedProbability, windowLogit, type VoiceModel } from './classifier.ts';

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

export interface VoiceAnalysis {
  verdict: 'ai_voice' | 'natural_voice' | 'undetermined';
  ai_probability: number;
  natural_probability: number;
  duration_seconds: number;
  segments: VoiceSegment[];
  statistics?: VoiceStatistics;
}

export const WINDOW_SECONDS = 3;
const SCORING_HOP_SECONDS = 1.5;
const SHORT_AUDIO_SECONDS = 6; // up to this: one verdict, no timeline
const MIN_REMAINDER_SECONDS = 1.5;
export const MIN_WINDOW_VOICED_SECONDS = 0.5; // a window with less voiced speech has no score of its own
const MIN_CLIP_VOICED_SECONDS = 1; // below this the clip is "too little speech": undetermined
const UNDETERMINED_MARGIN = 0.05; // |p - 0.5| below this: evidence balanced
const PROBABILITY_LIMIT = 0.99; // an acoustic heuristic is never certain
const MIN_AI_RUN_WINDOWS = 2; // an AI run this long makes the clip "contains AI voice"

export interface Span { start: number; end: number } // seconds

/** The overlapping windows the classifier is trained on and the clip score is computed from. */
export function scoringWindows(duration: number): Span[] {
  if (duration <= WINDOW_SECONDS) return [{ start: 0, end: duration }];
  const spans: Span[] = [];
  let start = 0;
  for (; start + WINDOW_SECONDS <= duration + 1e-9; start += SCORING_HOP_SECONDS) spans.push({ start, end: start + WINDOW_SECONDS });
  const last = spans[spans.length - 1];
  if (duration - last.end > 0.25) spans.push({ start: duration - WINDOW_SECONDS, end: duration });
  return spans;
}

/** Consecutive timeline windows; `skipped` is a trailing remainder too short to judge. */
export function timelineWindows(duration: number): { windows: Span[]; skipped: Span | undefined } {
  const windows: Span[] = [];
  let start = 0;
  for (; start + WINDOW_SECONDS <= duration + 1e-9; start += WINDOW_SECONDS) windows.push({ start, end: start + WINDOW_SECONDS });
  const remainder = duration - start;
  if (remainder >= MIN_REMAINDER_SECONDS) return { windows: [...windows, { start, end: duration }], skipped: undefined };
  return { windows, skipped: remainder > 0.005 ? { start, end: duration } : undefined };
}

export interface ScoredWindow extends Span {
  logit: number | undefined; // undefined: too little voiced speech in the window
  voicedSeconds: number;
}

export function scoreWindows(track: FrameTrack, spans: Span[], model: VoiceModel): ScoredWindow[] {
  return spans.map((span) => {
    const { values, voicedSeconds } = windowFeatures(track, frameAt(span.start), frameAt(span.end));
    const logit = voicedSeconds >= MIN_WINDOW_VOICED_SECONDS ? windowLogit(model, values) : undefined;
    return { ...span, logit, voicedSeconds };
  });
}

/** Clip log-odds: the mean of the scored windows' log-odds, weighted by their voiced time. */
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

function buildTimeline(scored: ScoredWindow[], model: VoiceModel): Run[] {
  const own = scored.map((w) => (w.logit === undefined ? undefined : clampProbability(calibratedProbability(model, w.logit))));
  // Windows without speech take the mean of the nearest scored neighbours (even odds when there are none).
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
    const w = scored[i];
    const last = runs[runs.length - 1];
    if (last && last.verdict === verdict) {
      last.end = w.end;
      last.probabilities.push(p);
      last.durations.push(w.end - w.start);
    } else {
      runs.push({ start: w.start, end: w.end, verdict, probabilities: [p], durations: [w.end - w.start] });
    }
  });
  return runs;
}

const runProbability = (run: Run): number =>
  run.probabilities.reduce((s, p, i) => s + p * run.durations[i], 0) / run.durations.reduce((s, d) => s + d, 0);

export function analysePcm(pcm: Float32Array, model: VoiceModel): VoiceAnalysis {
  const duration = pcm.length / SAMPLE_RATE;
  const track = analyseFrames(pcm);
  let voicedFrames = 0;
  for (let i = 0; i < track.count; i++) voicedFrames += track.voiced[i];
  const voicedSeconds = (voicedFrames * HOP) / SAMPLE_RATE;

  const clip = clipLogit(scoreWindows(track, scoringWindows(duration), model));
  let aiProbability = clip === undefined ? 0.5 : clampProbability(calibratedProbability(model, clip));

  let segments: VoiceSegment[] = [];
  let statistics: VoiceStatistics | undefined;
  if (duration > SHORT_AUDIO_SECONDS) {
    const { windows, skipped } = timelineWindows(duration);
    const runs = buildTimeline(scoreWindows(track, windows, model), model);
    // A sustained AI run means the recording contains AI voice, even when most of it is natural.
    for (const run of runs) {
      if (run.verdict === 'ai_voice' && run.probabilities.length >= MIN_AI_RUN_WINDOWS) aiProbability = Math.max(aiProbability, runProbability(run));
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
    const listed = runs.reduce((s, r) => s + (Math.round(r.end * 100) - Math.round(r.start * 100)), 0);
    const ai = runs.filter((r) => r.verdict === 'ai_voice').reduce((s, r) => s + (Math.round(r.end * 100) - Math.round(r.start * 100)), 0);
    statistics = {
      total_segments: runs.length + (skipped ? 1 : 0),
      processed_segments: runs.length,
      ai_segments: runs.filter((r) => r.verdict === 'ai_voice').length,
      natural_segments: runs.filter((r) => r.verdict === 'natural_voice').length,
      ai_time_percentage: listed > 0 ? round((100 * ai) / listed, 2) : 0,
    };
  }

  let verdict: VoiceAnalysis['verdict'] = aiProbability > 0.5 ? 'ai_voice' : 'natural_voice';
  if (voicedSeconds < MIN_CLIP_VOICED_SECONDS) {
    // Too little speech to judge: say so, and pull the estimate towards even odds in proportion.
    aiProbability = 0.5 + (aiProbability - 0.5) * (voicedSeconds / MIN_CLIP_VOICED_SECONDS);
    verdict = 'undetermined';
  } else if (Math.abs(aiProbability - 0.5) < UNDETERMINED_MARGIN) {
    verdict = 'undetermined';
  }
  const ai = round(aiProbability, 4);
  return {
    verdict,
    ai_probability: ai,
    natural_probability: round(1 - ai, 4),
    duration_seconds: round(duration, 3),
    segments,
    ...(statistics ? { statistics } : {}),
  };
}
