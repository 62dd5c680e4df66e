/**
 * `npm run calibrate -- <engine>`: fits the fusion of an operator's model server with the built-in
 * model (server/model-servers/fusion.ts) on labelled data, and reports what it changes on held-out
 * data: 5-fold cross-validated fused scores against the built-in scores (and the server's own
 * probability where it has one), AUC and FPR at the service's threshold (score > 0.5), overall and
 * per group (text domain, image generator, voice source), worst group last. The fused threshold
 * is held to the built-in model's false-positive rate (or --fpr).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { modelServerSettings, type Config } from '../../server/config.ts';
import { askClassifier, askLm, calibrationPath, createModelServers, type ChannelOutcome, type ModelServers } from '../../server/model-servers/index.ts';
import { fitLogistic, logit, type Calibration, type FusionEngine } from '../../server/model-servers/fusion.ts';
import { auc } from './metrics.ts';

export interface Item {
  label: 0 | 1;
  group: string;
  builtIn: number;
  outcome: ChannelOutcome;
}

const THRESHOLD = 0.5;

/** Where the data is by default: the shared data's held-out sets. */
export const DEFAULT_DATA: Record<FusionEngine, string> = {
  'text-detect': '../shared/data/text-detect/dev.jsonl',
  image: '../shared/data/image',
  voice: '../shared/data/voice',
};

interface Labelled {
  label: 0 | 1;
  group: string;
  /** Text, or a file's path. */
  input: string;
}

const isAi = (label: unknown) => label === 1 || label === true || label === 'ai' || label === 'fake' || label === 'inpainting' || label === 'ai_voice';

/** Text: JSONL of {text, label: ai|human (or 1|0), domain?}. Image, voice: a folder with labels.jsonl of {file, label: real|fake|inpainting or natural_voice|ai_voice, generator?|source?}. */
export function readData(engine: FusionEngine, where: string, limit = Infinity): Labelled[] {
  const file = engine === 'text-detect' ? where : path.join(where, 'labels.jsonl');
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return rows.slice(0, limit).map((r) => ({
    label: isAi(r.label) ? 1 : 0,
    group: String(r.domain ?? r.generator ?? r.source ?? r.source_repo ?? r.label),
    input: engine === 'text-detect' ? String(r.text) : path.join(where, String(r.file)),
  }));
}

/** The built-in score and the server's outcome of every item, a few at a time. */
export async function collect(engine: FusionEngine, servers: ModelServers, data: Labelled[]): Promise<Item[]> {
  const score = await scorer(engine, servers);
  const items: Item[] = [];
  for (let i = 0; i < data.length; i += 4) {
    const batch = data.slice(i, i + 4);
    items.push(...(await Promise.all(batch.map(async (d) => ({ label: d.label, group: d.group, ...(await score(d.input)) })))));
  }
  return items;
}

async function scorer(engine: FusionEngine, servers: ModelServers): Promise<(input: string) => Promise<{ builtIn: number; outcome: ChannelOutcome }>> {
  if (engine === 'text-detect') {
    const server = servers.lm;
    if (!server) throw new Error('TEXT_DETECT_LM_URL and TEXT_DETECT_LM_MODEL are not set');
    const detector = (await import('../../server/engines/text-detect/index.ts')).loadTextDetector();
    return async (text) => ({ builtIn: detector.detect(text).aiScore, outcome: (await askLm(server, text)).outcome });
  }
  const inputs = await import('../../server/engines/model-inputs/index.ts');
  if (engine === 'image') {
    const server = servers.image;
    if (!server) throw new Error('IMAGE_MODEL_URL and IMAGE_MODEL_NAME are not set');
    const image = await import('../../server/engines/image/index.ts');
    return async (file) => {
      const bytes = new Uint8Array(readFileSync(file));
      const [analysis, asked] = await Promise.all([
        image.analyzeImage(bytes),
        askClassifier(server, async () => inputs.imageRequests((await image.decodeView(bytes)).view, server.options.input, server.options.tensor)),
      ]);
      return { builtIn: 1 - analysis.probabilities.real, outcome: asked.outcome };
    };
  }
  const server = servers.voice;
  if (!server) throw new Error('VOICE_MODEL_URL and VOICE_MODEL_NAME are not set');
  const voice = await import('../../server/engines/voice/index.ts');
  return async (file) => {
    const [analysis, asked] = await Promise.all([
      voice.analyzeVoice(file),
      askClassifier(server, async () => inputs.voiceRequests(await voice.decodePcm(file), server.options.input, server.options.tensor)),
    ]);
    return { builtIn: analysis.ai_probability, outcome: asked.outcome };
  };
}

