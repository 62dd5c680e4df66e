/**
 * Feature extraction of the AI-text detector, shared by the engine and the training script so both
 * see exactly the same numbers.
 *
 * A document is analysed sentence by sentence (the shared splitter's spans), on the canonical text
 * of `normalize.ts`:
 * - sparse groups: hashed word unigrams and bigrams (lower-cased, punctuation kept as tokens, sentence
 *   boundary markers) and, optionally, hashed character 3- to 5-grams (off in the shipped model: they
 *   raised dev AUC to 0.984 but false positives on the non-native essay probe to 7.2%, from 0.8%).
 *   Each group is scaled by 1 / n^normPow where n is its number of n-grams in the document, so the
 *   score of a group is a sum of per-n-gram weights, which is what lets a sentence be scored with the
 *   same weights as its document;
 * - dense stylometry: sentence-length variation ("burstiness"), word length (computed, but left out
 *   of the shipped model by the training script), vocabulary richness, function-word, pronoun,
 *   contraction and punctuation rates, tell-tale AI phrasing, and statistics of the log-probability
 *   of the text under a small word-bigram language model of human text; optionally (when the model
 *   holds them) statistics under a pair of word-trigram models of human and of AI text (ngram-lm.ts).
 */
import { NGRAM_NAMES, NG_ACC, ngramDense, ngramSentence, type NgramPair } from './ngram-lm.ts';
import { normalizeForFeatures } from './normalize.ts';
import { fmix32 } from '../shared/hash.ts';

export interface FeatureConfig {
  /** log2 of the hashed word n-gram table size. */
  wordBits: number;
  /** Character n-grams are computed only when true. */
  charNgrams: boolean;
  /** log2 of the hashed character n-gram table size. */
  charBits: number;
  charMin: number;
  charMax: number;
  /** Sparse group scale: counts / n^normPow. */
  normPow: number;
  /** Word unigrams are dropped when false (bigrams only), to limit topic words. */
  wordUnigrams: boolean;
}

export const DEFAULT_FEATURE_CONFIG: FeatureConfig = {
  wordBits: 18,
  charNgrams: false,
  charBits: 19,
  charMin: 3,
  charMax: 5,
  normPow: 0.5,
  wordUnigrams: true,
};

// ---------------------------------------------------------------------------------------------
// Hashing

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

function combine(a: number, b: number): number {
  return fmix32(Math.imul(a ^ 0x9e3779b9, 0x01000193) ^ b);
}

const SENT_START = 0x51a7;
const SENT_END = 0x5e4d;
const SEED_UNI = 0x1234567;
const SEED_BI = 0x7654321;

// ---------------------------------------------------------------------------------------------
// Word lists

