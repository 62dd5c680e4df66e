/**
 * Humanizer engine: rewriting that keeps the meaning, always, as far as the detector asks.
 *
 * Every text is rewritten, whatever the detector thinks of it: each sentence gets its plain
 * wording (phrase tables for stock phrases, transitions and hedges, contractions where the register
 * allows, word swaps checked in context by the human-text language model) and, where a sentence
 * allows it, one structure move for the rhythm. The detector only decides how much more: while the
 * text scores at or above the target, greedy searches try each sentence's candidate rewrites
 * (phrase rules, structure moves that vary the sentence lengths, splits and joins, word swaps),
 * ranked and chosen by the sentence's estimated share of the document's score, with one full
 * detection per pass. Every candidate passes the invariants (names, numbers, quotations, URLs, code,
 * citations, length, language) and keeps enough of the content words. Pure and deterministic: same
 * input, same version, same output. `humanizeChecked` adds the grammar gate (no more grammar issues
 * than the input) and the LLM backend.
 */
import { lexicalView, logitBreakdown, type Detection, type TextDetector } from '../text-detect/index.ts';
import type { DiffOperation } from '../grammar/index.ts';
import { splitSentences, type SentenceSpan } from '../shared/sentences.ts';
import { cleanArtefacts } from './clean.ts';
import { checkInvariants, contentWordOverlap, EditChecker, invariantReference, looksEnglish, sentencesWithoutCounterpart, type Tally } from './invariants.ts';
import { lexicalContext, lexicalRewrites, wordsOf, type LexicalContext } from './lexical.ts';
import { openAiCompatibleRewriter, type LlmRewriter } from './llm.ts';
import { contract, dropPreamble, phraseEdits, phraseTables, replacePhrases, type PhraseTables } from './phrases.ts';
import { mask, NUMBER_WORD, spanningItems, unmask, type Span } from './protect.ts';
import { dropAndComma, dropIntroComma, dropSerialComma, dropThat, joinLong, joinShort, moveAdverbIn, moveClauseBack, moveClauseFront, moveParticipleBack, pronounSubject, splitLong, splitBecause, splitParticiple, splitSubjectWhich, splitWhich, splitWho, splitPredicates, simplePast, splitSubjectParticiple, replaceColon, splitFrontParticiple, splitTrailingAction, splitWhile, splitWithClause, splitAbsolute, frontTimePhrase, joinWhich, joinSemicolon, bracketAppositive, splitIncluding, coordinateTrailingAction, mergeRelativeClause } from './structure.ts';
import { moveAttributionBack, swapAttribution } from './rephrase.ts';
import { fixTypos } from './typos.ts';
import { lengthSpread } from './rhythm.ts';
import { applySubstitutions, findSubstitutions, forgetTags, type Substitution } from './synonyms.ts';

export { checkInvariants, cleanArtefacts, contentWordOverlap, openAiCompatibleRewriter, sentencesWithoutCounterpart };
export type { LlmRewriter };

export { HUMANIZER_ENGINE_VERSION } from './version.ts';

