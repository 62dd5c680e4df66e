/**
 * `npm run eval -- voice [--model features|frames|fusion] [--data DIR[,DIR]] [--licence usable|clear|all]
 *   [--l2 N] [--features a,b,...] [--trees N [--depth D]] [--hidden N --steps N --bands N --seed N ...]`:
 * leave-one-source-out evaluation of the voice engine over ../shared/data/voice and ../shared/data/voice-extra.
 * Without --model it measures the kind of model `npm run train -- voice` ships (SHIPPED_MODEL).
 *
 * For each source (voice-extra's `group`, voice's source family; codec and short copies go with their
 * original), a model is trained by the training script's own code on every other source (its
 * calibration fitted on inner held-out sources) and the held-out clips are judged by the production
 * decision (judgeVoice) on the original file and on 8 kHz / Opus / AAC / MP3 round trips made with
 * other settings than the training copies. Each splice is judged by a model trained without the
 * sources its parts come from.
 *
 * Accuracy counts `undetermined` as wrong and is taken over the clips with at least
 * MIN_CLIP_SPEECH_SECONDS of speech; clips with less are reported apart (they should be undetermined).
 * AUC and EER are over ai_probability; FPR is the share of natural clips called `ai_voice` at the
 * shipped threshold (0.5, with the undetermined margin). The decision-band table shows what other
 * thresholds would give on the same held-out probabilities.
 *
 * The frame model and the fusion are calibrated by cross-fitting: the model for held-out source k is
 * calibrated on the held-out log-odds of every other source j, each from the model that never saw j
 * (those models did see k, but no score of k's clips enters k's calibration). One model per source
 * instead of five inner folds per source keeps the evaluation within minutes.
 */
import { auc } from '../lib/metrics.ts';
import { judgeVoice, MIN_CLIP_SPEECH_SECONDS, WINDOW_SECONDS, type VoiceAnalysis } from '../../server/engines/voice/analysis.ts';
import type { VoiceModel } from '../../server/engines/voice/classifier.ts';
import type { FrameNet } from '../../server/engines/voice/framenet.ts';
import {
  BOOST, calibrate, EVAL_VARIANTS, fitFrameModel, fitFusion, fitWindowModel, frameClipScores, L2, pairScores, type PairScore, frameScorer, frameSets, isSplice, loadClips, measureClips, MODEL_FEATURES, parseDataDirs,
  parseFrameOptions, parseLicencePolicy, parseModelKind, trainingRows, trainModel, type Clip, type ClipData, type ClipScore, type TrainOptions,
} from '../train-voice-detector.ts';

interface Outcome { clip: Clip; data: ClipData; variant: string; result: VoiceAnalysis }

const expected = (o: Outcome): string => (o.clip.label === 1 ? 'ai_voice' : 'natural_voice');
const correct = (o: Outcome): boolean => o.result.verdict === expected(o);
const pct = (x: number): string => (Number.isFinite(x) ? (100 * x).toFixed(1) : 'n/a');

/** Equal error rate over all thresholds on the probability. */
export function eer(scores: { label: number; p: number }[]): number {
  const pos = scores.filter((s) => s.label === 1);
  const neg = scores.filter((s) => s.label === 0);
  if (!pos.length || !neg.length) return NaN;
  const thresholds = [...new Set(scores.map((s) => s.p))].sort((a, b) => a - b);
  let best = { gap: Infinity, rate: NaN };
  for (const t of [0, ...thresholds, 1.01]) {
    const miss = pos.filter((s) => s.p < t).length / pos.length;
    const falseAlarm = neg.filter((s) => s.p >= t).length / neg.length;
    if (Math.abs(miss - falseAlarm) < best.gap) best = { gap: Math.abs(miss - falseAlarm), rate: (miss + falseAlarm) / 2 };
  }
  return best.rate;
}

interface Figures { n: number; ai: number; natural: number; accuracy: number; aiAccuracy: number; naturalAccuracy: number; auc: number; eer: number; fpr: number; undetermined: number }

