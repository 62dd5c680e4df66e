/**
 * The tensors an operator's classifier takes, built from decoded pixels or samples, and serialised
 * as Open Inference Protocol (v2) request bodies: the CPU-heavy half of asking a model server,
 * done on an engine thread so the event loop only sends the bodies. Pure: the decoding is the image
 * and voice engines' own (decodeView, decodePcm), handed in by the runtime.
 */
import sharp from 'sharp';

import type { ImageInput, VoiceInput } from './names.ts';

/** The requests of one input, and the part of it (seconds for audio; the whole image) each output row scores. */
export interface ModelRequests {
  /** v2 request bodies and how many items (rows of the output) each holds. */
  requests: { body: string; batch: number }[];
  spans: { start: number; end: number }[];
}

interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

// The normalisations of the models' own preprocessors (OpenAI CLIP; torchvision ImageNet).
const CLIP = { mean: [0.48145466, 0.4578275, 0.40821073], std: [0.26862954, 0.26130258, 0.27577711] };
const IMAGENET = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
const UNIT = { mean: [0, 0, 0], std: [1, 1, 1] };

/** One FP32 tensor as a v2 inference request (JSON; values to float32 precision). */
function inferenceBody(tensor: string, shape: number[], data: Float32Array): string {
  const values = Array.from(data, (x) => Number(x.toPrecision(7)));
  return JSON.stringify({ inputs: [{ name: tensor, shape, datatype: 'FP32', data: values }] });
}

/** Interleaved 8-bit RGB to planar (CHW) floats, (x / 255 − mean) / std per channel. */
function planar(rgb: Buffer, side: number, norm: { mean: number[]; std: number[] }): Float32Array {
  const plane = side * side;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) out[c * plane + i] = (rgb[3 * i + c] / 255 - norm.mean[c]) / norm.std[c];
  }
  return out;
}

/**
 * clip-224: shorter side to 224 (bicubic), centre crop 224, CLIP normalisation (UnivFD's input).
 * imagenet-224: shorter side to 256, centre crop 224, ImageNet normalisation.
 * raw-256: the whole image squeezed to 256 × 256, values in [0, 1].
 */
export async function imageRequests(image: RgbImage, input: ImageInput, tensor: string): Promise<ModelRequests> {
  const source = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  let side: number;
  let pixels: Buffer;
  if (input === 'raw-256') {
    side = 256;
    pixels = await source.resize(side, side, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  } else {
    side = 224;
    const shorter = input === 'clip-224' ? 224 : 256;
    const scale = shorter / Math.min(image.width, image.height);
    const width = Math.max(side, Math.round(image.width * scale));
    const height = Math.max(side, Math.round(image.height * scale));
    const left = Math.floor((width - side) / 2);
    const top = Math.floor((height - side) / 2);
    pixels = await source.resize(width, height, { fit: 'fill', kernel: 'cubic' }).extract({ left, top, width: side, height: side }).raw().toBuffer();
  }
  const data = planar(pixels, side, input === 'clip-224' ? CLIP : input === 'imagenet-224' ? IMAGENET : UNIT);
  return { requests: [{ body: inferenceBody(tensor, [1, 3, side, side], data), batch: 1 }], spans: [{ start: 0, end: 0 }] };
}

const SAMPLE_RATE = 16_000;
const WINDOW_SECONDS = 4;
/** Windows per request: a 10-minute recording is 150 windows, sent 8 at a time. */
const WINDOWS_PER_REQUEST = 8;

/**
 * wave-16k-4s: 16 kHz mono samples in windows of 4 s (64,000 samples, AASIST's input), one after
 * the other; the last window is the audio's last 4 s, and audio shorter than 4 s is repeated to
 * fill one window (AASIST's own padding).
 */
export function voiceRequests(pcm: Float32Array, input: VoiceInput, tensor: string): ModelRequests {
  void input; // one preprocessing so far; the name is checked by the configuration
  const size = WINDOW_SECONDS * SAMPLE_RATE;
  const starts: number[] = [];
  if (pcm.length <= size) starts.push(0);
  else {
    for (let s = 0; s + size <= pcm.length; s += size) starts.push(s);
    if (starts.at(-1)! + size < pcm.length) starts.push(pcm.length - size);
  }
  const windows = starts.map((s) => {
    if (pcm.length >= size) return pcm.subarray(s, s + size);
    const w = new Float32Array(size);
    for (let i = 0; i < size; i++) w[i] = pcm[i % pcm.length];
    return w;
  });
  const requests: ModelRequests['requests'] = [];
  for (let b = 0; b < windows.length; b += WINDOWS_PER_REQUEST) {
    const batch = windows.slice(b, b + WINDOWS_PER_REQUEST);
    const data = new Float32Array(batch.length * size);
    batch.forEach((w, k) => data.set(w, k * size));
    requests.push({ body: inferenceBody(tensor, [batch.length, size], data), batch: batch.length });
  }
  const seconds = pcm.length / SAMPLE_RATE;
  return { requests, spans: starts.map((s) => ({ start: s / SAMPLE_RATE, end: Math.min(seconds, (s + size) / SAMPLE_RATE) })) };
}