/** The fusion's features: the built-in logit and the server's own numbers (those every answer has). */
function featureNames(items: Item[]): string[] {
  const ok = items.filter((i) => i.outcome.ok);
  const names = new Set(ok.flatMap((i) => (i.outcome.ok ? Object.keys(i.outcome.features) : [])));
  return ['built_in', ...[...names].filter((n) => ok.every((i) => i.outcome.ok && i.outcome.features[n] !== undefined)).sort()];
}

const rowOf = (item: Item, names: string[]) => names.map((n) => (n === 'built_in' ? logit(item.builtIn) : item.outcome.ok ? item.outcome.features[n]! : NaN));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function figures(scores: number[], labels: number[]) {
  const negatives = labels.filter((l) => l === 0).length;
  const fp = scores.filter((s, i) => labels[i] === 0 && s > THRESHOLD).length;
  const tp = scores.filter((s, i) => labels[i] === 1 && s > THRESHOLD).length;
  const positives = labels.length - negatives;
  return { n: labels.length, auc: auc(scores, labels), fpr: negatives ? fp / negatives : NaN, tpr: positives ? tp / positives : NaN };
}

export interface CalibrationResult {
  calibration: Calibration;
  report: string;
  /** Held-out figures: overall and per group, for the built-in model, the server alone (when it gives a probability) and the fusion. */
  heldOut: Record<string, Record<'built-in' | 'server' | 'fused', ReturnType<typeof figures>>>;
}

/**
 * How far to raise the fused threshold (in logit) so that at most `fpr` of the negatives' held-out
 * fused logits lie above it; never lowered below the fitted 0.5.
 */
function thresholdShift(logits: number[], labels: number[], fpr: number): number {
  const negatives = logits.filter((_, i) => labels[i] === 0).sort((a, b) => b - a);
  const allowed = Math.floor(fpr * negatives.length);
  return allowed < negatives.length ? Math.max(0, negatives[allowed]) : 0;
}

/**
 * Fits the fusion on every usable item, and measures it 5-fold cross-validated. A fit for log-loss
 * puts its threshold where the classes balance, which can flag far more human content than the
 * built-in model (tuned against false accusations) does; so the bias is moved until the held-out
 * fused FPR at the service's threshold is no higher than `fpr` (default: the built-in model's own
 * held-out FPR on the same data).
 */
export function calibrate(engine: FusionEngine, model: string, all: Item[], options: { folds?: number; fpr?: number } = {}): CalibrationResult {
  const folds = options.folds ?? 5;
  const items = all.filter((i) => i.outcome.ok);
  const failed = all.length - items.length;
  if (items.length < 2 * folds || new Set(items.map((i) => i.label)).size < 2) throw new Error(`too few usable answers to calibrate (${items.length} of ${all.length}; both labels needed)`);
  const names = featureNames(items);
  const rows = items.map((i) => rowOf(i, names));
  const labels = items.map((i) => i.label);
  // Folds interleave within each label, so each fold holds both.
  const seen = [0, 0];
  const fold = items.map((it) => seen[it.label]++ % folds);
  const fusedLogit = new Array<number>(items.length);
  for (let f = 0; f < folds; f++) {
    const train = items.map((_, i) => i).filter((i) => fold[i] !== f);
    const fit = fitLogistic(train.map((i) => rows[i]), train.map((i) => labels[i]));
    items.forEach((_, i) => {
      if (fold[i] === f) fusedLogit[i] = fit.bias + rows[i].reduce((s, x, j) => s + (fit.weights[j] * (x - fit.center[j])) / fit.scale[j], 0);
    });
  }
  const targetFpr = options.fpr ?? figures(items.map((i) => i.builtIn), labels).fpr;
  // The shift is chosen on the same held-out scores it is measured on: the fused FPR printed is at most the target by construction.
  const shift = thresholdShift(fusedLogit, labels, targetFpr);
  const fused = fusedLogit.map((z) => sigmoid(z - shift));
  const own = items.map((i) => (i.outcome.ok ? i.outcome.own : undefined));
  const hasOwn = own.every((p) => p !== undefined);
  const heldOut: CalibrationResult['heldOut'] = {};
  const groups = ['all', ...[...new Set(items.map((i) => i.group))].sort()];
  for (const g of groups) {
    const idx = items.map((_, i) => i).filter((i) => g === 'all' || items[i].group === g);
    const y = idx.map((i) => labels[i]);
    heldOut[g] = {
      'built-in': figures(idx.map((i) => items[i].builtIn), y),
      ...(hasOwn ? { server: figures(idx.map((i) => own[i]!), y) } : {}),
      fused: figures(idx.map((i) => fused[i]), y),
    } as CalibrationResult['heldOut'][string];
  }
  const fit = fitLogistic(rows, labels);
  const calibration: Calibration = { engine, model, features: names, ...fit, bias: fit.bias - shift, figures: { items: items.length, failed, folds, threshold: THRESHOLD, target_fpr: targetFpr, threshold_shift: shift, held_out: heldOut } };
  return { calibration, report: reportOf(engine, model, names, heldOut, failed, { targetFpr, shift }), heldOut };
}