function figures(outcomes: Outcome[]): Figures {
  const rate = (items: Outcome[], test: (o: Outcome) => boolean): number => (items.length ? items.filter(test).length / items.length : NaN);
  const ai = outcomes.filter((o) => o.clip.label === 1);
  const natural = outcomes.filter((o) => o.clip.label === 0);
  const scores = outcomes.map((o) => ({ label: o.clip.label, p: o.result.ai_probability }));
  return {
    n: outcomes.length,
    ai: ai.length,
    natural: natural.length,
    accuracy: rate(outcomes, correct),
    aiAccuracy: rate(ai, correct),
    naturalAccuracy: rate(natural, correct),
    auc: auc(scores.map((s) => s.p), scores.map((s) => s.label)),
    eer: eer(scores),
    fpr: rate(natural, (o) => o.result.verdict === 'ai_voice'),
    undetermined: rate(outcomes, (o) => o.result.verdict === 'undetermined'),
  };
}

const HEADER = '| clips (ai/natural) | accuracy | ai_voice acc. | natural acc. | AUC | EER | FPR | undetermined |';
const row = (f: Figures): string =>
  `| ${f.n} (${f.ai}/${f.natural}) | ${pct(f.accuracy)} | ${pct(f.aiAccuracy)} | ${pct(f.naturalAccuracy)} | ${Number.isFinite(f.auc) ? f.auc.toFixed(3) : 'n/a'} | ${pct(f.eer)} | ${pct(f.fpr)} | ${pct(f.undetermined)} |`;

function table(title: string, outcomes: Outcome[], key: (o: Outcome) => string, order?: string[]): Map<string, Figures> {
  const keys = order ?? [...new Set(outcomes.map(key))].sort();
  console.log(`\n### ${title}\n\n| ${title.split(' ')[1] ?? 'group'} ${HEADER}\n|---|---|---:|---:|---:|---:|---:|---:|---:|`);
  const out = new Map<string, Figures>();
  for (const k of keys) {
    const items = outcomes.filter((o) => key(o) === k);
    if (!items.length) continue;
    const f = figures(items);
    out.set(k, f);
    console.log(`| ${k} ${row(f)}`);
  }
  return out;
}

const rateBand = (o: Outcome): string => (o.data.sampleRate <= 8000 ? '8 kHz' : o.data.sampleRate <= 16000 ? '11-16 kHz' : '>= 22 kHz');
const durationBand = (o: Outcome): string => (o.data.duration < 2 ? '< 2 s' : o.data.duration <= 6 ? '2-6 s' : '> 6 s');

/** Boundaries (s) where the label changes, from ground truth or from the returned segments. */
function boundaries(segments: { start: number; label: string }[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < segments.length; i++) if (segments[i].label !== segments[i - 1].label) out.push(segments[i].start);
  return out;
}

function options(args: string[]): TrainOptions {
  const value = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const rounds = value('--trees');
  return {
    l2: value('--l2') ? Number(value('--l2')) : undefined,
    features: value('--features')?.split(','),
    boost: rounds ? { ...BOOST, rounds: Number(rounds), depth: Number(value('--depth') ?? BOOST.depth) } : undefined,
    within: args.includes('--within'),
  };
}

