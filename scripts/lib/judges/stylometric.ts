/**
 * A third AI-text detector, for evaluations only (never shipped, never consulted by an engine): a
 * function-word and sentence-rhythm stylometric model. Logistic regression on standardised dense
 * features that say nothing about topic: the rate of each of ~150 English function words, sentence
 * length (mean, spread, shortest and longest), word length, punctuation rates, contractions, how
 * sentences open, paragraph shape and vocabulary richness. It sees what stays when the content
 * words change, so a rewrite that only swaps content words does not fool it.
 */

const FUNCTION_WORDS = (
  'a about above after again against all also although am among an and another any are as at be because been before being below between both but by can could did do does doing down during each either even ever every few for from further had has have having he her here hers herself him himself his how however i if in indeed into is it its itself just least less like many may me might more moreover most much must my myself neither no nor not now of off often on once one only or other our ours out over own perhaps quite rather same several she should since so some such than that the their theirs them themselves then there therefore these they this those though through thus to too under until up upon us very was we well were what whatever when where whereas whether which while who whom whose why will with within without would yet you your yours additionally furthermore overall ultimately essentially notably particularly significantly'
).split(' ');
const FUNCTION_INDEX = new Map(FUNCTION_WORDS.map((w, i) => [w, i]));
const PUNCTUATION = [',', ';', ':', '—', '–', '-', '(', '!', '?', '"', "'"];
const OPENERS = ['the', 'this', 'it', 'in', 'however', 'additionally', 'i', 'he', 'she', 'they', 'we', 'but', 'and', 'as', 'overall', 'with'];

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/** The name of each feature, in stylometricFeatures' order (for the eval's attribution of a judge's score). */
export const FEATURE_NAMES: readonly string[] = [
  ...FUNCTION_WORDS.map((w) => `word "${w}"`),
  ...PUNCTUATION.map((p) => `punctuation "${p}"`),
  ...OPENERS.map((o) => `opens "${o}"`),
  'sentence length (log mean)', 'sentence length spread', 'sentence length jumps', 'shortest sentence', 'longest sentence',
  'word length', 'long words (9+ letters)', 'contractions', 'vocabulary richness', 'capitals', 'digits',
  'paragraphs', 'paragraph length spread', 'list items',
];

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=["“(]?\p{Lu})|\n+/u).map((s) => s.trim()).filter((s) => /\p{L}/u.test(s));
}

/** The text's stylometric feature vector (fixed length, in FEATURE_NAMES order). */
export function stylometricFeatures(text: string): number[] {
  const words = (text.match(WORD) ?? []).map((w) => w.toLowerCase());
  const n = Math.max(1, words.length);
  const functionRates = new Array<number>(FUNCTION_WORDS.length).fill(0);
  for (const w of words) {
    const i = FUNCTION_INDEX.get(w);
    if (i !== undefined) functionRates[i] += 1 / n;
  }
  const sentences = sentencesOf(text);
  const lengths = sentences.map((s) => (s.match(WORD) ?? []).length);
  const m = lengths.length;
  const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(1, m);
  const sd = Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, m));
  // Adjacent sentences alike in length are a machine rhythm; people jump.
  const jumps = lengths.slice(1).reduce((a, b, i) => a + Math.abs(b - lengths[i]), 0) / Math.max(1, m - 1);
  const chars = Math.max(1, text.length);
  const punctuation = PUNCTUATION.map((p) => (text.split(p).length - 1) / n);
  const openers = OPENERS.map((o) => sentences.filter((s) => (s.match(WORD)?.[0] ?? '').toLowerCase() === o).length / Math.max(1, m));
  const paragraphs = text.split(/\n\s*\n/u).filter((p) => p.trim());
  const paragraphLengths = paragraphs.map((p) => (p.match(WORD) ?? []).length);
  const pMean = paragraphLengths.reduce((a, b) => a + b, 0) / Math.max(1, paragraphLengths.length);
  const pSd = Math.sqrt(paragraphLengths.reduce((a, b) => a + (b - pMean) ** 2, 0) / Math.max(1, paragraphLengths.length));
  const distinct = new Set(words).size;
  return [
    ...functionRates,
    ...punctuation,
    ...openers,
    Math.log1p(mean),
    sd / Math.max(1, mean),
    jumps / Math.max(1, mean),
    Math.log1p(Math.min(...lengths, 200)),
    Math.log1p(Math.max(...lengths, 0)),
    words.reduce((a, w) => a + w.length, 0) / n,
    words.filter((w) => w.length >= 9).length / n,
    words.filter((w) => /['’]/u.test(w)).length / n,
    distinct / Math.sqrt(n),
    (text.match(/\p{Lu}/gu) ?? []).length / chars,
    (text.match(/\d/gu) ?? []).length / chars,
    Math.log1p(paragraphs.length),
    pSd / Math.max(1, pMean),
    (text.match(/^\s*(?:[-*•]|\d+[.)])\s/gmu) ?? []).length / Math.max(1, m),
  ];
}

export type Scorer = (text: string) => number;

/** A judge's scorer that can also say what its logit is made of for a text: part name -> share of the logit. */
export interface ExplainedScorer extends Scorer {
  parts(text: string): Map<string, number>;
}

const EPOCHS = 30;
const LEARNING_RATE = 0.05;
const L2 = 1e-3;

/** Trains on labelled texts (full-batch gradient descent on standardised features: deterministic); returns P(AI). */
export function trainStylometricDetector(examples: { text: string; ai: boolean }[]): ExplainedScorer {
  const rows = examples.map((e) => stylometricFeatures(e.text));
  const dim = rows[0]?.length ?? 0;
  const mu = new Array<number>(dim).fill(0);
  const sigma = new Array<number>(dim).fill(0);
  for (const r of rows) r.forEach((x, j) => (mu[j] += x / rows.length));
  for (const r of rows) r.forEach((x, j) => (sigma[j] += (x - mu[j]) ** 2 / rows.length));
  const scale = sigma.map((v) => (v > 1e-12 ? 1 / Math.sqrt(v) : 0));
  const z = (r: number[]): number[] => r.map((x, j) => (x - mu[j]) * scale[j]);
  const X = rows.map(z);
  const y = examples.map((e) => (e.ai ? 1 : 0));
  // Each class weighs the same, whatever its count.
  const positives = y.reduce<number>((a, b) => a + b, 0);
  const weight = y.map((v) => (v ? 0.5 / Math.max(1, positives) : 0.5 / Math.max(1, y.length - positives)));
  const w = new Array<number>(dim + 1).fill(0);
  const logit = (x: number[]): number => x.reduce((s, v, j) => s + v * w[j], w[dim]);
  // Plain gradient descent with momentum-free steps: no randomness, the same model every run.
  for (let epoch = 0; epoch < EPOCHS * 10; epoch++) {
    const grad = new Array<number>(dim + 1).fill(0);
    X.forEach((x, i) => {
      const error = (1 / (1 + Math.exp(-logit(x))) - y[i]) * weight[i];
      x.forEach((v, j) => (grad[j] += error * v));
      grad[dim] += error;
    });
    for (let j = 0; j <= dim; j++) w[j] -= LEARNING_RATE * 20 * (grad[j] + (j < dim ? L2 * w[j] : 0));
  }
  const score = (text: string): number => 1 / (1 + Math.exp(-logit(z(stylometricFeatures(text)))));
  // Each feature's term of the logit: its weight times its standardised value.
  const parts = (text: string): Map<string, number> => new Map(z(stylometricFeatures(text)).map((v, j) => [FEATURE_NAMES[j], v * w[j]]));
  return Object.assign(score, { parts });
}
