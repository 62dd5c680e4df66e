/**
 * Voice detection engine: AI voice vs natural voice, with a segment timeline for longer audio.
 * Probe and decode with ffmpeg (Debian package) to 16 kHz mono, speech detection and acoustic features
 * per window, a classifier trained by scripts/train-voice-detector.ts (artefact: model.json beside this
 * file; data, licences, figures and limits in MODEL_CARD.md).
 * No HTTP here: the platform maps the errors to API codes and runs analyzeVoice off the event loop.
 */
import { analysePcm } from './analysis.ts';
import { loadModel } from './classifier.ts';
import { decodePcm, probe, type AudioProbe } from './ffmpeg.ts';

export { InvalidAudioError, UnsupportedMediaError } from './errors.ts';
export type { AudioProbe } from './ffmpeg.ts';
export { decodePcm } from './ffmpeg.ts';
export type { VoiceAnalysis, VoiceSegment, VoiceStatistics } from './analysis.ts';
import type { VoiceAnalysis } from './analysis.ts';

const model = loadModel(new URL('./model.json', import.meta.url));

export const VOICE_ENGINE_VERSION: string = `voice-${model.frameNet ? 'frames-3.0.0' : 'acoustic-2.0.0'}+model.${model.id}`;

/** Container, codec and duration without decoding; throws InvalidAudioError / UnsupportedMediaError. Used for billing (contract/catalogue.ts prices it). */
export function probeAudio(path: string): Promise<AudioProbe> {
  return probe(path);
}

/** Decode to 16 kHz mono and analyse. Assumes the platform has enforced the 600 s limit with probeAudio. */
export async function analyzeVoice(path: string): Promise<VoiceAnalysis> {
  await probe(path); // refuses video and unaccepted containers even when called on its own
  const pcm = await decodePcm(path);
  return analysePcm(pcm, model);
}
