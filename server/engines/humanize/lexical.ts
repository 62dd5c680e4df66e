/**
 * Lexical moves guided by the detector's own word weights: for each replaceable word of a sentence,
 * the synonym that lowers the sentence's estimated share of the document logit most, kept only when
 * the detector's language model of human text finds the new wording about as natural in its
 * context as the old (the context check keeps most wrong-sense synonyms and odd collocations out),
 * and never a word the text already uses (repeated wording is itself a machine tell).
 */
import type { lexicalView } from '../text-detect/index.ts';
import { unmask } from './protect.ts';
import { applySubstitutions, wordOptions, type Substitution } from './synonyms.ts';

export type LexicalView = NonNullable<ReturnType<typeof lexicalView>>;

/** The detector's lexical view with what a document adds: its size and the words it already uses. */
export interface LexicalContext {
  view: LexicalView;
  /** Estimated share of the document logit that a sentence carries (n-gram weights and human-LM fit, bigram and unigram). */
  logit(sentence: string): number;
  /** Lower-case words of the original document: only these are swapped, and a swap to one of them repeats the text's wording. */
  words: ReadonlySet<string>;
}

/** Words and punctuation marks, as the detector counts tokens. */
const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

/** The lower-case words of a text, once each. */
export const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

/**
 * The detector's logit parts of a text read alone (text-detect's logitBreakdown), when the detector
 * exposes them: the per-token means and rates among them are what a sentence adds to a document's.
 */
export type PartsOf = (text: string) => Readonly<Record<string, number>> | undefined;

/**
 * Parts that are means or rates over a text's tokens (words, characters): a sentence moves the
 * document's value by its own value times its share of the tokens. Document-level parts (sentence
 * length spread, vocabulary richness, sentence openings, spreads across sentences) are not.
 */
const TOKEN_MEAN_PART = /^(?:ng_(?:h|llr|ns_h|ns_a)_mean|ng_llr_ai_share|lm_(?:bi|uni|gain)_mean|lm_(?:surprise|unseen)_rate|word_len_mean|long_word_rate|stopword_rate|first_person_rate|second_person_rate|contraction_rate|comma_rate|semicolon_rate|colon_rate|dash_rate|hyphen_rate|paren_rate|ai_phrase_rate|repeat_bigram_rate)$/u;

export function lexicalContext(view: LexicalView, text: string, partsOf?: PartsOf): LexicalContext {
  const count = (s: string): number => Math.max(1, s.match(TOKEN)?.length ?? 0);
  const tokens = count(text);
  // The document's n-gram sum is divided by its count of n-grams (two per token) to the model's power.
  const ngramScale = 1 / Math.pow(2 * tokens, view.ngramNormPow);
  const bigramScale = view.logitPerMeanLogProb / tokens;
  const unigramScale = view.logitPerMeanUnigramLogProb / tokens;
  const lexicalOnly = (s: string): number => view.ngramWeight(s) * ngramScale + view.humanLogProb(s) * bigramScale + view.humanUnigramLogProb(s) * unigramScale;
  const withParts = (s: string): number => {
    const parts = partsOf?.(s);
    if (!parts) return lexicalOnly(s);
    let means = 0;
    for (const [name, value] of Object.entries(parts)) if (TOKEN_MEAN_PART.test(name)) means += value;
    return view.ngramWeight(s) * ngramScale + (means * count(s)) / tokens;
  };
  return { view, logit: partsOf ? withParts : lexicalOnly, words: wordsOf(text) };
}

/** A swap must lower the estimated logit by at least this much to be worth a full check. */
const MIN_GAIN = 0.002;
/**
 * How much less likely (natural log) the human-text model may find the sentence after a swap: a
 * little for the curated table's swaps (plain words; the model knows formal words less well), none
 * for WordNet's wider choices, whose sense must fit the context.
 */
const CHECKED_LM_SLACK = 1.5;
const CHOICE_LM_SLACK = 0;
/** Swaps combined into one candidate, best first. */
const SWAP_COUNTS = [1, 2, 4, Infinity];

/**
 * Rewrites of a masked sentence with its best word swaps (one, two, four, all), each swap's
 * replacement chosen by the detector's weights and checked in context.
 */
export function lexicalRewrites(masked: string, items: readonly string[], context: LexicalContext): string[] {
  const options = wordOptions(masked);
  if (options.length === 0) return [];
  const { view } = context;
  const original = unmask(masked, items);
  const score = context.logit(original);
  const logProb = view.humanLogProb(original);
  const swaps: { sub: Substitution; gain: number }[] = [];
  for (const { start, end, alternatives } of options) {
    // Only the text's own words: one a rule or swap put in is not swapped again (mitigate -> reduce -> cut).
    if (!context.words.has(masked.slice(start, end).toLowerCase())) continue;
    let best: { sub: Substitution; gain: number } | null = null;
    for (const { replacement, checked } of alternatives) {
      // A word the text already uses would repeat its wording (and its bigrams).
      if (context.words.has(replacement.toLowerCase())) continue;
      const sub = { start, end, replacement };
      const text = unmask(applySubstitutions(masked, [sub]), items);
      const gain = score - context.logit(text);
      if (gain < MIN_GAIN || gain <= (best?.gain ?? 0)) continue;
      if (view.humanLogProb(text) < logProb - (checked ? CHECKED_LM_SLACK : CHOICE_LM_SLACK)) continue;
      best = { sub, gain };
    }
    if (best) swaps.push(best);
  }
  swaps.sort((a, b) => b.gain - a.gain || a.sub.start - b.sub.start);
  // Neighbouring swaps share a bigram, so their gains do not add up: keep one of each pair.
  const chosen: Substitution[] = [];
  for (const { sub } of swaps) {
    if (chosen.some((c) => !/\p{L}/u.test(masked.slice(Math.min(c.end, sub.end), Math.max(c.start, sub.start))))) continue;
    chosen.push(sub);
  }
  if (chosen.length === 0) return [];
  const rewrites: string[] = [];
  for (const count of SWAP_COUNTS) {
    const subs = chosen.slice(0, count).sort((a, b) => a.start - b.start);
    const rewrite = applySubstitutions(masked, subs);
    if (!rewrites.includes(rewrite)) rewrites.push(rewrite);
    if (count >= chosen.length) break;
  }
  return rewrites;
}
