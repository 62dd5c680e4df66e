/**
 * AI-text detector engine: a linear model over hashed word n-grams, stylometric features and a small
 * human-text language model, trained by scripts/train-text-detector.ts and calibrated per length band
 * on held-out-domain figures (see MODEL_CARD.md). Pure and synchronous: the platform runs it on a
 * worker thread.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { francAll } from 'franc';
import { splitSentences } from '../shared/sentences.ts';
import { countWords } from '../shared/text.ts';
import { Analyzer, DENSE_DIM, DENSE_NAMES, type Analysis } from './features.ts';
import { calibrationAt, deserializeModel, documentLogit, documentTerms, scoreAt, sentenceFeatures, sentenceScoresOf, type ModelParams } from './model.ts';

export interface SentenceScore {
  text: string;
  start: number;
  end: number;
  aiScore: number;
}

export interface Detection {
  /** Calibrated probability that the document is AI-written, 0..1. */
  aiScore: number;
  /** Every sentence of the input, in order (UTF-16 offsets into the input). */
  sentences: SentenceScore[];
  /** ISO 639-3 guess, or 'und' for text too short to tell. */
  language: string;
  /** False when the text is not English (the model is calibrated for English only). */
  englishCalibrated: boolean;
  /** A note for the reader when the text is too short for a confident verdict. */
  note?: string;
}

export interface TextDetector {
  readonly version: string;
  detect(text: string): Detection;
}

export const MODEL_VERSION = 'ci-textdetect-4.4.0';
export const MODEL_FILE = fileURLToPath(new URL('./model/ci-textdetect.json', import.meta.url));

/** Below this many words a text is too short for a confident verdict (the reply says so). */
export const SHORT_TEXT_WORDS = 60;

/** Characters of text given to the language guesser. */
const LANGUAGE_SAMPLE = 1200;
/** Below this many letters the language is 'und'. */
const LANGUAGE_MIN_LETTERS = 20;
/** English is kept when its franc score is this close to the best (English is often guessed as Scots). */
const ENGLISH_MARGIN = 0.98;
/**
 * Share of Latin-letter words that are these English function words above which a text is English
 * without asking franc (about 0.4 in English prose, learner essays included; under 0.1 in other
 * Latin-script languages). franc compares against ~400 language profiles and costs milliseconds.
 */
const ENGLISH_FUNCTION_SHARE = 0.22;
const ENGLISH_FUNCTION_WORDS = 'the of and to a in is that it for was on with as are be this by at from have not or but an they he she we you i his her their its were has had been which will would there can if so no all'.split(' ');
/** Longest function word, in letters. */
const FUNCTION_WORD_MAX = 5;

/**
 * A word of up to FUNCTION_WORD_MAX ASCII letters as a number, case folded: each letter a base-27
 * digit 1–26, so distinct words get distinct numbers and no string is built per word.
 */
function asciiWordCode(text: string, start: number, end: number): number {
  let code = 0;
  for (let i = start; i < end; i++) code = code * 27 + ((text.charCodeAt(i) | 32) - 96);
  return code;
}

const FUNCTION_WORD_CODES = new Set(ENGLISH_FUNCTION_WORDS.map((w) => asciiWordCode(w, 0, w.length)));

const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;

/** Letters, Latin letters, ASCII words and English function words in a sample (one pass). */
function scriptCounts(sample: string): { letters: number; latin: number; words: number; functionWords: number } {
  let letters = 0;
  let latin = 0;
  let words = 0;
  let functionWords = 0;
  let wordStart = -1;
  for (let i = 0; i <= sample.length; i++) {
    const c = i < sample.length ? sample.charCodeAt(i) : 32;
    const ascii = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (ascii) {
      letters++;
      latin++;
      if (wordStart < 0) wordStart = i;
      continue;
    }
    if (wordStart >= 0) {
      words++;
      if (i - wordStart <= FUNCTION_WORD_MAX && FUNCTION_WORD_CODES.has(asciiWordCode(sample, wordStart, i))) functionWords++;
      wordStart = -1;
    }
    if (c >= 128) {
      const ch = sample[i];
      if (LETTER.test(ch)) {
        letters++;
        if (LATIN.test(ch)) latin++;
      }
    }
  }
  return { letters, latin, words, functionWords };
}

