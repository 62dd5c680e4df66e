/**
 * Subject–verb agreement with a noun subject, its head found through wink's part-of-speech tags
 * (tokens.ts) rather than taken as the word before the verb:
 * - through prepositional phrases to the noun they modify ("the attack on the hall are" → is,
 *   "details of the fund was" → were), "one of the X" as singular;
 * - a subject of nouns joined by "and" ("norms and values is" → are);
 * - a noun phrase after a reporting verb ("said the money were" → was);
 * - the antecedent of ", who" / "which" ("the beetle, which are" → is);
 * - a titled name as one person ("Mr Smith are" → is), "the 67-year-old" as one person;
 * - "there are/were" + a/an/no + a singular noun ("there are no justification" → is).
 * Only be, have and do change. Precision first: a noun British English counts as many ("the team
 * are", "the club have": the pair counts say how often it takes a plural verb), a measure ("ten
 * years is"), an untitled name ("Bradford have"), a quantity ("the rest of them are"), a wish
 * ("if the firm were"), a question's inverted verb are all left alone.
 */
import { COLLECTIVE_NOUNS, GROUP_NOUNS, IRREGULAR_PLURALS, pluralize, SINGULAR_S_NOUNS } from './data/nouns.ts';
import type { Lexicon } from './lexicon.ts';
import type { LanguageModel } from './ngrams.ts';
import type { Proposal, Rule } from './rule.ts';
import { matchCase } from './spelling.ts';
import type { Token } from './tokens.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

/** True when a noun token is a plural ("students", "people"), not a singular in -s ("news", "process"). */
export function isPluralNoun(t: Token, lexicon: Lexicon): boolean {
  const w = t.lower;
  if (IRREGULAR_PLURALS.has(w)) return true;
  if (!/[^s]s$/.test(w) || SINGULAR_S_NOUNS.has(w) || w.endsWith("'s")) return false;
  const lemmas = lexicon.lemmatize(w, 'noun');
  // A Latin -us noun that is a lemma of its own is singular ("genus", though "genu" is a word too; not "menus").
  if (w.endsWith('us') && lemmas.includes(w)) return false;
  // WordNet lists some plurals as lemmas of their own ("details", "glasses"): still the plural of the singular.
  return lemmas.some((lemma) => lemma !== w && pluralize(lemma) === w) || (lemmas.length > 0 && !lemmas.includes(w));
}

/** The verbs that agree by form alone, each with its form for the other number. */
export const TO_PLURAL = withoutPrototype<string>({ is: 'are', was: 'were', has: 'have', does: 'do' });
const TO_SINGULAR = withoutPrototype<string>({ are: 'is', were: 'was', have: 'has', do: 'does' });
/** Be in the plural with its singular. */
export const SINGULAR_BE = withoutPrototype<string>({ are: 'is', were: 'was' });
const SINGULAR_VERBS = ['is', 'was', 'has'];
const PLURAL_VERBS = ['are', 'were', 'have'];

/** Tokens after which a clause, and so a subject, begins. */
const OPENERS = new Set([',', ';', ':', '(', '"', '“', '-', '–', '—', 'but', 'because', 'if', 'when', 'while', 'although', 'though', 'since', 'whereas', 'unless', 'that', 'as', 'after', 'before', 'until', 'so', 'where', 'whether', 'once']);
/** Verbs whose object may be a clause without "that" ("said the money was"): lemmas. */
const REPORTING = new Set([
  'say', 'think', 'believe', 'know', 'claim', 'find', 'show', 'suggest', 'reveal', 'confirm', 'warn', 'insist', 'hope', 'fear', 'admit', 'argue', 'add', 'announce', 'report',
  'feel', 'expect', 'ensure', 'realise', 'realize', 'understand', 'accept', 'deny', 'assume', 'estimate', 'predict', 'indicate', 'note', 'state', 'acknowledge', 'allege',
  'conclude', 'discover', 'notice', 'recognise', 'recognize', 'suspect', 'stress', 'maintain', 'explain',
]);
/** Possessives that open a noun phrase as a determiner does (wink tags some as PRON). */
const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'whose']);
const SINGULAR_DETERMINERS = new Set(['a', 'an', 'this', 'that', 'each', 'every', 'one', 'another', 'either', 'neither']);
/** Quantifiers of plurals: a singular noun after one is the slip ("most student do"), not its verb. */
const PLURAL_DETERMINERS = new Set(['these', 'those', 'many', 'most', 'several', 'both', 'few', 'various', 'numerous']);
/** Heads that take the number of what they count ("the rest of them are", "two-thirds of it is", "a crowd of men were"). */
const QUANTITIES = new Set(['half', 'halves', 'third', 'thirds', 'quarter', 'quarters', 'percent', 'cent', 'part', 'share', 'fraction', 'amount', 'sum', 'host', 'handful', 'plenty', 'lots', 'dozens', 'hundreds', 'thousands', 'millions', 'set', 'body', 'flood', 'wave', 'raft', 'string', 'quantity', 'crowd', 'group', 'multitude', 'mass', 'bunch', 'collection', 'batch', 'pile', 'heap', 'herd', 'flock', 'swarm']);
/**
 * Prepositions whose phrase modifies the noun before it ("the attack on the hall"); not "before",
 * "after", "until", "since", "as", "than", which the tagger may call prepositions where they open a
 * clause ("minutes before the train was due").
 */
