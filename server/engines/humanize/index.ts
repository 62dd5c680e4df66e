/**
 * Humanizer engine: detector-guided rewriting that keeps the meaning.
 *
 * For each sentence, most AI-like first, it generates candidate rewrites (phrase tables,
 * contractions where the register allows, structure moves that vary the rhythm, synonyms chosen by
 * the detector's own word weights and checked in context), ranks the word-level ones by their
 * estimated share of the document's score (the detector's n-gram weights and human-text language
 * model, or the sentence's own score for another detector), scores the first few that pass every
 * invariant and keep enough of the content words on the whole text, together with a few structural
 * ones whatever their local score, and keeps the one that lowers the whole text's score most. It
 * stops once the text scores under the target or a pass changes nothing. Pure and
 * deterministic: same input, same version, same output.
 */
import { lexicalView, type TextDetector } from '../text-detect/index.ts';
import { splitSentences } from '../shared/sentences.ts';
import { cleanArtefacts } from './clean.ts';
import { checkInvariants, contentWords, EditChecker, invariantReference, looksEnglish, type Tally } from './invariants.ts';
import { lexicalContext, lexicalRewrites, wordsOf, type LexicalContext } from './lexical.ts';
import { openAiCompatibleRewriter, type LlmRewriter } from './llm.ts';
import { contract, dropPreamble, phraseEdits, replacePhrases } from './phrases.ts';
import { CHAT_PREAMBLE, mask, NUMBER_WORD, protectedSpans, unmask, type Span } from './protect.ts';
import { dropAndComma, dropIntroComma, dropSerialComma, dropThat, joinLong, joinShort, moveAdverbIn, moveClauseBack, moveClauseFront, moveParticipleBack, pronounSubject, splitLong, splitBecause, splitParticiple, splitSubjectWhich, splitWhich, splitWho, splitPredicates, simplePast, splitSubjectParticiple, replaceColon, splitFrontParticiple, splitTrailingAction, splitWhile, splitWithClause, splitAbsolute, frontTimePhrase, joinWhich, joinSemicolon, bracketAppositive, splitIncluding, coordinateTrailingAction, mergeRelativeClause } from './structure.ts';
import { moveAttributionBack, swapAttribution } from './rephrase.ts';
import { fixTypos } from './typos.ts';
import { lengthSpread } from './rhythm.ts';
import { applySubstitutions, findSubstitutions, type Substitution } from './synonyms.ts';

export { checkInvariants, cleanArtefacts, openAiCompatibleRewriter };
export type { LlmRewriter };

export const HUMANIZER_ENGINE_VERSION = 'humanize-1.14.0';

export interface HumanizeOptions {
  detector: TextDetector;
  /** Stop once the text scores under this (default 0.3). */
  targetScore?: number;
  maxCandidatesPerSentence?: number;
  llm?: LlmRewriter;
}

export interface HumanizeResult {
  text: string;
  scoreBefore: number;
  scoreAfter: number;
  changedSentences: number;
  backend: 'builtin' | 'llm';
}

export const DEFAULT_TARGET_SCORE = 0.3;
export const DEFAULT_MAX_CANDIDATES = 32;
/** The rewrite must keep at least this share of the input's content words (meaning kept). */
export const MIN_CONTENT_OVERLAP = 0.75;
/** Full-text detector checks tried per sentence and pass before moving on. */
const TRIES_PER_SENTENCE = 20;
/** Each pass starts from the sentences the previous passes rewrote, so edits compound. */
const PASSES = 8;
/** Single-rule phrase edits offered per sentence, besides the all-rules rewrites. */
const MAX_SINGLE_EDITS = 6;
/**
 * A word-level candidate may score a little worse locally and still help the whole text (context
 * features): on the sentence's own score, or on the estimated logit share.
 */
const LOCAL_SLACK = 0.1;
const LOGIT_SLACK = 0.3;
/** Structural candidates tried per sentence and pass, whatever their local score. */
const STRUCTURAL_TRIES = 12;
const MAX_SYNONYMS_PER_SENTENCE = 4;
/**
 * The greedy searches tried in turn while the best text so far is still above the target; each
 * leads its own way: `spreadWeight` weighs a wider spread of sentence lengths (lengthSpread)
 * against the detector's score when the search chooses between edits that both lower the score,
 * and `order` is the order the sentences are visited in on the first pass.
 */