const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : `${(100 * x).toFixed(1).padStart(5)}%`);
const num = (x: number) => (Number.isNaN(x) ? ' n/a ' : x.toFixed(3));

function reportOf(engine: FusionEngine, model: string, names: string[], heldOut: CalibrationResult['heldOut'], failed: number, guard: { targetFpr: number; shift: number }): string {
  const lines = [`calibration of ${engine} against "${model}" (features: ${names.join(', ')}); held out: 5-fold cross-validated; threshold: score > ${THRESHOLD}`];
  lines.push(`fused FPR held to at most ${pct(guard.targetFpr).trim()} of the negatives (${guard.shift > 0 ? `bias lowered by ${guard.shift.toFixed(3)}` : 'no shift needed'})`);
  if (failed) lines.push(`${failed} item(s) without a usable answer from the server were left out`);
  lines.push(`${'group'.padEnd(28)} ${'n'.padStart(5)}  ${'channel'.padEnd(9)} ${'AUC'.padStart(6)} ${'FPR'.padStart(7)} ${'TPR'.padStart(7)}`);
  const row = (g: string, channel: string, f: ReturnType<typeof figures>) => `${g.slice(0, 28).padEnd(28)} ${String(f.n).padStart(5)}  ${channel.padEnd(9)} ${num(f.auc).padStart(6)} ${pct(f.fpr).padStart(7)} ${pct(f.tpr).padStart(7)}`;
  for (const [g, fig] of Object.entries(heldOut)) for (const [channel, f] of Object.entries(fig)) lines.push(row(g, channel, f));
  const groups = Object.entries(heldOut).filter(([g, fig]) => g !== 'all' && !Number.isNaN(fig.fused.auc));
  if (groups.length > 1) {
    const worst = groups.reduce((a, b) => (b[1].fused.auc < a[1].fused.auc ? b : a));
    const worstBuiltIn = groups.reduce((a, b) => (b[1]['built-in'].auc < a[1]['built-in'].auc ? b : a));
    lines.push(`worst group by AUC: fused ${worst[0]} ${num(worst[1].fused.auc)}; built-in ${worstBuiltIn[0]} ${num(worstBuiltIn[1]['built-in'].auc)}`);
  }
  return lines.join('\n');
}

/** The whole command: read, ask, fit, measure; returns where the file goes and what to print. */
export async function runCalibration(config: Config, engine: FusionEngine, options: { data?: string; limit?: number; fpr?: number; log?: (m: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const servers = createModelServers(modelServerSettings(config), { info: log, warn: log });
  try {
    const server = engine === 'text-detect' ? servers.lm : engine === 'image' ? servers.image : servers.voice;
    if (!server) throw new Error(`no model server is configured for ${engine} (README "Bring your own model")`);
    const data = readData(engine, options.data ?? DEFAULT_DATA[engine], options.limit);
    const items = await collect(engine, servers, data);
    const result = calibrate(engine, server.model, items, { fpr: options.fpr });
    const file = engine === 'text-detect' ? config.TEXT_DETECT_LM_CALIBRATION : engine === 'image' ? config.IMAGE_MODEL_CALIBRATION : config.VOICE_MODEL_CALIBRATION;
    return { ...result, file: file ?? calibrationPath(config.dataDir, engine) };
  } finally {
    servers.close();
  }
}