const PHRASE_PREPOSITIONS = new Set(['of', 'in', 'on', 'at', 'for', 'with', 'from', 'to', 'by', 'about', 'near', 'behind', 'under', 'over', 'between', 'among', 'against', 'across', 'into', 'around', 'without', 'within', 'inside', 'outside', 'beside', 'beyond', 'through', 'towards', 'toward', 'onto', 'throughout', 'along']);
/** Prepositions of time that open a sentence's phrase ("During the war the city were"). */
const FRONTED_PREPOSITIONS = new Set(['during', 'after', 'before', 'despite']);
/** Heads that count a plural after "of" and take its number ("a lot of people are", "dozens of homes were"). */
const COUNTS_OF_PLURAL = new Set(['number', 'lot', 'lots', 'couple', 'dozens', 'hundreds', 'thousands', 'millions', 'scores', 'plenty', 'handful']);
/** Titles before a name: the name is one person. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'lady', 'lord', 'prof', 'professor', 'mr.', 'mrs.', 'ms.', 'dr.', 'prof.']);
/** Words after which "were" is the subjunctive of a wish or condition ("if the firm were", "provided she were able"). */
const SUBJUNCTIVE = new Set(['if', 'wish', 'wished', 'though', 'unless', 'whether', 'suppose', 'supposing', 'imagine', 'rather', 'provided', 'providing', 'lest']);
/** Pronouns that end a prepositional phrase ("For them the rules are"). */
const OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'us', 'them']);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there']);
type Num = 'singular' | 'plural';

/**
 * Share of the plural verb forms (are, were, have) after a singular noun, in the pair counts, from
 * which the noun is taken to be used as many ("team" 0.26, "staff" 0.77); and of the singular forms
 * after a plural noun from which it is a measure or a name ("miles", "years", "poles"): agreement is
 * then left alone. The pairs are noisier after plurals ("the details is" across a clause), so more is needed there.
 */
const OTHER_NUMBER_SHARE: Record<Num, number> = { singular: 0.1, plural: 0.2 };

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.type === 'word';
const nominal = (t: Token | undefined): t is Token => t !== undefined && ['NOUN', 'PROPN', 'NUM'].includes(t.pos);
/** A determiner or a possessive: what opens a noun phrase. */
const determiner = (t: Token): boolean => t.pos === 'DET' || POSSESSIVES.has(t.lower);

/** Start of the noun phrase ending at token `h`: determiner, numbers, adjectives, nouns, names, possessives, hyphenated parts. */
function phraseStart(tokens: Token[], h: number): number {
  let k = h;
  while (k > 0) {
    const t = tokens[k - 1];
    if (determiner(t)) return k - 1;
    if (tokens[k].sentenceStart) return k;
    // A time or number whose own token holds the full stop ("at 9:00AM. Class size is"): the sentence ended there.
    if (t.text.length > 1 && t.text.endsWith('.') && (/\d/.test(t.text) || /^[ap]\.m\.$/i.test(t.text)) && /^\p{Lu}/u.test(tokens[k].text)) return k;
    if (['ADJ', 'NOUN', 'PROPN', 'NUM', 'SYM'].includes(t.pos) || t.lower === "'s" || t.lower === '’s') k--;
    // A participle between a determiner and the noun modifies it ("the detected object", "the stolen car").
    else if (t.pos === 'VERB' && /[a-z](ed|en|wn)$/.test(t.lower) && k >= 2 && tokens[k - 2].lower !== 'that' && determiner(tokens[k - 2])) k--;
    // A hyphenated word the tagger split ("67-year-old", "semi-final"), whatever its first part's tag:
    // "near-infrared spectra" is one phrase, not "near" opening a prepositional phrase.
    else if (t.text === '-' && t.space === '' && tokens[k].space === '') k -= k >= 2 && tokens[k - 2].pos !== 'PUNCT' ? 2 : 1;
    else return k;
  }
  return k;
}