const SEARCH_PLANS: { spreadWeight: number; order: 'worst-first' | 'in-order' | 'reversed' }[] = [
  { spreadWeight: 0.5, order: 'worst-first' },
  { spreadWeight: 0, order: 'worst-first' },
  { spreadWeight: 2, order: 'worst-first' },
  { spreadWeight: 0.5, order: 'in-order' },
  { spreadWeight: 0.5, order: 'reversed' },
];
const MAX_SINGLE_SYNONYMS = 4;
/** Single phrase edits the plain-wording pass tries per sentence when its full rewrite scores worse. */
const PLAIN_SINGLE_EDITS = 3;
/** Structure moves the plain-wording pass tries on top of a sentence's full rewrite. */
const PLAIN_STRUCTURAL = 2;

/** The text as sentences and the exact whitespace before each (and after the last). */
interface Draft {
  sentences: string[];
  gaps: string[];
  frozen: boolean[];
}

function draftOf(text: string): Draft {
  const spans = splitSentences(text);
  const guarded = protectedSpans(text);
  const sentences: string[] = [];
  const gaps: string[] = [];
  const frozen: boolean[] = [];
  let at = 0;
  for (const s of spans) {
    gaps.push(text.slice(at, s.start));
    sentences.push(s.text);
    frozen.push(straddles(s, guarded) || looksLikeCode(s.text));
    at = s.end;
  }
  gaps.push(text.slice(at));
  return { sentences, gaps, frozen };
}

const assemble = (d: Draft): string => d.sentences.map((s, i) => d.gaps[i] + s).join('') + d.gaps[d.sentences.length];

/** A protected item that crosses the sentence's edge (a code block or quotation split across sentences). */
function straddles(s: Span, guarded: readonly Span[]): boolean {
  return guarded.some((g) => g.start < s.end && g.end > s.start && (g.start < s.start || g.end > s.end));
}

function looksLikeCode(sentence: string): boolean {
  return (sentence.match(/[{}<>=;|\\]/gu)?.length ?? 0) >= 3;
}

/** Contractions suit most prose but not papers (citations, "et al.", "this paper"). */
function allowsContractions(text: string): boolean {
  return !/\bet al\.|\[\d+(?:[,–-]\s*\d+)*\]|\b(?:this|our|the present) (?:paper|study|work|article|thesis)\b|\bwe (?:propose|present|introduce)\b/iu.test(text);
}

/** A candidate rewrite; structural ones (splits, joins, moved clauses) change the rhythm the local score cannot see. */
interface Candidate {
  text: string;
  structural: boolean;
}

const splitUneven = (sentence: string): string | null => splitLong(sentence, true);
const STRUCTURE_MOVES = [splitLong, splitUneven, splitBecause, splitWhich, splitWho, splitPredicates, splitSubjectWhich, mergeRelativeClause, splitSubjectParticiple, splitParticiple, splitTrailingAction, coordinateTrailingAction, splitWhile, splitWithClause, splitFrontParticiple, splitAbsolute, splitIncluding, replaceColon, swapAttribution, moveAttributionBack, frontTimePhrase, moveClauseBack, moveClauseFront, moveParticipleBack, moveAdverbIn, dropThat, dropSerialComma, dropIntroComma, dropAndComma, bracketAppositive];

/**
 * Word swaps replace only the original text's own words: a word a rule or swap put in is not swapped
 * again (mitigate -> reduce -> cut drifts from the sense at each step).
 */
function ownWordSwaps(source: string, choice: number, originalWords: ReadonlySet<string>): Substitution[] {
  return findSubstitutions(source, choice).filter((s) => originalWords.has(source.slice(s.start, s.end).toLowerCase()));
}

