/**
 * Commonly confused words (their/there/they're, its/it's, then/than, affect/effect, ...): a word of
 * such a set is changed into another member only when the words on BOTH sides prefer that member in
 * the pair counts (ngrams.ts), neither side against it and the two together by a clear margin. One
 * neighbour alone decides nothing: "in their right to earn" keeps "their" ("in their" is common).
 * The sets are facts of English usage, not another checker's rules.
 */
import type { Proposal, Rule } from './rule.ts';
import { neighbours, type LanguageModel } from './ngrams.ts';
import { abbreviationFollows, isNameAt } from './names.ts';
import { matchCase } from './spelling.ts';
import { COMMON_PREPOSITIONS } from './data/function-words.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

/** Commonly confused words (facts of English usage), each member written for another of its set; the eval injects them too. */
export const CONFUSABLE_SETS: ReadonlyArray<readonly string[]> = [
  ['their', 'there', "they're"],
  ['its', "it's"],
  ['your', "you're", 'you'],
  ['then', 'than'],
  ['to', 'too'],
  ['affect', 'effect'],
  ['affects', 'effects'],
  ['affected', 'effected'],
  ['lose', 'loose'],
  ['whose', "who's"],
  ['accept', 'except'],
  ['weather', 'whether'],
  ['quiet', 'quite'],
  ['principal', 'principle'],
  ['advice', 'advise'],
  ['passed', 'past'],
  ['breath', 'breathe'],
];
/** The possessive members of the sets. */
const POSSESSIVE = new Set(['its', 'your', 'their', 'whose']);
/** "with you letter" → your; not "win you games" (two objects): "you" only after a preposition. */
const BEFORE_YOU_AS_YOUR = new Set(['with', 'of', 'for', 'about', 'in', 'on', 'at', 'from', 'by', 'into', 'through']);
/** Each member with the others of its set. */
const OTHERS = new Map(CONFUSABLE_SETS.flatMap((set) => set.map((w) => [w, set.filter((x) => x !== w)] as const)));

/**
 * Words that take the same next words as a member, for when the pair counts never saw the member
 * before the next word: "its tail" unseen, "his tail" and "their tail" seen.
 */
const POSSESSIVES = ['his', 'her', 'their', 'my', 'your', 'our', 'its'];
const LIKE = withoutPrototype<readonly string[]>({
  its: POSSESSIVES,
  your: POSSESSIVES,
  you: ['you', 'me', 'him', 'them', 'us'],
  their: POSSESSIVES,
  whose: POSSESSIVES,
  "it's": ["it's", "that's", "he's", "she's", 'is'],
  "you're": ["you're", "we're", "they're"],
  "they're": ["you're", "we're", "they're"],
  "who's": ["who's", "he's", "she's", "it's"],
});

/** log10 margins each side must be for the change (not against it), and both sides together. */
const SIDE_FOR = 0;
const TOGETHER = 1.5;
/** log10: how far a silent side's smoothed estimate may lean against the change. */
const SIDE_AGAINST = -0.3;
/** log10 margin one side must give alone where the other side has no word. */
const ONE_SIDED = 2;

interface SideEvidence {
  /** log10 of how much likelier the alternative is after the previous word than the word as written. */
  left: number;
  /** log10 of how much likelier the next word is after the alternative than after the word as written. */
  right: number;
}

/** The evidence of the neighbours (null: no word on that side) for `alternative` over `written`. */
function sideEvidence(lm: LanguageModel, written: string, alternative: string, previous: string | null, next: string | null): SideEvidence {
  return {
    left: previous === null ? 0 : lm.pairLogProb(alternative, previous) - lm.pairLogProb(written, previous),
    right: next === null ? 0 : rightEvidence(lm, written, alternative, next),
  };
}

function rightEvidence(lm: LanguageModel, written: string, alternative: string, next: string): number {
  if (lm.pairCount(alternative, next) + lm.pairCount(written, next) === 0 && LIKE[written] && LIKE[alternative]) {
    return lm.pooledLogProb(next, LIKE[alternative]) - lm.pooledLogProb(next, LIKE[written]);
  }
  return followLogProb(lm, alternative, next) - followLogProb(lm, written, next);
}

