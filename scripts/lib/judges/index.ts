/**
 * The humanizer's judges: detectors it never consults, trained here on data the evaluation holds
 * out from them, so `npm run eval -- humanize` can tell a rewrite that passes as human from one that
 * only fools the shipped detector. Deterministic: the same data gives the same judges and the same
 * held-out texts.
 *
 * Split by a hash of each record's id:
 * - dev.jsonl: held out from everyone (the shipped detector never trains on it).
 * - extra.jsonl: half A trains the judges; half B is held out from them (chat answers, essays).
 *   The shipped detector trained on all of extra.jsonl, so its figures on half B are not held out.
 * - train.jsonl: the character n-gram judge trains on one half, the stylometric judge on the other.
 * - answers.jsonl: the stylometric judge also trains on it (human and AI answers, balanced).
 * Each judge flags a text above the score that flags 5% of the held-out human texts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { auc } from '../metrics.ts';
import { TEXT_DETECT_DATA, readJsonl, type LabelledText } from '../text-detect-data.ts';
import { trainCharNgramDetector } from './char-ngram.ts';
import { trainStylometricDetector, type ExplainedScorer, type Scorer } from './stylometric.ts';

export interface Judge {
  name: string;
  score: Scorer;
  /** What the judge's logit is made of for a text (the trained judges; for the eval's attribution only). */
  parts?: ExplainedScorer['parts'];
  /** Texts scoring above this are flagged (5% of held-out human texts are). */
  threshold: number;
  /** On the held-out texts as they are: ranking of AI above human, and the human texts flagged. */
  auc: number;
  fpr: number;
}

/** Share of held-out human texts each judge flags: its operating point. */
const JUDGE_FPR = 0.05;

/** The records of one file of ../shared/data/text-detect. */
export const readTextDetectFile = (name: string): LabelledText[] => readJsonl<LabelledText>(path.join(TEXT_DETECT_DATA, name));

/** 0 or 1, from the id: which half of a file a record is in. */
export const half = (id: string): number => createHash('sha1').update(id).digest()[0] & 1;

/** The texts held out from the judges: all of dev.jsonl and half B of extra.jsonl. */
export function heldOut(): LabelledText[] {
  return [...readTextDetectFile('dev.jsonl'), ...readTextDetectFile('extra.jsonl').filter((r) => half(r.id) === 1)];
}

/** Texts of each label a judge trains on, at most: enough for these simple models, and training stays under a minute. */
const PER_LABEL = 3000;

/** `count` of `rows`, evenly spaced. */
const spaced = <T>(rows: T[], count: number): T[] => (rows.length <= count ? rows : Array.from({ length: count }, (_, i) => rows[Math.floor((i * rows.length) / count)]));

/** The same number of texts of each label (evenly spaced), so each label weighs the same. */
function balanced(rows: LabelledText[]): { text: string; ai: boolean }[] {
  const ai = rows.filter((r) => r.label === 'ai');
  const human = rows.filter((r) => r.label !== 'ai');
  const n = Math.min(PER_LABEL, ai.length, human.length);
  return [...spaced(ai, n), ...spaced(human, n)].map((r) => ({ text: r.text, ai: r.label === 'ai' }));
}

/** The held-out texts an operating point is measured on: up to PER_LABEL of each label, evenly spaced. */
const operatingSet = (held: LabelledText[]): LabelledText[] => [...spaced(held.filter((r) => r.label === 'ai'), PER_LABEL), ...spaced(held.filter((r) => r.label !== 'ai'), PER_LABEL)];

/**
 * A detector measured on held-out texts (`held`, both labels): its AUC, and the share of human texts
 * it flags above `threshold`; without one, the threshold is set where JUDGE_FPR of them are flagged.
 */
export function operatingPoint(name: string, score: Scorer, held: LabelledText[], threshold?: number): Judge {
  const point = operatingSet(held);
  const scores = point.map((r) => score(r.text));
  const human = scores.filter((_, i) => point[i].label !== 'ai').sort((a, b) => a - b);
  const at = threshold ?? human[Math.min(human.length - 1, Math.floor((1 - JUDGE_FPR) * human.length))] ?? 0.5;
  const fpr = human.filter((s) => s > at).length / Math.max(1, human.length);
  return { name, score, threshold: at, fpr, auc: auc(scores, point.map((r) => (r.label === 'ai' ? 1 : 0))) };
}

/** Trains both judges and sets their operating points on `held` (held-out texts of both labels; up to PER_LABEL of each). */
export function trainJudges(held: LabelledText[]): Judge[] {
  const train = readTextDetectFile('train.jsonl');
  const extraA = readTextDetectFile('extra.jsonl').filter((r) => half(r.id) === 0);
  const charNgram = trainCharNgramDetector(balanced([...train.filter((r) => half(r.id) === 0), ...extraA]));
  const stylometric = trainStylometricDetector(balanced([...train.filter((r) => half(r.id) === 1), ...extraA, ...readTextDetectFile('answers.jsonl')]));
  return [
    { ...operatingPoint('char n-gram', charNgram, held), parts: charNgram.parts },
    { ...operatingPoint('stylometric', stylometric, held), parts: stylometric.parts },
  ];
}