function guessLanguage(text: string): { language: string; english: boolean } {
  const sample = text.length > LANGUAGE_SAMPLE ? text.slice(0, LANGUAGE_SAMPLE) : text;
  const { letters, latin, words, functionWords } = scriptCounts(sample);
  if (letters < LANGUAGE_MIN_LETTERS) {
    // Too short to tell: trust the model for Latin-script text only.
    return { language: 'und', english: letters === 0 || latin * 2 >= letters };
  }
  if (latin >= letters * 0.9 && words >= 5 && functionWords >= words * ENGLISH_FUNCTION_SHARE) return { language: 'eng', english: true };
  const ranked = francAll(sample, { minLength: LANGUAGE_MIN_LETTERS });
  const [best, bestScore] = ranked[0];
  if (best === 'und') return { language: 'und', english: latin * 2 >= letters };
  if (best === 'eng') return { language: 'eng', english: true };
  const eng = ranked.find(([lang]) => lang === 'eng');
  if (eng && eng[1] >= bestScore * ENGLISH_MARGIN) return { language: 'eng', english: true };
  return { language: best, english: false };
}

/** The terms of `documentLogit`'s document logit (model.ts `documentTerms`), named: the bias, the n-gram sums, each dense feature. */
function logitParts(p: ModelParams, an: Analysis): Record<string, number> {
  const z = new Float64Array(DENSE_DIM);
  const { word, char } = documentTerms(p, an, z);
  const parts: Record<string, number> = { bias: p.bias, word_ngrams: word };
  if (an.charIdx.length > 0) parts.char_ngrams = char;
  DENSE_NAMES.forEach((name, k) => (parts[name] = p.dense[k] * z[k]));
  return parts;
}

/** Sentences counted as read by `mixedNote`: the words of a sentence of a few symbols say nothing. */
const hasWords = (s: SentenceScore): boolean => countWords(s.text) > 0;

/**
 * A note naming where the AI-reading sentences are when a text has both kinds ("the last 5 of 11
 * sentences read as AI"); undefined when all its sentences read the same way.
 */
export function mixedNote(sentences: SentenceScore[]): string | undefined {
  const read = sentences.filter(hasWords);
  const ai = read.map((s) => s.aiScore > 0.5);
  const k = ai.filter((x) => x).length;
  const n = ai.length;
  if (k === 0 || k === n) return undefined;
  const first = ai.indexOf(true);
  const contiguous = ai.lastIndexOf(true) - first + 1 === k;
  const where = !contiguous ? `${k} of ${n} sentences` : first === 0 ? `the first ${k} of ${n} sentences` : first + k === n ? `the last ${k} of ${n} sentences` : `${k} of ${n} sentences (${k === 1 ? `sentence ${first + 1}` : `sentences ${first + 1}–${first + k}`})`;
  return `The text looks mixed: ${where} ${k === 1 ? 'reads' : 'read'} as AI, the rest as written by a person.`;
}

class LinearTextDetector implements TextDetector {
  readonly version: string;
  private readonly analyzer: Analyzer;

  constructor(private readonly params: ModelParams) {
    this.version = params.version;
    this.analyzer = new Analyzer(params.feature, params.lm, params.ngram);
  }

  detect(text: string): Detection {
    const spans = splitSentences(text);
    const { language, english } = guessLanguage(text);
    const texts = spans.map((s) => s.text);
    const analysis = this.analyzer.analyse(texts);
    if (analysis.words === 0) {
      // Nothing written in words (empty, symbols, emoji only): no evidence of anything.
      return { aiScore: 0, sentences: spans.map((s) => ({ ...s, aiScore: 0 })), language, englishCalibrated: english };
    }
    const logit = documentLogit(this.params, analysis);
    const words = countWords(text);
    const aiScore = scoreAt(this.params.calibration, logit, words);
    const scores = sentenceScoresOf(this.params.sentence, sentenceFeatures(this.params, this.analyzer, texts, logit), words, SHORT_TEXT_WORDS);
    const detection: Detection = {
      aiScore,
      sentences: spans.map((s, i) => ({ text: s.text, start: s.start, end: s.end, aiScore: scores[i] })),
      language,
      englishCalibrated: english,
    };
    const mixed = mixedNote(detection.sentences);
    const short = words < SHORT_TEXT_WORDS ? `The text is short (${words} word${words === 1 ? '' : 's'}): short texts carry little evidence, so the score stays near the middle; ${SHORT_TEXT_WORDS} words or more give a more confident verdict.` : undefined;
    const note = [mixed, short].filter((m) => m).join(' ');
    if (note) detection.note = note;
    return detection;
  }

  /** The document logit by its parts, and the logit at which the text's score reaches 0.5. */
  breakdown(text: string): LogitBreakdown {
    const analysis = this.analyzer.analyse(splitSentences(text).map((s) => s.text));
    const parts = logitParts(this.params, analysis);
    const { a, b } = calibrationAt(this.params.calibration, countWords(text));
    // A band without evidence (a = 0) scores every text 0.5: no logit reaches its 0.5 point.
    return { logit: Object.values(parts).reduce((s, x) => s + x, 0), threshold: a > 0 ? -b / a : Infinity, parts };
  }

