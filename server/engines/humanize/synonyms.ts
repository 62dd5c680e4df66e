/**
 * Safe synonym substitution: a word is replaced only when the part-of-speech tagger (wink-nlp)
 * and the WordNet table agree on its part of speech, the word is in a form we can inflect the
 * replacement to exactly (singular or regular plural nouns; base, -s and -ing verbs; plain
 * adjectives and adverbs; regular -ed verbs, when the replacement's past tense and participle are
 * one word), and it is not protected (the text is masked).
 */
import { winkReader } from '../shared/wink.ts';
import { CHOICES, SYNONYMS, type WordNetPos } from './lexicon.ts';
import { naturalSwap } from './naturalness.ts';
import { COMPARATIVE, fixArticles, MASS_AFTER_AMOUNT, PROMINENT_HOLDERS } from './phrases.ts';
import { endsInIrregularVerb, irregularSharedPast, isIrregularVerb } from './verbs.ts';

const nlp = winkReader(['pos']);
const its = nlp.its;

const POS_OF_TAG: Record<string, WordNetPos | undefined> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

export interface Substitution {
  start: number;
  end: number;
  replacement: string;
}

/** Plural / third-person -s form of a regular word, or null when the rules might be wrong. */
function addS(word: string): string | null {
  if (/(?:is|us|um|on|f|fe|man|child|person|foot|tooth|mouse|goose)$/u.test(word)) return null;
  if (/(?:s|x|z|ch|sh)$/u.test(word)) return `${word}es`;
  if (/[^aeiou]y$/u.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** -ing form of a regular verb, or null when consonant doubling might apply. */
function addIng(word: string): string | null {
  if (/[^aeiou][aeiou][^aeiouwxy]$/u.test(word)) return null; // stop -> stopping: not worth the risk
  if (/ie$/u.test(word)) return `${word.slice(0, -2)}ying`;
  if (/[^e]e$/u.test(word)) return `${word.slice(0, -1)}ing`;
  return `${word}ing`;
}

/** Mass nouns: a plural source ("salaries") has no plural replacement ("pays"). */
const NO_PLURAL = new Set(['pay', 'help', 'use', 'calm', 'sadness', 'joy', 'fear', 'energy', 'passion', 'friendship', 'unease', 'skill', 'length', 'din', 'comfort']);

/** Past tense (= past participle) of a verb, or null when it might be irregular or need doubling. */
function addEd(word: string): string | null {
  // An irregular verb needs a past that also serves as its participle ("held", not "saw"/"seen").
  if (isIrregularVerb(word)) return irregularSharedPast(word);
  if (word.includes(' ') || endsInIrregularVerb(word)) return null;
  if (/[^aeiou][aeiou][^aeiouwxy]$/u.test(word)) return null; // admit -> admitted: not worth the risk
  if (/e$/u.test(word)) return `${word}d`;
  if (/[^aeiou]y$/u.test(word)) return `${word.slice(0, -1)}ied`;
  return `${word}ed`;
}

/** A replacement already in -s ("works", "news") may be plural or mass: no plural of it is safe. */
const pluralOf = (word: string): string | null => (NO_PLURAL.has(word) || /[^s]s$/u.test(word) ? null : addS(word));

type Table = ReadonlyMap<string, readonly string[]>;

/** The lemma behind an inflected form in a table, with a function that inflects a replacement. */
function analyse(word: string, pos: WordNetPos, table: Table = SYNONYMS[pos]): { lemma: string; inflect: (r: string) => string | null } | null {
  if (table.has(word)) return { lemma: word, inflect: (r) => r };
  if (pos === 'n' || pos === 'v') {
    const inflect = pos === 'n' ? pluralOf : addS;
    for (const lemma of [word.slice(0, -1), word.slice(0, -2), `${word.slice(0, -3)}y`]) {
      if (table.has(lemma) && addS(lemma) === word) return { lemma, inflect };
    }
  }
  if (pos === 'v' && word.endsWith('ed')) {
    // The source form is in the text, so any regular past will do ("discovered", "gazed", "studied",
    // "admitted"); only the replacement's form has to be built safely.
    const doubled = word.length > 4 && word.at(-3) === word.at(-4) ? [word.slice(0, -3)] : [];
    for (const lemma of [word.slice(0, -2), word.slice(0, -1), `${word.slice(0, -3)}y`, ...doubled]) {
      if (table.has(lemma) && !isIrregularVerb(lemma)) return { lemma, inflect: addEd };
    }
  }
  if (pos === 'v' && word.endsWith('ing')) {
    for (const lemma of [word.slice(0, -3), `${word.slice(0, -3)}e`, `${word.slice(0, -4)}ie`]) {
      if (table.has(lemma) && addIng(lemma) === word) return { lemma, inflect: addIng };
    }
  }
  return null;
}

function matchCase(replacement: string, original: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  if (/^\p{Lu}/u.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * Words in a use the tables' synonyms do not share: "defer to" yields (it does not postpone), and
 * "obtained" is mostly a passive participle ("results obtained for"), where "got" is no formal English;
 * a price is what is asked, a cost what is paid ("the prices were reasonable", "a price tag"); "delighted
 * in" is the verb (she delighted in it), never the adjective that "pleased" stands for; "considerable attention"
 * is an amount ("much"), not a size ("large"); "significantly different" is no "greatly different"; "we express X
 * as Y" writes X in another form.
 */
const OTHER_SENSES: readonly RegExp[] = [
  /^defer(?:s|red|ring)? to\b/iu, /^obtained\b/iu, /^prices?\b/iu, /^delighted in\b/iu,
  new RegExp(`^(?:considerable|substantial) ${MASS_AFTER_AMOUNT}\\b`, 'iu'),
  new RegExp(`^significantly (?:${COMPARATIVE}|different|differ|differs|differed|correlated|associated)\\b`, 'iu'),
  // "we express the correlator as / in terms of ...": to write in another form, never to voice.
  /^express(?:es|ed|ing)?\b[^.;,]{0,40}\b(?:as|in terms of|through|via|using|by means of)\b/iu,
];

/**
 * Adjectives that are also nouns of a field, which the tagger may read as adjectives ("a conserved current and
 * the equations of motion" -> "present"): swapped only straight after a determiner ("the current situation").
 */
const NOUN_TOO = new Set(['current']);

/** Words in another sense after these words: a player "available for selection" is picked, not given a "choice"; "natural selection". */
const OTHER_SENSES_AFTER: readonly (readonly [RegExp, RegExp])[] = [[/^selection$/iu, /\b(?:for|natural|sexual|random|artificial|kin|team|squad|model|feature|variable)\s+$/iu]];

/** A word of a masked sentence the tagger gave a WordNet part of speech, and where it stands. */
interface TaggedWord {
  start: number;
  end: number;
  value: string;
  pos: WordNetPos;
}

/** Plain (unprotected, not capitalised mid-sentence, not in a compound) words with their part of speech. */
/** Tagged sentences of the current humanize call: the candidate search tags the same sentence several times (swaps, choices, options). */
const TAGGED = new Map<string, TaggedWord[]>();
const TAGGED_CACHE = 2000;

/** Starts a humanize call with no tags kept from the last one (each call pays for its own, as the bench measures it). */
export function forgetTags(): void {
  TAGGED.clear();
}

function taggedWords(masked: string): TaggedWord[] {
  let words = TAGGED.get(masked);
  if (!words) {
    if (TAGGED.size >= TAGGED_CACHE) TAGGED.clear();
    TAGGED.set(masked, (words = tagWords(masked)));
  }
  return words;
}

function tagWords(masked: string): TaggedWord[] {
  const doc = nlp.readDoc(masked);
  const values = doc.tokens().out(its.value);
  const tags = doc.tokens().out(its.pos);
  const spaces = doc.tokens().out(its.precedingSpaces);
  const words: TaggedWord[] = [];
  let offset = 0;
  for (let i = 0; i < values.length; i++) {
    offset += spaces[i].length;
    const value = values[i];
    const start = offset;
    offset += value.length;
    if (masked.slice(start, offset) !== value) return []; // tokens do not map back: stay safe
    const pos = POS_OF_TAG[tags[i]];
    if (!pos || !/^\p{L}+$/u.test(value) || (/^\p{Lu}/u.test(value) && i > 0)) continue;
    if (masked[start - 1] === '-' || masked[offset] === '-') continue; // part of a compound
    if (OTHER_SENSES.some((sense) => sense.test(masked.slice(start, offset + 50)))) continue;
    if (NOUN_TOO.has(value.toLowerCase()) && !/\b(?:the|a|an|our|their|its|his|her|my|your|this|these|those)\s+$/iu.test(masked.slice(Math.max(0, start - 8), start))) continue;
    if (OTHER_SENSES_AFTER.some(([word, before]) => word.test(value) && before.test(masked.slice(Math.max(0, start - 30), start)))) continue;
    if (/^prominent$/iu.test(value) && !new RegExp(`^prominent (?:\\p{Ll}+ )?${PROMINENT_HOLDERS}\\b`, 'iu').test(masked.slice(start, offset + 40))) continue;
    // A base-form "verb" right after a singular noun is a noun of a compound the tagger misread ("a podium finish").
    if (pos === 'v' && tags[i - 1] === 'NOUN' && !/s$/u.test(values[i - 1]) && !/(?:s|ed|ing)$/u.test(value)) continue;
    words.push({ start, end: offset, value, pos });
  }
  return words;
}

/** Every safe substitution in a masked sentence, in text order; `choice` picks among alternatives. */
export function findSubstitutions(masked: string, choice = 0): Substitution[] {
  const subs: Substitution[] = [];
  for (const { start, end, value, pos } of taggedWords(masked)) {
    const analysis = analyse(value.toLowerCase(), pos);
    if (!analysis) continue;
    const options = SYNONYMS[pos].get(analysis.lemma) ?? [];
    const inflected = analysis.inflect(options[choice % options.length]);
    if (inflected) subs.push({ start, end, replacement: matchCase(inflected, value) });
  }
  return subs;
}

/** Every alternative of a word, from both tables; `checked` is true for the curated, safe table. */
export interface WordOptions {
  start: number;
  end: number;
  alternatives: { replacement: string; checked: boolean }[];
}

/** For each replaceable word of a masked sentence, all its inflected alternatives (text order). */
export function wordOptions(masked: string): WordOptions[] {
  const out: WordOptions[] = [];
  for (const { start, end, value, pos } of taggedWords(masked)) {
    const alternatives: WordOptions['alternatives'] = [];
    for (const [table, checked] of [[SYNONYMS[pos], true], [CHOICES[pos], false]] as const) {
      const analysis = analyse(value.toLowerCase(), pos, table);
      if (!analysis) continue;
      for (const option of table.get(analysis.lemma) ?? []) {
        const inflected = analysis.inflect(option);
        const replacement = inflected && matchCase(inflected, value);
        if (replacement && !alternatives.some((a) => a.replacement === replacement)) alternatives.push({ replacement, checked });
      }
    }
    if (alternatives.length > 0) out.push({ start, end, alternatives });
  }
  return out;
}

/**
 * Applies substitutions (sorted, non-overlapping), except those whose new word pairs read as
 * unnatural, and repairs "a"/"an" before changed words.
 */
export function applySubstitutions(masked: string, subs: readonly Substitution[]): string {
  let out = '';
  let at = 0;
  for (const s of subs) {
    if (!naturalSwap(masked, s.start, s.end, s.replacement)) continue;
    out += masked.slice(at, s.start) + s.replacement;
    at = s.end;
  }
  return fixArticles(out + masked.slice(at), masked);
}