/**
 * log10 P(next | member). A contraction is rare in the pair-model text (few edited texts write
 * "they're"), so where it was never seen before `next` its look-alikes speak for it: "they're ready"
 * unseen, "we're ready" and "you're ready" seen; not "which there ready" for "which they're ready".
 */
function followLogProb(lm: LanguageModel, member: string, next: string): number {
  const own = lm.pairLogProb(next, member);
  if (lm.pairCount(member, next) > 0 || !member.includes("'") || !LIKE[member]) return own;
  return Math.max(own, lm.pooledLogProb(next, LIKE[member]));
}

/**
 * True when both neighbours prefer `alternative`: each side for it by a margin and both together
 * clearly. A side is silent where it has no word (punctuation, a number) or the counts never saw
 * either member there ("honestly its", "honestly it's"); the other side must then be decisive alone.
 */
function bothSidesPrefer(e: SideEvidence, speaks: { left: boolean; right: boolean }): boolean {
  if (!speaks.left && !speaks.right) return false;
  // The silent side may not lean against it ("which they're prepared": "they're prepared" unseen, "there prepared" rarer still).
  if (!speaks.left || !speaks.right) return (speaks.left ? e.left : e.right) >= ONE_SIDED && (speaks.left ? e.right : e.left) >= SIDE_AGAINST;
  return e.left >= SIDE_FOR && e.right >= SIDE_FOR && e.left + e.right >= TOGETHER;
}

/** Whether each neighbour has counts with either member (pooled look-alikes count for the right side). */
function sidesSpeak(lm: LanguageModel, written: string, alternative: string, previous: string | null, next: string | null): { left: boolean; right: boolean } {
  const pooled = (w: string) => (next !== null && LIKE[w] ? LIKE[w].some((x) => lm.pairCount(x, next) > 0) : false);
  return {
    left: previous !== null && lm.pairCount(previous, written) + lm.pairCount(previous, alternative) > 0,
    right: next !== null && (lm.pairCount(written, next) + lm.pairCount(alternative, next) > 0 || (pooled(written) && pooled(alternative))),
  };
}

/**
 * "its successful formula", "its not guilty verdict", "your own brilliant idea": adverbs and adjectives
 * then a noun after the written possessive make a noun phrase it determines, so it is no contraction.
 */