const TIME_NOUNS = new Set(['week', 'month', 'year', 'day', 'morning', 'afternoon', 'evening', 'night', 'weekend', 'season', 'summer', 'winter', 'spring', 'autumn']);
const TIME_DETERMINERS = new Set(['last', 'next', 'this', 'that', 'every', 'each']);
const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'today', 'yesterday', 'tonight']);


/** True when token `k` may begin a subject: a sentence or clause start, or the clause object of a reporting verb. */
function subjectPosition(tokens: Token[], k: number): boolean {
  if (k === 0 || tokens[k].sentenceStart) return true;
  const p = tokens[k - 1];
  // "as", "after", "until" open a clause as conjunctions, not as prepositions ("clothes sold as school wear were").
  if (OPENERS.has(p.lower)) return p.pos !== 'ADP';
  // "and there are an aquarium": "and" joins a clause to an existential "there" (not "here and there are").
  if (tokens[k].lower === 'there' && p.lower === 'and' && tokens[k - 2]?.lower !== 'here') return true;
  // "Last week a grant were given", "On Monday the council were": a time adverbial before the subject.
  if (WEEKDAYS.has(p.lower) || (TIME_NOUNS.has(p.lower) && k >= 2 && TIME_DETERMINERS.has(tokens[k - 2].lower))) return true;
  // "Perhaps the truth are", "but sometimes those promises is": an adverb that itself opens the
  // clause stands before its subject, a noun phrase with a determiner; not before an adjective,
  // which may begin an inverted predicate ("Also worth seeing are the crafts"), nor a bare noun,
  // whose own number may be the slip ("Recently scientist have").
  if (p.pos === 'ADV' && /^\p{L}+$/u.test(p.text) && determiner(tokens[k]) && subjectPosition(tokens, k - 1)) return true;
  // "Within three days the city were", "In China its associations is": a prepositional phrase that
  // opens the clause, then a noun phrase with its own determiner, which cannot go on the phrase's
  // noun, so begins the subject.
  if (determiner(tokens[k]) && tokens[k].lower !== 'that' && (nominal(p) || OBJECT_PRONOUNS.has(tokens[k - 1].lower))) {
    const j = nominal(p) ? phraseStart(tokens, k - 1) : k - 1;
    const preposition = tokens[j - 1];
    if (j < k && preposition?.pos === 'ADP' && (PHRASE_PREPOSITIONS.has(preposition.lower) || FRONTED_PREPOSITIONS.has(preposition.lower)) && subjectPosition(tokens, j - 1)) return true;
  }
  // "Officials said more funding were": not "the people who know the man are".
  // Not an -ing form ("a man announcing these platitudes is") nor an infinitive ("attempts to discover a force were"):
  // their noun is an object, the subject further back.
  if (p.pos === 'VERB' && REPORTING.has(p.lemma) && k >= 2 && !/ing$/.test(p.lower) && tokens[k - 2].lower !== 'to') {
    for (let j = k - 2; j >= 0 && j >= k - 4; j--) {
      if (['who', 'which', 'that'].includes(tokens[j].lower)) return false;
      if (tokens[j].pos !== 'AUX' && tokens[j].pos !== 'ADV') break;
    }
    return true;
  }
  return false;
}

interface Subject {
  /** UTF-16 start of the subject, for the subjunctive test. */
  start: number;
  number: Num;
  /** The head noun, when the number was read from one (not a coordination or a titled name). */
  head?: Token;
}

/** A word in -ing that WordNet knows as a verb's form, opening a phrase without a determiner ("tracking", "Rising"). */
function gerund(t: Token, lexicon: Lexicon): boolean {
  return /[a-z]ing$/.test(t.lower) && lexicon.lemmatize(t.lower, 'verb').some((lemma) => lemma !== t.lower);
}

/** "67-year-old", "six-month-old": one person or thing. */
function ageNoun(tokens: Token[], h: number): boolean {
  return tokens[h].lower === 'old' && tokens[h - 1]?.text === '-' && /^(year|month|week|day)$/.test(tokens[h - 2]?.lower ?? '');
}

/** "Mr Smith", "Dr. Jane Doe": a title then names, ending at `h`; the title's index, or -1. */
function titledName(tokens: Token[], h: number): number {
  let k = h;
  while (k >= 0 && tokens[k].pos === 'PROPN' && !TITLES.has(tokens[k].lower)) k--;
  if (k < 0 || k === h || !TITLES.has(tokens[k].lower)) return -1;
  // "Mr and Mrs Smith", "the Smiths and Mr Jones": more than one person.
  return ['and', '&'].includes(tokens[k - 1]?.lower ?? '') ? -1 : k;
}

