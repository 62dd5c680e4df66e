/**
 * Frame descriptors for the learned frame model: per 10 ms frame, the log power of the 32 linear
 * 250 Hz bands (0-8 kHz), the 12 telephone-band linear-frequency cepstra, and the periodicity, all taken
 * from the frame track that features.ts already computes (no second spectral pass).
 */
import { N_CEPSTRA, type FrameTrack } from './features.ts';

export const N_BANDS = 32; // 250 Hz bands of the 16 kHz analysis rate
export const RAW_DIMS = N_BANDS + N_CEPSTRA + 1;
const POWER_FLOOR = 1e-12;

/** count × RAW_DIMS raw descriptors (band dB, cepstra, periodicity). */
export function rawFrames(track: FrameTrack): Float32Array {
  const out = new Float32Array(track.count * RAW_DIMS);
  for (let i = 0; i < track.count; i++) {
    const o = i * RAW_DIMS;
    for (let b = 0; b < N_BANDS; b++) out[o + b] = 10 * Math.log10(track.coarse[i * N_BANDS + b] + POWER_FLOOR);
    for (let c = 0; c < N_CEPSTRA; c++) out[o + N_BANDS + c] = track.cepstra[i * N_CEPSTRA + c];
    out[o + N_BANDS + N_CEPSTRA] = track.periodicity[i];
  }
  return out;
}
