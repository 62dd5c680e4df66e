/**
 * `npm run eval -- voice [--data DIR]`: leave-one-source-out evaluation of the voice engine on
 * ../shared/data/voice. For each source (a synthesizer family or a natural corpus), a model is trained
 * by the training script's own code on every other source (with its calibration fitted on inner
 * held-out sources), and the held-out clips go through the production analysis (analysePcm).
 * Reported: accuracy, abstentions (`undetermined`), AUC, EER, per-class recall, per source; again
 * without the non-neural synthesizers (espeak-ng, flite); again on codec-swapped copies (natural
 * clips as MP3/AAC, AI clips as WAV/FLAC) to show the codec does not decide; and the timeline of the
 * spliced clip, scored by a model that never saw the sources it was cut from.
 */
import { analysePcm, type VoiceAnalysis } from '../../server/engines/voice/analysis.ts';
import { DEFAULT_DATA_DIR, extractRows, isSplice, loadClips, trainModel, variantPcm, type Clip } from '../train-voice-detector.ts';

interface Outcome { clip: Clip; variant: string; result: VoiceAnalysis }

/** Codec swaps: the natural class in lossy AI-like codecs, the AI class in lossless containers. */
const SWAPS: Record<0 | 1, string[]> = { 0: ['mp3_64k', 'aac_48k'], 1: ['wav', 'flac'] };

function auc(outcomes: Outcome[]): number {
  const pos = outcomes.filter((o) => o.clip.label === 1).map((o) => o.result.ai_probability);
  const neg = outcomes.filter((o) => o.clip.label === 0).map((o) => o.result.ai_probability);
  let sum = 0;
  for (const p of pos) for (const n of neg) sum += p > n ? 1 : p === n ? 0.5 : 0;
  return pos.length && neg.length ? sum / (pos.length * neg.length) : NaN;
}

/** Equal error rate over all thresholds on ai_probability. */
function eer(outcomes: Outcome[]): number {
  const thresholds = [...new Set(outcomes.map((o) => o.result.ai_probability))].sort((a, b) => a - b);
  const pos = outcomes.filter((o) => o.clip.label === 1);
  const neg = outcomes.filter((o) => o.clip.label === 0);
  let best = { gap: Infinity, rate: NaN };
  for (const t of [0, ...thresholds, 1.01]) {
    const miss = pos.filter((o) => o.result.ai_probability < t).length / pos.length;
    const falseAlarm = neg.filter((o) => o.result.ai_probability >= t).length / neg.length;
    if (Math.abs(miss - falseAlarm) < best.gap) best = { gap: Math.abs(miss - falseAlarm), rate: (miss + falseAlarm) / 2 };
  }
  return best.rate;
}

const expected = (o: Outcome): string => (o.clip.label === 1 ? 'ai_voice' : 'natural_voice');
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');

function summary(title: string, outcomes: Outcome[]): void {
  const decided = outcomes.filter((o) => o.result.verdict !== 'undetermined');
  const correct = decided.filter((o) => o.result.verdict === expected(o)).length;
  const recall = (label: 0 | 1): string => {
    const items = outcomes.filter((o) => o.clip.label === label);
    return `${pct(items.filter((o) => o.result.verdict === expected(o)).length / items.length)} (${items.length})`;
  };
  console.log(`\n## ${title}: ${outcomes.length} clips`);
  console.log(`accuracy ${pct(correct / decided.length)} of decided; ${pct(correct / outcomes.length)} counting undetermined as wrong; undetermined ${pct(1 - decided.length / outcomes.length)}`);
  console.log(`AUC ${auc(outcomes).toFixed(3)}   EER ${pct(eer(outcomes))}   recall ai_voice ${recall(1)}   recall natural_voice ${recall(0)}`);
}