/** The number of a noun phrase's head at `h` (with its determiner at `k`), or null where unsure. */
function headNumber(tokens: Token[], k: number, h: number, lexicon: Lexicon, modified = false): Num | null {
  const head = tokens[h];
  if (ageNoun(tokens, h)) return 'singular';
  // A sentence's capitalised first word the tagger took for a name may be a noun WordNet knows, when a
  // phrase modifies it ("Details of the fund"), not a name on its own ("England were").
  const noun = head.pos === 'NOUN' || (modified && head.pos === 'PROPN' && head.sentenceStart && lexicon.lemmatize(head.lower, 'noun').length > 0);
  if (head.pos === 'PROPN' && !noun) return titledName(tokens, h) >= 0 ? 'singular' : null;
  // Lower case, or capitalised only as its sentence's first word ("Details of the fund was").
  const plain = head.text === head.lower || (head.sentenceStart && head.text === head.lower[0].toUpperCase() + head.lower.slice(1));
  if (!isWord(head) || !noun || !plain || !/^[a-z]+(-[a-z]+)*$/.test(head.lower)) return null;
  const det = tokens[k].lower;
  // "Two tables is the most you can do", "ten years is": a number makes a plural an amount, which may take "is".
  const amount = tokens[k].pos !== 'DET' && !POSSESSIVES.has(det) && tokens.slice(k, h).some((t) => t.pos === 'NUM');
  if (isPluralNoun(head, lexicon)) return SINGULAR_DETERMINERS.has(det) || amount ? null : 'plural';
  // A noun in -ing ("a major restructuring", "the filming of T2") is one action, whatever its lemma; but
  // not one standing for people ("the missing were", "the following are"), so only after "a"/"an" or before "of".
  if (/[a-z]ing$/.test(head.lower) && head.lower !== 'following' && (['a', 'an'].includes(det) || tokens[h + 1]?.lower === 'of')) return 'singular';
  if (head.lemma !== head.lower || /[^su]s$/.test(head.lower) || !lexicon.hasLemma(head.lower.replace(/^.*-/, ''), 'noun')) return null;
  return PLURAL_DETERMINERS.has(det) ? null : 'singular';
}

/** True when the counts show `noun` with verbs of the other number often enough to leave it alone. */
export function usedAsOtherNumber(noun: string, number: Num, lm: LanguageModel): boolean {
  const sum = (verbs: string[]): number => verbs.reduce((n, v) => n + lm.pairCount(noun, v), 0);
  const [own, other] = number === 'singular' ? [sum(SINGULAR_VERBS), sum(PLURAL_VERBS)] : [sum(PLURAL_VERBS), sum(SINGULAR_VERBS)];
  return other > OTHER_NUMBER_SHARE[number] * (own + other);
}

/** Nouns whose number is not their own verb's ("the team are", "the rest of them are"). */
function countsOthers(noun: string): boolean {
  return COLLECTIVE_NOUNS.has(noun) || GROUP_NOUNS.has(noun) || QUANTITIES.has(noun);
}

