/** Media fixtures shared by the tests that upload audio. */
import { encodeWav, speechLikeSignal } from '../../server/engines/voice/synthetic.ts';

/** 16-bit mono PCM WAV of the voice engine's speech-like test signal (fixed seed: the same bytes every run). */
export function wav(seconds: number, sampleRate = 16_000): Buffer {
  return encodeWav(speechLikeSignal(seconds, { sampleRate, seed: 3 }), sampleRate);
}