function perSource(outcomes: Outcome[]): void {
  console.log('\nsource (held out)          clips  correct  undetermined  mean ai_probability');
  for (const group of [...new Set(outcomes.map((o) => o.clip.group))].sort()) {
    const items = outcomes.filter((o) => o.clip.group === group);
    const correct = items.filter((o) => o.result.verdict === expected(o)).length;
    const undetermined = items.filter((o) => o.result.verdict === 'undetermined').length;
    const meanP = items.reduce((s, o) => s + o.result.ai_probability, 0) / items.length;
    console.log(`${group.padEnd(27)} ${String(items.length).padStart(5)}  ${String(correct).padStart(7)}  ${String(undetermined).padStart(12)}  ${meanP.toFixed(3).padStart(19)}`);
  }
}

export async function run(args: string[]): Promise<void> {
  const dataIndex = args.indexOf('--data');
  const clips = loadClips(dataIndex >= 0 ? args[dataIndex + 1] : process.env.VOICE_DATA_DIR ?? DEFAULT_DATA_DIR);
  const rows = await extractRows(clips);
  const groups = [...new Set(clips.filter((c) => !isSplice(c)).map((c) => c.group))].sort();
  console.log(`voice detector, leave-one-source-out over ${groups.length} sources (${clips.length} clips; the splice is kept for the timeline)`);

  const original: Outcome[] = [];
  const swapped: Outcome[] = [];
  for (const group of groups) {
    const model = trainModel(rows.filter((r) => clips[r.clip].group !== group), clips);
    for (const clip of clips.filter((c) => c.group === group)) {
      original.push({ clip, variant: 'original', result: analysePcm(await variantPcm(clip, 'original'), model) });
      for (const variant of SWAPS[clip.label]) swapped.push({ clip, variant, result: analysePcm(await variantPcm(clip, variant), model) });
    }
    process.stderr.write(`\rfolds: ${groups.indexOf(group) + 1}/${groups.length}`);
  }
  process.stderr.write('\n');

  summary('All sources, original files', original);
  perSource(original);
  summary('Neural only (espeak-ng and flite excluded)', original.filter((o) => !o.clip.nonNeural));
  summary('Codec-swapped: natural as MP3 64k / AAC 48k, AI as WAV / FLAC', swapped);
  summary('Codec-swapped, neural only', swapped.filter((o) => !o.clip.nonNeural));
  for (const label of [0, 1] as const) {
    for (const variant of SWAPS[label]) {
      const items = swapped.filter((o) => o.clip.label === label && o.variant === variant);
      const same = items.filter((o) => o.result.verdict === original.find((x) => x.clip === o.clip)?.result.verdict).length;
      console.log(`${label ? 'ai' : 'natural'} as ${variant}: verdict unchanged on ${same}/${items.length} clips`);
    }
  }

  // Timeline: the splice is cut from LibriSpeech and flite clips, so its model is trained without both.
  for (const splice of clips.filter(isSplice)) {
    const excluded = new Set(['natural:LibriSpeech', 'ai:flite']);
    const model = trainModel(rows.filter((r) => !excluded.has(clips[r.clip].group)), clips);
    const result = analysePcm(await variantPcm(splice, 'original'), model);
    console.log(`\n## Timeline on ${splice.file} (model trained without ${[...excluded].join(', ')})`);
    console.log(`clip verdict ${result.verdict} (ai_probability ${result.ai_probability}); truth: ${splice.segments!.map((s) => `${s.start_s}-${s.end_s}s ${s.label}`).join(', ')}`);
    for (const s of result.segments) console.log(`  ${s.start_time.padStart(7)} – ${s.end_time.padEnd(7)} ${s.verdict.padEnd(13)} ${s.ai_probability}`);
    console.log('  statistics', JSON.stringify(result.statistics));
    // Share of the listed time (10 ms steps) whose segment verdict matches the ground truth.
    let agree = 0;
    let total = 0;
    for (const s of result.segments) {
      for (let t = parseFloat(s.start_time); t < parseFloat(s.end_time); t += 0.01) {
        const truth = splice.segments!.find((g) => t >= g.start_s && t < g.end_s);
        if (!truth) continue;
        total++;
        if (truth.label === s.verdict) agree++;
      }
    }
    console.log(`  timeline agreement with ground truth: ${pct(agree / total)} of the listed time`);
  }
}