export const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but
  by can could did do does doing down during each few for from further had has have having he her here hers herself
  him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or
  other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
  there these they this those through to too under until up very was we were what when where which while who whom why
  will with would you your yours yourself yourselves also however thus although though yet may might must shall
  upon whether within without`.split(/\s+/),
);
const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', "i'm", "i've", "i'd", "i'll"]);
const SECOND_PERSON = new Set(['you', 'your', 'yours', 'yourself', "you're", "you've", "you'll", "you'd"]);

/**
 * Phrasing typical of instruction-tuned models (and their chat preambles). Matched on lower-cased
 * canonical text at word boundaries.
 */
export const AI_PHRASES = [
  'additionally', 'furthermore', 'moreover', 'in conclusion', 'overall,', 'it is important to note',
  'it is worth noting', "it's important to", 'it is essential', 'it is crucial', 'plays a crucial role',
  'play a crucial role', 'a crucial role', 'plays a vital role', 'a pivotal role', 'delve', 'delves', 'delving',
  'tapestry', 'testament to', 'in today\'s', 'ever-evolving', 'rapidly evolving', 'navigate', 'navigating',
  'realm', 'a myriad of', 'myriad', 'landscape', 'foster', 'fostering', 'embark', 'vibrant', 'bustling',
  'showcasing', 'showcase', 'underscores', 'underscore', 'pivotal', 'intricate', 'seamless', 'seamlessly',
  'unwavering', 'boasts', 'nestled', 'captivating', 'meticulous', 'meticulously', 'commendable', 'invaluable',
  'profound', 'resonate', 'resonates', 'enhance', 'enhancing', 'leverage', 'leveraging', 'utilize', 'utilizing',
  'comprehensive', 'robust', 'notably', 'remarkable', 'remarkably', 'innovative', 'insights', 'valuable insights',
  'shed light', 'sheds light', 'paving the way', 'pave the way', 'a testament', 'in summary', 'to summarize',
  'ultimately', 'in essence', 'crucial', 'vital', 'essential', 'significant', 'significantly', 'various',
  'a wide range of', 'a variety of', 'as a result', 'here is', "here's a", 'as an ai', 'i hope this',
  'certainly!', 'sure!', 'absolutely!', 'in this article', 'in this paper, we', 'this study', 'we propose',
  'demonstrate', 'demonstrates', 'highlighting', 'highlights', 'ensuring', 'ensure', 'overall experience',
  'highly recommend', 'top-notch', 'delightful', 'exceptional', 'unforgettable', 'culinary', 'ambiance',
  'little did', 'a sense of', 'couldn\'t help but', 'heart raced', 'a mix of', 'amidst', 'amid', 'whilst',
  'serves as', 'stands as', 'aims to', 'strives to', 'offering', 'providing', 'allowing',
];

// ---------------------------------------------------------------------------------------------
// Language model: hashed word bigrams of human text with interpolated absolute discounting

export interface LmTables {
  uniBits: number;
  biBits: number;
  /** Unigram counts per hashed word. */
  uni: Uint32Array;
  /** Bigram counts per hashed pair, saturating at 65535. */
  bi: Uint16Array;
  /** Number of distinct successors per hashed word. */
  succ: Uint16Array;
  total: number;
  discount: number;
}

export function emptyLm(uniBits = 18, biBits = 20): LmTables {
  return {
    uniBits,
    biBits,
    uni: new Uint32Array(1 << uniBits),
    bi: new Uint16Array(1 << biBits),
    succ: new Uint16Array(1 << uniBits),
    total: 0,
    discount: 0.75,
  };
}

/** Bits of the table that remembers which word pairs `lmAdd` has seen (for the successor counts). */
export const LM_SEEN_BITS = 28;

/** A cleared seen-pairs table for `lmAdd` (32 MiB; reuse it with `fill(0)`). */
export function lmSeenTable(): Uint32Array {
  return new Uint32Array(1 << (LM_SEEN_BITS - 5));
}

/**
 * Adds token hashes to the language-model counts: `toks` holds sentences one after the other and
 * `ends` each sentence's end offset. A pair counts as a new successor of its first word when its
 * hashed bit in `seen` was clear (the rare collision under-counts a successor; deterministic).
 */
export function lmAdd(lm: LmTables, toks: ArrayLike<number>, ends: ArrayLike<number>, seen: Uint32Array): void {
  const um = (1 << lm.uniBits) - 1;
  const bm = (1 << lm.biBits) - 1;
  const sm = (1 << LM_SEEN_BITS) - 1;
  let from = 0;
  for (let s = 0; s < ends.length; s++) {
    let prev = SENT_START;
    for (let i = from; i < ends[s]; i++) {
      const t = toks[i];
      lm.uni[t & um]++;
      lm.total++;
      const pair = combine(prev, t);
      const b = pair & bm;
      if (lm.bi[b] < 65535) lm.bi[b]++;
      const bit = (pair >>> 0) & sm;
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      if ((seen[word] & mask) === 0) {
        seen[word] |= mask;
        const p = prev & um;
        if (lm.succ[p] < 65535) lm.succ[p]++;
      }
      prev = t;
    }
    from = ends[s];
  }
}

/**
 * Accumulators of `lmSentence`: tokens, Σ log p_bigram, Σ (log p_bigram)², Σ log p_unigram, surprising
 * tokens, unseen tokens; then over sentences of at least LM_MIN_SENTENCE tokens: their number, Σ and
 * Σ² of the sentence's mean log p_bigram, Σ and Σ² of its mean context gain (log p_bigram − log p_unigram).
 */
export const LM_ACC = 11;
/** Shortest sentence (in tokens) whose mean surprisal counts in the between-sentence statistics. */
const LM_MIN_SENTENCE = 4;

/**
 * Adds one sentence's tokens to the language-model statistics `acc` (LM_ACC numbers). The one place
 * these log-probabilities are computed: the analyser calls it on each sentence, and the training
 * script on cached token hashes when it rebuilds the language model for a held-out fold.
 */
export function lmSentence(lm: LmTables, toks: ArrayLike<number>, from: number, to: number, acc: Float64Array): void {
  const um = (1 << lm.uniBits) - 1;
  const bm = (1 << lm.biBits) - 1;
  const denom = lm.total + 0.5 * (1 << lm.uniBits);
  let prev = SENT_START;
  let sb = 0;
  let su = 0;
  for (let t = from; t < to; t++) {
    const h = toks[t];
    const cu = lm.uni[h & um];
    const pu = (cu + 0.5) / denom;
    const cp = lm.uni[prev & um];
    let pb = pu;
    if (prev !== SENT_START && cp > 0) {
      const cb = lm.bi[combine(prev, h) & bm];
      pb = (Math.max(cb - lm.discount, 0) + lm.discount * Math.max(1, lm.succ[prev & um]) * pu) / cp;
    }
    const lb = Math.log(pb);
    acc[0]++;
    acc[1] += lb;
    acc[2] += lb * lb;
    const lu = Math.log(pu);
    acc[3] += lu;
    if (lb < -12) acc[4]++;
    if (cu === 0) acc[5]++;
    sb += lb;
    su += lu;
    prev = h;
  }
  const n = to - from;
  if (n >= LM_MIN_SENTENCE) {
    const mb = sb / n;
    const mg = (sb - su) / n;
    acc[6]++;
    acc[7] += mb;
    acc[8] += mb * mb;
    acc[9] += mg;
    acc[10] += mg * mg;
  }
}

/** Writes the language-model dense features (DENSE_NAMES lm_*) from `lmSentence` statistics. */
export function lmDense(acc: Float64Array, d: Float64Array): void {
  const n = acc[0];
  if (n === 0) return;
  const m = acc[1] / n;
  d[LM_FIRST] = m;
  d[LM_FIRST + 1] = Math.sqrt(Math.max(0, acc[2] / n - m * m));
  d[LM_FIRST + 2] = acc[3] / n;
  d[LM_FIRST + 3] = m - acc[3] / n;
  d[LM_FIRST + 4] = acc[4] / n;
  d[LM_FIRST + 5] = acc[5] / n;
  // How much the predictability changes from sentence to sentence (human writing is burstier); 0 for one sentence.
  const ns = acc[6];
  if (ns >= 2) {
    const mb = acc[7] / ns;
    const mg = acc[9] / ns;
    d[LM_FIRST + 6] = Math.sqrt(Math.max(0, acc[8] / ns - mb * mb));
    d[LM_FIRST + 7] = Math.sqrt(Math.max(0, acc[10] / ns - mg * mg));
  }
}

// ---------------------------------------------------------------------------------------------
// Analysis

export const DENSE_NAMES = [
  'log_words', 'sent_len_mean', 'sent_len_std', 'sent_len_cv', 'word_len_mean', 'word_len_std', 'long_word_rate',
  'msttr50', 'repeat_bigram_rate', 'stopword_rate', 'first_person_rate', 'second_person_rate', 'contraction_rate',
  'cap_rate', 'allcaps_rate', 'comma_rate', 'semicolon_rate', 'colon_rate', 'exclaim_rate', 'question_rate',
  'dquote_rate', 'squote_rate', 'paren_rate', 'hyphen_rate', 'dash_rate', 'ellipsis_rate', 'digit_rate',
  'other_punct_rate', 'ai_phrase_rate', 'sent_start_diversity', 'lower_start_rate', 'lower_i_rate',
  'lm_bi_mean', 'lm_bi_std', 'lm_uni_mean', 'lm_gain_mean', 'lm_surprise_rate', 'lm_unseen_rate',
  'lm_sent_bi_std', 'lm_sent_gain_std',
  ...NGRAM_NAMES,
] as const;
export const DENSE_DIM = DENSE_NAMES.length;
/** Index of the first language-model feature; the lm_* features come last but for the trigram pair's ng_* ones. */
const LM_FIRST = 32;
/** Index of the first feature of the human/AI trigram pair (ngram-lm.ts). */
export const NG_FIRST = 40;

/** Per-document analysis; typed arrays are views into the analyser's buffers (valid until the next call). */
export interface Analysis {
  /** Word n-gram feature indices of all sentences, concatenated. */
  wordIdx: Int32Array;
  /** End offset in wordIdx of each sentence. */
  wordEnds: Int32Array;
  charIdx: Int32Array;
  charEnds: Int32Array;
  /** Raw dense features (DENSE_NAMES order). */
  dense: Float64Array;
  /** Each sentence's own language-model sums, SENTENCE_STATS numbers a sentence (zeros without the models). */
  sentenceStats: Float64Array;
  /** Total word count. */
  words: number;
}

/**
 * Per-sentence sums in `Analysis.sentenceStats`: tokens, Σ ln p_bigram and Σ ln p_unigram of the human
 * language model, Σ llr (ln p_ai − ln p_human) and Σ normalised surprisal under the human and the AI
 * trigram model: the sentence's own evidence, for the sentence scores (model.ts).
 */
export const SENTENCE_STATS = 6;

/** Dense slot of a punctuation character's rate; 0 for '.', -1 for any other symbol. */
function punctSlot(c: number): number {
  switch (c) {
    case 44: return 15; // ,
    case 59: return 16; // ;
    case 58: return 17; // :
    case 33: return 18; // !
    case 63: return 19; // ?
    case 34: return 20; // "
    case 39: return 21; // '
    case 40: case 41: return 22; // ( )
    case 45: return 23; // -
    case 0x2014: case 0x2013: return 24; // — –
    case 0x2026: return 25; // …
    case 46: return 0; // .
    default: return -1;
  }
}

/** Word-character class of each UTF-16 unit above ASCII: 0 unknown, 1 word (letter, digit, mark), 2 not. */
const WORD_CLASS = new Uint8Array(65536);
const WORDISH = /[\p{L}\p{N}\p{M}]/u;

/** Letters, digits and marks of the Basic Multilingual Plane (astral characters such as emoji are symbols). */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  let k = WORD_CLASS[c];
  if (k === 0) {
    k = c >= 0xd800 && c <= 0xdfff ? 2 : WORDISH.test(String.fromCharCode(c)) ? 1 : 2;
    WORD_CLASS[c] = k;
  }
  return k === 1;
}

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/** Token hash of a lower-case word, as `Analyzer.tokenize` computes it. */
function hashWord(w: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), FNV_PRIME);
  return fmix32(h) | 0;
}

const hashSet = (words: Iterable<string>): Set<number> => new Set([...words].map(hashWord));
const STOP_H = hashSet(STOPWORDS);
const FIRST_H = hashSet(FIRST_PERSON);
const SECOND_H = hashSet(SECOND_PERSON);
const LOWER_I_H = hashSet(['i', "i'm", "i've", "i'd", "i'll"]);

class GrowBuf {
  a: Int32Array;
  n = 0;
  constructor(size = 4096) {
    this.a = new Int32Array(size);
  }
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
}

/**
 * A set of 32-bit hashes that clears in O(1) and, once grown, never allocates. The analyser's
 * per-document sets were V8 Sets: their clear() and growth allocate new tables and they box hashes
 * above 2^31 as heap numbers, garbage that at hundreds of documents a second filled the old
 * generation and brought a major GC every few seconds (the server's tail latency).
 */
export class HashSet32 {
  private keys = new Int32Array(256);
  /** An entry is present when its stamp is the current epoch. */
  private stamps = new Uint32Array(256);
  private epoch = 1;
  size = 0;

  clear(): void {
    this.size = 0;
    if (++this.epoch === 0xffffffff) {
      this.stamps.fill(0);
      this.epoch = 1;
    }
  }

  /** Adds `hash`; false when it was already there. */
  add(hash: number): boolean {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const key = hash | 0;
    const mask = this.keys.length - 1;
    for (let i = key & mask; ; i = (i + 1) & mask) {
      if (this.stamps[i] !== this.epoch) {
        this.stamps[i] = this.epoch;
        this.keys[i] = key;
        this.size++;
        return true;
      }
      if (this.keys[i] === key) return false;
    }
  }

  private grow(): void {
    const { keys, stamps, epoch } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.stamps = new Uint32Array(keys.length * 2);
    this.epoch = 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (stamps[i] === epoch) this.add(keys[i]);
  }
}

/**
 * Turns documents into feature indices and dense values. Not thread-safe (reuses buffers); create
 * one per worker.
 */
export class Analyzer {
  private readonly wordMask: number;
  private readonly charMask: number;
  private readonly charBase: number;
  private readonly word = new GrowBuf();
  private readonly char = new GrowBuf();
  private readonly tok = new GrowBuf();
  private readonly tokFlags = new GrowBuf();
  private readonly dense = new Float64Array(DENSE_DIM);
  private readonly lmAcc = new Float64Array(LM_ACC);
  private readonly ngAcc = new Float64Array(NG_ACC);
  private readonly seenBigrams = new HashSet32();
  private readonly chunk = new HashSet32();
  private readonly starts = new HashSet32();

  /** AI phrases as token-hash sequences, by first token. */
  private readonly phrases = new Map<number, Int32Array[]>();

  constructor(
    readonly cfg: FeatureConfig,
    private readonly lm: LmTables | null,
    private readonly ngram: NgramPair | null = null,
  ) {
    this.wordMask = (1 << cfg.wordBits) - 1;
    this.charMask = (1 << cfg.charBits) - 1;
    this.charBase = 1 << cfg.wordBits;
    for (const phrase of AI_PHRASES) {
      this.tok.n = 0;
      this.tokenize(phrase);
      const seq = Int32Array.from(this.tok.a.subarray(0, this.tok.n));
      const list = this.phrases.get(seq[0]) ?? [];
      list.push(seq);
      this.phrases.set(seq[0], list);
    }
  }

  /** Length of the longest AI phrase starting at token t (0 when none). */
  private phraseAt(toks: Int32Array, t: number, nt: number): number {
    const list = this.phrases.get(toks[t]);
    if (list === undefined) return 0;
    let best = 0;
    for (const seq of list) {
      if (seq.length <= best || t + seq.length > nt) continue;
      let k = 1;
      while (k < seq.length && seq[k] === toks[t + k]) k++;
      if (k === seq.length) best = seq.length;
    }
    return best;
  }

  /** Size of the sparse weight vector: word table then character table. */
  get sparseDim(): number {
    return (1 << this.cfg.wordBits) + (1 << this.cfg.charBits);
  }

  /** Token hashes of each sentence (for language-model training). */
  tokenHashes(sentences: readonly string[]): Uint32Array[] {
    return sentences.map((s) => {
      this.tok.n = 0;
      this.tokFlags.n = 0;
      this.tokenize(normalizeForFeatures(s));
      return Uint32Array.from(this.tok.a.subarray(0, this.tok.n));
    });
  }

  /** Tokenizes canonical text into tok (hash) and tokFlags (words: bit 0 set, bit 1 capitalised, bit 2 all caps, bit 3 inner apostrophe, bit 4 leading digit, bits 8+ length; punctuation: bit 30 set, low 16 bits the character). */
  private tokenize(s: string): void {
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 32) {
        i++;
        continue;
      }
      if (isWordChar(c)) {
        let h = FNV_OFFSET;
        let j = i;
        let upper = 0;
        let apostrophe = false;
        while (j < n) {
          const d = s.charCodeAt(j);
          if (isWordChar(d)) {
            if (d >= 65 && d <= 90) upper++;
            h = Math.imul(h ^ lower(d), FNV_PRIME);
            j++;
          } else if (d === 39 && j + 1 < n && isWordChar(s.charCodeAt(j + 1)) && j > i) {
            h = Math.imul(h ^ 39, FNV_PRIME);
            apostrophe = true;
            j++;
          } else break;
        }
        const len = j - i;
        const first = s.charCodeAt(i);
        let flags = 1 | (len << 8);
        if (first >= 65 && first <= 90) flags |= 2;
        if (upper === len && len >= 2) flags |= 4;
        if (apostrophe) flags |= 8;
        if (first >= 48 && first <= 57) flags |= 16;
        this.tok.push(fmix32(h) | 0);
        this.tokFlags.push(flags);
        i = j;
      } else {
        // Punctuation and symbols: one token per character (surrogate pairs kept together).
        const two = c >= 0xd800 && c <= 0xdbff && i + 1 < n;
        let h = Math.imul(FNV_OFFSET ^ 0xff, FNV_PRIME);
        h = Math.imul(h ^ c, FNV_PRIME);
        if (two) h = Math.imul(h ^ s.charCodeAt(i + 1), FNV_PRIME);
        this.tok.push(fmix32(h) | 0);
        this.tokFlags.push(c | (1 << 30));
        i += two ? 2 : 1;
      }
    }
  }

  /** Analyses a document given as its sentences' texts. */
  analyse(sentences: readonly string[]): Analysis {
    const cfg = this.cfg;
    const word = this.word;
    const char = this.char;
    word.n = 0;
    char.n = 0;
    const d = this.dense;
    d.fill(0);
    const ns = sentences.length;
    const wordEnds = new Int32Array(ns);
    const charEnds = new Int32Array(ns);
    this.seenBigrams.clear();
    this.chunk.clear();
    this.starts.clear();
    const lm = this.lm;
    const lmAcc = this.lmAcc.fill(0);
    const ngram = this.ngram;
    const ngAcc = this.ngAcc.fill(0);
    const stats = new Float64Array(ns * SENTENCE_STATS);

    let words = 0;
    let wlSum = 0;
    let wlSq = 0;
    let longWords = 0;
    let stop = 0;
    let first = 0;
    let second = 0;
    let contr = 0;
    let caps = 0;
    let allcaps = 0;
    let repeats = 0;
    let bigrams = 0;
    let digits = 0;
    let otherPunct = 0;
    let aiHits = 0;
    let lowerStart = 0;
    let lowerI = 0;
    let ttrSum = 0;
    let ttrChunks = 0;
    let slSum = 0;
    let slSq = 0;
    let slCount = 0;
    let chunkWords = 0;

    for (let si = 0; si < ns; si++) {
      const s = normalizeForFeatures(sentences[si]);
      this.tok.n = 0;
      this.tokFlags.n = 0;
      this.tokenize(s);
      const toks = this.tok.a;
      const flags = this.tokFlags.a;
      const nt = this.tok.n;

      // Word n-grams and per-token statistics.
      let prev = SENT_START;
      let sw = 0;
      let firstWord = true;
      let phraseEnd = 0;
      let hasLowerI = false;
      for (let t = 0; t < nt; t++) {
        const h = toks[t];
        const f = flags[t];
        const pair = combine(prev, h);
        if (cfg.wordUnigrams) word.push(combine(h, SEED_UNI) & this.wordMask);
        word.push(combine(pair, SEED_BI) & this.wordMask);
        if (t >= phraseEnd) {
          const len = this.phraseAt(toks, t, nt);
          if (len > 0) {
            aiHits++;
            phraseEnd = t + len;
          }
        }
        if (f & (1 << 30)) {
          const slot = punctSlot(f & 0xffff);
          if (slot > 0) d[slot]++;
          else if (slot < 0) otherPunct++;
        } else {
          const len = f >>> 8;
          words++;
          sw++;
          wlSum += len;
          wlSq += len * len;
          if (len >= 7) longWords++;
          if (f & 2 && !firstWord) caps++;
          if (f & 4) allcaps++;
          if (STOP_H.has(h)) stop++;
          if (FIRST_H.has(h)) first++;
          else if (SECOND_H.has(h)) second++;
          if (f & 8) contr++;
          if (f & 16) digits++;
          if (!(f & 2) && LOWER_I_H.has(h)) hasLowerI = true;
          if (firstWord) {
            this.starts.add(h);
            const c0 = s.charCodeAt(0);
            if (c0 >= 97 && c0 <= 122) lowerStart++;
            firstWord = false;
          }
          if (t > 0 && !(flags[t - 1] & (1 << 30))) {
            bigrams++;
            if (!this.seenBigrams.add(pair)) repeats++;
          }
          this.chunk.add(h);
          chunkWords++;
          if (chunkWords === 50) {
            ttrSum += this.chunk.size / 50;
            ttrChunks++;
            this.chunk.clear();
            chunkWords = 0;
          }
        }
        prev = h;
      }
      const st = si * SENTENCE_STATS;
      stats[st] = nt;
      if (lm) {
        // The sentence's share of the document sums: the accumulators' change over this sentence.
        const b0 = lmAcc[1];
        const u0 = lmAcc[3];
        lmSentence(lm, toks, 0, nt, lmAcc);
        stats[st + 1] = lmAcc[1] - b0;
        stats[st + 2] = lmAcc[3] - u0;
      }
      if (ngram) {
        const l0 = ngAcc[2];
        const h0 = ngAcc[4];
        const a0 = ngAcc[5];
        ngramSentence(ngram, toks, 0, nt, ngAcc);
        stats[st + 3] = ngAcc[2] - l0;
        stats[st + 4] = ngAcc[4] - h0;
        stats[st + 5] = ngAcc[5] - a0;
      }
      word.push(combine(combine(prev, SENT_END), SEED_BI) & this.wordMask);
      wordEnds[si] = word.n;
      if (sw > 0) {
        slSum += sw;
        slSq += sw * sw;
        slCount++;
      }

      if (hasLowerI) lowerI++;

      // Character n-grams over " sentence ", lower-cased.
      const padded = cfg.charNgrams ? ` ${s.toLowerCase()} ` : '';
      const pn = padded.length;
      for (let i = 0; i + cfg.charMin <= pn; i++) {
        let h = FNV_OFFSET;
        for (let k = 0; k < cfg.charMax && i + k < pn; k++) {
          h = Math.imul(h ^ padded.charCodeAt(i + k), FNV_PRIME);
          if (k + 1 >= cfg.charMin) char.push(this.charBase + (fmix32(h ^ (k + 1)) & this.charMask));
        }
      }
      charEnds[si] = char.n;
    }

    const W = Math.max(words, 1);
    d[0] = Math.log1p(words);
    const slMean = slCount ? slSum / slCount : 0;
    const slStd = slCount ? Math.sqrt(Math.max(0, slSq / slCount - slMean * slMean)) : 0;
    d[1] = slMean;
    d[2] = slStd;
    d[3] = slMean > 0 ? slStd / slMean : 0;
    const wlMean = wlSum / W;
    d[4] = wlMean;
    d[5] = Math.sqrt(Math.max(0, wlSq / W - wlMean * wlMean));
    d[6] = longWords / W;
    d[7] = ttrChunks ? ttrSum / ttrChunks : chunkWords ? this.chunk.size / chunkWords : 0;
    d[8] = bigrams ? repeats / bigrams : 0;
    d[9] = stop / W;
    d[10] = first / W;
    d[11] = second / W;
    d[12] = contr / W;
    d[13] = caps / W;
    d[14] = allcaps / W;
    for (let k = 15; k <= 25; k++) d[k] /= W;
    d[26] = digits / W;
    d[27] = otherPunct / W;
    const S = Math.max(slCount, 1);
    d[28] = aiHits / S;
    d[29] = slCount ? this.starts.size / slCount : 0;
    d[30] = lowerStart / S;
    d[31] = lowerI / S;
    if (lm) lmDense(lmAcc, d);
    if (ngram) ngramDense(ngAcc, d, NG_FIRST);
    return {
      wordIdx: word.a.subarray(0, word.n),
      wordEnds,
      charIdx: char.a.subarray(0, char.n),
      charEnds,
      dense: d,
      sentenceStats: stats,
      words,
    };
  }
}
