/**
 * Verb forms from a present participle ("offering" -> offer / offers / offered), for moves that
 * turn a trailing participle phrase into a finite clause. The base form is recovered by the
 * spelling rules of -ing (doubled consonants, dropped e) and must be a common English word; the
 * past comes from the shared table of irregular verbs or the regular rules, with the participle's
 * own spelling deciding consonant doubling ("stopping" -> "stopped", "offering" -> "offered").
 */
import { IRREGULAR_VERB_FORMS, type IrregularVerb } from '../shared/irregular-verbs.ts';
import { COMMON_WORDS } from './lexicon.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

export interface VerbForms {
  base: string;
  /** Third person singular present ("offers"). */
  third: string;
  past: string;
}

const IRREGULAR_FORMS: ReadonlyMap<string, IrregularVerb> = new Map(IRREGULAR_VERB_FORMS.map((verb) => [verb.base, verb]));
/** Simple past of irregular verbs, base -> the past we write. */
const IRREGULAR = withoutPrototype<string>(Object.fromEntries([...IRREGULAR_FORMS].map(([base, f]) => [base, f.past[0]])));
const IRREGULAR_PASTS = new Set(Object.values(IRREGULAR));

/** Whether a word is the base of an irregular verb of the shared table. */
export const isIrregularVerb = (base: string): boolean => IRREGULAR_FORMS.has(base);

/**
 * The single past form of an irregular verb whose simple past and participle are the same word
 * ("hold" -> "held"), for a replacement that must fit either use; null when they differ ("see":
 * saw/seen) or the verb is regular.
 */
export function irregularSharedPast(base: string): string | null {
  const forms = IRREGULAR_FORMS.get(base);
  return forms && forms.past[0] === forms.participle[0] ? forms.past[0] : null;
}

const AUXILIARIES = ['be', 'have', 'do'];
/** Irregular forms more often read as a noun or as another verb's base. */
const MOSTLY_OTHER_WORDS = ['ground', 'wound'];

/**
 * Irregular simple pasts that mark a clause as past on their own: not the auxiliaries (be, have,
 * do), not a past that is also a present ("set", "read"), and not one that is more often a noun
 * or another verb's base ("lay", "ground", "wound").
 */
export const IRREGULAR_SIMPLE_PASTS: ReadonlySet<string> = new Set(
  [...IRREGULAR_FORMS]
    .filter(([base]) => !AUXILIARIES.includes(base))
    .flatMap(([base, f]) => f.past.filter((past) => past !== base && !IRREGULAR_FORMS.has(past) && !MOSTLY_OTHER_WORDS.includes(past))),
);

/** Irregular past participles that differ from their base ("fixed" is regular; "torn", "held", "drawn"). */
export const IRREGULAR_PARTICIPLES: ReadonlySet<string> = new Set(
  [...IRREGULAR_FORMS].filter(([base]) => !AUXILIARIES.includes(base)).flatMap(([base, f]) => f.participle.filter((p) => p !== base && !MOSTLY_OTHER_WORDS.includes(p))),
);

/** Any word ending in an irregular verb, compounds included ("overcome", "withhold", "undertake"). */
const IRREGULAR_ENDING = new RegExp(`(?:${[...IRREGULAR_FORMS.keys()].join('|')})$`, 'u');
export const endsInIrregularVerb = (word: string): boolean => IRREGULAR_ENDING.test(word);

/** -ing words that are not verbs in a trailing phrase, or whose base is ambiguous ("lying": lie or lie). */
const NOT_VERBS = new Set(['being', 'having', 'lying', 'dying', 'including', 'excluding', 'regarding', 'concerning', 'according', 'during', 'nothing', 'something', 'anything', 'everything', 'morning', 'evening', 'thing', 'king', 'spring', 'ceiling', 'wedding', 'pending', 'given', 'notwithstanding', 'considering', 'assuming', 'following', 'amazing', 'interesting', 'exciting', 'charming', 'stunning', 'boring', 'darling', 'meaning', 'housing', 'clothing', 'shopping', 'parking', 'timing']);
const VOWEL = /[aeiou]/u;

/** Single vowel before a single final consonant ("hop", "writ"): a base there doubles before -ing. */
const endsShortSyllable = (stem: string): boolean => /(?:^|[^aeiou])[aeiou][^aeiouwxy]$/u.test(stem);

function baseOf(participle: string): { base: string; doubled: boolean } | null {
  if (NOT_VERBS.has(participle) || !participle.endsWith('ing') || participle.length < 6) return null;
  const stem = participle.slice(0, -3);
  if (!/[aeiouy]/u.test(stem)) return null;
  const last = stem[stem.length - 1];
  if (last === stem[stem.length - 2] && !VOWEL.test(last)) {
    // "calling", "passing" keep the double; "stopping", "travelling" doubled it.
    if (COMMON_WORDS.has(stem)) return { base: stem, doubled: false };
    const base = stem.slice(0, -1);
    return COMMON_WORDS.has(base) ? { base, doubled: true } : null;
  }
  const withE = `${stem}e`;
  // "hoping" is hope (hop would be hopping); "casting" is cast; "ranging" is range (rang is a past).
  const eFirst = !COMMON_WORDS.has(stem) || endsShortSyllable(stem) || IRREGULAR_PASTS.has(stem);
  if (eFirst && COMMON_WORDS.has(withE)) return { base: withE, doubled: false };
  return COMMON_WORDS.has(stem) ? { base: stem, doubled: false } : null;
}

function thirdPerson(base: string): string {
  if (base === 'do' || base === 'go') return `${base}es`;
  if (/(?:s|x|z|ch|sh)$/u.test(base)) return `${base}es`;
  if (/[^aeiou]y$/u.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function regularPast(base: string, doubled: boolean): string {
  if (doubled) return `${base}${base[base.length - 1]}ed`;
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/u.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** Whether a verb's simple past is the word itself ("set", "put"): its tense is then unclear. */
export const sameInBothTenses = (verb: string): boolean => IRREGULAR[verb] === verb;

/** An -ing word that is a noun or adjective, not a participle ("nothing", "morning", "amazing"). */
export const isNotVerb = (word: string): boolean => NOT_VERBS.has(word.toLowerCase());

/** Base, -s and past forms of the verb of a present participle, or null when unsure. */
export function verbForms(participle: string): VerbForms | null {
  const found = baseOf(participle.toLowerCase());
  if (!found) return null;
  const { base, doubled } = found;
  return { base, third: thirdPerson(base), past: IRREGULAR[base] ?? regularPast(base, doubled) };
}