/** Candidate rewrites of one sentence, most conservative first, without duplicates or no-ops. */
function sentenceCandidates(sentence: string, items: readonly string[], contractions: boolean, limit: number, lexical: LexicalContext | undefined, originalWords: ReadonlySet<string>): Candidate[] {
  const { text: masked, items: used } = mask(sentence, items);
  const variants: Candidate[] = [];
  const add = (v: string | null, structural = false): void => {
    if (v !== null && !variants.some((c) => c.text === v)) variants.push({ text: v, structural });
  };
  const register = (v: string): string => (contractions ? contract(v) : v);
  const phrased = [0, 1, 2].map((variant) => replacePhrases(masked, variant));
  const bases = phrased.map(register);
  bases.forEach((b) => add(b));
  // The same rewrites without contractions: a contraction does not suit every sentence of a text.
  if (contractions) phrased.forEach((b) => add(b));
  const base = bases[0];
  // Word swaps chosen by the detector's weights, on the plain sentence and on top of the phrase rules.
  if (lexical) for (const source of base === masked ? [masked] : [base, masked]) lexicalRewrites(source, used, lexical).forEach((r) => add(r));
  for (const move of STRUCTURE_MOVES) {
    add(move(base), true);
    if (base !== masked) add(move(masked), true);
  }
  for (const edit of phraseEdits(masked, MAX_SINGLE_EDITS)) add(register(edit));
  add(simplePast(base));
  for (const [source, choice] of [[base, 0], [base, 1], [variants[variants.length - 1].text, 0]] as const) {
    const subs = ownWordSwaps(source, choice, originalWords).slice(0, MAX_SYNONYMS_PER_SENTENCE);
    if (subs.length > 0) add(applySubstitutions(source, subs));
  }
  // Single word swaps too, so that one awkward swap does not sink the others.
  for (const sub of ownWordSwaps(base, 0, originalWords).slice(0, MAX_SINGLE_SYNONYMS)) add(applySubstitutions(base, [sub]));
  return variants
    .map((c) => ({ ...c, text: unmask(c.text, used) }))
    .filter((c, i, all) => c.text !== sentence && all.findIndex((d) => d.text === c.text) === i)
    .slice(0, limit);
}

/** One proposed change: new texts for sentences `index` (and `index + 1` for a join). */
interface Proposal {
  index: number;
  sentences: string[];
  structural: boolean;
  /** How much the change moves the local score (negative: less AI-like). */
  localChange: number;
}

/**
 * The local score that ranks candidates before the whole text decides: where the detector exposes
 * its word weights, an estimate of the sentence's share of the document logit (its n-gram weight,
 * scaled as the document scales it, and its human-language-model log-probability); else the
 * detector's score of the sentence alone.
 */
function localScorer(detector: TextDetector, lexical: LexicalContext | undefined): (sentence: string) => number {
  return lexical ? (s) => lexical.logit(s) : (s) => detector.detect(s).aiScore;
}

/** A sentence's candidates, computed once per humanize call (later passes revisit unchanged sentences beside changed ones). */
type CandidateSource = (sentence: string) => Candidate[];

function proposals(draft: Draft, index: number, candidates: CandidateSource, local: (s: string) => number): Proposal[] {
  const current = draft.sentences[index];
  const baseline = local(current);
  const out: Proposal[] = candidates(current).map((c) => ({ index, sentences: [c.text], structural: c.structural, localChange: local(c.text) - baseline }));
  const previous = draft.sentences[index - 1];
  const pronoun = previous && /^ +$/u.test(draft.gaps[index]) ? pronounSubject(previous, current) : null;
  if (pronoun !== null) out.push({ index, sentences: [pronoun], structural: true, localChange: local(pronoun) - baseline });
  const next = index + 1;
  if (next < draft.sentences.length && !draft.frozen[next] && draft.sentences[next] !== '' && /^ +$/u.test(draft.gaps[next])) {
    const second = draft.sentences[next];
    const pairBaseline = baseline + local(second);
    // One semicolon in a text reads as a writer's choice; several would be a new tic (people use about one per 1,600 words).
    const semicolon = draft.sentences.some((s) => s.includes(';')) ? null : joinSemicolon(current, second);
    for (const joined of [joinShort(current, second), joinShort(current, second, false), joinLong(current, second), joinWhich(current, second), semicolon]) {
      if (joined !== null && !out.some((p) => p.sentences[0] === joined)) out.push({ index, sentences: [joined, ''], structural: true, localChange: local(joined) - pairBaseline });
    }
  }
  return out.sort((a, b) => a.localChange - b.localChange);
}

/**
 * The search stops at the few edits the detector needs; this pass then rewrites each remaining
 * sentence too, several moves at once: every phrase rule (first alternatives, in the text's
 * register), then on top of that the sentence's checked word swaps, if any. One sentence at a time,
 * the fullest rewrite is kept wherever the whole text scores no worse for it (and keeps every
 * invariant), else the first single phrase edit that does.
 */