  ngramWeight(sentence: string): number {
    return this.lexicalMeasures(sentence).ngramWeight;
  }

  /** The logit's change per unit of a dense feature (before the ±5σ clip). */
  denseSlope(name: (typeof DENSE_NAMES)[number]): number {
    const k = DENSE_NAMES.indexOf(name);
    return this.params.dense[k] / this.params.denseStd[k];
  }

  get normPow(): number {
    return this.params.feature.normPow;
  }

  humanLogProb(sentence: string): number {
    return this.lexicalMeasures(sentence).humanLogProb;
  }

  humanUnigramLogProb(sentence: string): number {
    return this.lexicalMeasures(sentence).humanUnigramLogProb;
  }

  /** The last sentence measured: the humanizer asks for all measures of each candidate in turn. */
  private lastMeasured: { sentence: string; ngramWeight: number; humanLogProb: number; humanUnigramLogProb: number } | undefined;

  /** The lexical measures of a sentence from one analysis. */
  private lexicalMeasures(sentence: string): { ngramWeight: number; humanLogProb: number; humanUnigramLogProb: number } {
    if (this.lastMeasured?.sentence === sentence) return this.lastMeasured;
    const { wordIdx, dense } = this.analyzer.analyse([sentence]);
    let ngramWeight = 0;
    for (let i = 0; i < wordIdx.length; i++) ngramWeight += this.params.sparse[wordIdx[i]];
    // Tokens per sentence: one unigram (when on) and one bigram each, plus the end-of-sentence bigram.
    const tokens = (wordIdx.length - 1) / (this.params.feature.wordUnigrams ? 2 : 1);
    const humanLogProb = dense[DENSE_NAMES.indexOf('lm_bi_mean')] * tokens;
    const humanUnigramLogProb = dense[DENSE_NAMES.indexOf('lm_uni_mean')] * tokens;
    this.lastMeasured = { sentence, ngramWeight, humanLogProb, humanUnigramLogProb };
    return this.lastMeasured;
  }
}

/**
 * Read-only lexical view of this engine's detector, for the humanizer's word choice: the sum of a
 * sentence's word n-gram weights (its lexical pull towards "AI"; the document logit adds these sums
 * over all sentences, divided by √n) and its log-probabilities under the model's bigram and unigram
 * language models of human text, with the document logit's change per unit of each mean token
 * log-probability (the bigram-minus-unigram gain feature folded in). Undefined for any other
 * TextDetector (a test double, say).
 */
export function lexicalView(detector: TextDetector):
  | {
      ngramWeight(sentence: string): number;
      humanLogProb(sentence: string): number;
      humanUnigramLogProb(sentence: string): number;
      logitPerMeanLogProb: number;
      logitPerMeanUnigramLogProb: number;
      ngramNormPow: number;
    }
  | undefined {
  if (!(detector instanceof LinearTextDetector)) return undefined;
  const gain = detector.denseSlope('lm_gain_mean');
  return {
    ngramWeight: (s) => detector.ngramWeight(s),
    humanLogProb: (s) => detector.humanLogProb(s),
    humanUnigramLogProb: (s) => detector.humanUnigramLogProb(s),
    logitPerMeanLogProb: detector.denseSlope('lm_bi_mean') + gain,
    logitPerMeanUnigramLogProb: detector.denseSlope('lm_uni_mean') - gain,
    ngramNormPow: detector.normPow,
  };
}

/** A document logit by its parts (bias, n-gram terms, each dense feature by name) and its length's 0.5 point. */
export interface LogitBreakdown {
  logit: number;
  /** The logit at which a text of this length scores 0.5 (its length band's operating point). */
  threshold: number;
  parts: Record<string, number>;
}

/**
 * What this engine's detector makes of a text, part by part: for diagnostics (the humanizer's
 * evaluation shows which features hold its rewrites' scores up). Undefined for any other TextDetector.
 */
export function logitBreakdown(detector: TextDetector, text: string): LogitBreakdown | undefined {
  return detector instanceof LinearTextDetector ? detector.breakdown(text) : undefined;
}

export type { ModelParams as TextDetectorModel } from './model.ts';

/** The committed model's tables (typed arrays and a few numbers), read from its file: about 0.4 s. */
export function readTextDetectorModel(): ModelParams {
  return deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
}

/**
 * A detector on tables read elsewhere: the engine threads of a process share one copy
 * (server/runtime). The detector only reads them.
 */
export function textDetectorOn(model: ModelParams): TextDetector {
  return new LinearTextDetector(model);
}

let cached: TextDetector | undefined;

/** Loads the committed model once per thread (the first call) and returns the detector. */
export function loadTextDetector(): TextDetector {
  cached ??= textDetectorOn(readTextDetectorModel());
  return cached;
}