/** The subject whose verb is token `v`, or null when it cannot be told with confidence. */
function subjectBefore(tokens: Token[], v: number, lexicon: Lexicon, lm: LanguageModel): Subject | null {
  let h = v - 1;
  if (!nominal(tokens[h]) && !ageNoun(tokens, h)) return null;
  // "issues that some supporters claim are shenanigans": a singular that is also a verb, after a plural noun, is more
  // likely that plural's verb than a compound's head ("sales figure"); the be after it agrees with a subject further back.
  if (tokens[h].pos === 'NOUN' && lexicon.hasLemma(tokens[h].lower, 'verb') && tokens[h - 1]?.pos === 'NOUN' && isPluralNoun(tokens[h - 1], lexicon) && !isPluralNoun(tokens[h], lexicon)) return null;
  let throughPhrase = false;
  // Up to three prepositional phrases: "the attack on the hall on the road are".
  for (let hops = 0; hops < 4; hops++) {
    let k = phraseStart(tokens, h);
    // "that" before a plural is the conjunction ("confirmed that contingency plans is"), not a determiner.
    if (tokens[k].lower === 'that' && k < h && tokens[h].pos === 'NOUN' && isPluralNoun(tokens[h], lexicon)) k++;
    const before = tokens[k - 1];
    // A hyphen between two words is a compound the text spaced ("minor - league system", "Indo- European"),
    // not a dash opening a clause: the head of the subject is further back, unseen here.
    if (before?.text === '-' && isWord(tokens[k - 2])) return null;
    // "Words of advice Mary Baker doesn't": a common noun then a name, one phrase by the tags, is a
    // heading run into its sentence, whose subject is the name.
    if (tokens.slice(k, h).some((t, n) => t.pos === 'NOUN' && t.text === t.lower && tokens[k + n + 1].pos === 'PROPN' && !tokens[k + n + 1].sentenceStart)) return null;
    if (before?.pos === 'ADP' && PHRASE_PREPOSITIONS.has(before.lower) && nominal(tokens[k - 2])) {
      // "One of the warriors are": one.
      if (before.lower === 'of' && tokens[k - 2].lower === 'one' && subjectPosition(tokens, k - 2)) return { start: tokens[k - 2].start, number: 'singular' };
      // "A number of people was", "hundreds of homes was": a count of a plural is as many as it counts.
      if (before.lower === 'of' && COUNTS_OF_PLURAL.has(tokens[k - 2].lower) && tokens[h].pos === 'NOUN' && isPluralNoun(tokens[h], lexicon) && !countsOthers(tokens[h].lower)) {
        const q = phraseStart(tokens, k - 2);
        // "the number of cars is" is one number (agreement-the-number-of).
        const counted = tokens[k - 2].lower !== 'number' || tokens[q].lower === 'a';
        return counted && subjectPosition(tokens, q) ? { start: tokens[q].start, number: 'plural' } : null;
      }
      // "A lot of the action have", "lots of money were": an amount of a singular is one.
      if (before.lower === 'of' && ['lot', 'lots', 'plenty'].includes(tokens[k - 2].lower) && headNumber(tokens, k, h, lexicon) === 'singular' && !countsOthers(tokens[h].lower) && !usedAsOtherNumber(tokens[h].lower, 'singular', lm)) {
        const q = phraseStart(tokens, k - 2);
        return subjectPosition(tokens, q) ? { start: tokens[q].start, number: 'singular' } : null;
      }
      // "the equivalent of 7.2 days were lost": a measure of a counted plural is as many as it measures.
      if (before.lower === 'of' && tokens.slice(k, h).some((t) => t.pos === 'NUM') && isPluralNoun(tokens[h], lexicon)) return null;
      h = k - 2;
      throughPhrase = true;
      continue;
    }
    // "me and my girlfriend have": a pronoun before "and" joins subjects, whatever its case.
    if (before?.lower === 'and' && tokens[k - 2]?.pos === 'PRON') return null;
    // ", and" after a noun ends a list of subjects or joins two clauses ("Medical expenses, and accommodation are"): unsure.
    // So after an -ing word ("Heavy breathing, coughing, and lack of fever are"), which the tagger may read as a verb.
    if (before?.lower === 'and' && tokens[k - 2]?.text === ',' && (nominal(tokens[k - 3]) || /ing$/.test(tokens[k - 3]?.lower ?? ''))) return null;
    // "and" after a noun joins subjects; after a verb or adverb it joins clauses ("was smashed and a bomb were").
    // Not after a word a determiner opens ("for the bronze drum and plaque were"): a noun the tagger read as a verb.
    const nounBefore = tokens[k - 3]?.pos === 'DET' || (['NOUN', 'ADJ'].includes(tokens[k - 3]?.pos ?? '') && tokens[k - 4]?.pos === 'DET');
    const joinsClauses = before?.lower === 'and' && !nominal(tokens[k - 2]) && tokens[k - 2]?.pos !== 'ADJ' && !nounBefore;
    // "Back and neck pain were": one word before "and" at the sentence's start is no clause; its part unread.
    if (joinsClauses && tokens[k - 2]?.sentenceStart) return null;
    if (before?.lower === 'and' && !joinsClauses) return coordinated(tokens, k, h, lexicon, distributive(tokens, v));
    if (!joinsClauses && !subjectPosition(tokens, k)) return null;
    // A gerund with its object ("Tracking people is"): the subject is the action, not the noun; so for the object
    // of an -ing verb before it, quoted or not ('couples "flaunting" their relationships is').
    if ((k < h && gerund(tokens[k], lexicon)) || gerundObject(tokens, k)) return null;
    const number = headNumber(tokens, k, h, lexicon, throughPhrase);
    const head = tokens[h];
    if (!number || (k + 1 === h && participleForPeople(tokens[k], head, lexicon))) return null;
    if ((head.pos === 'PROPN' && titledName(tokens, h) >= 0) || ageNoun(tokens, h)) return { start: tokens[k].start, number };
    // The counts' measures and names ("years is", "Wales is") cannot take "these", "several" or a
    // possessive without a number: such a plural is many ("several flag poles was", "his goals is").
    const plainPlural = number === 'plural' && (PLURAL_DETERMINERS.has(tokens[k].lower) || POSSESSIVES.has(tokens[k].lower)) && !tokens.slice(k, h).some((t) => t.pos === 'NUM');
    if (countsOthers(head.lower) || (!plainPlural && usedAsOtherNumber(head.lower, number, lm))) return null;
    // Through "of", a noun of kind or amount may take its complement's number ("a kind of X are").
    if (throughPhrase && lexicon.functionWords.has(head.lower)) return null;
    return { start: tokens[k].start, number, head };
  }
  return null;
}

