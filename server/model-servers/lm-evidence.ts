/**
 * Zero-shot evidence from a language model's per-token log-probabilities, as an OpenAI-compatible
 * completions server returns them with `echo` and `logprobs: K` (the top-K alternatives).
 *
 * Fast-DetectGPT, analytic criterion (Bao et al., ICLR 2024; reference
 * `get_sampling_discrepancy_analytic` in baoguangsheng/fast-detect-gpt), with the sampling and the
 * scoring model the same observer:
 *   D = (Σ_t log p(x_t) − Σ_t μ_t) / sqrt(Σ_t σ²_t),  μ_t = Σ_v p_t(v) log p_t(v),  σ²_t = Σ_v p_t(v) log² p_t(v) − μ_t²
 * (positive: the text is likelier than what the model itself would write, the mark of machine text).
 *
 * Binoculars (Hans et al., ICML 2024; reference `perplexity`, `entropy` and `compute_score` in
 * ahans30/Binoculars): B = log-PPL / log-X-PPL with, as the reference code computes them,
 *   log-PPL   = mean over the text's tokens 2..n of −log q(x_t)                      (q: the performer)
 *   log-X-PPL = mean over the n next-token distributions of −Σ_v p_t(v) log q_t(v)  (p: the observer)
 * (low: machine text). The last distribution is the one after the whole text (the reference averages
 * over every position of the logits, unshifted); the server gives it as the first generated token's.
 *
 * The top-K approximation. A server returns only the K likeliest tokens of each distribution (plus
 * the text's own token). The rest, of mass R = 1 − Σ_top p, is taken as tokens of log-probability
 * ℓ = log min(p_K, R) each, where p_K is the smallest listed probability: no unlisted token can be
 * likelier than that, so ℓ bounds them from above, and the true tail term Σ_tail p log p lies in
 * [R log(R / (V − K)), R ℓ] (V: the vocabulary). The error of μ_t is therefore at most
 * R·(ℓ − log(R / (V − K))); of σ²_t, of the same order in R. With R = 0 (K covers the distribution)
 * the formulas are exact; `tailMass` is reported so a caller can see how far from that a text is.
 * For Binoculars a token listed by the observer but not by the performer gets the performer's ℓ.
 */

/** One position of the echoed text: its token, that token's log-probability, and the top-K alternatives. */
export interface TokenPosition {
  token: string;
  /** null for the first token of a text (nothing precedes it). */
  logprob: number | null;
  /** The K likeliest tokens of this position's distribution and their log-probabilities; null for the first token. */
  top: Record<string, number> | null;
}

/** μ, σ² and the unlisted mass of one distribution, from its listed tokens (the approximation above). */
export interface PositionMoments {
  mean: number;
  variance: number;
  tailMass: number;
}

/** The listed tokens of a distribution, the position's own token included (its log-probability is exact). */
function listed(position: TokenPosition): Map<string, number> {
  const entries = new Map(Object.entries(position.top ?? {}));
  if (position.logprob !== null) entries.set(position.token, position.logprob);
  return entries;
}

/** The tail of a distribution: its unlisted mass R and the log-probability ℓ its tokens are given. */
function tailOf(entries: Map<string, number>): { mass: number; logprob: number } {
  let total = 0;
  let smallest = 0;
  for (const l of entries.values()) {
    total += Math.exp(l);
    smallest = Math.min(smallest, l);
  }
  const mass = Math.max(0, 1 - total);
  return { mass, logprob: mass > 0 ? Math.min(smallest, Math.log(mass)) : 0 };
}

export function positionMoments(position: TokenPosition): PositionMoments {
  const entries = listed(position);
  const tail = tailOf(entries);
  let mean = tail.mass * tail.logprob;
  let second = tail.mass * tail.logprob * tail.logprob;
  for (const l of entries.values()) {
    const p = Math.exp(l);
    mean += p * l;
    second += p * l * l;
  }
  return { mean, variance: Math.max(0, second - mean * mean), tailMass: tail.mass };
}

/** The additive parts of the Fast-DetectGPT criterion over a run of positions (sum them over windows or a sentence's tokens). */
export interface CriterionSums {
  logLikelihood: number;
  mean: number;
  variance: number;
  tokens: number;
  tailMass: number;
}

export const emptySums = (): CriterionSums => ({ logLikelihood: 0, mean: 0, variance: 0, tokens: 0, tailMass: 0 });

export function addPosition(sums: CriterionSums, position: TokenPosition): void {
  if (position.logprob === null || position.top === null) return;
  const m = positionMoments(position);
  sums.logLikelihood += position.logprob;
  sums.mean += m.mean;
  sums.variance += m.variance;
  sums.tailMass += m.tailMass;
  sums.tokens++;
}

/** D = (Σ log p − Σ μ) / sqrt(Σ σ²); undefined without a scored token or without spread. */
export function fastDetectGpt(sums: CriterionSums): number | undefined {
  if (sums.tokens === 0 || !(sums.variance > 0)) return undefined;
  return (sums.logLikelihood - sums.mean) / Math.sqrt(sums.variance);
}

/** −Σ_v p(v) log q(v) for one position: p the observer's listed tokens and tail, q the performer's. */
export function crossEntropy(observer: TokenPosition, performer: TokenPosition): number {
  const p = listed(observer);
  const q = listed(performer);
  const pTail = tailOf(p);
  const qTail = tailOf(q);
  let ce = -pTail.mass * qTail.logprob;
  for (const [token, l] of p) ce -= Math.exp(l) * (q.get(token) ?? qTail.logprob);
  return ce;
}

/** The additive parts of the Binoculars score. */
export interface BinocularsSums {
  /** Σ −log q(x_t) over the text's tokens after the first, and their count. */
  logPpl: number;
  pplTokens: number;
  /** Σ cross-entropy over the next-token distributions, and their count. */
  logXPpl: number;
  xPplPositions: number;
}

export const emptyBinocularsSums = (): BinocularsSums => ({ logPpl: 0, pplTokens: 0, logXPpl: 0, xPplPositions: 0 });

/**
 * Adds one position of the two models' echoes (same tokenizer, so the same tokens). `isText`: the
 * position is one of the text's tokens (false for the distribution after the text, which counts
 * only in the cross-perplexity).
 */
export function addBinocularsPosition(sums: BinocularsSums, observer: TokenPosition, performer: TokenPosition, isText: boolean): void {
  if (observer.top === null || performer.top === null) return;
  if (isText && performer.logprob !== null) {
    sums.logPpl -= performer.logprob;
    sums.pplTokens++;
  }
  sums.logXPpl += crossEntropy(observer, performer);
  sums.xPplPositions++;
}

/** B = mean log-PPL / mean log-X-PPL; undefined without tokens. */
export function binoculars(sums: BinocularsSums): number | undefined {
  if (sums.pplTokens === 0 || sums.xPplPositions === 0) return undefined;
  const xPpl = sums.logXPpl / sums.xPplPositions;
  return xPpl > 0 ? sums.logPpl / sums.pplTokens / xPpl : undefined;
}
