/**
 * A small word-pair language model for choices that depend on the neighbouring words ("I do not
 * know wich one" → which, not with). Counts of words and of adjacent word pairs come from about
 * three million words of human-written English (data/bigrams.tsv.gz, built by
 * scripts/build-grammar-ngrams.ts); the probability of a word on its own comes from SUBTLEX-US
 * (Lexicon.count), which covers far more words.
 *
 * P(w | prev) = λ·P(w) + (1 − λ)·n(prev w) / n(prev) (Jelinek-Mercer): a pair the counts never saw
 * costs at most a factor 1/λ, since three million words leave most pairs unseen, while a pair seen
 * often raises the word a lot.
 */
import { CountTable } from './counts.ts';
/** What the model needs of the Lexicon (lexicon.ts): word counts. */
interface WordCounts {
  count(word: string): number;
}

/** Sentence start, as a word. */
export const SENTENCE_START = '<s>';
/** Where the text the counts and the slot model learn from is split into sentences (the rules that read them split the same way). */
export const SENTENCE_BREAK = /(?<=[.!?])\s+|\n+/;
/**
 * The words whose three-word contexts are counted (data/trigrams.tsv.gz, "interested in music", "to
 * the store"): the prepositions and articles rules choose by the words on both sides.
 */
export const TRIPLE_MIDDLE: ReadonlySet<string> = new Set([
  'in', 'on', 'at', 'of', 'for', 'to', 'with', 'about', 'from', 'by', 'into', 'over', 'under', 'through', 'between', 'during', 'without', 'against', 'towards', 'toward', 'upon', 'onto', 'among', 'within', 'across',
  'a', 'an', 'the',
]);
/** Words in SUBTLEX-US: P(w) = count / SUBTLEX_WORDS. */
const SUBTLEX_WORDS = 51e6;
/** Pseudo-count of the word's own frequency in `pairLogProb`. */
const DIRICHLET = 500;
/** Pseudo-count of the pair estimate in `tripleLogProb`: a few three-word sightings outweigh it. */
const TRIPLE_PRIOR = 5;
/** Weight of the word's own frequency against the pair counts. */
const LAMBDA = 0.5;

