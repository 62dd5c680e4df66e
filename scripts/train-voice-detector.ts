/**
 * Trains the voice detector's window classifier on ../shared/data/voice and writes
 * server/engines/voice/model.json.
 *
 *   nice npm exec tsx scripts/train-voice-detector.ts [--data DIR]
 *
 * Every clip of BOTH classes is also passed through codec and channel round trips (MP3, AAC, Vorbis,
 * Opus at several bitrates; 8 kHz mu-law; 11 kHz resampling; gain; added noise), so that "MP3" or
 * "band-limited" cannot stand for "AI" (most AI clips in the set are MP3). Windows are weighted so
 * that each source counts equally within its class and the classes count equally. The calibration
 * (Platt) is fitted on out-of-source predictions: each source is scored by a model that never saw it.
 * Deterministic: fixed encoder settings and a fixed noise seed; Newton's method has no randomness.
 * Decoded audio and features are cached under /tmp/voice-train-cache (keyed on the feature code).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runProcess, decodePcm } from '../server/engines/voice/ffmpeg.ts';
import { analyseFrames, frameAt, windowFeatures, SAMPLE_RATE } from '../server/engines/voice/features.ts';
import { clipLogit, MIN_WINDOW_VOICED_SECONDS, scoringWindows } from '../server/engines/voice/analysis.ts';
import { fitLogistic, fitPlatt, fitStandardiser, selectFeatures, standardise, windowLogit, type VoiceModel } from '../server/engines/voice/classifier.ts';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../shared/data/voice/', import.meta.url));
export const MODEL_PATH = fileURLToPath(new URL('../server/engines/voice/model.json', import.meta.url));
const CACHE_DIR = path.join(os.tmpdir(), 'voice-train-cache');
const NOISE_SEED = 20_251_121;
export const L2 = 10_000;

/**
 * The features the classifier uses. The engine measures more (F0 spread, jitter, centroid, cepstral
 * means...), but in leave-one-source-out runs those learnt the sources themselves (speaker timbre,
 * one synthesizer's intonation) and fell to chance on the held-out source. These are the ones whose
 * direction agrees across every synthesizer family here; with a strong L2 the model stays close to
 * an average of their directions, which is what transfers to an unseen generator.
 */
export const MODEL_FEATURES = [
  'hnr_std_db',
  'log_shimmer_db',
  'flux_mean',
  'flux_std',
  'band_5500_6500_db',
  'band_6500_7500_db',
  'cutoff_khz',
  'dynamic_range_db',
  'digital_silence_ratio',
  'cepstrum_1_std',
  'cepstrum_2_std',
  'cepstrum_3_std',
  'cepstrum_4_std',
  'cepstrum_5_std',
  'cepstrum_6_std',
  'cepstral_delta_mean',
] as const;

export interface Clip {
  file: string;
  path: string;
  label: 0 | 1; // 1 = ai_voice
  source: string;
  group: string; // "<label>:<system or corpus>", the unit of leave-one-source-out
  nonNeural: boolean;
  segments?: { start_s: number; end_s: number; label: string }[];
}

/** Round trips applied to every clip of both classes: ffmpeg output arguments and the intermediate file type. */
export const VARIANTS: { name: string; args: string[]; ext: string }[] = [
  { name: 'original', args: [], ext: '' },
  { name: 'mp3_32k', args: ['-c:a', 'libmp3lame', '-b:a', '32k'], ext: 'mp3' },
  { name: 'mp3_64k', args: ['-c:a', 'libmp3lame', '-b:a', '64k'], ext: 'mp3' },
  { name: 'mp3_128k', args: ['-c:a', 'libmp3lame', '-b:a', '128k'], ext: 'mp3' },
  { name: 'aac_48k', args: ['-c:a', 'aac', '-b:a', '48k'], ext: 'm4a' },
  { name: 'aac_96k', args: ['-c:a', 'aac', '-b:a', '96k'], ext: 'm4a' },
  { name: 'vorbis_q1', args: ['-c:a', 'libvorbis', '-q:a', '1'], ext: 'ogg' },
  { name: 'opus_24k', args: ['-c:a', 'libopus', '-b:a', '24k'], ext: 'ogg' },
  { name: 'g711_8k', args: ['-ar', '8000', '-c:a', 'pcm_mulaw'], ext: 'wav' },
  { name: 'resample_11k', args: ['-ar', '11025', '-c:a', 'pcm_s16le'], ext: 'wav' },
  { name: 'gain_-18db', args: ['-af', 'volume=-18dB', '-c:a', 'pcm_s16le'], ext: 'wav' },
  {
    name: 'noise_-55dbfs',
    args: ['-filter_complex', `anoisesrc=a=0.0025:c=pink:seed=${NOISE_SEED}:r=16000[n];[0:a]aresample=16000[s];[s][n]amix=inputs=2:duration=first:normalize=0`, '-c:a', 'pcm_s16le'],
    ext: 'wav',
  },
];