function plainWording(state: SearchState, judge: Judge, items: readonly string[], contractions: boolean, lexical: LexicalContext | undefined): SearchState {
  let current = state;
  current.draft.sentences.forEach((sentence, index) => {
    if (current.draft.frozen[index] || sentence === '') return;
    const { text: masked, items: used } = mask(sentence, items);
    const register = (v: string): string => (contractions ? contract(v) : v);
    const plain = register(replacePhrases(masked, 0));
    const swapped = lexical ? lexicalRewrites(plain, used, lexical).at(-1) : undefined;
    const fullest = swapped ?? plain;
    const restructured = STRUCTURE_MOVES.map((move) => move(fullest)).filter((v): v is string => v !== null).slice(0, PLAIN_STRUCTURAL);
    // Where the full rewrite scores worse, single phrase edits still may not.
    for (const candidate of [...restructured, swapped, plain, ...phraseEdits(masked, PLAIN_SINGLE_EDITS).map(register)]) {
      if (candidate === undefined) continue;
      const rewritten = unmask(candidate, used);
      if (rewritten === sentence) return;
      const next = judge(current, { index, sentences: [rewritten], structural: false, localChange: 0 });
      if (next && next.score <= current.score) {
        current = next;
        return;
      }
    }
  });
  return current;
}

const ANY_PREAMBLE = new RegExp(CHAT_PREAMBLE, 'u');

/**
 * Cuts every chat preamble ("Here is a 14 sentence news article based on the summary:") whatever the
 * detector makes of it, as an editor would: it is no part of the piece.
 */
function cutPreambles(state: SearchState, judge: Judge, items: readonly string[]): SearchState {
  let current = state;
  current.draft.sentences.forEach((sentence, index) => {
    if (current.draft.frozen[index]) return;
    const { text: masked, items: used } = mask(sentence, items);
    const cut = dropPreamble(masked);
    if (cut === masked) return;
    current = judge(current, { index, sentences: [unmask(cut, used)], structural: false, localChange: 0 }) ?? current;
  });
  return current;
}

/** A sentence repeats an earlier one when at least this many content words... */
const REPEAT_MIN_WORDS = 5;
/** ...are nearly all the earlier sentence's too (share of the two sentences' content words in common). */
const REPEAT_SHARE = 0.8;

/** Whether `sentence` says again what one of `earlier` said ("We won't be going back ... We will not be going back ..."). */
export function repeatsEarlier(sentence: string, earlier: readonly string[]): boolean {
  const mine = new Set(contentWords(sentence));
  if (mine.size < REPEAT_MIN_WORDS) return false;
  return earlier.some((other) => {
    const theirs = new Set(contentWords(other));
    let shared = 0;
    for (const w of mine) if (theirs.has(w)) shared++;
    return shared / (mine.size + theirs.size - shared) >= REPEAT_SHARE;
  });
}

/**
 * Cuts a sentence that only repeats an earlier one, as an editor would, where the invariants allow
 * (never one that holds a name, number or quotation, nor one that opens a paragraph) and the text's
 * score does not rise: a humanized text never scores above its input.
 */
function cutRepeats(state: SearchState, judge: Judge): SearchState {
  let current = state;
  for (let index = 1; index < current.draft.sentences.length; index++) {
    const { draft } = current;
    if (draft.frozen[index] || !/^ +$/u.test(draft.gaps[index])) continue;
    if (!repeatsEarlier(draft.sentences[index], draft.sentences.slice(0, index))) continue;
    const cut = judge(current, { index, sentences: [''], structural: true, localChange: 0 });
    if (cut && cut.score <= current.score) current = cut;
  }
  return current;
}

/** The search's current text: its sentences, its detector score and the invariant checker's tally of it. */
interface SearchState {
  draft: Draft;
  score: number;
  tally: Tally;
}

/** The state after a proposal, or null when the new text breaks an invariant. */
type Judge = (state: SearchState, p: Proposal) => SearchState | null;

/** The text of sentences `index` to `index + count - 1` with the whitespace between them. */
function stretch(draft: Draft, index: number, count: number): string {
  let out = draft.sentences[index];
  for (let k = index + 1; k < index + count; k++) out += draft.gaps[k] + draft.sentences[k];
  return out;
}

/**
 * Judges a proposal: invariants checked on the sentences it replaces (EditChecker), then the
 * detector's score of the whole new text.
 */
function judgeWith(detector: TextDetector, checker: EditChecker): Judge {
  return (state, p) => {
    const next = apply(state.draft, p);
    const count = p.sentences.length;
    const candidate = (): string => assemble(next);
    const before = stretch(state.draft, p.index, count);
    const after = stretch(next, p.index, count);
    if (!keepsOpeningNumber(before, after)) return null;
    const tally = checker.check(state.tally, before, after, candidate);
    return tally ? { draft: next, score: detector.detect(candidate()).aiScore, tally } : null;
  };
}