/** Lower-case words of `text` in order (apostrophes inside words kept, typographic ones normalised). */
export function ngramWords(text: string): string[] {
  return (text.toLowerCase().replace(/’/g, "'").match(/\p{L}+(?:'\p{L}+)*/gu) ?? []) as string[];
}

export class LanguageModel {
  private constructor(
    private readonly counts: CountTable,
    private readonly triples: CountTable,
    private readonly lexicon: WordCounts,
  ) {}

  private static instance: LanguageModel | null = null;

  /** Loads the pair and three-word counts once per process (about 0.8 s; counts.ts holds them). */
  static load(lexicon: WordCounts): LanguageModel {
    LanguageModel.instance ??= new LanguageModel(
      CountTable.load(new URL('./data/bigrams.tsv.gz', import.meta.url), SENTENCE_START),
      CountTable.load(new URL('./data/trigrams.tsv.gz', import.meta.url), SENTENCE_START),
      lexicon,
    );
    return LanguageModel.instance;
  }

  /** How often `word` occurs in SUBTLEX-US (Lexicon.count). */
  count(word: string): number {
    return this.lexicon.count(word);
  }

  /** How often `word` occurs in the pair-model text (0 when fewer than twice). */
  wordCount(word: string): number {
    return this.counts.get(word.toLowerCase());
  }

  /** How often the pair "first second" occurs in the pair-model text (0 when fewer than twice). */
  pairCount(first: string, second: string): number {
    return this.counts.get(`${first.toLowerCase()} ${second.toLowerCase()}`);
  }

  /** How often "first second" would occur in the pair-model text if the two words were independent. */
  expectedPairCount(first: string, second: string): number {
    return (this.counts.get(first.toLowerCase()) * this.counts.get(second.toLowerCase())) / this.counts.words;
  }

  /**
   * How often "first middle last" occurs in the pair-model text, for a `middle` of TRIPLE_MIDDLE (0 when
   * fewer than twice, or for any other middle word: those are not counted).
   */
  tripleCount(first: string, middle: string, last: string): number {
    return this.triples.get(`${first.toLowerCase()} ${middle.toLowerCase()} ${last.toLowerCase()}`);
  }

  /**
   * log10 P(word | previous) from the pair-model text alone (Dirichlet smoothing with the word's own
   * frequency there): for choosing between words SUBTLEX counts alike ("its", "it's" are both "it" there).
   */
  pairLogProb(word: string, previous: string): number {
    const w = word.toLowerCase();
    const p = previous.toLowerCase();
    const own = ((this.counts.get(w)) + 0.5) / this.counts.words;
    return Math.log10(((this.counts.get(`${p} ${w}`)) + DIRICHLET * own) / ((this.counts.get(p)) + DIRICHLET));
  }

  /**
   * log10 P(word | first middle) for a `middle` of TRIPLE_MIDDLE: the three-word counts, smoothed
   * towards P(word | middle) (`pairLogProb`) where they are few ("to the store", "interested in music").
   */
  tripleLogProb(word: string, first: string, middle: string): number {
    const pair = 10 ** this.pairLogProb(word, middle);
    return Math.log10((this.tripleCount(first, middle, word) + TRIPLE_PRIOR * pair) / (this.pairCount(first, middle) + TRIPLE_PRIOR));
  }

  /**
   * log10 P(word | one of `previous`), the words of `previous` pooled as one context: a word class's
   * evidence where the single word was never seen before `word` ("his tail", "their tail" for "its tail").
   */
  pooledLogProb(word: string, previous: readonly string[]): number {
    const w = word.toLowerCase();
    const own = ((this.counts.get(w)) + 0.5) / this.counts.words;
    let pairs = 0;
    let contexts = 0;
    for (const p of previous) {
      pairs += this.counts.get(`${p} ${w}`);
      contexts += this.counts.get(p);
    }
    return Math.log10((pairs + DIRICHLET * own) / (contexts + DIRICHLET));
  }

  /** P(w) on its own, from SUBTLEX-US; a word it never saw counts as half an occurrence. */
  private unigram(word: string): number {
    return Math.max(this.lexicon.count(word), 0.5) / SUBTLEX_WORDS;
  }

  /** log10 P(word | previous word); `previous` null: no usable context (after a comma, say). */
  logProb(word: string, previous: string | null): number {
    const w = word.toLowerCase();
    const base = this.unigram(w);
    if (previous === null) return Math.log10(base);
    const p = previous.toLowerCase();
    const context = this.counts.get(p);
    if (context === 0) return Math.log10(base);
    const pair = this.counts.get(`${p} ${w}`);
    return Math.log10(LAMBDA * base + ((1 - LAMBDA) * pair) / context);
  }

  /**
   * log10 of how likely `word` is between `previous` and `next` (either null where there is no usable
   * neighbour): P(word | previous) · P(next | word).
   */
  inContext(word: string, previous: string | null, next: string | null): number {
    return this.logProb(word, previous) + (next === null ? 0 : this.logProb(next, word));
  }
}

/**
 * The neighbours of text[start, end) for the language model: the adjacent word on each side, the
 * sentence start on the left, or null where punctuation or nothing stands between.
 */
export function neighbours(text: string, start: number, end: number): { previous: string | null; next: string | null } {
  const before = /(\p{L}+(?:['’]\p{L}+)*)?([^\p{L}]*)$/u.exec(text.slice(Math.max(0, start - 40), start));
  let previous: string | null = null;
  const gapBefore = before?.[2] ?? '';
  if (before?.[1] && /^\s*$/u.test(gapBefore)) previous = before[1].toLowerCase().replace(/’/g, "'");
  else if (start === 0 || /[.!?]["”')\]]*\s*$/u.test(text.slice(0, start)) || /^\s*$/u.test(text.slice(0, start))) previous = SENTENCE_START;
  const after = /^(\s*)(\p{L}+(?:['’]\p{L}+)*)/u.exec(text.slice(end, end + 40));
  const next = after && after[1].length > 0 ? after[2].toLowerCase().replace(/’/g, "'") : null;
  return { previous, next };
}