/** True for "the" + a participle that names the people it describes ("the wounded are", "the accused were"): a plural, or one person. */
export function participleForPeople(det: Token, noun: Token, lexicon: Lexicon): boolean {
  return det.lower === 'the' && /ed$/.test(noun.lower) && lexicon.pastParticiple(lexicon.verbBase(noun.lower) ?? '') === noun.lower;
}

/**
 * True when the noun phrase at `k` is the object of an -ing verb, with quotation marks, a particle, adverbs, a
 * determiner or adjectives between ('couples "flaunting" their relationships is', "bringing along your favorite,
 * trusty jeans is a must"): the subject is the action.
 */
function gerundObject(tokens: Token[], k: number): boolean {
  let j = k - 1;
  const between = (t: Token): boolean => ['DET', 'ADJ', 'ADV', 'ADP', 'PART'].includes(t.pos) || POSSESSIVES.has(t.lower) || t.text === ',' || QUOTE_MARKS.has(t.text);
  while (j >= 0 && j >= k - 5 && between(tokens[j])) j--;
  const verb = tokens[j];
  return j < k && verb !== undefined && verb.pos === 'VERB' && /ing$/.test(verb.lower);
}

/**
 * True when "both" or "all" after the verb at `v` is the subjects' own, before a participle ("were both
 * elected", "is all set"); not "all over", "all good", nor "both ... and" of the predicate ("is both
 * loved and hated").
 */
function distributive(tokens: Token[], v: number): boolean {
  const q = tokens[v + 1];
  const next = tokens[v + 2];
  if (!q || !['both', 'all'].includes(q.lower) || next?.pos !== 'VERB' || !/[a-z](ed|en|wn|t)$/.test(next.lower)) return false;
  return !tokens.slice(v + 3, v + 6).some((t) => ['and', 'or'].includes(t.lower));
}

/**
 * Nouns joined by "and" ("group norms and values is"): a plural subject, when the first of them
 * begins a subject and at least one is plural or has a determiner ("research and development is"
 * is one thing), or when the verb is followed by "both" or "all" (`distributed`). The conjunct
 * before "and" starts at `k`, its head at `h`.
 */
function coordinated(tokens: Token[], k: number, h: number, lexicon: Lexicon, distributed = false): Subject | null {
  let start = k;
  // Plural when a conjunct is, or when each has its own determiner ("the cat and the dog"); "whose
  // owner and trainer is", "the size and cost of it has" may be one person or thing.
  let plural = isPluralNoun(tokens[h], lexicon);
  let determined = determiner(tokens[k]);
  // Walk back over "A, B and": each conjunct a noun phrase.
  for (let sep = start - 1; sep > 0 && ['and', ','].includes(tokens[sep].lower); ) {
    const last = sep - 1;
    if (!nominal(tokens[last])) return null;
    const first = phraseStart(tokens, last);
    plural ||= tokens[last].pos === 'NOUN' && isPluralNoun(tokens[last], lexicon);
    determined &&= determiner(tokens[first]);
    start = first;
    sep = start - 1;
    if (sep < 0 || subjectPosition(tokens, start)) break;
  }
  // "both" or "all" after the verb says the conjuncts are many, names too ("Ann Lee and Tom Hart was both elected").
  if (start === k || !subjectPosition(tokens, start) || !(plural || determined || distributed)) return null;
  // A gerund with joined objects ("Understanding concepts and ideas is", "say that understanding
  // concepts and ideas is", where the tagger reads the conjunction "that" as a determiner): one action, not the nouns.
  if (gerund(tokens[start], lexicon) || (tokens[start].lower === 'that' && gerund(tokens[start + 1], lexicon))) return null;
  // Every conjunct a name ("Smith and Jones is a law firm"): leave it.
  if (!distributed && tokens.slice(start, k).every((t) => t.pos !== 'NOUN') && tokens.slice(k, h + 1).every((t) => t.pos !== 'NOUN')) return null;
  return { start: tokens[start].start, number: 'plural' };
}