export async function run(args: string[]): Promise<void> {
  const started = performance.now();
  const clips = loadClips(parseDataDirs(args));
  const data = await measureClips(clips);
  const policy = parseLicencePolicy(args);
  const kind = parseModelKind(args);
  const opts = options(args);
  const frameOptions = parseFrameOptions(args);
  const groups = [...new Set(clips.filter((c) => !isSplice(c)).map((c) => c.group))].sort();
  const groupOf = (clip: number): string => clips[clip].group;
  let modelWithout: (excluded: Set<string>) => VoiceModel;
  if (kind === 'features') {
    const rows = trainingRows(clips, data, policy);
    modelWithout = (excluded) => trainModel(rows.filter((r) => !excluded.has(groupOf(r.clip))), clips, opts);
  } else if (kind === 'fusion') {
    // Both models per held-out source; fusion weights (and calibration) cross-fitted like the frame model's calibration below.
    const rows = trainingRows(clips, data, policy);
    const sets = frameSets(clips, data, policy, undefined, args.includes('--noise'));
    const fitted = new Map<string, { window: ReturnType<typeof fitWindowModel>; net: FrameNet }>();
    const pool: PairScore[] = [];
    const fitWithout = (excluded: Set<string>): { window: ReturnType<typeof fitWindowModel>; net: FrameNet } => ({
      window: fitWindowModel(rows.filter((r) => !excluded.has(groupOf(r.clip))), clips, opts.l2 ?? L2, opts.features, opts.boost),
      net: fitFrameModel(sets.filter((s) => !excluded.has(groupOf(s.clip))), clips, frameOptions),
    });
    for (const [i, group] of groups.entries()) {
      const both = fitWithout(new Set([group]));
      fitted.set(group, both);
      pool.push(...pairScores(both.window, both.net, rows.filter((r) => groupOf(r.clip) === group), sets.filter((s) => groupOf(s.clip) === group)));
      process.stderr.write(`\rmodels: ${i + 1}/${groups.length}`);
    }
    process.stderr.write('\n');
    modelWithout = (excluded) => {
      const both = (excluded.size === 1 ? fitted.get([...excluded][0]) : undefined) ?? fitWithout(excluded);
      return { id: 'fold', ...both.window, frameNet: both.net, ...fitFusion(pool.filter((s) => !excluded.has(groupOf(s.clip))), clips) };
    };
  } else {
    // One network per held-out source. Calibration is cross-fitted: the model for source k is calibrated
    // on the held-out logits of every other source j, each scored by the network that never saw j (the
    // networks did see k, but no logit of k's clips enters k's calibration).
    const sets = frameSets(clips, data, policy, undefined, args.includes('--noise'));
    const nets = new Map<string, FrameNet>();
    const pool: ClipScore[] = [];
    for (const [i, group] of groups.entries()) {
      const net = fitFrameModel(sets.filter((s) => groupOf(s.clip) !== group), clips, frameOptions);
      nets.set(group, net);
      pool.push(...frameClipScores(net, sets.filter((s) => groupOf(s.clip) === group)));
      process.stderr.write(`\rnetworks: ${i + 1}/${groups.length}`);
    }
    process.stderr.write('\n');
    modelWithout = (excluded) => {
      const only = excluded.size === 1 ? nets.get([...excluded][0]) : undefined;
      const net = only ?? fitFrameModel(sets.filter((s) => !excluded.has(groupOf(s.clip))), clips, frameOptions);
      return { ...frameScorer(net), calibration: calibrate(pool.filter((s) => !excluded.has(groupOf(s.clip))), clips) };
    };
  }
  const variantNames = ['original', ...EVAL_VARIANTS.map((v) => v.name)];
  const all: Outcome[] = [];
  for (const [i, group] of groups.entries()) {
    const model = modelWithout(new Set([group]));
    clips.forEach((clip, index) => {
      if (clip.group !== group) return;
      for (const variant of variantNames) all.push({ clip, data: data[index], variant, result: judgeVoice(data[index].variants[variant], model) });
    });
    process.stderr.write(`\rfolds: ${i + 1}/${groups.length}`);
  }
  process.stderr.write('\n');

  const enough = (o: Outcome): boolean => o.data.variants.original.speechSeconds >= MIN_CLIP_SPEECH_SECONDS;
  const originals = all.filter((o) => o.variant === 'original');
  const judged = originals.filter(enough);
  const sources = new Set(judged.map((o) => o.clip.group)).size;
  console.log(`# Voice detector: leave-one-source-out over ${groups.length} sources, ${clips.length} clips (voice + voice-extra)`);
  console.log(kind === 'fusion' ? `fusion of the v2 window-feature model and the frame model ${JSON.stringify(frameOptions)}; fusion weights and calibration cross-fitted on the other sources' held-out logits.` : kind === 'features'
    ? `v2 window-feature model: features ${(opts.features ?? MODEL_FEATURES).length}; l2 ${opts.l2 ?? 'default'}; trees ${JSON.stringify(opts.boost ?? BOOST)}; within-source contrast ${opts.within ? 'yes' : 'no'}.`
    : `frame model ${JSON.stringify(frameOptions)}; calibration cross-fitted on the other sources' held-out logits.`);
  console.log(`Trained on licences: ${policy} (every source is still evaluated). Accuracy counts undetermined as wrong, over the ${judged.length} clips with >= ${MIN_CLIP_SPEECH_SECONDS} s of speech (${sources} sources); FPR = natural called ai_voice.`);

  console.log('\n### Overall (original files)\n');
  console.log(`| set ${HEADER}\n|---|---|---:|---:|---:|---:|---:|---:|---:|`);
  console.log(`| all ${row(figures(judged))}`);
  console.log(`| neural AI only ${row(figures(judged.filter((o) => o.clip.label === 0 || o.clip.neural)))}`);
  console.log(`| clear licence only ${row(figures(judged.filter((o) => o.clip.licenceStatus === 'clear')))}`);

  const perSource = table('Per source (held out)', judged, (o) => o.clip.group);
  table('Per source and class', judged, (o) => o.clip.unit);
  table('Per sample-rate band (stored file)', judged, rateBand, ['8 kHz', '11-16 kHz', '>= 22 kHz']);
  table('Per codec (stored file)', judged, (o) => o.data.codec);
  table('Per duration band', judged, durationBand, ['< 2 s', '2-6 s', '> 6 s']);
  table('Per language', judged, (o) => o.clip.language);

  console.log('\n### Round trips of the held-out clips (same clips as the originals; settings unseen in training)\n');
  console.log(`| round trip ${HEADER} natural vs original (points) | ai vs original (points) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  const base = figures(judged);
  const judgedKeys = new Set(judged.map((o) => o.clip.file));
  for (const variant of variantNames) {
    const f = figures(all.filter((o) => o.variant === variant && judgedKeys.has(o.clip.file)));
    const d = (a: number, b: number): string => `${a >= b ? '+' : ''}${(100 * (a - b)).toFixed(1)}`;
    console.log(`| ${variant} ${row(f)} ${d(f.naturalAccuracy, base.naturalAccuracy)} | ${d(f.aiAccuracy, base.aiAccuracy)} |`);
  }

  const short = originals.filter((o) => !enough(o));
  console.log(`\n### Clips with under ${MIN_CLIP_SPEECH_SECONDS} s of speech (should be undetermined)\n`);
  console.log(`${short.filter((o) => o.result.verdict === 'undetermined').length} of ${short.length} undetermined; ${short.filter((o) => o.result.verdict !== 'undetermined' && !correct(o)).length} wrongly decided; reasons: ${JSON.stringify(Object.fromEntries([...new Set(short.map((o) => o.result.undetermined_reason ?? 'decided'))].map((r) => [r, short.filter((o) => (o.result.undetermined_reason ?? 'decided') === r).length])))}`);

  // The decision band, chosen from these held-out figures: natural below `lower`, ai_voice at or above
  // `upper`, undetermined between (clips with too little speech stay undetermined).
  console.log('\n### Decision band (held-out originals with enough speech): natural if p < lower, ai_voice if p >= upper\n');
  console.log('| lower | upper | accuracy | ai_voice acc. | natural acc. | FPR | undetermined |\n|---:|---:|---:|---:|---:|---:|---:|');
  for (const [lower, upper] of [[0.5, 0.5], [0.48, 0.52], [0.45, 0.55], [0.5, 0.55], [0.5, 0.6], [0.5, 0.65], [0.5, 0.7], [0.55, 0.6], [0.55, 0.65], [0.55, 0.7], [0.6, 0.7]]) {
    const call = (o: Outcome): string =>
      o.result.verdict === 'undetermined' && o.result.undetermined_reason !== 'balanced_evidence' ? 'undetermined' : o.result.ai_probability >= upper ? 'ai_voice' : o.result.ai_probability < lower ? 'natural_voice' : 'undetermined';
    const share = (items: Outcome[], test: (o: Outcome) => boolean): string => pct(items.filter(test).length / items.length);
    const ai = judged.filter((o) => o.clip.label === 1);
    const natural = judged.filter((o) => o.clip.label === 0);
    console.log(`| ${lower} | ${upper} | ${share(judged, (o) => call(o) === expected(o))} | ${share(ai, (o) => call(o) === 'ai_voice')} | ${share(natural, (o) => call(o) === 'natural_voice')} | ${share(natural, (o) => call(o) === 'ai_voice')} | ${share(judged, (o) => call(o) === 'undetermined')} |`);
  }

  const worst = [...perSource.entries()].sort((a, b) => a[1].accuracy - b[1].accuracy).slice(0, 3);
  console.log(`\nworst sources: ${worst.map(([g, f]) => `${g} ${pct(f.accuracy)} (${f.n})`).join('; ')}`);

  // Timeline: each splice judged by a model that never saw the sources of its parts.
  const groupOfPath = new Map(clips.map((c) => [c.path, c.group]));
  console.log('\n### Spliced clips: timeline vs ground truth (boundaries within one window = 3 s)\n');
  console.log('| splice | truth | returned segments | found within one window | time agreement |\n|---|---|---|---|---:|');
  let withinWindow = 0;
  let agreeTotal = 0;
  let timeTotal = 0;
  const splices = clips.map((c, i) => ({ c, i })).filter(({ c }) => isSplice(c));
  for (const { c, i } of splices) {
    const known = new Set(clips.map((x) => x.group));
    const excluded = new Set([...(c.parts ?? []).map((p) => groupOfPath.get(p) ?? '?'), ...(c.partSources ?? []).filter((g) => known.has(g))]);
    const model = modelWithout(excluded);
    const result = judgeVoice(data[i].variants.original, model);
    const truth = c.segments!.map((s) => ({ start: s.start_s, end: s.end_s, label: s.label }));
    const returned = result.segments.map((s) => ({ start: parseFloat(s.start_time), end: parseFloat(s.end_time), label: s.verdict }));
    const tb = boundaries(truth);
    const rb = boundaries(returned);
    // Found = the same sequence of verdicts as the truth, each boundary within one window of the true one.
    const runs = (segs: { label: string }[]): string => segs.map((x) => x.label).filter((l, k, a) => k === 0 || l !== a[k - 1]).join(',');
    const ok = runs(truth) === runs(returned) && tb.every((t, k) => Math.abs(t - rb[k]) <= WINDOW_SECONDS);
    if (ok) withinWindow++;
    let agree = 0;
    let total = 0;
    for (let t = 0.005; t < result.duration_seconds; t += 0.01) {
      const g = truth.find((s) => t >= s.start && t < s.end);
      const r = returned.find((s) => t >= s.start && t < s.end);
      if (!g || !r) continue;
      total++;
      if (g.label === r.label) agree++;
    }
    agreeTotal += agree;
    timeTotal += total;
    const fmt = (segs: { start: number; end: number; label: string }[]): string => segs.map((s) => `${s.start.toFixed(1)}-${s.end.toFixed(1)} ${s.label === 'ai_voice' ? 'AI' : 'nat'}`).join(', ');
    console.log(`| ${c.file.split('/').pop()} (without ${[...excluded].join(', ')}) | ${fmt(truth)} | ${fmt(returned)} | ${ok ? 'yes' : 'no'} (${rb.map((b) => b.toFixed(1)).join(', ') || 'none'} vs ${tb.map((b) => b.toFixed(1)).join(', ')}) | ${pct(agree / total)} |`);
  }
  console.log(`\nsplices found (natural / AI / natural, each boundary within one window): ${withinWindow}/${splices.length}; segment time agreement ${pct(agreeTotal / timeTotal)}`);
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