/**
 * A number word that opens a sentence is capitalised only for its place, and as a protected item it
 * keeps its capital wherever a move puts it: a move must not carry it inside a sentence ("Until
 * dusk, Two guests ...", "... and Two guests ...").
 */
function keepsOpeningNumber(before: string, after: string): boolean {
  const inside = (text: string): number => [...text.matchAll(/(?<=[^.!?:\s]\s+)\p{Lu}\p{Ll}+/gu)].filter((m) => NUMBER_WORD.test(m[0])).length;
  return inside(after) <= inside(before);
}

function apply(draft: Draft, p: Proposal): Draft {
  const sentences = [...draft.sentences];
  const gaps = [...draft.gaps];
  p.sentences.forEach((s, k) => (sentences[p.index + k] = s));
  if (p.sentences.length > 1) gaps[p.index + 1] = '';
  // A sentence cut whole takes the space before it along.
  else if (p.sentences[0] === '') gaps[p.index] = '';
  return { sentences, gaps, frozen: draft.frozen };
}

/** Sentence indices, most AI-like first by the detector's sentence scores (ties: text order). */
function worstFirst(draft: Draft, text: string, detection: ReturnType<TextDetector['detect']>): number[] {
  const spans = splitSentences(text);
  const score = spans.map((s) => {
    let best = -1;
    for (const d of detection.sentences) if (d.start < s.end && d.end > s.start) best = Math.max(best, d.aiScore);
    return best;
  });
  return draft.sentences.map((_, i) => i).sort((a, b) => score[b] - score[a] || a - b);
}

/**
 * Rewrites start from the text as a careful person would retype it: no look-alike letters or
 * invisible characters, and in English no obvious typos.
 */
function retyped(input: string): string {
  const cleaned = cleanArtefacts(input);
  return looksEnglish(cleaned) ? fixTypos(cleaned) : cleaned;
}

/** What the greedy search needs besides its state. */
interface Search {
  detector: TextDetector;
  target: number;
  judge: Judge;
  candidates: CandidateSource;
  local: (sentence: string) => number;
  slack: number;
  sentenceLengths: Map<string, number[]>;
}

/**
 * The greedy search: pass after pass, sentence by sentence (in `firstOrder` on the first pass, most
 * AI-like first after), the candidate edit that lowers the whole text's score most, a wider spread of
 * sentence lengths counting as a gain at `spreadWeight`, until the text scores under the target or a
 * pass changes nothing.
 */
function searchPasses(start: SearchState, firstOrder: readonly number[], search: Search, spreadWeight: number): SearchState {
  const { detector, target, judge, candidates, local, slack, sentenceLengths } = search;
  let state = start;
  let order = firstOrder;
  // A sentence (with its neighbour, for joins) that yielded nothing is not searched again: the
  // later passes only revisit what changed around an edit.
  const settled = new Set<string>();
  for (let pass = 0; pass < PASSES && state.score >= target; pass++) {
    let changed = false;
    if (pass > 0) {
      // Sentences split or joined in the last pass become sentences of their own for this one.
      const current = assemble(state.draft);
      state = { ...state, draft: draftOf(current) };
      order = worstFirst(state.draft, current, detector.detect(current));
    }
    for (const index of order) {
      if (state.score < target) break;
      const { draft } = state;
      if (draft.frozen[index] || draft.sentences[index] === '') continue;
      const key = `${draft.sentences[index]}\n${draft.sentences[index + 1] ?? ''}`;
      if (settled.has(key)) continue;
      // Best of the first few candidates by the whole text's score, not merely the first that helps;
      // the local score ranks word-level edits, while structural ones always get a few tries.
      let tries = 0;
      let structuralTries = 0;
      let best: SearchState | null = null;
      let bestGain = 0;
      const spread = lengthSpread(draft.sentences, sentenceLengths);
      for (const p of proposals(draft, index, candidates, local)) {
        if (p.structural ? structuralTries >= STRUCTURAL_TRIES : tries >= TRIES_PER_SENTENCE || p.localChange > slack) continue;
        const next = judge(state, p);
        if (!next) continue;
        if (p.structural) structuralTries++;
        else tries++;
        // Of the edits that lower the score, the one that lowers it most, counting a wider spread of sentence lengths as a gain too.
        const gain = state.score - next.score + spreadWeight * (lengthSpread(next.draft.sentences, sentenceLengths) - spread);
        if (next.score < state.score && gain > bestGain) {
          best = next;
          bestGain = gain;
        }
      }
      if (best) {
        state = best;
        changed = true;
      } else settled.add(key);
    }
    if (!changed) break;
  }
  return state;
}