/** The antecedent of "who"/"which" at `r` (", which are"; "the deadlock which have"), or null. */
function antecedentOf(tokens: Token[], r: number, verb: Token, lexicon: Lexicon, lm: LanguageModel): Subject | null {
  const pronoun = tokens[r].lower;
  const separated = [',', '-', '–', '—', '('].includes(tokens[r - 1]?.text ?? '');
  // "who" right after a noun is agreement-relative's; a separated "which" may stand for a whole clause, singular.
  if (pronoun === 'who' && !separated) return null;
  const h = separated ? r - 2 : r - 1;
  if (h < 0 || (!nominal(tokens[h]) && !ageNoun(tokens, h))) return null;
  const k = phraseStart(tokens, h);
  // "the son of the Smiths, who are": either noun may be meant; so after modifiers the phrase finder leaves out
  // ("the influence of externally applied magnetic fields which is").
  let q = k - 1;
  while (q > 0 && (tokens[q].pos === 'ADV' || tokens[q].pos === 'ADJ' || (tokens[q].pos === 'VERB' && /ed$/.test(tokens[q].lower)))) q--;
  if (tokens[q]?.pos === 'ADP' || ['and', 'or'].includes(tokens[k - 1]?.lower ?? '')) return null;
  const number = headNumber(tokens, k, h, lexicon);
  if (!number || (pronoun === 'which' && separated && number === 'plural' && TO_PLURAL[verb.lower])) return null;
  const head = tokens[h];
  if (head.pos === 'NOUN' && !ageNoun(tokens, h) && (countsOthers(head.lower) || usedAsOtherNumber(head.lower, number, lm))) return null;
  return { start: tokens[k].start, number };
}

/** Quotation marks, as tokens. */
export const QUOTE_MARKS: ReadonlySet<string> = new Set(['"', '“', '”', "'", '‘', '’']);

/** The index of the token before token `i`, quotation marks skipped (-1 at the text's start). */
export function beforeQuoteMarks(tokens: Token[], i: number): number {
  let j = i - 1;
  while (j >= 0 && QUOTE_MARKS.has(tokens[j].text)) j--;
  return j;
}

/** True when "were" at `v` follows a word of wish or condition in its sentence ("if the firm were"). */
export function subjunctive(tokens: Token[], v: number): boolean {
  for (let j = v - 1; j >= 0; j--) {
    if (SUBJUNCTIVE.has(tokens[j].lower)) return true;
    if (tokens[j].sentenceStart) break;
  }
  return false;
}

export const nounSubjectAgreement: Rule = {
  id: 'agreement-noun-subject',
  category: 'grammar',
  description: 'be/have/do agrees with the head of its noun subject (the attack on the hall are → is, said the money were → was, Mr Smith are → is)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let v = 1; v < tokens.length; v++) {
      const verb = tokens[v];
      if (verb.text !== verb.lower && !verb.sentenceStart) continue;
      const toPlural = TO_PLURAL[verb.lower];
      const toSingular = TO_SINGULAR[verb.lower];
      if (!toPlural && !toSingular) continue;
      const next = tokens[v + 1];
      // "which books has he read": an inverted question; "do" only as the auxiliary of a negation.
      if (!next || SUBJECT_PRONOUNS.has(next.lower) || next.pos === 'PUNCT' && next.text === '?') continue;
      if (/^do(es)?$/.test(verb.lower) && !["n't", 'not'].includes(next.lower)) continue;
      // "The differences between them is what matters": before "what" the verb may agree with the clause.
      if (next.lower === 'what') continue;
      const relative = ['who', 'which'].includes(tokens[v - 1].lower);
      const subject = relative ? antecedentOf(tokens, v - 1, verb, lexicon, lm) : subjectBefore(tokens, v, lexicon, lm);
      if (!subject) continue;
      // "the cohort, who have been followed": "who" makes a group its people, and the antecedent may
      // be further back ("patients with an infarction, who are"); so a plural verb after it is left.
      // "The 67-year-old, who were" is one person still.
      if (relative && tokens[v - 1].lower === 'who' && subject.number === 'singular' && !ageNoun(tokens, v - 3)) continue;
      if (subject.number === 'plural' && toPlural) out.push({ start: verb.start, end: verb.end, replacement: matchCase(verb.text, toPlural) });
      if (subject.number === 'singular' && toSingular && !(verb.lower === 'were' && subjunctive(tokens, v))) {
        out.push({ start: verb.start, end: verb.end, replacement: matchCase(verb.text, toSingular) });
      }
    }
    return out;
  },
};

/** Nouns that count a plural after "a" ("there are a lot of", "a number of", "a few"). */
const COUNTING = new Set(['lot', 'number', 'couple', 'few', 'dozen', 'hundred', 'thousand', 'million', 'billion', 'variety', 'range', 'series', 'host', 'handful', 'pair', 'total', 'majority', 'minority', 'group', 'set', 'raft', 'string', 'wave', 'bunch', 'plethora', 'myriad', 'multitude', 'score', 'litany', 'spate', 'slew', 'number', 'succession']);