export interface HumanizeOptions {
  detector: TextDetector;
  /** The detector's verdict on the input, when the caller already has it: not computed again. */
  detection?: Detection;
  /** Search for further edits while the text scores at or above this (default 0.3). */
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
/** Word-level candidates tried per sentence and pass before moving on. */
const TRIES_PER_SENTENCE = 20;
/** Each pass starts from the sentences the previous passes rewrote, so edits compound. */
const PASSES = 8;
/**
 * Sentence visits of all searches together, at most: a short text gets every plan's passes, a
 * 2,000-word one (about 100 sentences) a few passes, so its rewrite stays within a few seconds.
 */
const SEARCH_VISITS = 500;
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
  const guarded = spanningItems(text);
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
function sentenceCandidates(sentence: string, items: readonly string[], contractions: boolean, limit: number, lexical: LexicalContext | undefined, originalWords: ReadonlySet<string>, tables: PhraseTables): Candidate[] {
  const { text: masked, items: used } = mask(sentence, items);
  const variants: Candidate[] = [];
  const add = (v: string | null, structural = false): void => {
    if (v !== null && !variants.some((c) => c.text === v)) variants.push({ text: v, structural });
  };
  const register = (v: string): string => (contractions ? contract(v) : v);
  const phrased = [0, 1, 2].map((variant) => replacePhrases(masked, variant, tables));
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
  for (const edit of phraseEdits(masked, MAX_SINGLE_EDITS, tables)) add(register(edit));
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
 * The plain wording of every sentence, several moves at once: every phrase rule (first
 * alternatives, in the text's register), the sentence's checked word swaps on top, and a structure
 * move or two on that. One sentence at a time, the fullest rewrite is kept wherever it keeps every
 * invariant and the estimated score rises by no more than `slack`, else the first single phrase edit
 * that does. This is the rewrite every text gets, whatever the detector thinks of it.
 */
function plainWording(state: SearchState, judge: Judge, items: readonly string[], contractions: boolean, lexical: LexicalContext | undefined, slack: number, tables: PhraseTables): SearchState {
  let current = state;
  current.draft.sentences.forEach((sentence, index) => {
    if (current.draft.frozen[index] || sentence === '') return;
    const { text: masked, items: used } = mask(sentence, items);
    const register = (v: string): string => (contractions ? contract(v) : v);
    const plain = register(replacePhrases(masked, 0, tables));
    const swapped = lexical ? lexicalRewrites(plain, used, lexical).at(-1) : undefined;
    const fullest = swapped ?? plain;
    const restructured = STRUCTURE_MOVES.map((move) => move(fullest)).filter((v): v is string => v !== null).slice(0, PLAIN_STRUCTURAL);
    // Where the full rewrite scores worse, single phrase edits still may not.
    for (const candidate of [...restructured, swapped, plain, ...phraseEdits(masked, PLAIN_SINGLE_EDITS, tables).map(register)]) {
      if (candidate === undefined) continue;
      const rewritten = unmask(candidate, used);
      if (rewritten === sentence) continue;
      const next = judge(current, { index, sentences: [rewritten], structural: false, localChange: 0 });
      if (next && next.score <= current.score + slack) {
        current = next;
        return;
      }
    }
  });
  return current;
}

/**
 * The last resort of a text that has no plain rewording at all (short plain sentences, no stock wording): the
 * first edit of the full candidate search (word swaps, structure moves, joins) that keeps every
 * invariant, the least AI-like by the local score first, in the first sentence that has one.
 */
function firstRewrite(state: SearchState, candidates: CandidateSource, local: (sentence: string) => number, judge: Judge): SearchState {
  for (let index = 0; index < state.draft.sentences.length; index++) {
    if (state.draft.frozen[index] || state.draft.sentences[index] === '') continue;
    for (const p of proposals(state.draft, index, candidates, local)) {
      const next = judge(state, p);
      if (next) return next;
    }
  }
  return state;
}

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

/**
 * The search's current text: its sentences, the estimated change of its detector logit since the
 * search began (the sum of the edited sentences' local score changes; a full detection is made once
 * per pass, not once per candidate) and the invariant checker's tally of it.
 */
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
 * estimated change of the text's score: the local scores of the new sentences less the old ones'.
 */
function judgeWith(local: (sentence: string) => number, checker: EditChecker): Judge {
  const localOf = (sentences: readonly string[]): number => sentences.reduce((sum, s) => sum + (s === '' ? 0 : local(s)), 0);
  return (state, p) => {
    const next = apply(state.draft, p);
    const count = p.sentences.length;
    const before = stretch(state.draft, p.index, count);
    const after = stretch(next, p.index, count);
    if (!keepsOpeningNumber(before, after) || lowerStarts(after) > lowerStarts(before)) return null;
    const tally = checker.check(state.tally, before, after, () => assemble(next));
    if (!tally) return null;
    const change = localOf(p.sentences) - localOf(state.draft.sentences.slice(p.index, p.index + count));
    return { draft: next, score: state.score + change, tally };
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

/**
 * Sentences that open with a lower-case letter: a split may not start one with a protected word
 * that keeps its case ("... four sports only. two other sports ...").
 */
const lowerStarts = (text: string): number => text.match(/(?:^|[.!?]["”’)]?\s+)\p{Ll}/gu)?.length ?? 0;

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
  /** Sentence visits left (SEARCH_VISITS), shared by the plans. */
  visits: { left: number };
}

/**
 * The greedy search: pass after pass, sentence by sentence (in `firstOrder` on the first pass, most
 * AI-like first after), the candidate edit that lowers the estimated score most, a wider spread of
 * sentence lengths counting as a gain at `spreadWeight`, until a pass changes nothing or the text,
 * detected once after each pass, scores under the target. Returns the state and its detected score.
 */
function searchPasses(start: SearchState, firstOrder: readonly number[], search: Search, spreadWeight: number): { state: SearchState; detected: number } {
  const { detector, target, judge, candidates, local, slack, sentenceLengths, visits } = search;
  let state = start;
  let order = firstOrder;
  let detected = Infinity;
  // A sentence (with its neighbour, for joins) that yielded nothing is not searched again: the
  // later passes only revisit what changed around an edit.
  const settled = new Set<string>();
  for (let pass = 0; pass < PASSES && visits.left > 0; pass++) {
    let changed = false;
    for (const index of order) {
      const { draft } = state;
      if (draft.frozen[index] || draft.sentences[index] === '') continue;
      const key = `${draft.sentences[index]}\n${draft.sentences[index + 1] ?? ''}`;
      if (settled.has(key)) continue;
      if (visits.left-- <= 0) break;
      // Best of the first few candidates, not merely the first that helps; the local score ranks
      // word-level edits, while structural ones always get a few tries.
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
        if (gain > bestGain && (next.score < state.score || p.structural)) {
          best = next;
          bestGain = gain;
        }
      }
      if (best) {
        state = best;
        changed = true;
      } else settled.add(key);
    }
    if (!changed && pass > 0) break;
    // Sentences split or joined in this pass become sentences of their own for the next one.
    const current = assemble(state.draft);
    const detection = detector.detect(current);
    detected = detection.aiScore;
    if (detected < target || !changed) break;
    state = { ...state, draft: draftOf(current) };
    order = worstFirst(state.draft, current, detection);
  }
  return { state, detected };
}

/** The detector's score of the input and of the text the rewrite starts from (they differ when retyping fixed something). */
function startingScores(input: string, text: string, options: HumanizeOptions): { before: number; start: Detection } {
  const given = options.detection;
  const start = given && text === input ? given : options.detector.detect(text);
  const before = given ? given.aiScore : text === input ? start.aiScore : options.detector.detect(input).aiScore;
  return { before, start };
}

export function humanize(input: string, options: HumanizeOptions): HumanizeResult {
  const { detector } = options;
  const target = options.targetScore ?? DEFAULT_TARGET_SCORE;
  const limit = options.maxCandidatesPerSentence ?? DEFAULT_MAX_CANDIDATES;
  forgetTags();
  const text = retyped(input);
  const { before: scoreBefore, start: detection } = startingScores(input, text, options);
  const unchanged: HumanizeResult = { text, scoreBefore, scoreAfter: detection.aiScore, changedSentences: 0, backend: 'builtin' };
  if (!looksEnglish(text)) return unchanged;

  const reference = invariantReference(text);
  const items = [...reference.items.keys()];
  const contractions = allowsContractions(text);
  const view = lexicalView(detector);
  const lexical = view ? lexicalContext(view, text, (s) => logitBreakdown(detector, s)?.parts) : undefined;
  const localScores = new Map<string, number>();
  const scorer = localScorer(detector, lexical);
  const local = (s: string): number => {
    let found = localScores.get(s);
    if (found === undefined) localScores.set(s, (found = scorer(s)));
    return found;
  };
  const slack = lexical ? LOGIT_SLACK : LOCAL_SLACK;
  const checker = new EditChecker(reference, text, MIN_CONTENT_OVERLAP);
  const judge = judgeWith(local, checker);
  const start: SearchState = { draft: draftOf(text), score: 0, tally: checker.tally(text) };
  const original = [...start.draft.sentences];
  // Every text gets its plain wording; a text the detector still flags gets the searches on top.
  const tables = phraseTables(text);
  const cut = cutPreambles(start, judge, items);
  const originalWords = lexical?.words ?? wordsOf(text);
  const known = new Map<string, Candidate[]>();
  const candidates: CandidateSource = (sentence) => {
    let found = known.get(sentence);
    if (!found) known.set(sentence, (found = sentenceCandidates(sentence, items, contractions, limit, lexical, originalWords, tables)));
    return found;
  };
  const wordedAtNoCost = plainWording(cut, judge, items, contractions, lexical, 0, tables);
  // Where no rewrite lowers the estimated score, the text is rewritten all the same: the score decides how much, never whether.
  const worded = wordedAtNoCost === cut ? plainWording(cut, judge, items, contractions, lexical, Infinity, tables) : wordedAtNoCost;
  const plain = worded === cut ? firstRewrite(cut, candidates, local, judge) : worded;
  const plainText = assemble(plain.draft);
  const plainDetection = plain === start ? detection : detector.detect(plainText);
  let state = plain;
  let score = plainDetection.aiScore;

  const search: Search = { detector, target, judge, candidates, local, slack, sentenceLengths: new Map(), visits: { left: SEARCH_VISITS } };
  if (score >= target) {
    // Where the first search falls short of the target, the others get their turn; the lowest score is kept.
    const inOrder = plain.draft.sentences.map((_, i) => i);
    const orders = { 'worst-first': worstFirst(plain.draft, plainText, plainDetection), 'in-order': inOrder, reversed: [...inOrder].reverse() };
    for (const plan of SEARCH_PLANS) {
      if (search.visits.left <= 0) break;
      const found = searchPasses(plain, orders[plan.order], search, plan.spreadWeight);
      if (found.detected < score) {
        state = found.state;
        score = found.detected;
      }
      if (score < target) break;
    }
  }

  const output = assemble(state.draft);
  if (output === text || !checkInvariants(text, output).ok) return unchanged;
  const kept = new Set(state.draft.sentences);
  const changedSentences = original.filter((s) => !kept.has(s)).length;
  return { text: output, scoreBefore, scoreAfter: score, changedSentences, backend: 'builtin' };
}

/**
 * Asks the LLM for a rewrite, then holds it to the built-in's standard: every invariant, enough of
 * the content words kept, and a lower detector score. Any failure (error, timeout, breach, no
 * improvement) falls back to the built-in pipeline.
 */
export async function humanizeWithLlm(input: string, options: HumanizeOptions & { llm: LlmRewriter }): Promise<HumanizeResult> {
  const text = retyped(input);
  if (!looksEnglish(text)) return humanize(input, options);
  const { before } = startingScores(input, text, options);
  let rewritten: string;
  try {
    rewritten = await options.llm.rewrite(text);
  } catch {
    return humanize(input, options);
  }
  // Keep the input's outer whitespace; models trim or add their own.
  const output = text.match(/^\s*/u)![0] + rewritten.trim() + text.match(/\s*$/u)![0];
  if (!checkInvariants(text, output).ok || contentWordOverlap(text, output) < MIN_CONTENT_OVERLAP) return humanize(input, options);
  const after = options.detector.detect(output).aiScore;
  if (after >= before) return humanize(input, options);
  const kept = new Set(splitSentences(output).map((s) => s.text));
  const changedSentences = splitSentences(text).filter((s) => !kept.has(s.text)).length;
  return { text: output, scoreBefore: before, scoreAfter: after, changedSentences, backend: 'llm' };
}

/** What the grammar gate needs of the grammar engine: its corrections of a text, as edits. */
export interface GrammarCheck {
  correct(text: string, variant: 'auto'): Promise<{ diff: readonly DiffOperation[] }>;
}

/** Grammar-repair rounds: each takes the grammar engine's corrections of the sentences the rewrite wrote. */
const GRAMMAR_REPAIRS = 2;

/** A blank line and the whitespace around it: what separates paragraphs (as the invariants count them). */
const PARAGRAPH_BREAK = /((?:\r?\n|\r)[^\S\r\n]*(?:\r?\n|\r)\s*)/u;

/**
 * The text cut at its blank lines: paragraphs at even indices, the breaks between them at odd ones.
 * The rewrite keeps the paragraph count (an invariant), so the input's and output's pieces pair up.
 */
const paragraphPieces = (text: string): string[] => text.split(PARAGRAPH_BREAK);

const PIECE_JOIN = '\n\n';

/**
 * The grammar engine's corrections of each of `pieces` (code-point offsets into each, as the
 * engine gives them), from one reading of them all: each reading has a fixed cost, and the engine
 * never edits across a blank line.
 */
async function correctionsOf(grammar: GrammarCheck, pieces: readonly string[]): Promise<DiffOperation[][]> {
  const out: DiffOperation[][] = pieces.map(() => []);
  if (pieces.length === 0) return out;
  const starts: number[] = [];
  let at = 0;
  for (const p of pieces) {
    starts.push(at);
    at += [...p].length + PIECE_JOIN.length;
  }
  const { diff } = await grammar.correct(pieces.join(PIECE_JOIN), 'auto');
  for (const op of diff) {
    let k = starts.length - 1;
    while (k > 0 && starts[k] > op.start) k--;
    out[k].push({ ...op, start: op.start - starts[k], end: op.end - starts[k] });
  }
  return out;
}

/** The sentences of `paragraph` that are not among `others`. */
const sentencesNotIn = (paragraph: string, others: ReadonlySet<string>): SentenceSpan[] => splitSentences(paragraph).filter((s) => !others.has(s.text));
const sentenceSet = (paragraph: string): Set<string> => new Set(splitSentences(paragraph).map((s) => s.text));

/** `sentence` with the grammar engine's corrections of it applied (code-point offsets). */
function corrected(sentence: string, diff: readonly DiffOperation[]): string {
  const chars = [...sentence];
  for (const op of [...diff].sort((a, b) => b.start - a.start)) chars.splice(op.start, op.end - op.start, op.corrected);
  return chars.join('');
}

/**
 * The humanizer as the service runs it: the LLM's rewrite when one is configured, else the built-in
 * one, then the grammar gate: in no paragraph may the sentences the rewrite wrote have more grammar
 * issues than the input's sentences they replaced. The sentences both share count the same on both
 * sides, so the engine reads only the rewrite's own sentences (each once per call, all in one
 * reading per round), and the replaced ones only where the rewrite's have an issue: about half a
 * reading of the text where it used to take one or two. A paragraph with more issues takes the
 * engine's corrections of its own sentences (up to GRAMMAR_REPAIRS rounds, kept only where every
 * invariant and the content-word overlap still hold), else it comes back as retyped, unrewritten.
 */
export async function humanizeChecked(input: string, options: HumanizeOptions & { grammar: GrammarCheck; llm?: LlmRewriter }): Promise<HumanizeResult> {
  const { llm, grammar } = options;
  const result = llm ? await humanizeWithLlm(input, { ...options, llm }) : humanize(input, options);
  const before = paragraphPieces(input);
  const pieces = paragraphPieces(result.text);
  // Paragraphs that do not pair up (not expected: the invariants keep their count) are gated as one.
  const [outputs, originals] = pieces.length === before.length ? [pieces, before] : [[result.text], [input]];
  const keeps = (i: number, paragraph: string): boolean => {
    const text = outputs.map((p, k) => (k === i ? paragraph : p)).join('');
    return checkInvariants(input, text).ok && contentWordOverlap(input, text) >= MIN_CONTENT_OVERLAP;
  };
  // Every sentence read is remembered for the call: a repaired paragraph's other sentences are not read again.
  const read = new Map<string, DiffOperation[]>();
  const readAll = async (sentences: readonly SentenceSpan[]): Promise<void> => {
    const unread = [...new Set(sentences.map((s) => s.text).filter((s) => !read.has(s)))];
    (await correctionsOf(grammar, unread)).forEach((diff, k) => read.set(unread[k], diff));
  };
  const issues = (sentences: readonly SentenceSpan[]): number => sentences.reduce((n, s) => n + read.get(s.text)!.length, 0);
  const own = (i: number): SentenceSpan[] => sentencesNotIn(outputs[i], sentenceSet(originals[i]));
  const allowed = new Map<number, number>();
  const giveBack: number[] = [];
  let pending = outputs.map((_, i) => i).filter((i) => i % 2 === 0 && outputs[i] !== originals[i]);
  for (let round = 0; pending.length > 0; round++) {
    await readAll(pending.flatMap(own));
    const flagged = pending.filter((i) => issues(own(i)) > 0);
    // The input's replaced sentences are read only where the rewrite's have an issue, and once.
    const replaced = new Map(flagged.filter((i) => !allowed.has(i)).map((i) => [i, sentencesNotIn(originals[i], sentenceSet(outputs[i]))]));
    await readAll([...replaced.values()].flat());
    for (const [i, sentences] of replaced) allowed.set(i, issues(sentences));
    const next: number[] = [];
    for (const i of flagged) {
      const sentences = own(i);
      if (issues(sentences) <= allowed.get(i)!) continue;
      let repaired = outputs[i];
      if (round < GRAMMAR_REPAIRS) for (const s of [...sentences].reverse()) repaired = repaired.slice(0, s.start) + corrected(s.text, read.get(s.text)!) + repaired.slice(s.end);
      if (repaired === outputs[i] || !keeps(i, repaired)) giveBack.push(i);
      else {
        outputs[i] = repaired;
        next.push(i);
      }
    }
    pending = next;
  }
  if (giveBack.length > 0) {
    // The fallback keeps the retyping (no look-alike letters, typos fixed): the invariants expect that much.
    const retypedPieces = paragraphPieces(retyped(input));
    if (retypedPieces.length === outputs.length) for (const i of giveBack) outputs[i] = retypedPieces[i];
  }
  const text = outputs.join('');
  return text === result.text ? result : { ...result, text, scoreAfter: options.detector.detect(text).aiScore };
}