export function humanize(input: string, options: HumanizeOptions): HumanizeResult {
  const { detector } = options;
  const target = options.targetScore ?? DEFAULT_TARGET_SCORE;
  const limit = options.maxCandidatesPerSentence ?? DEFAULT_MAX_CANDIDATES;
  const text = retyped(input);
  const detection = detector.detect(text);
  const scoreBefore = text === input ? detection.aiScore : detector.detect(input).aiScore;
  const unchanged: HumanizeResult = { text, scoreBefore, scoreAfter: detection.aiScore, changedSentences: 0, backend: 'builtin' };
  // A text the detector already passes is left as it is, but for a chat preamble, which is no part of the piece.
  const searching = detection.aiScore >= target;
  if ((!searching && !ANY_PREAMBLE.test(text)) || !looksEnglish(text)) return unchanged;

  const reference = invariantReference(text);
  const items = [...reference.items.keys()];
  const contractions = allowsContractions(text);
  const view = lexicalView(detector);
  const lexical = view ? lexicalContext(view, text) : undefined;
  const local = localScorer(detector, lexical);
  const slack = lexical ? LOGIT_SLACK : LOCAL_SLACK;
  const checker = new EditChecker(reference, text, MIN_CONTENT_OVERLAP);
  const judge = judgeWith(detector, checker);
  const start: SearchState = { draft: draftOf(text), score: detection.aiScore, tally: checker.tally(text) };
  const original = [...start.draft.sentences];
  let state = cutPreambles(start, judge, items);
  if (searching) state = cutRepeats(state, judge);

  const originalWords = lexical?.words ?? wordsOf(text);
  const known = new Map<string, Candidate[]>();
  const candidates: CandidateSource = (sentence) => {
    let found = known.get(sentence);
    if (!found) known.set(sentence, (found = sentenceCandidates(sentence, items, contractions, limit, lexical, originalWords)));
    return found;
  };
  const search: Search = { detector, target, judge, candidates, local, slack, sentenceLengths: new Map() };
  if (searching) {
    // Where the first search falls short of the target, the others get their turn; the lowest score is kept.
    const afterCuts = state;
    const inOrder = afterCuts.draft.sentences.map((_, i) => i);
    const orders = { 'worst-first': worstFirst(afterCuts.draft, text, detection), 'in-order': inOrder, reversed: [...inOrder].reverse() };
    for (const [k, plan] of SEARCH_PLANS.entries()) {
      const found = plainWording(searchPasses(afterCuts, orders[plan.order], search, plan.spreadWeight), judge, items, contractions, lexical);
      if (k === 0 || found.score < state.score) state = found;
      if (state.score < target) break;
    }
  }
  const { draft, score } = state;

  const output = assemble(draft);
  if (output === text || !checkInvariants(text, output).ok) return unchanged;
  const kept = new Set(draft.sentences);
  const changedSentences = original.filter((s) => !kept.has(s)).length;
  return { text: output, scoreBefore, scoreAfter: score, changedSentences, backend: 'builtin' };
}

/**
 * Asks the LLM for a rewrite, then holds it to the built-in's standard: every invariant, and a
 * lower detector score. Any failure (error, timeout, breach, no improvement) falls back to the
 * built-in pipeline.
 */
export async function humanizeWithLlm(input: string, options: HumanizeOptions & { llm: LlmRewriter }): Promise<HumanizeResult> {
  const target = options.targetScore ?? DEFAULT_TARGET_SCORE;
  const before = options.detector.detect(input).aiScore;
  const text = retyped(input);
  if (before < target || !looksEnglish(text)) return humanize(input, options);
  let rewritten: string;
  try {
    rewritten = await options.llm.rewrite(text);
  } catch {
    return humanize(input, options);
  }
  // Keep the input's outer whitespace; models trim or add their own.
  const output = text.match(/^\s*/u)![0] + rewritten.trim() + text.match(/\s*$/u)![0];
  if (!checkInvariants(text, output).ok) return humanize(input, options);
  const after = options.detector.detect(output).aiScore;
  if (after >= before) return humanize(input, options);
  const kept = new Set(splitSentences(output).map((s) => s.text));
  const changedSentences = splitSentences(text).filter((s) => !kept.has(s.text)).length;
  return { text: output, scoreBefore: before, scoreAfter: after, changedSentences, backend: 'llm' };
}