/** "there are a problem" → "there is", "there were no justification" → "was": the noun after agrees. */
export const thereIsSingular: Rule = {
  id: 'agreement-there-is',
  category: 'grammar',
  description: 'there are/were/have been + a/an/no/one/much/little + singular noun → there is/was/has been (there are no justification → there is no justification)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 3 < tokens.length; i++) {
      const be = tokens[i + 1];
      // "there have been a revival": the perfect agrees as the simple verb does.
      const perfect = be.lower === 'have' && tokens[i + 2].lower === 'been';
      const fix = perfect ? 'has' : SINGULAR_BE[be.lower];
      // "if there were a movement": the subjunctive of a condition or a wish.
      if (tokens[i].lower !== 'there' || !fix || !subjectPosition(tokens, i) || (be.lower === 'were' && subjunctive(tokens, i + 1))) continue;
      const d = perfect ? i + 3 : i + 2;
      const det = tokens[d];
      // "much" and "little" count no plural ("there were little alternative"; "there were little houses" is plural).
      if (!det || !['a', 'an', 'no', 'one', 'another', 'much', 'little'].includes(det.lower)) continue;
      let h = d + 1;
      // Adjectives, adverbs, and quotation marks around a phrase ('there were an "utter lack').
      while (h < tokens.length && (tokens[h].pos === 'ADJ' || tokens[h].pos === 'ADV' || /^["“”]$/.test(tokens[h].text)) && !COUNTING.has(tokens[h].lower)) h++;
      const counting = (t: Token): boolean => COUNTING.has(t.lower) || QUANTITIES.has(t.lower) || GROUP_NOUNS.has(t.lower) || COLLECTIVE_NOUNS.has(t.lower);
      // A compound's last noun is its head ("there are a cover charge"), none of them a counting noun ("a record number of").
      while (tokens[h + 1]?.pos === 'NOUN' && tokens[h].pos === 'NOUN' && tokens[h + 1].text === tokens[h + 1].lower && !counting(tokens[h])) h++;
      const noun = tokens[h];
      const after = tokens[h + 1];
      if (!isWord(noun) || noun.pos !== 'NOUN' || noun.text !== noun.lower || counting(noun) || tokens.slice(d + 1, h).some(counting)) continue;
      if (isPluralNoun(noun, lexicon) || noun.lemma !== noun.lower || /s$/.test(noun.lower) || !lexicon.hasLemma(noun.lower, 'noun')) continue;
      // "there are no teachers or pupils", "a man and a woman", "no-one": the phrase goes on, or is a compound.
      if (!after || ['and', 'or', 'nor', '-'].includes(after.lower) || after.pos === 'NOUN' || after.pos === 'PROPN' || noun.lower === 'one') continue;
      out.push({ start: be.start, end: be.end, replacement: matchCase(be.text, fix) });
    }
    return out;
  },
};

const PAST_AUXILIARIES = new Set(['did', 'was', 'were', 'had', "didn't", "wasn't", "weren't"]);

/** A simple past: did/was/had, an irregular past unlike its base (knew, not put), or a regular -ed form. */
export function isPastForm(word: string, lexicon: Lexicon): boolean {
  if (PAST_AUXILIARIES.has(word)) return true;
  const irregular = lexicon.irregularByPast(word);
  if (irregular) return irregular.base !== word;
  return /ed$/.test(word) && (lexicon.verbBase(word) ?? word) !== word;
}

/**
 * True when the sentence around text[start, end) holds, outside that span, a verb in the past tense: a base
 * verb after he/she/it there may have lost its -ed as well as its -s ("She wonder if he could hear").
 */
export function pastInSentence(text: string, start: number, end: number, lexicon: Lexicon): boolean {
  const from = Math.max(text.lastIndexOf('.', start), text.lastIndexOf('!', start), text.lastIndexOf('?', start)) + 1;
  const stop = /[.!?]/.exec(text.slice(end))?.index;
  const words = `${text.slice(from, start)} ${text.slice(end, stop === undefined ? undefined : end + stop)}`.toLowerCase().match(/\p{L}+/gu) ?? [];
  // A past modal counts too. "had" does not: a past perfect often stands in a clause of a sentence told in the
  // present ("It follows claims it had not done enough"). Unlike isPastForm, an irregular past that is also a
  // base ("found", "saw") does not count, as the words here are untagged.
  const past = (w: string): boolean =>
    PAST_AUXILIARIES.has(w) || w === 'could' || w === 'would' || (lexicon.irregularByPast(w) !== undefined && lexicon.irregular(w) === undefined) || (/\p{L}{2}ed$/u.test(w) && lexicon.isRegularVerbForm(w));
  return words.some((w) => w !== 'had' && past(w));
}
