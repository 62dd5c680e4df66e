/**
 * ffprobe/ffmpeg (Debian package) as child processes: argument arrays (no shell), a time limit, and a
 * bound on what we keep from stdout. Always given a file path, never a pipe: an M4A whose `moov` atom
 * sits at the end cannot be read from a non-seekable stream.
 */
import { spawn } from 'node:child_process';
import { InvalidAudioError, UnsupportedMediaError } from './errors.ts';
import { SAMPLE_RATE } from './features.ts';

interface ProcessResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

const STDERR_LIMIT = 16_384;

export function runProcess(command: string, args: string[], options: { timeoutMs: number; maxStdoutBytes: number }): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      failure = new Error(`${command} timed out after ${options.timeoutMs} ms`);
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      const room = options.maxStdoutBytes - stdoutBytes;
      if (room > 0) chunks.push(chunk.length <= room ? chunk : chunk.subarray(0, room));
      stdoutBytes += Math.min(chunk.length, Math.max(0, room));
      if (chunk.length > room) {
        failure = new Error(`${command} produced more than ${options.maxStdoutBytes} bytes`);
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code, stdout: Buffer.concat(chunks, stdoutBytes), stderr });
    });
  });
}

export interface AudioProbe {
  durationSeconds: number;
  container: string;
  codec: string;
  sampleRate: number;
  channels: number;
}

/** ffprobe's format names for the containers the API accepts. */
const CONTAINERS: Record<string, string> = {
  wav: 'wav',
  flac: 'flac',
  ogg: 'ogg',
  mp3: 'mp3',
  aac: 'aac', // raw ADTS
  'mov,mp4,m4a,3gp,3g2,mj2': 'm4a', // audio-only MP4 family (a video stream is refused below)
};

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

function firstLine(text: string): string {
  return text.trim().split('\n').pop()?.trim() || 'unknown error';
}

export async function probe(path: string): Promise<AudioProbe> {
  const result = await runProcess('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], {
    timeoutMs: 30_000,
    maxStdoutBytes: 1 << 20,
  });
  if (result.code !== 0) throw new InvalidAudioError(`not readable as audio: ${firstLine(result.stderr)}`);
  let info: FfprobeOutput;
  try {
    info = JSON.parse(result.stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    throw new InvalidAudioError('not readable as audio: the probe gave no description');
  }
  const streams = info.streams ?? [];
  // Cover art in MP3/M4A appears as a one-picture "video" stream; it does not make the file a video.
  if (streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)) {
    throw new UnsupportedMediaError('the file contains a video stream; only audio files are accepted');
  }
  const container = CONTAINERS[info.format?.format_name ?? ''];
  if (!container) {
    throw new UnsupportedMediaError(`unsupported format "${info.format?.format_name ?? 'unknown'}"; accepted: WAV, FLAC, OGG, MP3, M4A, AAC`);
  }
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio || !audio.codec_name || audio.codec_name === 'unknown' || audio.codec_name === 'none') {
    throw new InvalidAudioError('no decodable audio stream');
  }
  let durationSeconds = Number(info.format?.duration ?? audio.duration);
  if (container === 'aac') durationSeconds = (await adtsDuration(path, Number(audio.sample_rate))) ?? durationSeconds;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new InvalidAudioError('the audio has no measurable duration');
  return {
    durationSeconds,
    container,
    codec: audio.codec_name,
    sampleRate: Number(audio.sample_rate) || 0,
    channels: audio.channels ?? 0,
  };
}

/** Raw ADTS has no header with a length, so ffprobe estimates it from the bitrate; count frames instead (1024 samples each). */
async function adtsDuration(path: string, sampleRate: number): Promise<number | undefined> {
  if (!(sampleRate > 0)) return undefined;
  const result = await runProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'a:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', path],
    { timeoutMs: 30_000, maxStdoutBytes: 4096 },
  );
  const packets = Number.parseInt(result.stdout.toString('utf8'), 10);
  return result.code === 0 && packets > 0 ? (packets * 1024) / sampleRate : undefined;
}

/** Largest decode we keep: the platform caps audio at 600 s; a little slack for rounding. */
const MAX_DECODED_SECONDS = 620;

/** Decode the first audio stream to 16 kHz mono float PCM in [-1, 1). */
export async function decodePcm(path: string): Promise<Float32Array> {
  const result = await runProcess(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-i', path, '-map', '0:a:0', '-f', 's16le', '-ac', '1', '-ar', String(SAMPLE_RATE), '-'],
    { timeoutMs: 120_000, maxStdoutBytes: MAX_DECODED_SECONDS * SAMPLE_RATE * 2 },
  ).catch((error: Error) => {
    throw new InvalidAudioError(`decoding failed: ${error.message}`);
  });
  if (result.code !== 0) throw new InvalidAudioError(`decoding failed: ${firstLine(result.stderr)}`);
  const samples = result.stdout.length >> 1;
  if (samples === 0) throw new InvalidAudioError('the file decodes to no audio');
  const pcm = new Float32Array(samples);
  for (let i = 0; i < samples; i++) pcm[i] = result.stdout.readInt16LE(2 * i) / 32768;
  return pcm;
}