function possessiveBeforeNounPhrase(text: string, end: number, lexicon: Adjectives): boolean {
  // The words up to the clause's next punctuation.
  const following = text.slice(end, end + 80).split(/[.,;:!?()"“”]/u)[0].split(/\s+/u).filter((w) => /^\p{L}+$/u.test(w));
  let adjective = false;
  for (const word of following.slice(0, 4).map((w) => w.toLowerCase())) {
    const noun = lexicon.lemmatize(word, 'noun').length > 0;
    const adj = lexicon.lemmatize(word, 'adj').length > 0;
    const adv = lexicon.lemmatize(word, 'adv').length > 0 || word === 'not';
    if (noun && !adj && !adv) return adjective;
    if (adj) adjective = true;
    else if (!adv) return false;
  }
  return false;
}

/** log10: how far a side may be against a change harper's own grammar proposes. */
const HARPER_SIDE_AGAINST = -0.5;

/**
 * True when harper's change of the confusable word text[start, end) into `alternative` has the
 * neighbours' consent: harper proposes it from the sentence's grammar, so the counts need not prefer
 * it, but neither side may speak clearly against it, nor both together ("in their right to earn":
 * "in their" is far commoner than "in there"), unless one side is decisive and both together favour it.
 * A possessive before a noun phrase is never made a contraction ("its very best wishes").
 */
export function contextAllows(text: string, start: number, end: number, alternative: string, lm: LanguageModel, lexicon: Adjectives): boolean {
  const written = text.slice(start, end).toLowerCase().replace(/’/g, "'");
  const alt = alternative.toLowerCase().replace(/’/g, "'");
  if (formForbids(text, start, end, written, alt, lexicon)) return false;
  const { previous, next } = leftClass(neighbours(text, start, end), written, alternative, lexicon);
  // The infinitive's "to" outweighs every count beside to/too: the rules that propose it read the grammar.
  if (written === 'to' || alt === 'to') return true;
  const e = sideEvidence(lm, written, alt, previous, next);
  // "is to late": "is to" is common, but "too late" is decisive on its side and both together favour it.
  if (Math.max(e.left, e.right) >= ONE_SIDED && e.left + e.right >= TOGETHER) return true;
  return e.left >= HARPER_SIDE_AGAINST && e.right >= HARPER_SIDE_AGAINST && e.left + e.right >= 0;
}

/** What the confusable test needs of the Lexicon. */
interface Adjectives {
  lemmatize(word: string, pos: 'adj' | 'noun' | 'adv'): string[];
}

/**
 * What the sentence's form rules out whatever the counts say, for harper's confusable lints and our own
 * rule alike: a part of a hyphenated compound, "too" as a degree adverb, a possessive before its noun phrase.
 */
function formForbids(text: string, start: number, end: number, written: string, alternative: string, lexicon: Adjectives): boolean {
  if (inCompound(text, start, end) || degreeToo(text, end, written, alternative, lexicon)) return true;
  return POSSESSIVE.has(written) && !POSSESSIVE.has(alternative) && possessiveBeforeNounPhrase(text, end, lexicon);
}

/** A part of a hyphenated compound ("a lose-lose deal", "a then-president"): the compound is the word. */
function inCompound(text: string, start: number, end: number): boolean {
  return /[-‐]/u.test(text[start - 1] ?? '') || /[-‐]/u.test(text[end] ?? '');
}

/**
 * "too" before an adjective or an adverb that ends its phrase is the degree adverb ("is too present
 * in my mind", "too often."), whatever the pair counts of "to" say: not changed to "to". Before an
 * adjective of a noun it is not ("attribute too various objects").
 */
function degreeToo(text: string, end: number, written: string, alternative: string, lexicon: Adjectives): boolean {
  if (written !== 'too' || alternative !== 'to') return false;
  const m = /^\s+(\p{L}+)(?:\s+(\S+))?/u.exec(text.slice(end, end + 60));
  if (!m) return false;
  const next = m[1].toLowerCase();
  if (lexicon.lemmatize(next, 'adj').length === 0 && lexicon.lemmatize(next, 'adv').length === 0) return false;
  // An adverb in -ly that is no adjective modifies a verb or an adjective: "too truly", "too quickly" say how much.
  if (/ly$/.test(next) && lexicon.lemmatize(next, 'adj').length === 0) return true;
  const after = m[2]?.toLowerCase().replace(/[.,;:!?)"”]+$/u, '');
  return after === undefined || after === '' || AFTER_PREDICATE.has(after);
}

/** Words that follow a predicative adjective rather than a noun it modifies ("too present in", "too late to"). */
const AFTER_PREDICATE = new Set(['in', 'on', 'at', 'to', 'for', 'of', 'with', 'from', 'by', 'about', 'and', 'or', 'but', 'that', 'than', 'as', 'so', 'because', 'if', 'when', 'now', 'then', 'again', 'too', 'anyway']);

/** Comparatives and words that take "than" without the -er of an adjective. */
const COMPARATIVE_WORDS = /^(better|worse|rather|less|fewer|other|more)$/;

/** True when a comparative ("better", "more", "taller") stands earlier in the sentence of the word at `start`. */
function comparativeBefore(text: string, start: number, lexicon: Adjectives): boolean {
  const sentence = text.slice(Math.max(0, start - 200), start).split(/[.!?;]\s/u).at(-1) ?? '';
  return sentence.toLowerCase().split(/[^\p{L}]+/u).some((w) => COMPARATIVE_WORDS.test(w) || (/er$/.test(w) && lexicon.lemmatize(w, 'adj').some((l) => l !== w)));
}

/**
 * "taller then" is seldom counted, "more than" often: a comparative before then/than is read as
 * "more" (the class's commonest member), so the comparative's evidence is not lost to sparse counts.
 */
function leftClass<T extends { previous: string | null }>(around: T, written: string, alternative: string, lexicon: Adjectives): T {
  const p = around.previous;
  if (p === null || (written !== 'than' && alternative !== 'than')) return around;
  const comparative = COMPARATIVE_WORDS.test(p) || (/er$/.test(p) && lexicon.lemmatize(p, 'adj').some((l) => l !== p));
  return comparative ? { ...around, previous: 'more' } : around;
}

/** True when `a` and `b` (any case) are members of one confusable set. */
export function confusable(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/’/g, "'");
  return OTHERS.get(x)?.includes(b.toLowerCase().replace(/’/g, "'")) ?? false;
}

export const confusableWords: Rule = {
  id: 'confusable',
  category: 'grammar',
  description: 'a commonly confused word the words on both sides show to be the other one (the weather will effect → affect)',
  apply(text, _tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    for (const m of text.matchAll(/\p{L}+(?:['’]\p{L}+)*/gu)) {
      const written = m[0].toLowerCase().replace(/’/g, "'");
      const others = OTHERS.get(written);
      if (!others || isNameAt(text, m[0], m.index)) continue;
      // "If fish utilize more then chances grow": after an opening if/when, "then" may start the answering clause.
      if (written === 'then' && /\b(if|when|once)\b[^.!?]*$/i.test(text.slice(0, m.index))) continue;
      // "figure that out too.": before a clause's end "too" is the adverb; "to" never ends one there.
      if (written === 'too' && /^\s*[.,;:!?)"”—–-]/u.test(text.slice(m.index + m[0].length))) continue;
      // "of there being no harm", "their being late": both are English before "being".
      if ((written === 'there' || written === 'their') && /^\s+being\b/iu.test(text.slice(m.index + m[0].length))) continue;
      // "better for her to marry you than be single": a comparative earlier in the sentence takes "than".
      if (written === 'than' && comparativeBefore(text, m.index, lexicon)) continue;
      // "it was past its best": after be, "past" before a determiner is the preposition; a passive takes no object.
      if (written === 'past' && /\b(?:is|was|are|were|be|been|being)\s+$/iu.test(text.slice(Math.max(0, m.index - 8), m.index)) && /^\s+(?:its|his|her|their|my|your|our|the|a)\b/iu.test(text.slice(m.index + m[0].length))) continue;
      // "I too know": after a subject pronoun "too" means "also"; "from 2006 to late 2007": "to" after a
      // number, or closing a "from" span, is the range's.
      if (written === 'too' && /\b(i|we|you|he|she|they)\s+$/iu.test(text.slice(Math.max(0, m.index - 6), m.index))) continue;
      if (written === 'to' && (/\d\s+$/u.test(text.slice(0, m.index)) || /\bfrom\s+(\S+\s+){0,5}$/iu.test(text.slice(Math.max(0, m.index - 80), m.index)))) continue;
      const start = m.index;
      const end = start + m[0].length;
      // "all evil, to crazy Ahab, were": a word and a name after "to" make it the preposition ("too crazy Ahab" is no English).
      if (written === 'to' && /^\s+\p{Ll}+\s+\p{Lu}\p{Ll}/u.test(text.slice(end, end + 40))) continue;
      let best: { word: string; score: number } | null = null;
      for (const alternative of others) {
        const { previous, next } = leftClass(neighbours(text, start, end), written, alternative, lexicon);
        if (previous === null && next === null) continue;
        if (formForbids(text, start, end, written, alternative, lexicon)) continue;
        if (written === 'you' && (previous === null || !BEFORE_YOU_AS_YOUR.has(previous))) continue;
        // "they're two very hard matches", "it's 10 years": a number after a contraction is its complement.
        if (POSSESSIVE.has(alternative) && next !== null && /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|million)$/.test(next)) continue;
        // A possessive stands before a noun: "and it's legal" keeps its verb ("its" needs "its tail").
        if (POSSESSIVE.has(alternative) && next !== null && lexicon.lemmatize(next, 'noun').length === 0) continue;
        // Nor before an abbreviation: "for you e.g. makes", where the letter is no noun.
        if (POSSESSIVE.has(alternative) && abbreviationFollows(text, end)) continue;
        const e = sideEvidence(lm, written, alternative, previous, next);
        // "you" for "you're" ("so you're hear") needs twice the evidence: "because you're laid there" is speech.
        if (alternative === 'you' && e.left + e.right < 2 * TOGETHER) continue;
        if (bothSidesPrefer(e, sidesSpeak(lm, written, alternative, previous, next)) && (!best || e.left + e.right > best.score)) best = { word: alternative, score: e.left + e.right };
      }
      if (best) out.push({ start, end, replacement: matchCase(m[0], m[0].includes('’') ? best.word.replace(/'/g, '’') : best.word) });
    }
    return out;
  },
};

/** A written pair seen at most this often is unattested; the alternative's pair must be seen this many times over. */
const UNATTESTED = 0;
const ATTESTED = 10;
/** How often the written pair would occur by chance for its absence to count against it. */
const EXPECTED_BY_CHANCE = 1.5;
/** How many times its chance count a pair must occur to be a collocation ("attempted to": 20 times). */
const COLLOCATION = 8;
/** Both sides together, log10: the alternative reading must be this much likelier. */
const PREPOSITION_MARGIN = 2;

/**
 * A preposition after a word it never follows in the counts, where another preposition follows that
 * word often and fits the next word at least as well: "interested on sport" → "in", "the age about
 * 25" → "of". Both neighbours must agree, as for the confusable words.
 */
export const fixedPhrasePreposition: Rule = {
  id: 'preposition-in-phrase',
  category: 'grammar',
  description: 'a preposition the word before never takes, where another one it takes fits both neighbours (interested on → interested in)',
  apply(text, _tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    for (const m of text.matchAll(/(?<![\p{L}'’-])(\p{L}+)(?![\p{L}'’-])/gu)) {
      const written = m[0];
      if (!COMMON_PREPOSITIONS.includes(written)) continue;
      const start = m.index;
      const end = start + written.length;
      const { previous, next } = neighbours(text, start, end);
      if (previous === null || next === null || previous === '<s>' || lm.pairCount(previous, written) > UNATTESTED || lm.wordCount(previous) < ATTESTED) continue;
      // An unseen pair says little where the two words are too rare to have met by chance ("reported
      // about"): then only a word that takes the other preposition far above chance is read so ("attempted to").
      const sparse = lm.expectedPairCount(previous, written) < EXPECTED_BY_CHANCE;
      // After a noun a preposition often belongs to the verb ("a centre at Eden", "thefts of flags at
      // addresses"): only an adjective's or a verb's own preposition is a fixed phrase.
      if (lexicon.lemmatize(previous, 'noun').length > 0) continue;
      // "was agreed by him": "by" after a participle names the agent of a passive. "grow steadily into",
      // "a year earlier with": after an adverb or a comparative the preposition is the verb's.
      if (written === 'by' && /(ed|en|wn)$/.test(previous)) continue;
      if (/ly$/.test(previous) || (/er$/.test(previous) && [...lexicon.lemmatize(previous, 'adj'), ...lexicon.lemmatize(previous, 'adv')].some((base) => base !== previous))) continue;
      const fitting: string[] = [];
      for (const alternative of COMMON_PREPOSITIONS) {
        if (alternative === written || lm.pairCount(previous, alternative) < ATTESTED) continue;
        if (sparse && lm.pairCount(previous, alternative) < COLLOCATION * lm.expectedPairCount(previous, alternative)) continue;
        const e = sideEvidence(lm, written, alternative, previous, next);
        if (e.left > 0 && e.right >= 0 && e.left + e.right >= PREPOSITION_MARGIN) fitting.push(alternative);
      }
      // Two that fit ("was described about western writers": in? by?): the counts do not say which was meant.
      // Nor does "by" alone after a participle: the counts see a passive's agent after any verb ("reported about
      // community life" is no "reported by").
      const agentOnly = fitting[0] === 'by' && /(ed|en|wn)$/.test(previous);
      if (fitting.length === 1 && !agentOnly) out.push({ start, end, replacement: fitting[0] });
    }
    return out;
  },
};