/** Lossless re-containers, for the evaluation's codec swap (AI clips as WAV / FLAC); not used in training. */
export const LOSSLESS_VARIANTS: { name: string; args: string[]; ext: string }[] = [
  { name: 'wav', args: ['-c:a', 'pcm_s16le'], ext: 'wav' },
  { name: 'flac', args: ['-c:a', 'flac'], ext: 'flac' },
];

export function loadClips(dataDir = DEFAULT_DATA_DIR): Clip[] {
  const lines = readFileSync(path.join(dataDir, 'labels.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
  return lines.map((line) => {
    const row = JSON.parse(line) as { file: string; label: string; source: string; segments?: Clip['segments'] };
    const system = row.source.split(/[\s:(]/)[0];
    return {
      file: row.file,
      path: path.join(dataDir, row.file),
      label: row.label === 'ai_voice' ? 1 : 0,
      source: row.source,
      group: `${row.label === 'ai_voice' ? 'ai' : 'natural'}:${system}`,
      nonNeural: /non-neural/i.test(row.source),
      segments: row.segments,
    };
  });
}

/** Spliced clips re-use other clips' audio: never train on them (they are for the timeline check). */
export const isSplice = (clip: Clip): boolean => clip.segments !== undefined;

function cacheKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 20);
}

/** Decoded 16 kHz PCM of a clip after a round trip, cached as raw float32. */
export async function variantPcm(clip: Clip, variantName: string): Promise<Float32Array> {
  const variant = [...VARIANTS, ...LOSSLESS_VARIANTS].find((v) => v.name === variantName);
  if (!variant) throw new Error(`unknown variant ${variantName}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  const cached = path.join(CACHE_DIR, `${cacheKey(clip.path, JSON.stringify(variant))}.f32`);
  if (existsSync(cached)) {
    const bytes = readFileSync(cached);
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4).slice();
  }
  let pcm: Float32Array;
  if (variant.args.length === 0) {
    pcm = await decodePcm(clip.path);
  } else {
    const intermediate = path.join(CACHE_DIR, `tmp-${process.pid}.${variant.ext}`);
    const result = await runProcess('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', clip.path, ...variant.args, intermediate], {
      timeoutMs: 120_000,
      maxStdoutBytes: 1024,
    });
    if (result.code !== 0) throw new Error(`ffmpeg ${variant.name} failed on ${clip.file}: ${result.stderr}`);
    pcm = await decodePcm(intermediate);
    rmSync(intermediate, { force: true });
  }
  writeFileSync(cached, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  return pcm;
}

export interface WindowRow {
  clip: number; // index into the clip list
  variant: string;
  values: number[];
  voicedSeconds: number;
}

/** The features' code is part of the cache key, so editing it invalidates cached rows. */
function featureCodeHash(): string {
  const here = fileURLToPath(new URL('../server/engines/voice/', import.meta.url));
  return cacheKey(...['features.ts', 'fft.ts', 'analysis.ts'].map((f) => readFileSync(path.join(here, f), 'utf8')));
}

/** Feature rows of every scoring window of every clip × variant. */
export async function extractRows(clips: Clip[], variants = VARIANTS.map((v) => v.name)): Promise<WindowRow[]> {
  const file = path.join(CACHE_DIR, `rows-${featureCodeHash()}-${cacheKey(...clips.map((c) => c.path), ...variants)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as WindowRow[];
  const rows: WindowRow[] = [];
  for (const [index, clip] of clips.entries()) {
    for (const variant of variants) {
      const pcm = await variantPcm(clip, variant);
      const track = analyseFrames(pcm);
      for (const span of scoringWindows(pcm.length / SAMPLE_RATE)) {
        const { values, voicedSeconds } = windowFeatures(track, frameAt(span.start), frameAt(span.end));
        rows.push({ clip: index, variant, values: Array.from(values), voicedSeconds });
      }
    }
    process.stderr.write(`\rfeatures: ${index + 1}/${clips.length} clips`);
  }
  process.stderr.write('\n');
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(rows));
  return rows;
}

/** Each source counts equally within its class, each class half; within a source each clip × variant equally. */
function rowWeights(rows: WindowRow[], clips: Clip[]): number[] {
  const count = (key: (r: WindowRow) => string): Map<string, number> => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };
  const perClipVariant = count((r) => `${r.clip}|${r.variant}`);
  const clipVariantsPerGroup = new Map<string, Set<string>>();
  const groupsPerClass = new Map<number, Set<string>>();
  for (const r of rows) {
    const c = clips[r.clip];
    if (!clipVariantsPerGroup.has(c.group)) clipVariantsPerGroup.set(c.group, new Set());
    clipVariantsPerGroup.get(c.group)!.add(`${r.clip}|${r.variant}`);
    if (!groupsPerClass.has(c.label)) groupsPerClass.set(c.label, new Set());
    groupsPerClass.get(c.label)!.add(c.group);
  }
  return rows.map((r) => {
    const c = clips[r.clip];
    return 1 / (perClipVariant.get(`${r.clip}|${r.variant}`)! * clipVariantsPerGroup.get(c.group)!.size * groupsPerClass.get(c.label)!.size);
  });
}

type WindowModel = Omit<VoiceModel, 'id' | 'calibration'>;
const UNCALIBRATED = { id: 'uncalibrated', calibration: { slope: 1, intercept: 0 } };

export function fitWindowModel(rows: WindowRow[], clips: Clip[], l2: number): WindowModel {
  const shell = { ...UNCALIBRATED, featureNames: [...MODEL_FEATURES], mean: [], scale: [], weights: [], bias: 0 };
  const selected = rows.map((r) => selectFeatures(shell, r.values));
  const weights = rowWeights(rows, clips);
  const { mean, scale } = fitStandardiser(selected, weights);
  const standardised = selected.map((values) => standardise({ mean, scale }, values));
  const fitted = fitLogistic(standardised, rows.map((r) => clips[r.clip].label), weights, l2);
  return { featureNames: [...MODEL_FEATURES], mean, scale, weights: fitted.weights, bias: fitted.bias };
}


export interface ClipScore { clip: number; variant: string; logit: number }

/** Clip log-odds of every clip × variant in `rows`, computed like the engine's clip score. */
export function clipScores(model: WindowModel, rows: WindowRow[]): ClipScore[] {
  const scorer: VoiceModel = { ...UNCALIBRATED, ...model };
  const byClip = new Map<string, { clip: number; variant: string; windows: { logit: number | undefined; voicedSeconds: number }[] }>();
  for (const r of rows) {
    const key = `${r.clip}|${r.variant}`;
    if (!byClip.has(key)) byClip.set(key, { clip: r.clip, variant: r.variant, windows: [] });
    const logit = r.voicedSeconds >= MIN_WINDOW_VOICED_SECONDS ? windowLogit(scorer, r.values) : undefined;
    byClip.get(key)!.windows.push({ logit, voicedSeconds: r.voicedSeconds });
  }
  const scores: ClipScore[] = [];
  for (const { clip, variant, windows } of byClip.values()) {
    const logit = clipLogit(windows);
    if (logit !== undefined) scores.push({ clip, variant, logit });
  }
  return scores;
}

/**
 * Fit the window model on `rows` (splices excluded, windows with too little speech excluded), and
 * calibrate it on leave-one-source-out predictions over the sources present.
 */
export function trainModel(allRows: WindowRow[], clips: Clip[], l2 = L2, details: Record<string, unknown> = {}): VoiceModel {
  const rows = allRows.filter((r) => !isSplice(clips[r.clip]) && r.voicedSeconds >= MIN_WINDOW_VOICED_SECONDS);
  const groups = [...new Set(rows.map((r) => clips[r.clip].group))].sort();
  const heldOut: ClipScore[] = [];
  for (const group of groups) {
    const fold = fitWindowModel(rows.filter((r) => clips[r.clip].group !== group), clips, l2);
    heldOut.push(...clipScores(fold, rows.filter((r) => clips[r.clip].group === group)));
  }
  // Platt weights: each source counts equally within its class, as in training.
  const perGroup = new Map<string, number>();
  for (const s of heldOut) perGroup.set(clips[s.clip].group, (perGroup.get(clips[s.clip].group) ?? 0) + 1);
  const groupsPerClass = [0, 1].map((label) => groups.filter((g) => clips.find((c) => c.group === g)!.label === label).length);
  const plattWeights = heldOut.map((s) => 1 / (perGroup.get(clips[s.clip].group)! * groupsPerClass[clips[s.clip].label]));
  // Normalised to the number of clips, not clip × variant: the variants of a clip are not independent evidence.
  const total = plattWeights.reduce((a, b) => a + b, 0);
  const clipCount = new Set(heldOut.map((s) => s.clip)).size;
  // Fitted on logits in units of their spread, so the prior (slope 1) means "one spread ≈ one unit of
  // log-odds" whatever the L2 strength did to the raw scale; then mapped back to the raw scale.
  const w = plattWeights.map((x) => (x * clipCount) / total);
  const centre = heldOut.reduce((a, s, i) => a + w[i] * s.logit, 0) / clipCount;
  const spread = Math.sqrt(heldOut.reduce((a, s, i) => a + w[i] * (s.logit - centre) ** 2, 0) / clipCount) || 1;
  const unit = fitPlatt(heldOut.map((s) => s.logit / spread), heldOut.map((s) => clips[s.clip].label), w);
  const calibration = { slope: unit.slope / spread, intercept: unit.intercept };

  const fitted = fitWindowModel(rows, clips, l2);
  const round = (x: number): number => Number(x.toPrecision(8));
  const params = {
    featureNames: fitted.featureNames,
    mean: fitted.mean.map(round),
    scale: fitted.scale.map(round),
    weights: fitted.weights.map(round),
    bias: round(fitted.bias),
    calibration: { slope: round(calibration.slope), intercept: round(calibration.intercept) },
  };
  const id = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 10);
  return {
    id,
    ...params,
    training: {
      windows: rows.length,
      clips: new Set(rows.map((r) => r.clip)).size,
      sources: groups,
      variants: [...new Set(rows.map((r) => r.variant))],
      l2,
      noiseSeed: NOISE_SEED,
      ...details,
    },
  };
}

async function main(): Promise<void> {
  const dataIndex = process.argv.indexOf('--data');
  const dataDir = dataIndex > 0 ? process.argv[dataIndex + 1] : process.env.VOICE_DATA_DIR ?? DEFAULT_DATA_DIR;
  const clips = loadClips(dataDir);
  const rows = await extractRows(clips);
  const model = trainModel(rows, clips, L2, { data: 'shared/data/voice (labels.jsonl)' });
  writeFileSync(MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
  const ranked = model.featureNames.map((name, j) => ({ name, w: model.weights[j] })).sort((a, b) => Math.abs(b.w) - Math.abs(a.w));
  console.log(`model ${model.id}: ${String(model.training?.windows)} windows from ${String(model.training?.clips)} clips; calibration`, model.calibration);
  console.log('largest weights (standardised; + means AI):');
  for (const { name, w } of ranked.slice(0, 12)) console.log(`  ${name.padEnd(26)} ${w >= 0 ? '+' : ''}${w.toFixed(3)}`);
  console.log(`wrote ${path.relative(process.cwd(), MODEL_PATH)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
