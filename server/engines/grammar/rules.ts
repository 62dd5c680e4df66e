/**
 * Our own rules for frequent learner errors harper.js misses. Each rule reads the tagged tokens
 * of the text and proposes edits; rules are listed by priority (an earlier rule wins a conflict).
 * Every rule is deliberately narrow: it fires only where the context makes the error certain,
 * because an edit to correct text breaks the minimal-change promise. Each was measured on the dev
 * data (`npm run eval -- grammar --rules`) and kept only if it helped there.
 */
import { addressedAsYou, capitalisesSentences, holdsCode, inSpacedAddress, isAbbreviation, isListLetter, isNameAt, LETTER_I_VERB, lowerAtSentenceStarts, usedAsName } from './names.ts';
import { confusableWords, fixedPhrasePreposition, confusable, contextAllows } from './confusables.ts';
import { doubledWord } from './doubled.ts';
import { subjectPronounAgreement } from './pronoun-agreement.ts';
import type { Edit } from './edits.ts';
import type { Lexicon } from './lexicon.ts';
import type { LanguageModel } from './ngrams.ts';
import type { PolicyContext } from './rule.ts';
import { matchCase } from './spelling.ts';
import type { Token } from './tokens.ts';
import { ABSTRACT_SUFFIX, COLLECTIVE_NOUNS, GROUP_NOUNS, IRREGULAR_PLURALS, MASS_NOUNS, pluralize, STRICT_UNCOUNTABLE, WRONG_PLURALS } from './data/nouns.ts';
import { LINKING_VERBS } from './data/function-words.ts';
import { lineStartOpensSentence } from './variants.ts';
import { beforeQuoteMarks, isPastForm, isPluralNoun, nounSubjectAgreement, participleForPeople, pastInSentence, QUOTE_MARKS, SINGULAR_BE, subjunctive, thereIsSingular, TO_PLURAL, usedAsOtherNumber } from './agreement.ts';
import { joinedCompound, splitWord, runTogetherWords } from './split-words.ts';
import { articleByContext, clearlyCountable, indefiniteArticle, missingArticle } from './articles.ts';
import { prepositionBeforeVerb, prepositionChoice } from './prepositions.ts';

import type { Proposal, Rule } from './rule.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

/** With "ca" and "wo", the tagger's first halves of "can't" and "won't". */
const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must', 'ca', 'wo']);
/** Words that may stand between an auxiliary and its verb. */
const ADVERBS_BETWEEN = new Set(['not', "n't", 'never', 'also', 'still', 'really', 'only', 'just', 'always', 'even', 'ever', 'already', 'often', 'probably', 'certainly', 'definitely', 'easily', 'usually', 'surely', 'hardly']);
/** Tokens after which a new clause (and so a subject) begins. */
const CLAUSE_OPENERS = new Set([
  'and', 'but', 'or', 'so', 'because', 'if', 'when', 'while', 'although', 'though', 'since', 'that', 'as', 'where', 'whereas', 'unless', 'until', 'before', 'after',
  ',', ';', ':', '(', '"', '“',
]);
const THIRD_SINGULAR = new Set(['he', 'she', 'it']);
/** Indefinite pronouns, singular subjects (objects too: "help everyone understand", so only at a clause start). */
const INDEFINITE_SINGULAR = new Set(['everyone', 'everybody', 'someone', 'somebody', 'nobody', 'anybody']);
const AUXILIARIES = new Set(['do', 'does', 'did', "didn't", "doesn't", 'let', 'make', 'makes', 'made', 'help', 'helps', 'helped', 'see', 'saw', 'watch', 'hear', 'heard']);
const NON_THIRD = new Set(['i', 'we', 'they', 'you']);
const PLURAL_QUANTIFIERS = new Set(['many', 'several', 'few', 'various', 'numerous', 'both', 'these', 'those', 'multiple', 'countless', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twenty', 'hundreds', 'thousands', 'millions']);

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.type === 'word';

function replace(t: Token, replacement: string): Proposal {
  return { start: t.start, end: t.end, replacement: matchCase(t.text, replacement) };
}

/** The token index after `i` skipping adverbs that may sit between an auxiliary and its verb. */
function skipAdverbs(tokens: Token[], i: number): number {
  let j = i + 1;
  while (j < tokens.length && ADVERBS_BETWEEN.has(tokens[j].lower)) j++;
  return j;
}

/** True when token `i` begins a clause (sentence start, or after a conjunction or punctuation). */
function clauseStart(tokens: Token[], i: number): boolean {
  if (i === 0 || tokens[i].sentenceStart) return true;
  const prev = tokens[i - 1].lower;
  // "He and I are": a coordinated subject, not a new clause.
  if ((prev === 'and' || prev === 'or') && i >= 2 && ['PRON', 'NOUN', 'PROPN'].includes(tokens[i - 2].pos)) return false;
  return CLAUSE_OPENERS.has(prev) || afterIntroduction(tokens, i);
}

/** True when token `i` follows an introductory phrase that opens its sentence ("In addition it have"). */
function afterIntroduction(tokens: Token[], i: number): boolean {
  for (let length = 1; length <= 5 && length <= i; length++) {
    const first = i - length;
    if (!(first === 0 || tokens[first].sentenceStart)) continue;
    const phrases = INTRODUCTORY_BY_FIRST.get(tokens[first].lower) ?? [];
    if (phrases.some((p) => p.length === length && p.every((w, k) => tokens[first + k].lower === w))) return true;
  }
  return false;
}

/** Base form of a verb token, when it is an inflected form of a known verb. */
function baseOf(t: Token, lexicon: Lexicon): string | null {
  if (!isWord(t)) return null;
  const base = lexicon.verbBase(t.lower);
  if (!base || base === t.lower || !lexicon.isVerb(base)) return null;
  return base;
}

/**
 * True when a verb in the past tense comes before token `i` in its sentence ("when I did the
 * interview, the employer ask me"; "no one knew it, it spread"): the writer tells of the past, so a
 * base verb is a past tense slipped (asked) or already one (spread), not a present missing its -s.
 */
function pastBefore(tokens: Token[], i: number, lexicon: Lexicon): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k];
    if (isWord(t) && (t.pos === 'VERB' || t.pos === 'AUX') && isPastForm(t.lower, lexicon)) return true;
    if (t.sentenceStart) break;
  }
  return false;
}

/** A verb whose past is its base form ("he hurt", "it spread", "she put"): already a past tense, perhaps. */
function pastLikeBase(verb: string, lexicon: Lexicon): boolean {
  return lexicon.irregular(verb)?.past.includes(verb) ?? false;
}

/** Verbs and adjectives whose "that" clause takes the base form (the subjunctive): "she insisted that he stay". */
const MANDATIVE = /^(insist|suggest|demand|recommend|propos|requir|request|urg|ask|order|essential|vital|imperative|crucial)/;

/** True when the subject at `i` follows a "that" that a mandative word earlier in its sentence governs. */
function mandativeThat(tokens: Token[], i: number): boolean {
  if (tokens[i - 1]?.lower !== 'that') return false;
  for (let k = i - 2; k >= 0; k--) {
    if (MANDATIVE.test(tokens[k].lower)) return true;
    if (tokens[k].sentenceStart) break;
  }
  return false;
}

/** Words after which "it" begins a clause of its own ("what it takes", "the way it works"). */
const WH_WORDS = new Set(['what', 'which', 'how', 'why', 'whatever', 'wherever', 'whenever']);
/** Verbs whose clause object has no "that" ("said it expects"); not verbs of perception ("felt it move"). */
const SAYING = new Set(['say', 'claim', 'announce', 'report', 'state', 'add', 'confirm', 'warn', 'argue', 'admit', 'believe', 'think', 'hope', 'expect', 'fear', 'estimate', 'predict', 'note', 'reveal', 'deny', 'acknowledge', 'conclude', 'indicate']);

/**
 * True when an "it" not at a clause start is still a subject: after a wh-word ("what it take"), after
 * a noun whose relative clause it begins ("the quinine it contain", "each share it don't own"), or
 * after a verb of saying ("said it expect"). Not after make/let/help/see... ("let it go"), where the
 * base form is right.
 */
function itSubject(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (!isWord(before) || AUXILIARIES.has(before.lower)) return false;
  if (WH_WORDS.has(before.lower)) return true;
  if (before.pos === 'NOUN' && before.text === before.lower) return true;
  return before.pos === 'VERB' && SAYING.has(before.lemma);
}

/** He/she/it + base verb → third person singular: "he go" → "he goes", "she have" → "she has". */
const thirdPersonAgreement: Rule = {
  id: 'agreement-third-person',
  category: 'grammar',
  description: 'he/she/it/everyone... + base verb → -s form (he go → he goes, everyone know → knows)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const subject = tokens[i];
      // "it" is also an object ("make it work"): only a clause-initial "it" is a subject.
      const objectToo = subject.lower === 'it' || INDEFINITE_SINGULAR.has(subject.lower);
      if (!(THIRD_SINGULAR.has(subject.lower) || INDEFINITE_SINGULAR.has(subject.lower)) || (objectToo && !clauseStart(tokens, i) && !(subject.lower === 'it' && itSubject(tokens, i)))) continue;
      // "could he be", "does she know": after an auxiliary the verb is already the base form; "has she run": a participle.
      // So after an older question's negation: "Why does not he try Bath?".
      const auxiliary = tokens[i - 1]?.lower === 'not' ? tokens[i - 2] : tokens[i - 1];
      if (auxiliary && (MODALS.has(auxiliary.lower) || AUXILIARIES.has(auxiliary.lower) || ['has', 'have', 'had'].includes(auxiliary.lower))) continue;
      if (mandativeThat(tokens, i)) continue;
      // "he usually go", "it just make": adverbs may stand between (not "not": "he not go" is another error).
      let v = i + 1;
      // Any adverb in -ly too ("he mainly concentrate").
      while (v < tokens.length && (ADVERBS_BETWEEN.has(tokens[v].lower) || (tokens[v].pos === 'ADV' && /ly$/.test(tokens[v].lower))) && !["not", "n't", 'never'].includes(tokens[v].lower)) v++;
      const verb = tokens[v];
      if (!isWord(verb) || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) continue;
      const next = tokens[v + 1];
      // "his study's results": a possessive noun, not a verb.
      if (next?.lower === "'s") continue;
      if (verb.lower === 'have' || verb.lower === 'do') {
        // "he have to", "she do not": the auxiliary form.
        out.push(replace(verb, verb.lower === 'have' ? 'has' : 'does'));
        continue;
      }
      if (verb.lower === 'are' || verb.lower === 'am') {
        out.push(replace(verb, 'is'));
        continue;
      }
      if (verb.lemma !== verb.lower || MODALS.has(verb.lower) || !lexicon.hasLemma(verb.lower, 'verb')) continue;
      if (lexicon.functionWords.has(verb.lower) && !lexicon.isVerb(verb.lower)) continue;
      // "he himself", "it all": not a verb after all.
      if (next && next.lower === 'to' && verb.lower === 'need') continue;
      // "It need not be this way", "he dare not say": need and dare as modals, before "not" and a base verb.
      if (['need', 'dare'].includes(verb.lower) && next?.lower === 'not') continue;
      // "He last chose": a past-tense verb follows, so the word is an adverb.
      if (isWord(next) && (/ed$/.test(next.lower) || lexicon.irregularByPast(next.lower))) continue;
      // "people who love it like I do": before a subject, "like" joins a clause; "it" was an object.
      if (verb.lower === 'like' && ['i', 'we', 'they', 'he', 'she'].includes(next?.lower ?? '')) continue;
      if (pastBefore(tokens, v, lexicon) || pastLikeBase(verb.lower, lexicon) || pastInSentence(text, verb.start, verb.end, lexicon)) continue;
      out.push(replace(verb, lexicon.thirdPerson(verb.lower)));
    }
    return out;
  },
};

/** I/we/you/they + -s form → base; "they was" → "they were"; "I is" → "I am". */
const pluralPronounAgreement: Rule = {
  id: 'agreement-plural-pronoun',
  category: 'grammar',
  description: 'I/we/you/they + -s form → base form (they goes → they go, we was → we were)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const subject = tokens[i];
      // "you" is also an object ("told you is"): only a clause-initial "you" is a subject.
      if (!NON_THIRD.has(subject.lower) || (subject.lower === 'you' && (!clauseStart(tokens, i) || addressedAsYou(text, subject.start)))) continue;
      // "He and I are": a coordinated subject.
      if (i >= 2 && ['and', 'or'].includes(tokens[i - 1].lower)) continue;
      // "A | | i is the constant": a lower-case "i" after a symbol or a capital letter is a variable's index.
      if (subject.text === 'i' && i > 0 && (!isWord(tokens[i - 1]) || /^\p{Lu}$/u.test(tokens[i - 1].text))) continue;
      // "where i represents the site": so is one a third-person verb follows (names.ts, LETTER_I_VERB).
      if (subject.text === 'i' && LETTER_I_VERB.test(text.slice(subject.end, subject.end + 30))) continue;
      const verb = tokens[i + 1];
      if (!isWord(verb)) continue;
      const pronoun = subject.lower;
      // "when you be successful" → are; not after a modal or do ("will they be", "do you be").
      const afterAuxiliary = i > 0 && (MODALS.has(tokens[i - 1].lower) || AUXILIARIES.has(tokens[i - 1].lower));
      if (verb.lower === 'be' && !afterAuxiliary && clauseStart(tokens, i)) out.push(replace(verb, pronoun === 'i' ? 'am' : 'are'));
      else if (verb.lower === 'is') out.push(replace(verb, pronoun === 'i' ? 'am' : 'are'));
      else if (verb.lower === 'was' && pronoun !== 'i') out.push(replace(verb, 'were'));
      else if (verb.lower === 'has') out.push(replace(verb, 'have'));
      else if (verb.lower === 'does') out.push(replace(verb, 'do'));
      else if (verb.lower === 'are' && pronoun === 'i') out.push(replace(verb, 'am'));
      else if (verb.pos === 'VERB' && /[^s]s$/.test(verb.lower)) {
        const base = baseOf(verb, lexicon);
        if (base && lexicon.thirdPerson(base) === verb.lower) out.push(replace(verb, base));
      }
    }
    return out;
  },
};

/** Quantifiers whose "of" phrase takes a plural verb with a plural noun ("most of the students are"). */
const PLURAL_PARTITIVES = new Set(['most', 'many', 'all', 'several', 'few', 'both']);

/** Plural noun subject + is/was/has: "the people is" → "the people are". */
const pluralNounAgreement: Rule = {
  id: 'agreement-plural-noun',
  category: 'grammar',
  description: 'plural noun subject + is/was/has or an -s verb → plural form (many students was → were, people thinks → think)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const noun = tokens[i];
      const verb = tokens[i + 1];
      if (!isWord(noun) || !(taggedAs(noun, 'NOUN', lexicon) || IRREGULAR_PLURALS.has(noun.lower)) || !isWord(verb) || !isPluralNoun(noun, lexicon)) continue;
      const fix = TO_PLURAL[verb.lower] ?? sVerbBase(verb, tokens[i + 2], lexicon);
      if (!fix) continue;
      // A sentence's first word read as a plural noun may be a name ("Miles suggests"): not where the
      // text writes it capitalised inside a sentence too.
      if (noun.pos === 'PROPN' && usedAsName(text, noun.text)) continue;
      // "the only thing that matters is winning": after a relative pronoun an -s word that is a verb too is the clause's verb.
      if (['that', 'which', 'who'].includes(tokens[i - 1]?.lower ?? '') && lexicon.isVerb(noun.lower.replace(/s$/, ''))) continue;
      // The noun must be the head of a subject at the start of its clause: [det] [adj]* noun, or a
      // bare plural there ("Young people is").
      let j = i - 1;
      // Adjectives, participles among them ("endangered animals is", "developed countries has"), and the quotation
      // marks around one ('sensors on "antennae" stalks has': the closing mark opens no clause).
      while (j >= 0 && (taggedAs(tokens[j], 'ADJ', lexicon) || QUOTE_MARKS.has(tokens[j].text) || (tokens[j].pos === 'VERB' && /ed$/.test(tokens[j].lower))) && !PLURAL_DETERMINERS.has(tokens[j].lower)) j--;
      // "Smoking cigarettes is bad": an -ing form before the noun makes it the object of a gerund subject.
      if (tokens.slice(j + 1, i).some((t) => /ing$/.test(t.lower))) continue;
      const det = tokens[j];
      // "most of these systems runs": "most/many/all... of" takes the plural of its noun, so the
      // subject starts at the quantifier (not "one of the boys is", whose subject is "one").
      const partitive = j >= 2 && tokens[j - 1].lower === 'of' && PLURAL_PARTITIVES.has(tokens[j - 2].lower);
      const determinerAt = partitive ? j - 2 : j;
      const withDeterminer = det !== undefined && PLURAL_DETERMINERS.has(det.lower) && clauseStart(tokens, determinerAt);
      if (!withDeterminer && !clauseStart(tokens, j + 1)) continue;
      // "for young or old women was", "by traits, and beliefs comes": a list's last part, the subject further back.
      if (['and', 'or'].includes(tokens[j]?.lower ?? '')) continue;
      // "of two independent, but indistinguishable, particles is": adjectives set off by commas, the subject further back.
      if (tokens[j]?.text === ',' && j > 0 && taggedAs(tokens[j - 1], 'ADJ', lexicon)) continue;
      // 'couples "flaunting" their relationships is': the object of an -ing verb (quoted or not), whose clause is the subject.
      const before = tokens[beforeQuoteMarks(tokens, determinerAt)];
      if (withDeterminer && before?.pos === 'VERB' && /ing$/.test(before.lower)) continue;
      // "the students' book", "one of the boys is": not this pattern.
      if (j > 0 && tokens[j - 1].lower === 'of' && !partitive) continue;
      out.push(replace(verb, fix));
    }
    return out;
  },
};

/**
 * True when `t` has the tag `pos`, or is a sentence's capitalised first word that the tagger took
 * for a name but WordNet knows as such a word ("Young people", "Students has").
 */
function taggedAs(t: Token, pos: 'NOUN' | 'ADJ', lexicon: Lexicon): boolean {
  if (t.pos === pos) return true;
  return t.pos === 'PROPN' && t.sentenceStart && lexicon.lemmatize(t.lower, pos === 'NOUN' ? 'noun' : 'adj').length > 0;
}

/**
 * The base form of a third-person -s verb ("thinks" → think). A form that is also a plural noun
 * ("works", "needs") only where a predicate clearly follows (an object pronoun, a determiner...).
 */
function sVerbBase(verb: Token, next: Token | undefined, lexicon: Lexicon): string | null {
  if (verb.pos !== 'VERB' || verb.text !== verb.lower || !/[^s]s$/.test(verb.lower)) return null;
  const base = baseOf(verb, lexicon);
  if (!base || lexicon.thirdPerson(base) !== verb.lower) return null;
  if (lexicon.hasLemma(base, 'noun') && !(next && ['DET', 'PRON', 'ADP', 'PART', 'SCONJ'].includes(next.pos))) return null;
  return base;
}

/** Determiners of a singular subject: "the professor need" → "needs". */
const SINGULAR_DETERMINERS = new Set(['the', 'this', 'that', 'a', 'an', 'every', 'each', 'his', 'her', 'its', 'my', 'your', 'our', 'their']);
/** Openers after which a new subject may begin (no "that": "I suggest that the student take" is a subjunctive). */
const SUBJECT_OPENERS = new Set([',', ';', ':', 'and', 'but', 'so', 'because', 'when', 'if', 'while', 'although', 'though', 'since', 'whereas', 'unless']);

/** Singular noun subject + base verb: "the professor need them" → "needs", "the age do n't" → "does". */
const singularNounAgreement: Rule = {
  id: 'agreement-singular-noun',
  category: 'grammar',
  description: 'determiner + singular noun subject + base verb → -s form (the professor need them → needs)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 3 < tokens.length; i++) {
      const det = tokens[i];
      if (!SINGULAR_DETERMINERS.has(det.lower) || !(det.sentenceStart || i === 0 || SUBJECT_OPENERS.has(tokens[i - 1].lower))) continue;
      // "a car and a van were": the noun is the second of a subject joined by "and", which is plural.
      if (i >= 2 && tokens[i - 1].lower === 'and' && ['NOUN', 'PROPN', 'PRON'].includes(tokens[i - 2].pos)) continue;
      // "The poles, the rail, and the gate are": the same after a serial comma.
      if (i >= 3 && tokens[i - 1].lower === 'and' && tokens[i - 2].text === ',' && ['NOUN', 'PROPN', 'PRON'].includes(tokens[i - 3].pos)) continue;
      let j = i + 1;
      while (j < tokens.length && tokens[j].pos === 'ADJ') j++;
      const noun = tokens[j];
      const verb = tokens[j + 1];
      const next = tokens[j + 2];
      if (!isWord(noun) || noun.pos !== 'NOUN' || noun.lemma !== noun.lower || isPluralNoun(noun, lexicon) || noun.text !== noun.lower) continue;
      if (!isWord(verb) || verb.text !== verb.lower || !next) continue;
      // A noun that names a group British English may count as many, with any verb ("the team were", "the club say").
      if (COLLECTIVE_NOUNS.has(noun.lower) || GROUP_NOUNS.has(noun.lower)) continue;
      // A noun the counts show with plural verbs often: its plural is the same word ("the fish are", "the sheep were").
      if (usedAsOtherNumber(noun.lower, 'singular', lm)) continue;
      // "The mural were crowd-funded", "the rector are elected": be agrees with a singular noun, unless it
      // is a plural in -s the tagger took for a singular ("the remains were").
      // "If the errand were not a pleasure": the subjunctive of a condition or a wish.
      if (verb.lower === 'were' && subjunctive(tokens, j + 1)) continue;
      // "when the wounded are carried off": a participle after "the" names the people it describes, many of them.
      const people = j === i + 1 && participleForPeople(det, noun, lexicon);
      if ((verb.lower === 'are' || verb.lower === 'were') && lexicon.hasLemma(noun.lower, 'noun') && !/[^su]s$/.test(noun.lower) && !people) {
        out.push(replace(verb, verb.lower === 'are' ? 'is' : 'was'));
        continue;
      }
      // The verb must begin a predicate: an object or complement follows, not another noun ("the water supply system").
      if (!['DET', 'PRON', 'ADP', 'PART', 'ADV', 'SCONJ'].includes(next.pos)) continue;
      if (verb.lower === 'do' && ["n't", 'not'].includes(next.lower)) {
        out.push(replace(verb, 'does'));
        continue;
      }
      if (verb.lower === 'have' && verb.pos === 'VERB') {
        out.push(replace(verb, 'has'));
        continue;
      }
      if (verb.pos !== 'VERB' || verb.lemma !== verb.lower || MODALS.has(verb.lower) || !lexicon.isVerb(verb.lower)) continue;
      // A verb that is also a noun may be a compound's second noun ("the bus stop near"): only verbs wink and WordNet agree on.
      if (lexicon.hasLemma(verb.lower, 'noun') && next.pos !== 'PRON' && next.pos !== 'DET') continue;
      // Nor before a relative pronoun: "a growing worry that keeps" is a noun and its clause.
      if (lexicon.hasLemma(verb.lower, 'noun') && ['that', 'which', 'who'].includes(next.lower)) continue;
      if (pastBefore(tokens, j + 1, lexicon) || pastLikeBase(verb.lower, lexicon)) continue;
      const third = lexicon.thirdPerson(verb.lower);
      if (third !== verb.lower) out.push(replace(verb, third));
    }
    return out;
  },
};

/**
 * A bare singular count noun as a subject, with a verb in the plural form: "Recently scientist have
 * found" → "scientists have found", "In this case student learn" → "students learn". Without a
 * determiner a singular count noun cannot be a subject, and the verb says the writer meant many;
 * a mass noun ("history tell us") is left, as the verb is then the error.
 */
const bareSingularSubject: Rule = {
  id: 'plural-bare-subject',
  category: 'grammar',
  description: 'bare singular count noun + plural verb at the start of a clause → plural noun (scientist have found → scientists have found)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const subject = bareSubject(tokens, i, lexicon);
      if (!subject) continue;
      const { noun, verb } = subject;
      // A capitalised noun may be a name ("Mark have"): only a noun used in the plural at least half as often.
      if (noun.text !== noun.lower && lm.count(pluralize(noun.lower)) < 0.5 * lm.count(noun.lower)) continue;
      const pluralVerb = ['have', 'do', 'are', 'were'].includes(verb.lower) || (verb.pos === 'VERB' && verb.lemma === verb.lower && lexicon.isVerb(verb.lower) && !lexicon.hasLemma(verb.lower, 'noun'));
      if (!pluralVerb || MODALS.has(verb.lower)) continue;
      if (MASS_NOUNS.has(noun.lower) || STRICT_UNCOUNTABLE.has(noun.lower) || ABSTRACT_SUFFIX.test(noun.lower) || isPluralNoun(noun, lexicon)) continue;
      if (!lexicon.hasLemma(noun.lower, 'noun') || lexicon.functionWords.has(noun.lower) || !clearlyCountable(noun.lower, lm)) continue;
      out.push(replace(noun, pluralize(noun.lower)));
    }
    return out;
  },
};

/**
 * The subject that begins a clause at token `i` as a bare singular noun, [adjective] noun, with the
 * verb after it: "Recently scientist have", "Younger generation are", "history tell us".
 */
function bareSubject(tokens: Token[], i: number, lexicon: Lexicon): { noun: Token; verb: Token } | null {
  const first = tokens[i];
  const j = isWord(first) && taggedAs(first, 'ADJ', lexicon) && isPlainAdjective(first, lexicon) ? i + 1 : i;
  const noun = tokens[j];
  const verb = tokens[j + 1];
  if (!isWord(noun) || !taggedAs(noun, 'NOUN', lexicon) || noun.lemma.toLowerCase() !== noun.lower || noun.lower.includes('-')) return null;
  // Lower case, or capitalised only as a sentence's first word (not a name or a heading).
  const plain = (t: Token): boolean => t.text === t.lower || (t.sentenceStart && t.text === matchCase('A', t.lower));
  if (!isWord(first) || !plain(first) || (noun !== first && noun.text !== noun.lower)) return null;
  // At a clause start, or after one adverb there ("Recently scientist have"); not the second of two
  // nouns joined by "and" ("the letter and poem were").
  const opener = (k: number): boolean => k < 0 || tokens[k + 1].sentenceStart || (SUBJECT_OPENERS.has(tokens[k].lower) && !(/^(and|or)$/.test(tokens[k].lower) && k > 0 && tokens[k - 1].pos === 'NOUN'));
  if (!opener(i - 1) && !(tokens[i - 1].pos === 'ADV' && opener(i - 2))) return null;
  if (!isWord(verb) || verb.text !== verb.lower || !['VERB', 'AUX'].includes(verb.pos)) return null;
  return { noun, verb };
}



/**
 * An uncountable noun as a bare subject with a verb in the plural form: "history tell us" →
 * "history tells us", "research have shown" → "has shown". The noun has no plural to give, so the
 * verb is the error (count nouns are pluralised by plural-bare-subject instead).
 */
const massSubjectAgreement: Rule = {
  id: 'agreement-mass-subject',
  category: 'grammar',
  description: 'bare uncountable noun subject + base verb → -s form (history tell us → history tells us, research have shown → has shown)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const subject = bareSubject(tokens, i, lexicon);
      if (!subject) continue;
      const { noun, verb } = subject;
      // Only the curated uncountable nouns ("advertisement", "community" have plurals), and not one
      // half of a coordinated subject ("the society and community afford").
      const uncountable = MASS_NOUNS.has(noun.lower) || STRICT_UNCOUNTABLE.has(noun.lower);
      if (!uncountable || COLLECTIVE_NOUNS.has(noun.lower) || /s$/.test(noun.lower) || ['and', 'or'].includes(tokens[i - 1]?.lower ?? '')) continue;
      const next = tokens[verb === tokens[i + 1] ? i + 2 : i + 3];
      if (verb.lower === 'have' || verb.lower === 'do') {
        out.push(replace(verb, verb.lower === 'have' ? 'has' : 'does'));
        continue;
      }
      if (verb.pos !== 'VERB' || verb.lemma !== verb.lower || MODALS.has(verb.lower) || !lexicon.isVerb(verb.lower)) continue;
      // A predicate must follow (an object, a clause, a particle), not a noun of a compound ("money
      // transfer fees"); a bare noun object only after a word that is no noun ("money attract money").
      const objectPos = lexicon.hasLemma(verb.lower, 'noun') ? ['DET', 'PRON', 'ADP', 'PART', 'SCONJ'] : ['DET', 'PRON', 'ADP', 'PART', 'SCONJ', 'NOUN'];
      if (!next || !objectPos.includes(next.pos)) continue;
      if (pastBefore(tokens, tokens.indexOf(verb), lexicon) || pastLikeBase(verb.lower, lexicon)) continue;
      const third = lexicon.thirdPerson(verb.lower);
      if (third !== verb.lower) out.push(replace(verb, third));
    }
    return out;
  },
};

const PLURAL_DETERMINERS = new Set(['the', 'these', 'those', 'many', 'most', 'some', 'all', 'my', 'our', 'their', 'your', 'his', 'her', 'several', 'few', 'both', 'such', 'other', 'most']);



/** A plain adjective that may stand before a bare noun ("younger", "new"), not a determiner-like word ("many", "other"). */
function isPlainAdjective(t: Token, lexicon: Lexicon): boolean {
  return isWord(t) && /^\p{L}+$/u.test(t.text) && lexicon.lemmatize(t.lower, 'adj').length > 0 && !PLURAL_QUANTIFIERS.has(t.lower) && !lexicon.functionWords.has(t.lower);
}

const QUESTION_WORDS = new Set(['what', 'why', 'how', 'where', 'when', 'who', 'which']);
const QUESTION_SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);

/** Sightings of "to" + a past that is a verb of its own, and their share of the word's sightings, from which it is read as that verb ("to bore"). */
const MIN_OWN_BASE = 2;
const OWN_BASE_SHARE = 0.01;

/** Modal + inflected verb → base: "can goes" → "can go", "will rained" → "will rain"; "Does he plays?" → "play". */
const modalBase: Rule = {
  id: 'verb-after-modal',
  category: 'grammar',
  description: 'modal, or do in a question, + inflected verb → base form (can goes → can go; Does he plays → Does he play)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const modal = tokens[i];
      const isDidNot = ['did', 'does', 'do'].includes(modal.lower) && ["n't", 'not'].includes(tokens[i + 1]?.lower ?? '');
      // "Does he plays?", "Why did you went?": a question puts "do" before its subject, and the verb after it is bare.
      const doQuestion = ['did', 'does', 'do'].includes(modal.lower) && (modal.sentenceStart || QUESTION_WORDS.has(tokens[i - 1]?.lower ?? '')) && QUESTION_SUBJECTS.has(tokens[i + 1]?.lower ?? '');
      if (!MODALS.has(modal.lower) && !isDidNot && !doQuestion) continue;
      // "Ms May said": a capitalised "May" or "Will" where no sentence starts is a name.
      if (modal.text !== modal.lower && !modal.sentenceStart) continue;
      // "the opened can using glue", "a must having": after a determiner, or one and a participle, the word is a noun
      // (not after an adjective: "an adolescent can shares", the tagger's adjective may be the subject).
      const participle = tokens[i - 1]?.pos === 'VERB' && /ed$/.test(tokens[i - 1].lower);
      if (MODALS.has(modal.lower) && (tokens[i - 1]?.pos === 'DET' || (participle && tokens[i - 2]?.pos === 'DET'))) continue;
      const j = doQuestion ? i + 2 : skipAdverbs(tokens, i);
      const verb = tokens[j];
      if (doQuestion && verb?.lower === 'has') {
        out.push(replace(verb, 'have'));
        continue;
      }
      // The tagger may call an -s form after a modal a noun ("may facilitates growth"): not one that is no noun at all.
      const verbOnlyForm = isWord(verb) && verb.pos === 'NOUN' && /s$/.test(verb.lower) && lexicon.lemmatize(verb.lower, 'noun').length === 0 && lexicon.isVerb(verb.lower);
      if (!isWord(verb) || (verb.pos !== 'VERB' && !verbOnlyForm)) continue;
      // "can been", "will having": the form after a modal is always the base form.
      if (/ing$/.test(verb.lower) && !isDidNot && !MODALS.has(modal.lower)) continue;
      const base = baseOf(verb, lexicon);
      if (!base) continue;
      // "things that don't usually bore you": a past that is a verb of its own, one the counts show after "to", is that
      // verb's base form already (not "bear"); "can found it", "didn't saw" stay slips ("to found" is all but unseen).
      if (lexicon.hasLemma(verb.lower, 'verb') && lm.pairCount('to', verb.lower) >= Math.max(MIN_OWN_BASE, OWN_BASE_SHARE * lm.wordCount(verb.lower))) continue;
      // "may parts of India": "may" is a typo for "many" far more often than "may" + an -s verb; but not after
      // a subject ("it may starts"), where "many" cannot stand.
      if (modal.lower === 'may' && /s$/.test(verb.lower) && lexicon.hasLemma(base, 'noun') && !['PRON', 'NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '')) continue;
      // A participle after a modal is a passive missing "be" ("can used"): not ours to guess.
      if (/ed$|en$/.test(verb.lower) && !isDidNot && lexicon.pastParticiple(base) === verb.lower && lexicon.past(base) !== verb.lower) continue;
      // "Only then can aged people live": a participle before a noun and a verb is an adjective of
      // the inverted subject; the modal's verb comes after it.
      if (/ed$|en$/.test(verb.lower) && tokens[j + 1]?.pos === 'NOUN' && tokens[j + 2]?.pos === 'VERB') continue;
      out.push(replace(verb, base));
    }
    return out;
  },
};

/** to + -s form or irregular past → base: "to goes" → "to go", "to went" → "to go". */
const infinitiveBase: Rule = {
  id: 'verb-after-to',
  category: 'grammar',
  description: 'to + -s form or irregular past → base form (want to went → want to go)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      if (tokens[i].lower !== 'to' || tokens[i].pos !== 'PART') continue;
      const verb = tokens[i + 1];
      if (!isWord(verb) || verb.pos !== 'VERB') continue;
      const base = baseOf(verb, lexicon);
      if (!base) continue;
      const irregular = lexicon.irregular(base);
      // "to taxes", "a threat to lives": "to" is a preposition before a plural noun.
      const nounToo = lexicon.hasLemma(base, 'noun') || isPluralNoun(verb, lexicon);
      const isThird = lexicon.thirdPerson(base) === verb.lower && (!nounToo || COMMON_S_VERBS.has(verb.lower));
      // Not a past that is a verb of its own: "to lay flowers", "to found a firm", "to saw wood".
      const isIrregularPast = irregular !== undefined && irregular.past.includes(verb.lower) && !irregular.participle.includes(verb.lower) && !lexicon.hasLemma(verb.lower, 'verb');
      if (isThird || isIrregularPast) out.push(replace(verb, base));
    }
    return out;
  },
};

/** -s verbs read as verbs after "to" though their base is a noun too; not plurals in common use ("a threat to lives", "add to studies", "to tries", "takes", "makes"). */
const COMMON_S_VERBS = new Set(['goes', 'does', 'has', 'says', 'gets', 'comes', 'gives', 'becomes', 'knows', 'thinks', 'seems', 'learns']);

/** Past forms in accepted use as participles too (American usage and dictionaries list them). */
const VARIANT_PARTICIPLES = new Set(['showed', 'beat', 'proved', 'mowed', 'sewed', 'sawed', 'swelled', 'shaved', 'waked', 'dived', 'got', 'struck', 'stunk', 'shrunk', 'sprung', 'swum']);

/** have/has/had + irregular simple past → participle: "has went" → "has gone". */
const perfectParticiple: Rule = {
  id: 'perfect-participle',
  category: 'grammar',
  description: 'have + simple past of an irregular verb → past participle (has went → has gone)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const aux = tokens[i].lower;
      const perfect = ['have', 'has', 'had', "'ve", 'having'].includes(aux);
      const passive = ['is', 'are', 'was', 'were', 'been', 'be', 'being'].includes(aux);
      if (!perfect && !passive) continue;
      const j = skipAdverbs(tokens, i);
      const verb = tokens[j];
      if (!isWord(verb)) continue;
      const base = lexicon.verbBase(verb.lower);
      const irregular = base ? lexicon.irregular(base) : undefined;
      if (!irregular || !irregular.past.includes(verb.lower) || irregular.participle.includes(verb.lower)) continue;
      // Participles dictionaries accept beside the irregular one ("had showed", "can't be beat").
      if (VARIANT_PARTICIPLES.has(verb.lower)) continue;
      // "was" + past is passive only for transitive verbs: "was went" is not a passive to repair.
      if (passive && ['go', 'come', 'become', 'run', 'fall', 'rise', 'sit', 'lie', 'be', 'have', 'do'].includes(irregular.base)) continue;
      out.push(replace(verb, irregular.participle[0]));
    }
    return out;
  },
};

/**
 * have/has/had + the base form of an irregular verb → participle: "they have spend" → spent, "has
 * write" → written. Only verbs that are never nouns ("have drink", "have work" are a verb + its
 * object), and only where the participle differs from the base ("have come", "have put" are right).
 */
const perfectBaseParticiple: Rule = {
  id: 'perfect-base-participle',
  category: 'grammar',
  description: 'have + base form of an irregular verb → past participle (have spend → have spent)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!['have', 'has', 'had', "'ve"].includes(tokens[i].lower)) continue;
      const verb = tokens[skipAdverbs(tokens, i)];
      if (!isWord(verb)) continue;
      const irregular = lexicon.irregular(verb.lower);
      if (!irregular || irregular.participle.includes(verb.lower) || irregular.past.includes(verb.lower)) continue;
      if (lexicon.hasLemma(verb.lower, 'noun') || ['be', 'have', 'do', 'get', 'let'].includes(verb.lower)) continue;
      out.push(replace(verb, irregular.participle[0]));
    }
    return out;
  },
};

/** Regular past of an irregular verb: "I choosed" → "I chose", "has teached" → "has taught". */
const irregularPast: Rule = {
  id: 'irregular-past',
  category: 'grammar',
  description: 'regular -ed form of an irregular verb → its past or participle (choosed → chose, has buyed → has bought)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    tokens.forEach((t, i) => {
      const verb = isWord(t) ? lexicon.regularizedIrregular(t.lower) : undefined;
      if (!verb) return;
      let k = i - 1;
      while (k >= 0 && ADVERBS_BETWEEN.has(tokens[k].lower)) k--;
      const aux = tokens[k]?.lower ?? '';
      const participle = ['have', 'has', 'had', "'ve", 'having', 'is', 'are', 'was', 'were', 'be', 'been', 'being', "'s", "'re", 'get', 'got'].includes(aux);
      out.push(replace(t, participle ? verb.participle[0] : verb.past[0]));
    });
    return out;
  },
};

/** Quantifier + singular count noun → plural: "many student" → "many students". */
const pluralAfterQuantifier: Rule = {
  id: 'plural-after-quantifier',
  category: 'grammar',
  description: 'many/several/these/both/one of the... + singular noun → plural (many student → many students, one of the best student → students)',
  apply(text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const q = tokens[i].lower;
      let j = i + 1;
      const partitive = partitiveOf(tokens, i);
      // "a lot of", "lots of", "the number of": mass nouns are common after these ("a lot of noise"),
      // so only nouns that human text uses after "of" mostly in the plural.
      const amountOf = q === 'of' && AMOUNT_NOUNS.has(tokens[i - 1]?.lower ?? '');
      // "other drivers", "some students": a singular is fine after these too ("the other driver",
      // "some time"), so only without a determiner before "other", and as for amountOf.
      const weak = amountOf || q === 'some' || (q === 'other' && !DETERMINERS_BEFORE_OTHER.has(tokens[i - 1]?.lower ?? ''));
      // "certain" without an article is the plural quantifier ("certain things"); "a certain thing",
      // "I am certain" are not.
      const certain = q === 'certain' && !DETERMINERS_BEFORE_OTHER.has(tokens[i - 1]?.lower ?? '') && !LINKING_VERBS.has(tokens[i - 1]?.lower ?? '') && tokens[i - 1]?.lower !== 'a';
      if (!PLURAL_QUANTIFIERS.has(q) && !partitive && !weak && !certain) continue;
      // "League Two club": a capital mid-sentence makes the number part of a name; "the only other player": one player.
      if (isNameAt(text, tokens[i].text, tokens[i].start) || (q === 'other' && tokens[i - 1]?.lower === 'only')) continue;
      // "we both felt", "we could both go": "both" after a pronoun or an auxiliary is an adverb and a verb
      // follows it; "a six page essay": a number after an article is part of a modifier.
      const adverbBoth = q === 'both' && (['PRON', 'AUX'].includes(tokens[i - 1]?.pos ?? '') || MODALS.has(tokens[i - 1]?.lower ?? ''));
      if (adverbBoth || (PLURAL_QUANTIFIERS.has(q) && ['a', 'an'].includes(tokens[i - 1]?.lower ?? ''))) continue;
      // "one of the most important thing": adjectives, and "most"/"more" before one, may intervene.
      const between = (t: Token): boolean => (t.pos === 'ADJ' && !PLURAL_QUANTIFIERS.has(t.lower)) || (partitive && ['most', 'more', 'very'].includes(t.lower));
      while (j < tokens.length && between(tokens[j])) j++;
      const noun = tokens[j];
      const after = tokens[j + 1];
      if (!isWord(noun) || noun.text !== noun.lower || noun.lower.length < 2 || noun.lower.includes('-') || /^[-‐]/u.test(text.slice(noun.end, noun.end + 1))) continue;
      // "a top-two finish": the number is part of a compound modifier; "those aged 16": a participle;
      // "many talk about": a word that is a verb too, with a preposition after it, is the verb of "many" (people).
      if (/[-‐]$/u.test(text.slice(0, tokens[i].start)) || /ed$/.test(noun.lower) || (after?.pos === 'ADP' && lexicon.hasLemma(noun.lower, 'verb'))) continue;
      // The tagger reads a noun it did not expect after a quantifier as an adjective or a verb ("many
      // subject better", "these subject very"): human text writing the pair in the plural says it is one.
      const strong = (PLURAL_QUANTIFIERS.has(q) || amountOf) && j === i + 1;
      const misTagged = strong && noun.pos !== 'NOUN' && lexicon.hasLemma(noun.lower, 'noun') && pluralEvidence(q, noun.lower, lm);
      if ((noun.pos !== 'NOUN' || noun.lemma !== noun.lower) && !misTagged) continue;
      // "one of the team", "some few of the company": a group's members.
      if (partitive && (COLLECTIVE_NOUNS.has(noun.lower) || GROUP_NOUNS.has(noun.lower))) continue;
      // A noun used as a modifier ("many car owners") or followed by "of"/"'s": left alone. A verb after
      // it is the noun's own after a strong quantifier ("many student go"), when human text agrees.
      // "some" + noun opening a clause, then a verb in its plural form: the subject is plural ("because some driver make trouble").
      const pluralSubject = q === 'some' && j === i + 1 && clauseStart(tokens, i) && after?.pos === 'VERB' && after.lemma === after.lower && after.text === after.lower && !MODALS.has(after.lower) && clearlyCountable(noun.lower, lm);
      const verbAfter = after?.pos === 'VERB' && !(strong && pluralEvidence(q, noun.lower, lm)) && !pluralSubject;
      if (after && (after.pos === 'NOUN' || after.pos === 'PROPN' || verbAfter || after.lower === "'s" || after.lower === '’s' || after.lower === 'of')) continue;
      // "four prototype Ka-52K helicopters": before a name or a model number the noun modifies, whatever the tagger reads.
      if (after && !after.sentenceStart && /^\p{Lu}|\p{N}/u.test(after.text)) continue;
      // "these will be", "both of these can": a modal after a pronoun-like quantifier is its verb, not a noun.
      // "a plan that many claim will fail": a word that is a verb too, before a modal, is the verb of "many" (people).
      if (MODALS.has(noun.lower) || (MODALS.has(after?.lower ?? '') && lexicon.hasLemma(noun.lower, 'verb'))) continue;
      // An inflected verb form is left: "many building" (-ing), "both sent", "those left behind" (a past
      // or participle after a pronoun-like quantifier); not a noun that only ends so ("certain thing").
      const gerund = lexicon.lemmatize(noun.lower, 'verb').some((base) => base !== noun.lower);
      if (MASS_NOUNS.has(noun.lower) || !lexicon.hasLemma(noun.lower, 'noun') || /(s|ss|us|is)$/.test(noun.lower) || gerund || isPluralNoun(noun, lexicon)) continue;
      // "if these go well": the base of an irregular verb after a pronoun-like quantifier is its verb.
      if (lexicon.irregular(noun.lower)) continue;
      // "these kind of" → "these kinds of" is right, but "a few time" / "those who" are not nouns here.
      if (['time', 'one', 'other', 'kind', 'sort', 'type', 'part', 'way', 'day'].includes(noun.lower) && q !== 'many') continue;
      // "ten percent": a unit that takes no plural; "several dozen", "a few hundred": a number word; "skilled
      // personnel", "many cattle": a plural in sense already ("police" is an irregular plural above).
      if (NO_PLURAL_AFTER_QUANTIFIER.has(noun.lower)) continue;
      // "many user friendly features", "many temperature resistant tools": the noun and an adjective make one
      // modifier; "those age 65 or over", "three page 4": a noun before a number is a label.
      if (after?.pos === 'ADJ' || after?.pos === 'NUM') continue;
      // "Few offer this feature", "many want the same thing": a word that is a verb too, before a determiner and its
      // noun, is the verb of the quantifier standing for people (not "many company that will").
      if (lexicon.hasLemma(noun.lower, 'verb') && after?.pos === 'DET' && ['NOUN', 'ADJ'].includes(tokens[j + 2]?.pos ?? '')) continue;
      if (weak && !pluralSubject && lm.pairCount(q, pluralize(noun.lower)) <= 2 * lm.pairCount(q, noun.lower)) continue;
      // "some agency that trades", "in some place where": "some" before a singular is "a certain", so
      // only a plural verb after it tells a plural meant.
      if (q === 'some' && !pluralSubject) continue;
      // "these surveillance and tracking technologies": nouns joined before the head noun modify it (not
      // "other driver and they": a new clause).
      if (after?.pos === 'CCONJ' && q !== 'both' && !['PRON', 'DET', 'PUNCT'].includes(tokens[j + 2]?.pos ?? 'PUNCT')) continue;
      // After "of" the pair counts are sparse ("of opportunity" never seen, "of opportunities" three
      // times): the noun must also be clearly countable in its own use.
      if ((amountOf || certain) && !clearlyCountable(noun.lower, lm)) continue;
      if (certain && j !== i + 1) continue;
      // "both club and country": "both ... and" joins two singulars.
      if (q === 'both' && after?.lower === 'and') continue;
      // "the top ten list": a ranking's number modifies the noun; "four point to point races": a compound;
      // "one of their own race": "own" makes the noun the kind they share, not the many of them.
      if (tokens[i - 1]?.lower === 'top' || (after?.lower === 'to' && tokens[j + 2]?.lower === noun.lower) || tokens.slice(i + 1, j).some((t) => t.lower === 'own')) continue;
      out.push(replace(noun, pluralize(noun.lower)));
      // The verb of the plural subject agrees with it too ("these problem occurs" → "these problems occur").
      const verbBase = strong && after ? sVerbBase(after, tokens[j + 2], lexicon) : null;
      if (verbBase) out.push(replace(after, verbBase));
    }
    return out;
  },
};

const NO_PLURAL_AFTER_QUANTIFIER = new Set(['percent', 'cent', 'dozen', 'hundred', 'thousand', 'million', 'billion', 'score', 'personnel', 'cattle', 'clergy', 'livestock', 'poultry', 'folk']);

/** Human text writes "q nouns" at least thrice and five times as often as "q noun" (these subjects, many students). */
function pluralEvidence(q: string, noun: string, lm: LanguageModel): boolean {
  const plural = lm.pairCount(q, pluralize(noun));
  return plural >= 3 && plural > 5 * lm.pairCount(q, noun);
}

const DETERMINERS_BEFORE_OTHER = new Set(['the', 'an', 'any', 'no', 'each', 'every', 'one', 'some', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'on']);
/** Nouns of amount that take "of" + a plural count noun. */
// Not "variety", "range": "a variety of grape", "a range of motion" name a kind or extent of a mass.
const AMOUNT_NOUNS = new Set(['lot', 'lots', 'plenty', 'number', 'couple', 'majority', 'dozens']);

/** Partitives that take a plural: "one of the", "each of my", "many of these" (ending at token `i`). */
function partitiveOf(tokens: Token[], i: number): boolean {
  if (i < 2 || tokens[i - 1].lower !== 'of' || !['one', 'each', 'many', 'several', 'few', 'both'].includes(tokens[i - 2].lower)) return false;
  // "Day one of the royal tour": "one" after a noun is the label of the noun before it, not one of many.
  if (tokens[i - 2].lower === 'one' && tokens[i - 3]?.pos === 'NOUN') return false;
  return ['the', 'my', 'your', 'his', 'her', 'our', 'their', 'these', 'those'].includes(tokens[i].lower);
}

/** Every/each + plural noun → singular: "every students" → "every student". */
const singularAfterEvery: Rule = {
  id: 'singular-after-every',
  category: 'grammar',
  description: 'every/each + plural noun → singular (every students → every student)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (!['every', 'each'].includes(tokens[i].lower)) continue;
      const noun = tokens[i + 1];
      if (!isWord(noun) || noun.pos !== 'NOUN' || !isPluralNoun(noun, lexicon)) continue;
      const lemma = lexicon.lemmatize(noun.lower, 'noun').find((l) => l !== noun.lower);
      if (!lemma || ['people'].includes(noun.lower)) continue;
      out.push(replace(noun, noun.lower === 'children' ? 'child' : lemma));
    }
    return out;
  },
};

/** Plurals of uncountable nouns: "informations" → "information". */
const uncountablePlural: Rule = {
  id: 'uncountable-plural',
  category: 'grammar',
  description: 'plural of an uncountable noun → singular (informations → information)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1];
      // "many information" (harper already made it singular) → "much information".
      // Not where the noun modifies a plural after it ("our many wildlife publications").
      if (prev?.lower === 'many' && STRICT_UNCOUNTABLE.has(t.lower) && tokens[i + 1]?.pos !== 'NOUN') {
        out.push(replace(prev, 'much'));
        return;
      }
      const singular = isWord(t) ? WRONG_PLURALS[t.lower] : undefined;
      if (singular === undefined) return;
      // "many informations" → "much information": one change of the two words.
      // Not for a wrong plural of a count noun: "many childs" → many children.
      const countPlural = IRREGULAR_PLURALS.has(singular) || ['sheep', 'deer'].includes(singular);
      // "a childrens hospital": before a noun the lost apostrophe is the slip (children's).
      if (IRREGULAR_PLURALS.has(singular) && tokens[i + 1]?.pos === 'NOUN') {
        out.push(replace(t, `${singular}'s`));
        return;
      }
      if (prev?.lower === 'many' && !countPlural && !singular.includes("'")) {
        out.push({ start: prev.start, end: t.end, replacement: `${matchCase(prev.text, 'much')}${t.space}${matchCase(t.text, singular)}` });
      } else out.push(replace(t, singular));
    });
    return out;
  },
};


/**
 * Introductory words and phrases after which a comma is the convention, not a choice: conjunctive
 * adverbs, sequence adverbs ("Firstly", "Finally") and set phrases of two words or more.
 * "Therefore", "Thus", "Also", "So", "Now", "Then", "First", "Finally", "Hence", "Nowadays" and "Otherwise"
 * (a comma after them is optional, and careful writers often leave it out) are left as written; so is
 * "As a result" (edited news writes it without the comma, as do half of JFLEG's references).
 */
const INTRODUCTORY = [
  'for example', 'for instance', 'in my opinion', 'in my view', 'in addition', 'in conclusion', 'in other words', 'in summary', 'in contrast', 'by contrast',
  'on the other hand', 'on the contrary', 'as a matter of fact', 'first of all', 'to sum up', 'to conclude', 'for this reason',
  'from my point of view', 'however', 'moreover', 'furthermore', 'consequently', 'additionally', 'nevertheless', 'nonetheless',
  'firstly', 'secondly', 'thirdly', 'lastly', 'second', 'third',
].map((p) => p.split(' '));
const ORDINALS = new Set(['second', 'third']);
/** Introductory phrases that are also the start of a longer preposition ("in addition to", "as a result of"). */
const TAKES_COMPLEMENT = new Set(['in addition', 'in contrast', 'by contrast', 'on the contrary']);
/** Introductory phrases by their first word. */
const INTRODUCTORY_BY_FIRST = new Map<string, string[][]>();
for (const phrase of INTRODUCTORY) INTRODUCTORY_BY_FIRST.set(phrase[0], [...(INTRODUCTORY_BY_FIRST.get(phrase[0]) ?? []), phrase]);

/** Comma after an introductory phrase: "For example we" → "For example, we". */
const introductoryComma: Rule = {
  id: 'comma-after-introduction',
  category: 'punctuation',
  description: 'comma after an introductory word or phrase at the start of a sentence (However we → However, we)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!(tokens[i].sentenceStart || i === 0 || tokens[i - 1].lower === ';')) continue;
      for (const phrase of INTRODUCTORY_BY_FIRST.get(tokens[i].lower) ?? []) {
        if (!phrase.every((w, k) => tokens[i + k]?.lower === w)) continue;
        const last = tokens[i + phrase.length - 1];
        const next = tokens[i + phrase.length];
        if (!isWord(next)) break;
        // "However hard", "Also important", "Finally arrived": not introductory here.
        if (phrase.length === 1 && ['ADJ', 'ADV'].includes(next.pos)) break;
        // "In addition to the food": the phrase takes a complement here, it does not introduce the clause.
        if (TAKES_COMPLEMENT.has(phrase.join(' ')) && ['to', 'of', 'with'].includes(next.lower)) break;
        // "In my opinion is so easy": a verb follows, the phrase is not set off from a clause.
        if (['VERB', 'AUX'].includes(next.pos)) break;
        // "Second place went to", "Third time lucky": an ordinal is introductory only before a new subject.
        if (ORDINALS.has(phrase[0]) && !['DET', 'PRON'].includes(next.pos)) break;
        if (next.space === '') break;
        out.push({ start: last.end, end: last.end, replacement: ',' });
        break;
      }
    }
    return out;
  },
};

/** Only the copula: after "get", "have", "need" a bare adjective + noun is often a mass use ("we get ample exposure"). */
const COPULAS = new Set(['is', 'was', 'be', 'become', 'became', 'becomes', 'am']);
/** Singular nouns that go without an article after "is" ("it is time", "he is home"). */
const BARE_AFTER_COPULA = new Set(['time', 'home', 'school', 'work', 'part', 'fun', 'bed', 'church', 'college', 'university', 'class', 'town', 'sale', 'age', 'kind', 'sort', 'type', 'way', 'today', 'tomorrow', 'yesterday', 'tonight', 'lot', 'number', 'half', 'enough', 'nothing', 'something', 'anything', 'everything', 'president', 'head', 'chairman', 'captain', 'one',
  // "it would be (of) immediate use": nouns said with "of" after "be", where an article would be wrong.
  'use', 'help', 'value', 'benefit', 'importance', 'interest']);
const CLAUSE_END = new Set(['.', ',', ';', '!', '?', ':', 'and', 'but', 'for', 'in', 'to', 'of', 'that', 'who', 'which', 'because', 'with', 'when', 'if', 'so', 'or', 'than', 'as', 'at', 'on', 'since', 'like']);

/** Plural uses per singular use (SUBTLEX-US) below which a noun after "is" + adjective is taken as a mass use. */
const MIN_ADJ_PLURAL_SHARE = 0.06;

/** Missing indefinite article: "It is good idea." → "It is a good idea." */
const articleBeforeSingular: Rule = {
  id: 'article-a-an',
  category: 'grammar',
  description: 'is + adjective + singular count noun, or I am/he is + a role, without an article → a/an (it is good idea → it is a good idea; I am student → I am a student)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!COPULAS.has(tokens[i].lower)) continue;
      // "it is not good idea": "not" may stand between (the article goes after it).
      const n = tokens[i + 1]?.lower === 'not' ? i + 1 : i;
      let j = n + 1;
      while (j < tokens.length && tokens[j].pos === 'ADJ' && j - n <= 2) j++;
      const first = tokens[n + 1];
      const noun = tokens[j];
      const after = tokens[j + 1];
      // With an adjective ("is good idea"), or a person's role after I/he/she ("I am student"): not
      // "it is potassium", "he is president" (a title).
      const role = j === n + 1 && ['i', 'he', 'she'].includes(tokens[i - 1]?.lower ?? '') && clearlyCountable(noun.lower, lm);
      if (j === n + 1 && !role) continue;
      // A role before "of" may be the only one ("he was guest of honour", "she was chief minister of the state").
      if (tokens[j + 1]?.lower === 'of') continue;
      // "there is considerable range", "as was common practice": an existential or a comparison takes a
      // mass use of the noun often.
      if (['there', 'as'].includes(tokens[i - 1]?.lower ?? '')) continue;
      if (!isWord(first) || !isWord(noun) || noun.pos !== 'NOUN' || noun.text !== noun.lower || noun.lemma !== noun.lower) continue;
      // "to be little attempt": "a little" would say the opposite of "little".
      if (['little', 'few'].includes(first.lower)) continue;
      if (!after || !CLAUSE_END.has(after.lower)) continue;
      // "is wet sand or mud": a bare noun joined to another is a mass use of both.
      if (['and', 'or'].includes(after.lower) && ['NOUN', 'ADJ'].includes(tokens[j + 2]?.pos ?? '')) continue;
      if (MASS_NOUNS.has(noun.lower) || BARE_AFTER_COPULA.has(noun.lower) || ABSTRACT_SUFFIX.test(noun.lower)) continue;
      // "I was craving": an -ing form of a verb after be is the progressive.
      if (/ing$/.test(noun.lower) && lexicon.verbBase(noun.lower) !== null) continue;
      if (!lexicon.hasLemma(noun.lower, 'noun') || lexicon.hasLemma(noun.lower, 'adj')) continue;
      // "I am hard put to": a participle read as a noun; and a noun whose plural is rare in use ("broader
      // access", "considerable range") goes bare after an adjective.
      if (lexicon.irregular(noun.lower)?.participle.includes(noun.lower) || lm.count(pluralize(noun.lower)) < MIN_ADJ_PLURAL_SHARE * lm.count(noun.lower)) continue;
      // Adjectives between must be plain adjectives, not "more", "very", "much", "such", numbers.
      if (tokens.slice(n + 1, j).some((t) => !isWord(t) || lexicon.functionWords.has(t.lower) && !['good', 'bad', 'big', 'small', 'new', 'old', 'great', 'important', 'different', 'young', 'long', 'little', 'large', 'real', 'hard', 'easy'].includes(t.lower))) continue;
      out.push({ start: first.start, end: first.start, replacement: `${indefiniteArticle(first.lower)} ` });
    }
    return out;
  },
};

/** Missing "the" before a superlative: "one of most important" → "one of the most important". */
const theBeforeSuperlative: Rule = {
  id: 'article-the-superlative',
  category: 'grammar',
  description: '"the" before a superlative or "same" (one of most important → one of the most important; at same time → at the same time)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      const prev = tokens[i - 1]?.lower ?? '';
      const next = tokens[i + 1];
      const noun = tokens[i + 2];
      // Not "is most likely sleeping": an -ing form after the adjective is a verb, and "most" an adverb.
      const superlative = t.lower === 'most' && ['of', 'is', 'are', 'was', 'were'].includes(prev) && next.pos === 'ADJ' && isWord(noun) && noun.pos === 'NOUN' && !/ing$/.test(noun.lower);
      // "Most important thing is" at a sentence start: a singular count noun makes "most" a superlative
      // (a quantifier takes a plural: "Most young people").
      const opening = t.text === 'Most' && t.sentenceStart && next.pos === 'ADJ' && isWord(noun) && noun.pos === 'NOUN' && noun.text === noun.lower && !isPluralNoun(noun, lexicon) && clearlyCountable(noun.lower, lm) && !MASS_NOUNS.has(noun.lower);
      // "at same time", "is not same as", and "is (not) same." closing the sentence.
      // Not "a report on same sex marriage": "same" and a noun before another noun make one modifier (same-sex).
      const compound = next.pos === 'NOUN' && next.lower !== 'time' && noun?.pos === 'NOUN' && isWord(noun);
      const same = t.lower === 'same' && ['at', 'in', 'of', 'is', 'are', 'was', 'were', 'for', 'on', 'with', 'not'].includes(prev) && !compound && (isWord(next) || (['is', 'are', 'was', 'were', 'not'].includes(prev) && ['.', '!', '?'].includes(tokens[i + 1]?.lower ?? '')));
      if (opening) out.push({ start: t.start, end: t.start + 1, replacement: 'The m' });
      else if ((superlative || same) && i > 0) out.push({ start: t.start, end: t.start, replacement: 'the ' });
    }
    return out;
  },
};

/** Verbs that take a to-infinitive and never a bare one. */
const TO_VERBS = new Set(['want', 'wants', 'wanted', 'need', 'needs', 'needed', 'decide', 'decided', 'decides', 'plan', 'plans', 'planned', 'try', 'tries', 'tried', 'able', 'going', 'wish', 'wishes', 'hope', 'hopes', 'expect', 'expects', 'refuse', 'refused', 'afford', 'learn', 'learned', 'seem', 'seems', 'seemed']);

const NOUN_DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'whose', 'no', 'any', 'some', 'every', 'each']);

/** Missing "to": "I want go" → "I want to go". */
const toBeforeInfinitive: Rule = {
  id: 'to-before-infinitive',
  category: 'grammar',
  description: 'want/need/decide/try/able... + base verb → insert "to" (I want go → I want to go)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (!TO_VERBS.has(tokens[i].lower)) continue;
      const verb = tokens[i + 1];
      if (!isWord(verb) || verb.pos !== 'VERB' || verb.text !== verb.lower) continue;
      // A base form that is only a verb ("go", "buy", "make"), not a noun object ("want help").
      // Irregular verbs ("go", "buy", "make") are verbs first; a regular verb that is also a noun
      // or an adjective ("want help", "need clean") is left alone.
      if (verb.lemma !== verb.lower || !lexicon.hasLemma(verb.lower, 'verb')) continue;
      if (!lexicon.irregular(verb.lower) && (lexicon.hasLemma(verb.lower, 'noun') || lexicon.hasLemma(verb.lower, 'adj'))) continue;
      // "his plans include", "the needs change": after a determiner the word is a noun.
      if (NOUN_DETERMINERS.has(tokens[i - 1]?.lower ?? '')) continue;
      // "seemed set", "seems cut out for it": a participle that is spelt as the base form.
      if (/^seem/.test(tokens[i].lower) && lexicon.irregular(verb.lower)?.participle.includes(verb.lower)) continue;
      // "going" + base is "going to" only in "be going"; "help" and "let" take bare infinitives.
      if (tokens[i].lower === 'going' && !['is', 'am', 'are', 'was', 'were', "'m", "'re", "'s"].includes(tokens[i - 1]?.lower ?? '')) continue;
      out.push({ start: verb.start, end: verb.start, replacement: 'to ' });
    }
    return out;
  },
};


/** Capital letter at the start of a sentence: "it is fine. in my opinion" → "In my opinion". */
const sentenceCapital: Rule = {
  id: 'capital-sentence-start',
  category: 'capitalization',
  description: 'a sentence starts with a capital letter (in my opinion → In my opinion)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    if (capitalisesSentences(text) || holdsCode(text)) return out;
    for (const t of tokens) {
      if (!isWord(t) || !/^\p{Ll}[\p{Ll}'’-]*$/u.test(t.text)) continue;
      // "[citation needed]", "(discontinued in 1962)": a note in brackets is no sentence.
      if (/[[(]["“‘']?$/u.test(text.slice(Math.max(0, t.start - 2), t.start))) continue;
      // "a) the cost": a list letter; "color gives ... . color became": the writer's way with a term.
      if (isListLetter(text, t.start, t.end) || (!lexicon.functionWords.has(t.lower) && lowerAtSentenceStarts(text, t.lower))) continue;
      // "www. sea-trust. org": a web address its copy spaced out.
      if (inSpacedAddress(text, t.start, t.end)) continue;
      // "a movie night on (all? many? some?) Mondays": inside brackets opened in the sentence, a question mark asks of one word.
      if (/\([^()]*[?!][^()]*$/u.test(text.slice(Math.max(0, t.start - 60), t.start))) continue;
      // Preceded (across spaces, quotes, brackets) by the text or paragraph start, or by . ! ?
      let k = t.start - 1;
      while (k >= 0 && /[ \t"“‘'([]/u.test(text[k])) k--;
      // A line start only where the line before ended a sentence or a paragraph (a hard-wrapped line goes on with its sentence).
      let starts = k < 0 || (text[k] === '\n' && lineStartOpensSentence(text, k));
      // '"Really?" asks his wife': a quote closed right after ? or ! is followed by its speech tag.
      if (/[?!]/.test(text[k]) && /["”'’]/u.test(text[k + 1])) continue;
      // "the album Alive! in 1975": an exclamation mark closing a capitalised title ends no sentence.
      if (text[k] === '!' && /(?:^|\s)\p{Lu}[\p{L}'’-]*!$/u.test(text.slice(Math.max(0, k - 30), k + 1)) && !/(?:^|[.!?]\s+)\p{Lu}[\p{L}'’-]*!$/u.test(text.slice(Math.max(0, k - 30), k + 1))) continue;
      if (!starts && /[.!?]/.test(text[k]) && k < t.start - 1) {
        // Not after an ellipsis or an abbreviation ("e.g. the", "etc. and").
        const before = /([\p{L}.]+)\.$/u.exec(text.slice(Math.max(0, k - 12), k + 1));
        // An ellipsis with its dots spaced (". . .", ".. .") is one too.
        const ellipsis = (text[k] === '.' && /(?:\.\s*){2}$/u.test(text.slice(Math.max(0, k - 4), k + 1))) || text[k] === '…';
        // A single letter or a dotted one ("U.N.", "b.c.") is an initial or an abbreviation too.
        starts = !ellipsis && !(text[k] === '.' && before !== null && isAbbreviation(before[1]));
      }
      if (!starts) continue;
      out.push({ start: t.start, end: t.start + 1, replacement: t.text[0].toUpperCase() });
    }
    return out;
  },
};

const OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'us', 'them', 'you']);
const SUBORDINATORS = new Set(['if', 'when', 'while', 'although', 'though', 'because', 'since', 'after', 'before', 'once', 'unless', 'whenever', 'as']);
/** True when a verb comes between the start of the clause that holds token `i` and `i`. */
function verbBefore(tokens: Token[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const t = tokens[j];
    if (t.pos === 'VERB' || t.pos === 'AUX') return true;
    if (t.sentenceStart || [',', ';', ':'].includes(t.lower) || SUBORDINATORS.has(t.lower)) return false;
  }
  return false;
}

/**
 * Comma before "especially" opening an added phrase after a noun: "than the others especially
 * when you" → "others, especially when". Not "is especially important" (an adverb on an adjective).
 */
const commaBeforeEspecially: Rule = {
  id: 'comma-before-especially',
  category: 'punctuation',
  description: 'comma before especially adding a phrase (cars especially in cities → cars, especially in cities)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 3; i + 1 < tokens.length; i++) {
      if (tokens[i].lower !== 'especially' || tokens[i].sentenceStart) continue;
      const prev = tokens[i - 1];
      const next = tokens[i + 1];
      if (!isWord(prev) || !['NOUN', 'PROPN', 'PRON'].includes(prev.pos) || !['ADP', 'SCONJ'].includes(next.pos) && !['when', 'if', 'where'].includes(next.lower)) continue;
      // "as technology especially in medicine continues": no verb yet in the clause, so the noun is its
      // subject and the phrase would need a comma on both sides; one before it alone splits subject from verb.
      if (!verbBefore(tokens, i)) continue;
      out.push({ start: prev.end, end: prev.end, replacement: ',' });
    }
    return out;
  },
};

/**
 * Comma before a "which means" that refers to the whole clause before. A "which" after a common noun
 * may be restrictive (British usage: "the book which I read"), and editors leave out the comma after
 * a name too ("the Sporting Equality Fund which aims to", BBC), so those are left.
 */
const commaBeforeWhich: Rule = {
  id: 'comma-before-which',
  category: 'punctuation',
  description: 'comma before a which that refers to the clause before (the disease which means → the disease, which means)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 2; i + 1 < tokens.length; i++) {
      if (tokens[i].lower !== 'which' || tokens[i].sentenceStart) continue;
      const prev = tokens[i - 1];
      if (!isWord(prev) || ['ADP', 'VERB', 'AUX', 'SCONJ', 'CCONJ'].includes(prev.pos)) continue;
      // Only the present: "regulations which meant drivers had to" may well define the regulations.
      const nonRestrictive = ['means', 'makes'].includes(tokens[i + 1].lower);
      if (!nonRestrictive || ['matter', 'of', 'in'].includes(prev.lower)) continue;
      out.push({ start: prev.end, end: prev.end, replacement: ',' });
    }
    return out;
  },
};

/** "this" + plural noun → "these": "this animals" → "these animals". */
const thisPlural: Rule = {
  id: 'this-these',
  category: 'grammar',
  description: 'this + plural noun → these (this cars → these cars)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (tokens[i].lower !== 'this') continue;
      const noun = tokens[i + 1];
      const after = tokens[i + 2];
      if (!isWord(noun) || noun.pos !== 'NOUN' || !isPluralNoun(noun, lexicon) || (after && (after.lower === "'s" || after.pos === 'NOUN'))) continue;
      // "This tops the list": an -s word with an object after it is the verb of "this".
      // So is one with a preposition or a clause after it: "This results in", "This means that".
      // ("increases" is "increase" + s, "reaches" is "reach" + es; "This answers (and generalizes) a conjecture").
      const verbToo = lexicon.isVerb(noun.lower.replace(/s$/, '')) || lexicon.isVerb(noun.lower.replace(/es$/, ''));
      if (after && (['DET', 'PRON', 'ADP', 'SCONJ'].includes(after.pos) || after.text === '(') && verbToo) continue;
      // "none of this matters", "all of this helps": after "of" the pronoun is the subject of an -s verb.
      if (tokens[i - 1]?.lower === 'of' && verbToo) continue;
      out.push(replace(tokens[i], 'these'));
    }
    return out;
  },
};

/** "to" after a modal or after make/let + object: "can't to do" → "can't do", "makes them to be" → "makes them be". */
const CAUSATIVES = new Set(['make', 'makes', 'made', 'making', 'let', 'lets', 'letting']);
/** People as the object of make/let ("make students understand"); not things ("make efforts to improve"). */
const PERSON_NOUNS = new Set(['people', 'person', 'students', 'student', 'children', 'child', 'kids', 'friends', 'parents', 'teachers', 'others', 'everyone', 'everybody', 'someone', 'somebody', 'customers', 'consumers', 'buyers', 'workers', 'employees', 'men', 'women', 'users', 'readers', 'viewers']);
const OBJECT_DETERMINERS = new Set(['the', 'my', 'your', 'his', 'her', 'our', 'their', 'these', 'those', 'many', 'some', 'all', 'other', 'young', 'most']);

/** The index after the object of make/let at `i` when it is a pronoun or a noun for people ("his friends"), else -1. */
function personObjectEnd(tokens: Token[], i: number): number {
  if (OBJECT_PRONOUNS.has(tokens[i]?.lower ?? '')) return i + 1;
  let k = i;
  while (k < i + 2 && OBJECT_DETERMINERS.has(tokens[k]?.lower ?? '')) k++;
  return PERSON_NOUNS.has(tokens[k]?.lower ?? '') ? k + 1 : -1;
}

/** Words that open "everything we can", "all they could", "as hard as I can": a modal there has its verb left out. */
const ELIDED_VERB_BEFORE = new Set(['everything', 'anything', 'all', 'best', 'what', 'as', 'than']);

const extraTo: Rule = {
  id: 'to-after-modal',
  category: 'grammar',
  description: 'no "to" between a modal, or make/let + object, and its verb (cannot to go → cannot go; let them to go → let them go)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const t = tokens[i].lower;
      let to = -1;
      // "everything we can to help": the modal ends a clause with its verb left out, and "to" opens a purpose.
      // "set up last May to tackle": the month, not the modal.
      const month = tokens[i].text === 'May' && !tokens[i].sentenceStart;
      if (MODALS.has(t) && !month && !ELIDED_VERB_BEFORE.has(tokens[i - 2]?.lower ?? '')) to = skipAdverbs(tokens, i);
      else if (CAUSATIVES.has(t)) to = personObjectEnd(tokens, i + 1);
      if (to < 0 || tokens[to]?.lower !== 'to') continue;
      const verb = tokens[to + 1];
      if (!isWord(verb) || verb.lemma !== verb.lower || !lexicon.hasLemma(verb.lower, 'verb') || verb.pos !== 'VERB') continue;
      // "made it to the top", "let it to them": "to" a preposition, not before a verb.
      out.push({ start: tokens[to - 1].end, end: tokens[to].end, replacement: '' });
    }
    return out;
  },
};

const AFTER_TOO = new Set(['.', ',', ';', '!', '?', ':', 'to', 'for', 'and', 'but', 'that', 'or']);

/** "to" for "too": "it is to hard to do" → "too hard", "it costs to much." → "too much". */
const toToo: Rule = {
  id: 'to-too',
  category: 'grammar',
  description: 'to before much/many or after a linking verb before an adjective that ends its phrase → too (it is to hard to do → too hard)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 1; i + 2 < tokens.length; i++) {
      const to = tokens[i];
      const word = tokens[i + 1];
      const after = tokens[i + 2];
      // Not before a determiner ("is to all desired purposes").
      if (to.lower !== 'to' || !isWord(word) || word.text !== word.lower || (lexicon.functionWords.has(word.lower) && word.pos === 'DET')) continue;
      const amount = ['much', 'many', 'little', 'few'].includes(word.lower) && AFTER_TOO.has(after.lower);
      // An adjective, not a verb ("is to blame", "is to clean"): "to" + verb is an infinitive.
      // The adjective ends its phrase: no noun follows ("is to pretty he", not "to pretty girls").
      // Nor an adverb before a verb ("is to only allow"): a split infinitive.
      const adjective = LINKING_VERBS.has(tokens[i - 1].lower) && lexicon.hasLemma(word.lower, 'adj') && !lexicon.hasLemma(word.lower, 'verb') && !lexicon.hasLemma(word.lower, 'noun') && !['NOUN', 'PROPN', 'VERB'].includes(after.pos);
      if (amount || adjective) out.push(replace(to, 'too'));
    }
    return out;
  },
};

/** Words after "a" that make a plural fine: "a few days", "a lot of", "a great many people". */
const A_BEFORE_PLURAL = new Set(['few', 'lot', 'lots', 'number', 'couple', 'dozen', 'great', 'good', 'hundred', 'thousand', 'million', 'billion', 'total', 'series', 'pair', 'variety', 'range', 'means']);

/** "a"/"an" before a plural noun: "become an experts" → "become experts", "a products" → "products". */
const articleBeforePlural: Rule = {
  id: 'article-before-plural',
  category: 'grammar',
  description: 'a/an + (adjective) + plural noun, or a/an + a never countable noun → no article (they make a products → products; share a information → information)',
  apply(text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (!['a', 'an'].includes(tokens[i].lower) || A_BEFORE_PLURAL.has(tokens[i + 1].lower)) continue;
      let j = i + 1;
      while (j < i + 3 && tokens[j]?.pos === 'ADJ' && !PLURAL_QUANTIFIERS.has(tokens[j].lower)) j++;
      const noun = tokens[j];
      const after = tokens[j + 1];
      if (!isWord(noun) || noun.pos !== 'NOUN' || noun.text !== noun.lower) continue;
      // "a sports car", "a customs officer": a plural used as a modifier; so is the first word of a
      // compound ("a money-spinner") or of joined modifiers ("a joint police and customs operation").
      if (after && (after.pos === 'NOUN' || after.pos === 'PROPN' || after.lower === "'s" || after.text === '-' || (j > i + 1 && (after.lower === 'and' || after.lower === 'or')))) continue;
      // The same where the tagger reads the head as a verb ("a software update"), or an adjective stands before it
      // ("a hurdles personal best").
      const nounLike = (t: Token | undefined): boolean => isWord(t) && t.text === t.lower && lexicon.hasLemma(t.lower, 'noun') && !lexicon.functionWords.has(t.lower);
      if (nounLike(after) || (after?.pos === 'ADJ' && nounLike(tokens[j + 2]))) continue;
      // Plurals, and right after the article a noun that is never countable ("share a information"); with an
      // adjective it may be ("a broad knowledge of"), and "a knowledge of Latin" is fine too. Before an
      // adjective the noun modifies what follows ("an information theoretic scheme").
      const uncountable = j === i + 1 && STRICT_UNCOUNTABLE.has(noun.lower) && noun.lower !== 'knowledge' && after?.lower !== 'of' && after?.pos !== 'ADJ';
      if (!isPluralNoun(noun, lexicon) && !uncountable) continue;
      if (['news', 'means', 'series', 'species', 'people', 'innings', 'whole', 'half'].includes(noun.lower)) continue;
      // "three and a half years": "a half" is a quantity of the plural.
      if (tokens.slice(i + 1, j).some((t) => t.lower === 'half')) continue;
      // "a parents' petition": a plural possessive is a modifier (its apostrophe spaced off in some corpus text: "citizens ’"). With an adjective between, the pair
      // must be one human text writes ("a whole struggles", "a half hours" are not an adjective and its noun).
      if (/^ ?['’]/u.test(text.slice(noun.end, noun.end + 2)) || (j > i + 1 && lm.pairCount(tokens[j - 1].lower, noun.lower) === 0)) continue;
      // "a robots.txt file": a file or domain name, not a plural.
      if (/^\.\p{L}/u.test(text.slice(noun.end, noun.end + 2))) continue;
      // The article goes with the space before it (a sentence-initial "A" is left: its capital would have to move).
      if (i === 0 || tokens[i].text !== tokens[i].lower) continue;
      out.push({ start: tokens[i - 1].end, end: tokens[i].end, replacement: '' });
    }
    return out;
  },
};

const DETERMINERS_AFTER_THE = new Set(['these', 'those', 'this', 'my', 'your', 'his', 'our', 'their', 'its', 'a', 'an']);

/** Two determiners in a row: "for the these reasons" → "for these reasons". */
const doubledDeterminer: Rule = {
  id: 'doubled-determiner',
  category: 'grammar',
  description: 'the + another determiner → the other determiner alone (for the these reasons → for these reasons)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      const next = tokens[i + 1];
      // Not at a sentence start, where the capital would have to move ("The this" is rare there).
      // A capital "A" after "the" is a label ("the A and B values"), not the article.
      if (i > 0 && t.text === 'the' && DETERMINERS_AFTER_THE.has(next.text) && isWord(tokens[i + 2])) out.push({ start: tokens[i - 1].end, end: t.end, replacement: '' });
    }
    return out;
  },
};

const GO_FORMS = new Set(['go', 'goes', 'went', 'gone', 'going']);
/** Pastimes said with "go" + -ing; not "training", "meeting": nouns that also follow "go for". */
const GO_ACTIVITIES = new Set(['shopping', 'swimming', 'fishing', 'hiking', 'camping', 'jogging', 'running', 'skiing', 'dancing', 'sightseeing', 'sailing', 'surfing', 'skating', 'bowling', 'hunting', 'cycling', 'biking', 'climbing', 'boating', 'snorkeling', 'snorkelling']);

/** "go for shopping" → "go shopping": an -ing activity follows "go" directly ("go for a walk" keeps its "for"). */
const goForActivity: Rule = {
  id: 'go-ing-activity',
  category: 'grammar',
  description: 'go for + a pastime in -ing → go + -ing (we went for shopping → we went shopping)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!GO_FORMS.has(tokens[i].lower) || tokens[i + 1].lower !== 'for') continue;
      if (!GO_ACTIVITIES.has(tokens[i + 2].text)) continue;
      out.push({ start: tokens[i].end, end: tokens[i + 1].end, replacement: '' });
    }
    return out;
  },
};

const THINKING_VERBS = new Set(['think', 'believe', 'feel', 'know', 'hope', 'guess', 'suppose', 'realize', 'realise', 'understand']);
const CLAUSE_SUBJECTS = new Set(['that', 'i', 'we', 'they', 'you', 'he', 'she', 'it', 'this', 'there', 'people', 'most', 'many', 'some', 'everyone']);

/** "I believe, that the product" → "I believe that the product": no comma before the object clause of a verb of thinking. */
const commaBeforeObjectClause: Rule = {
  id: 'comma-before-object-clause',
  category: 'punctuation',
  description: 'no comma between I think/believe/feel... and the clause it introduces (I believe, that it works → I believe that it works)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 4 < tokens.length; i++) {
      // Only "I think," opening its sentence: after "As I said," the comma ends an introduction.
      if (!(i === 0 || tokens[i].sentenceStart) || !['i', 'we', 'they', 'you', 'people'].includes(tokens[i].lower)) continue;
      const verb = tokens[i + 1];
      const comma = tokens[i + 2];
      const next = tokens[i + 3];
      if (!THINKING_VERBS.has(verb.lower) || comma.text !== ',' || comma.start !== verb.end || !CLAUSE_SUBJECTS.has(next.lower)) continue;
      // "I know, I know": a repetition, not an object clause.
      if (tokens[i + 4].lower === verb.lower || tokens[i + 4].text === ',') continue;
      out.push({ start: comma.start, end: comma.end, replacement: '' });
    }
    return out;
  },
};

/** Quantifiers that take "of" only before a determined noun phrase: "most of the people", "most people". */
const OF_QUANTIFIERS = new Set(['most', 'many', 'some', 'several', 'both']);

/** "most of people" → "most people": "of" after a quantifier needs a determiner ("most of the people"). */
const quantifierOfBarePlural: Rule = {
  id: 'quantifier-of-bare-plural',
  category: 'grammar',
  description: 'most/many/some of + bare plural noun → without "of" (most of people → most people)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!OF_QUANTIFIERS.has(tokens[i].lower) || tokens[i + 1].lower !== 'of') continue;
      let k = i + 2;
      if (tokens[k].pos === 'ADJ' && tokens[k].text === tokens[k].lower && !PLURAL_QUANTIFIERS.has(tokens[k].lower)) k++;
      const noun = tokens[k];
      if (!isWord(noun) || noun.pos !== 'NOUN' || noun.text !== noun.lower || !isPluralNoun(noun, lexicon)) continue;
      // "some of students' work", "many of cars disadvantages": a possessive (even without its
      // apostrophe) makes the noun a determiner of the next one.
      if (/^['’]/.test(tokens[k + 1]?.text ?? '') || tokens[k + 1]?.pos === 'NOUN') continue;
      out.push({ start: tokens[i].end, end: tokens[i + 1].end, replacement: '' });
    }
    return out;
  },
};

/** Pronouns of one person or thing that a relative clause may follow ("someone who is"). */
const SINGULAR_ANTECEDENTS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'nobody', 'one', 'something', 'anything', 'everything', 'nothing']);

/** Agreement in a relative clause: "a person who are" → "who is", "people that is" → "that are". */
const relativeAgreement: Rule = {
  id: 'agreement-relative',
  category: 'grammar',
  description: 'noun + who/that + be agrees with the noun (a person who are → who is)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      if (!['who', 'that'].includes(tokens[i].lower)) continue;
      const noun = tokens[i - 1];
      const verb = tokens[i + 1];
      if (!isWord(verb) || !['is', 'are', 'was', 'were', 'has', 'have'].includes(verb.lower)) continue;
      // "someone who are" → is, "those who is" → are: a pronoun's number is its own.
      const pronounFix: Record<string, string> | null = SINGULAR_ANTECEDENTS.has(noun.lower) ? { are: 'is', were: 'was', have: 'has' } : noun.lower === 'those' ? { is: 'are', was: 'were', has: 'have' } : null;
      if (pronounFix) {
        // "one" as a pronoun only after a determiner ("the one who", not "children aged one who").
        const fix = pronounFix[verb.lower];
        if (fix && (noun.lower !== 'one' || ['the', 'each', 'every', 'any', 'no', 'someone', 'anyone'].includes(tokens[i - 2]?.lower ?? ''))) out.push(replace(verb, fix));
        continue;
      }
      if (!isWord(noun) || noun.pos !== 'NOUN') continue;
      const plural = isPluralNoun(noun, lexicon);
      // "things on the menu that were": after a preposition, the plural verb may agree with a plural noun
      // before it, so a singular noun there does not make it singular.
      const inPhrase = tokens[i - 3]?.pos === 'ADP';
      // "a classification of channels that is", "those means of making a living that were": a noun inside
      // an "of" phrase may not be the antecedent, so no number is read from it.
      if (tokens.slice(Math.max(0, i - 5), i - 1).some((t) => t.lower === 'of')) continue;
      // The determiner may stand before adjectives ("a braided channel that are"), then not of a group noun ("a young team that are").
      let d = i - 2;
      while (d > 0 && tokens[d].pos === 'ADJ' && tokens[d].text === tokens[d].lower) d--;
      const group = d < i - 2 && (COLLECTIVE_NOUNS.has(noun.lower) || GROUP_NOUNS.has(noun.lower));
      const singular = !plural && !group && !(d < i - 2 && tokens[d - 1]?.pos === 'ADP') && !inPhrase && noun.lemma === noun.lower && !MASS_NOUNS.has(noun.lower) && tokens[d] !== undefined && ['a', 'an', 'the', 'this', 'every', 'each', 'one'].includes(tokens[d].lower);
      // "a polynomial with complex coefficients that has": so a plural after a preposition does not make the verb plural.
      const afterPreposition = tokens[d]?.pos === 'ADP' || tokens[d - 1]?.pos === 'ADP';
      const fix: Record<string, string> = plural && !afterPreposition ? { is: 'are', was: 'were', has: 'have' } : singular ? { are: 'is', were: 'was', have: 'has' } : {};
      if (fix[verb.lower]) out.push(replace(verb, fix[verb.lower]));
    }
    return out;
  },
};

/**
 * An uncountable noun subject + are/were: "The information are useful" → "is" (harper has already
 * made "informations" singular; the verb is left to agree). Only the nouns that are uncountable in
 * every sense, as the whole subject: [the/this/my...] noun, opening its clause.
 */
const uncountableBeAgreement: Rule = {
  id: 'agreement-uncountable-be',
  category: 'grammar',
  description: 'uncountable noun subject + are/were → is/was (the information are useful → the information is useful)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const noun = tokens[i];
      const verb = tokens[i + 1];
      const fix = SINGULAR_BE[verb.lower];
      if (!fix || !isWord(noun) || (noun.text !== noun.lower && !noun.sentenceStart) || !STRICT_UNCOUNTABLE.has(noun.lower)) continue;
      const determiner = SINGULAR_DETERMINERS.has(tokens[i - 1]?.lower ?? '') ? i - 1 : i;
      if (!clauseStart(tokens, determiner)) continue;
      out.push(replace(verb, fix));
    }
    return out;
  },
};

/**
 * "The number of cars are rising" → "is": the subject is "the number", not the cars ("a number of
 * cars are" is right). Only where the plural noun's verb follows it directly.
 */
const theNumberOfAgreement: Rule = {
  id: 'agreement-the-number-of',
  category: 'grammar',
  description: 'the number/amount of + plural noun + are/were/have → is/was/has (the number of cars are increasing → is increasing)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 4 < tokens.length; i++) {
      if (tokens[i].lower !== 'the' || !['number', 'amount'].includes(tokens[i + 1].lower) || tokens[i + 2].lower !== 'of' || !clauseStart(tokens, i)) continue;
      let j = i + 3;
      while (j < i + 6 && isWord(tokens[j]) && (tokens[j].pos === 'ADJ' || tokens[j].pos === 'DET')) j++;
      const noun = tokens[j];
      const verb = tokens[j + 1];
      if (!isWord(noun) || noun.pos !== 'NOUN' || !isPluralNoun(noun, lexicon) || !isWord(verb)) continue;
      const fix = verb.lower === 'have' ? 'has' : SINGULAR_BE[verb.lower];
      if (fix) out.push(replace(verb, fix));
    }
    return out;
  },
};

/**
 * True when the words from `k` are a noun phrase without a determiner whose head is a plural noun:
 * adverbs first ("now", "even"), then adjectives and nouns ("other issues", "evening bus tours",
 * "additional membership benefits"), ending the phrase (not "sports equipment", "parents' consent").
 */
function barePluralPhrase(tokens: Token[], k: number, lexicon: Lexicon): boolean {
  while (tokens[k]?.pos === 'ADV' && isWord(tokens[k])) k++;
  let h = k;
  while (isWord(tokens[h]) && tokens[h].text === tokens[h].lower && (tokens[h].pos === 'ADJ' || tokens[h].pos === 'NOUN')) h++;
  const head = tokens[h - 1];
  const after = tokens[h];
  if (h === k || head.pos !== 'NOUN' || head.lower === 'lots' || !isPluralNoun(head, lexicon)) return false;
  // "there is more than", "a lot": a quantity of something else.
  if (tokens.slice(k, h).some((t) => MASS_NOUNS.has(t.lower) && t !== head)) return false;
  return !(after && (/^['’]/.test(after.text) || after.pos === 'NUM'));
}

/** "there is many" → "there are many". */
const thereAreMany: Rule = {
  id: 'agreement-there-are',
  category: 'grammar',
  description: 'there is/was + many/several/few/two... or a bare plural noun → there are/were (there is many ways, there is also people)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (tokens[i].lower !== 'there' || !['is', 'was'].includes(tokens[i + 1].lower)) continue;
      let k = i + 2;
      if (['also', 'still', 'only', 'always'].includes(tokens[k].lower)) k++;
      const next = tokens[k];
      const quantifier = next !== undefined && PLURAL_QUANTIFIERS.has(next.lower) && !['these', 'those'].includes(next.lower);
      // A bare plural noun ending its phrase: "there is also people that", not "there is parents' consent" or "students housing".
      const after = tokens[k + 1];
      // "there is lots of rain": "lots" takes the number of the noun after "of", often a mass noun.
      const barePlural = isWord(next) && next.lower !== 'lots' && (next.pos === 'NOUN' || IRREGULAR_PLURALS.has(next.lower)) && next.text === next.lower && isPluralNoun(next, lexicon) && !(after && (after.pos === 'NOUN' || /^['’]/.test(after.text)));
      if (quantifier || barePlural || (clauseStart(tokens, i) && barePluralPhrase(tokens, i + 2, lexicon))) out.push(replace(tokens[i + 1], tokens[i + 1].lower === 'is' ? 'are' : 'were'));
    }
    return out;
  },
};

const ITS_CONTRACTION_NEXT = new Set(['very', 'not', 'a', 'an', 'the', 'been', 'going', 'so', 'too', 'really', 'just', 'also', 'important', 'hard', 'easy', 'true', 'possible', 'necessary', 'better', 'difficult', 'clear', 'obvious', 'impossible', 'always', 'because', 'about', 'like', 'only', 'still']);
const YOURE_NEXT = new Set(['not', 'going', 'welcome', 'right', 'wrong', 'a', 'an', 'so', 'very', 'too', 'being', 'doing', 'trying', 'able', 'sure', 'in', 'always', 'still']);

/**
 * "right" and "wrong" are nouns too: "your right one", "your right to vote" are possessives. As
 * adjectives after "you're" they end the clause or go on with a clause word ("you're right about it").
 */
function possessedNoun(word: Token, after: Token | undefined): boolean {
  if (!['right', 'wrong'].includes(word.lower)) return false;
  return isWord(after) && !['about', 'that', 'and', 'but', 'so', 'because', 'if', 'now', 'again', 'too'].includes(after.lower);
}

/** Possessive for contraction: "its very hard" → "it's very hard", "your welcome" → "you're welcome"; "u" → "you". */
const contractions: Rule = {
  id: 'its-your-contraction',
  category: 'grammar',
  description: "its/your before a word a possessive cannot precede → it's/you're; u → you",
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      const next = tokens[i + 1];
      // "Its only light came", "your very own room": a modifier and then a noun make the possessive's noun phrase.
      // (The tagger may miss the noun: "light" before the verb "came" is the subject.)
      const head = tokens[i + 2];
      const modifiesNoun =
        !['a', 'an', 'the', 'not', 'been', 'going', 'being', 'doing', 'trying'].includes(next.lower) &&
        head !== undefined &&
        (head.pos === 'NOUN' || (tokens[i + 3]?.pos === 'VERB' && lexicon.hasLemma(head.lower, 'noun')));
      if (t.lower === 'its' && ITS_CONTRACTION_NEXT.has(next.lower) && !modifiesNoun) out.push(replace(t, "it's"));
      else if (t.lower === 'your' && YOURE_NEXT.has(next.lower) && !modifiesNoun && !possessedNoun(next, tokens[i + 2])) out.push(replace(t, "you're"));
      else if (t.text === 'u' && i > 0 && isWord(tokens[i - 1]) && isWord(next) && next.text !== next.text.toUpperCase()) out.push(replace(t, 'you'));
    }
    return out;
  },
};

/** Words that cannot end a sentence: articles, prepositions, conjunctions, "that" and possessive determiners. */
const UNFINISHED_AT = new Set([
  'a', 'an', 'the', 'that', 'which', 'who', 'whose', 'and', 'or', 'but', 'because', 'if', 'when', 'while', 'although', 'than', 'to', 'of', 'in', 'at',
  'for', 'with', 'from', 'by', 'into', 'my', 'your', 'his', 'their', 'our', 'its', 'very', 'such',
]);

/**
 * A full stop at the very end of a text whose last sentence ends in a word: "... in the future" →
 * "... in the future.". Only for a last line of four words or more with a verb that starts with a capital
 * (or starts the text) and follows nothing or a finished sentence, so headings and list items are left as written.
 */
const finalPeriod: Rule = {
  id: 'final-period',
  category: 'punctuation',
  description: 'full stop at the end of a text that ends mid-sentence (... in the future → ... in the future.)',
  apply(text, tokens) {
    const last = tokens.at(-1);
    if (!isWord(last) || !/^\s*$/u.test(text.slice(last.end)) || !/\p{L}$/u.test(last.text)) return [];
    // "... you will agree that": the sentence is unfinished, and a full stop would not finish it.
    if (UNFINISHED_AT.has(last.lower)) return [];
    const lineStart = text.lastIndexOf('\n', last.start) + 1;
    // After a line that is not a finished sentence (a heading, a list), the last line is a list item.
    const before = text.slice(0, lineStart).trimEnd();
    if (before !== '' && !/[.!?]["”')]?$/u.test(before)) return [];
    const line = tokens.filter((t) => t.start >= lineStart);
    let first = line.length - 1;
    while (first > 0 && !line[first].sentenceStart) first--;
    const sentence = line.slice(first).filter(isWord);
    // A sentence, not a heading: a verb among four words or more, a capital (or the text's first
    // word, which the capital rule fixes).
    if (sentence.length < 4 || !sentence.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return [];
    // A title in Title Case ("Being Imprisoned by Surveillance Technology") takes no full stop.
    const long = sentence.filter((t) => t.text.length >= 4);
    if (long.length >= 2 && long.filter((t) => /^\p{Lu}/u.test(t.text)).length >= 0.6 * long.length) return [];
    // Nor a title with a subtitle after a colon ("Ageing towns: A growing cost for their councils").
    if (/:\s+\p{Lu}/u.test(text.slice(lineStart))) return [];
    if (!/^\p{Lu}/u.test(sentence[0].text) && !(sentence[0] === tokens[0] && /^\p{Ll}/u.test(sentence[0].text))) return [];
    return [{ start: last.end, end: last.end, replacement: '.' }];
  },
};

/** The ending "agree" takes for the subject that each form of be shows (is agree → agrees, was agree → agreed). */
const AGREE_ENDING_AFTER = withoutPrototype<string>({ am: '', are: '', is: 's', was: 'd', were: 'd' });

/** "I am agree" → "I agree", "she is agree" → "she agrees": agree is a verb, not an adjective. */
const beAgree: Rule = {
  id: 'be-agree',
  category: 'grammar',
  description: 'be + agree/disagree → the verb alone (I am agree → I agree, he is agree → he agrees)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      const be = tokens[i];
      const verb = tokens[i + 1];
      const form = AGREE_ENDING_AFTER[be.lower];
      if (form === undefined || !['agree', 'disagree'].includes(verb.lower) || !['PRON', 'NOUN', 'PROPN'].includes(tokens[i - 1].pos)) continue;
      out.push({ start: be.start, end: verb.end, replacement: `${verb.text}${form}` });
    }
    return out;
  },
};

/** Verbs and phrases that take an -ing form, never a to-infinitive: "enjoy to read" → "enjoy reading". */
const GERUND_AFTER = new Set(['enjoy', 'enjoys', 'enjoyed', 'enjoying', 'avoid', 'avoids', 'avoided', 'avoiding', 'finish', 'finishes', 'finished', 'forward']);

/** to + base verb after enjoy/avoid/finish... or "look forward to" → -ing form ("look forward to meet you" → "meeting you"). */
const gerundAfter: Rule = {
  id: 'gerund-after',
  category: 'grammar',
  description: 'enjoy/avoid/finish/look forward to + base verb → -ing form (I enjoy to read → I enjoy reading; look forward to meet → to meeting)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const head = tokens[i].lower;
      if (!GERUND_AFTER.has(head) || tokens[i + 1].lower !== 'to') continue;
      // "forward" only in "look forward to" (not "move forward to see").
      if (head === 'forward' && !/^look/.test(tokens[i - 1]?.lower ?? '')) continue;
      const verb = tokens[i + 2];
      if (!isWord(verb) || verb.pos !== 'VERB' || verb.text !== verb.lower || verb.lemma !== verb.lower || !lexicon.hasLemma(verb.lower, 'verb')) continue;
      const ing = lexicon.ingForm(verb.lower);
      // "enjoy to read" → "enjoy reading": "to" goes; "look forward to meet" keeps it (a preposition).
      if (head === 'forward') out.push(replace(verb, ing));
      else out.push({ start: tokens[i + 1].start, end: verb.end, replacement: ing });
    }
    return out;
  },
};

/** "I am interesting in music" → "interested in": a person is interested; the thing is interesting. */
const interestedIn: Rule = {
  id: 'interested-in',
  category: 'grammar',
  description: 'be + interesting in → interested in (I am interesting in music → I am interested in music)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      if (tokens[i].lower !== 'interesting' || tokens[i + 1].lower !== 'in') continue;
      let k = i - 1;
      while (k > 0 && ['very', 'really', 'so', 'also', 'not', 'always', 'more', 'most'].includes(tokens[k].lower)) k--;
      // A person is the subject: "I am", "we are", "he is" (not "it is interesting in that way").
      if (!['am', "'m", 'are', "'re", 'is', 'was', 'were', 'be', 'been', 'become', 'became', 'get', 'got'].includes(tokens[k].lower)) continue;
      if (['it', 'this', 'that', 'what', 'which'].includes(tokens[k - 1]?.lower ?? '')) continue;
      out.push(replace(tokens[i], 'interested'));
    }
    return out;
  },
};

/** Verbs that take their object directly, with the preposition learners add ("emphasize about"). */
const DIRECT_OBJECT_VERBS: ReadonlyArray<[RegExp, string]> = [
  [/^emphasi[sz](e|es|ed|ing)$/, 'about'],
  [/^mention(s|ed|ing)?$/, 'about'],
  [/^(lacks|lacked)$/, 'of'],
  // "trust in" is right; "trust on" is not English.
  [/^trust(s|ed|ing)?$/, 'on'],
];

/** "emphasize about the cost" → "emphasize the cost", "she lacks of money" → "lacks money". */
const extraPreposition: Rule = {
  id: 'verb-extra-preposition',
  category: 'grammar',
  description: 'a verb that takes its object directly, with about/of added (emphasize about → emphasize; lacks of → lacks)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const verb = tokens[i];
      const preposition = tokens[i + 1];
      const rule = DIRECT_OBJECT_VERBS.find(([form, p]) => form.test(verb.lower) && preposition.lower === p);
      // An object follows (a word, not the end of the clause): "as mentioned about" is left.
      if (!rule || !isWord(tokens[i + 2]) || verb.pos === 'NOUN') continue;
      out.push({ start: verb.end, end: preposition.end, replacement: '' });
    }
    return out;
  },
};

const WEEKDAY_NAMES = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
/** Verbs of going, which take "to" before a place ("traveled to France", not "traveled France"). */
const GOING_VERBS = /^(go|goes|went|going|come|comes|came|coming|travel(s|ed|led|ing|ling)?|return(s|ed|ing)?)$/;
/** Titles before a name: "come Mr Obama" names a person, not a place. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'lord', 'lady', 'professor', 'president', 'king', 'queen', 'saint']);
/** Names after a verb of going that are times, not places ("come Monday", "come Christmas"). */
const TIME_NAMES = new RegExp(`^(${WEEKDAY_NAMES}|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter)$`);

/** "we traveled France" → "we traveled to France", "I went America" → "went to America". */
const toBeforePlace: Rule = {
  id: 'to-before-place',
  category: 'grammar',
  description: 'go/come/travel/return + place name without "to" → with it (we traveled France → we traveled to France)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const verb = tokens[i];
      const place = tokens[i + 1];
      // Not an opening "Go": a cheer ("Go Team!").
      if (!GOING_VERBS.test(verb.lower) || verb.pos === 'NOUN' || verb.sentenceStart || !isWord(place) || place.pos !== 'PROPN' || place.sentenceStart) continue;
      // A capitalised name, not a time ("come Monday") or an adjective of manner ("go Dutch").
      if (!/^\p{Lu}\p{Ll}+$/u.test(place.text) || TIME_NAMES.test(place.lower) || lexicon.hasLemma(place.lower, 'adj')) continue;
      // "How come Mr Obama is": no movement there, and a title is no place; "here we go Steelers" is a cheer.
      if (tokens[i - 1]?.lower === 'how' || TITLES.has(place.lower) || ['here', 'there'].includes(tokens[i - 2]?.lower ?? '')) continue;
      // "Here comes Smith": an inverted subject; "return Smith to the nest": "return" with its object.
      if (['here', 'there'].includes(tokens[i - 1]?.lower ?? '') || ['to', 'home', 'back'].includes(tokens[i + 2]?.lower ?? '')) continue;
      // "the on-going Hyper Suprime-Cam project": the end of a hyphenated adjective, no verb of going.
      if (tokens[i - 1]?.text === '-' && verb.space === '') continue;
      out.push({ start: place.start, end: place.start, replacement: 'to ' });
    }
    return out;
  },
};

/** The present form of "be" for a subject pronoun. */
const BE_FOR_PRONOUN = withoutPrototype<string>({ i: 'am', he: 'is', she: 'is', it: 'is', we: 'are', you: 'are', they: 'are' });

/**
 * A missing "be" between a subject pronoun and an intensified adjective: "It so expensive that" →
 * "It is so expensive that". A pronoun opening its clause is a subject, and "so/very/too + adjective"
 * cannot be its predicate without a verb.
 */
const missingBe: Rule = {
  id: 'missing-be',
  category: 'grammar',
  description: 'subject pronoun + so/very/too + adjective without a verb → with is/am/are (it so expensive → it is so expensive)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const subject = tokens[i];
      const be = BE_FOR_PRONOUN[subject.lower];
      if (!be || !clauseStart(tokens, i) || !['so', 'very', 'too'].includes(tokens[i + 1].lower)) continue;
      const adjective = tokens[i + 2];
      if (!isWord(adjective) || adjective.pos !== 'ADJ' || !lexicon.hasLemma(adjective.lower, 'adj') || ['much', 'many', 'few', 'little'].includes(adjective.lower)) continue;
      // The adjective ends the predicate ("so expensive that", "too tired to"), it does not describe a noun.
      if (['NOUN', 'PROPN', 'ADJ'].includes(tokens[i + 3]?.pos ?? '')) continue;
      // In a past narrative the verb is "was/were" ("when we arrived, it so cold") : the tense is left to the writer.
      if (pastBefore(tokens, i, lexicon)) continue;
      out.push({ start: tokens[i + 1].start, end: tokens[i + 1].start, replacement: `${be} ` });
    }
    return out;
  },
};

/** Openers of a time clause that sets the main clause's time ("When I was a student, ..."). */
const TIME_CLAUSE_OPENERS = new Set(['when', 'while', 'after', 'before', 'once']);
/** Verbs whose present tense comments from now on a past scene ("When I was young, I think I was happier"). */
const COMMENT_VERBS = new Set(['think', 'believe', 'feel', 'know', 'remember', 'guess', 'suppose', 'realize', 'realise', 'hope', 'wish', 'mean', 'say', 'agree', 'admit']);
const SUBJECT_DETERMINERS = new Set(['the', 'my', 'our', 'his', 'her', 'their', 'your']);

/**
 * A present verb in the main clause after an opening time clause in the past: "When I was a high
 * school student, I spend all my money" → "spent", "when I did the interview, the employer ask
 * me" → "asked". The time clause puts the event in the past, and the main clause is the event.
 */
const pastAfterTimeClause: Rule = {
  id: 'past-after-time-clause',
  category: 'grammar',
  description: 'When/while/after + past clause, then a main clause in the present → past (When I was a student, I spend → I spent)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!TIME_CLAUSE_OPENERS.has(tokens[i].lower) || !(i === 0 || tokens[i].sentenceStart || tokens[i - 1].lower === ',')) continue;
      let comma = i + 1;
      while (comma < tokens.length && !tokens[comma].sentenceStart && ![',', '.', ';', '!', '?'].includes(tokens[comma].lower)) comma++;
      if (tokens[comma]?.lower !== ',' || !tokens.slice(i + 1, comma).some((t) => isWord(t) && (t.pos === 'VERB' || t.pos === 'AUX') && isPastForm(t.lower, lexicon))) continue;
      // The main clause's subject: a pronoun, or a determiner and a noun ("the employer").
      let v = comma + 2;
      const subject = tokens[comma + 1];
      if (!subject) continue;
      if (SUBJECT_DETERMINERS.has(subject.lower) && tokens[comma + 2]?.pos === 'NOUN' && !isPluralNoun(tokens[comma + 2], lexicon)) v = comma + 3;
      else if (!['i', 'we', 'they', 'he', 'she'].includes(subject.lower)) continue;
      const verb = tokens[v];
      if (!isWord(verb) || verb.pos !== 'VERB' || verb.text !== verb.lower || verb.lemma !== verb.lower || MODALS.has(verb.lower) || COMMENT_VERBS.has(verb.lower)) continue;
      if (!lexicon.isVerb(verb.lower) || pastLikeBase(verb.lower, lexicon) || lexicon.hasLemma(verb.lower, 'noun') && !['PRON', 'DET'].includes(tokens[v + 1]?.pos ?? '')) continue;
      out.push(replace(verb, lexicon.past(verb.lower)));
    }
    return out;
  },
};

/** Adverbs of frequency and time that stand before a main verb, never between it and its object. */
const MID_ADVERBS = new Set(['always', 'already', 'usually', 'often', 'never', 'sometimes', 'rarely', 'seldom']);
const BEFORE_VERB = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'to', ...MODALS]);

/** "they know already the rules" → "they already know the rules", "to buy always another one" → "to always buy another one". */
const adverbBeforeVerb: Rule = {
  id: 'adverb-before-verb',
  category: 'grammar',
  description: 'verb + always/already/usually... + object → the adverb before the verb (we know already the rules → we already know the rules)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 1; i + 2 < tokens.length; i++) {
      const verb = tokens[i];
      const adverb = tokens[i + 1];
      // A main verb after its subject, a modal or "to" (be, have and do are auxiliaries: "is always the").
      if (!BEFORE_VERB.has(tokens[i - 1].lower) || !isWord(verb) || verb.pos !== 'VERB' || ['be', 'have', 'do'].includes(verb.lemma) || !lexicon.isVerb(verb.lemma)) continue;
      if (!MID_ADVERBS.has(adverb.text) || !['DET', 'PRON'].includes(tokens[i + 2].pos) || tokens[i + 2].lower === 'that') continue;
      out.push({ start: verb.start, end: adverb.end, replacement: `${adverb.text} ${verb.text}` });
    }
    return out;
  },
};

/** Quantifiers that take a plural "kinds of" ("many kinds of people"); not "these kind of", an accepted informal use. */
const KIND_QUANTIFIERS = new Set(['many', 'several', 'various', 'numerous', 'all', 'both']);

/** "many kind of people" → "many kinds of people", "all type of music" → "all types of music". */
const pluralKindOf: Rule = {
  id: 'plural-kind-of',
  category: 'grammar',
  description: 'many/all + kind/type/sort of → kinds/types/sorts of (many kind of people → many kinds of people)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!KIND_QUANTIFIERS.has(tokens[i].lower) || !['kind', 'type', 'sort'].includes(tokens[i + 1].lower) || tokens[i + 2].lower !== 'of') continue;
      out.push(replace(tokens[i + 1], `${tokens[i + 1].lower}s`));
    }
    return out;
  },
};

/** Adjectives of ease and need whose person takes "for" before an infinitive ("easy for me to understand"). */
const EASE_ADJECTIVES = new Set(['easy', 'easier', 'hard', 'harder', 'difficult', 'possible', 'impossible', 'necessary', 'unnecessary', 'convenient']);

/** "it was easy to me to understand" → "easy for me to understand". */
const forAfterEase: Rule = {
  id: 'for-after-easy',
  category: 'grammar',
  description: 'easy/hard/possible + to + person + to-infinitive → for (easy to me to understand → easy for me to understand)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 3 < tokens.length; i++) {
      if (!EASE_ADJECTIVES.has(tokens[i].lower) || tokens[i + 1].lower !== 'to' || !OBJECT_PRONOUNS.has(tokens[i + 2].lower) || tokens[i + 3].lower !== 'to') continue;
      out.push(replace(tokens[i + 1], 'for'));
    }
    return out;
  },
};

/**
 * A passive with the base form for the participle: "is generate by" → generated. Only before "by",
 * the passive's agent, and only for verbs that are neither nouns nor adjectives ("is close by").
 */
const passiveParticiple: Rule = {
  id: 'passive-participle',
  category: 'grammar',
  description: 'be + base verb + by → past participle (is generate by → is generated by)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!['is', 'are', 'was', 'were', 'be', 'been', 'being'].includes(tokens[i].lower)) continue;
      const j = skipAdverbs(tokens, i);
      const verb = tokens[j];
      if (!isWord(verb) || tokens[j + 1]?.lower !== 'by' || verb.text !== verb.lower || !lexicon.hasLemma(verb.lower, 'verb')) continue;
      if (lexicon.verbBase(verb.lower) !== verb.lower || lexicon.hasLemma(verb.lower, 'noun') || lexicon.hasLemma(verb.lower, 'adj')) continue;
      out.push(replace(verb, lexicon.pastParticiple(verb.lower)));
    }
    return out;
  },
};

/** Imperatives that take a clause without "that" ("Suppose the input is empty", "Make sure the lid fits"). */
const CLAUSE_IMPERATIVES = new Set(['suppose', 'imagine', 'assume', 'pretend', 'remember', 'notice', 'see', 'check', 'ensure', 'make', 'guess', 'bet', 'know', 'consider', 'recall']);

/** Share of a word's sightings after "the" from which it reads as a noun where a compound may start ("the download": 3%; "the take": 0.1%). */
const NOUN_USE_SHARE = 0.02;

/**
 * A base verb opening a clause, its object, then a verb in -s: the subject is a gerund ("Take risks
 * teaches you" → Taking risks). An imperative is never followed by a second finite verb, unless it is one
 * of thinking or saying, which takes a clause ("Suppose an article contains").
 */
const gerundSubject: Rule = {
  id: 'gerund-subject',
  category: 'grammar',
  description: 'base verb + object + -s verb at a clause start → -ing form (Take risks teaches you → Taking risks teaches you)',
  apply(_text, tokens, { lexicon, lm }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const verb = tokens[i];
      const opens = verb?.sentenceStart || afterIntroduction(tokens, i) || (tokens[i - 1]?.text === ',' && afterIntroduction(tokens, i - 1));
      if (!isWord(verb) || verb.pos !== 'VERB' || verb.lemma !== verb.lower || !lexicon.hasLemma(verb.lower, 'verb') || !opens) continue;
      // "Suppose an article contains", "Say the user clicks": an imperative of thinking or saying takes a clause.
      if (SAYING.has(verb.lower) || CLAUSE_IMPERATIVES.has(verb.lower)) continue;
      // The object, a plain noun phrase: [determiner] [adjectives] nouns ("risks", "the new rules").
      const window = tokens.slice(i + 1, i + 5);
      const lowerRun = window.findIndex((t) => t.text !== t.lower);
      const phrase = window.slice(0, lowerRun < 0 ? window.length : lowerRun).map((t) => t.pos);
      const length = /^(DET )?(ADJ )*(NOUN )+/.exec(`${phrase.join(' ')} `)?.[0].trim().split(' ').length ?? 0;
      const finite = tokens[i + 1 + length];
      if (length === 0 || !isWord(finite) || finite.pos !== 'VERB' || !/[^s]s$/.test(finite.lower)) continue;
      const base = baseOf(finite, lexicon);
      if (!base || lexicon.thirdPerson(base) !== finite.lower) continue;
      // "Download manager makes it hard": a word the counts often use as a noun ("the download"), before a bare singular,
      // opens a compound noun, the subject itself.
      const object = tokens[i + length];
      if (length === 1 && !isPluralNoun(object, lexicon) && lm.pairCount('the', verb.lower) >= NOUN_USE_SHARE * lm.wordCount(verb.lower)) continue;
      out.push(replace(verb, lexicon.ingForm(verb.lower)));
    }
    return out;
  },
};

/** "we will able to do it" → "will be able to": "able" is an adjective, so a modal needs "be" before it. */
const modalBeAble: Rule = {
  id: 'modal-be-able',
  category: 'grammar',
  description: 'modal + able to → modal + be able to (we will able to go → we will be able to go)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (!MODALS.has(tokens[i].lower)) continue;
      const j = skipAdverbs(tokens, i);
      if (tokens[j]?.lower !== 'able' || tokens[j + 1]?.lower !== 'to') continue;
      out.push({ start: tokens[j].start, end: tokens[j].start, replacement: 'be ' });
    }
    return out;
  },
};

/** Nouns and adjectives written for the verb they sound or look like (safe for save, loose for lose). */
const VERB_FOR = new Map([
  ['safe', 'save'], ['loose', 'lose'], ['breath', 'breathe'], ['advice', 'advise'], ['proof', 'prove'], ['choice', 'choose'], ['success', 'succeed'],
  ['belief', 'believe'],
]);

/**
 * After an infinitive "to" or a modal the word must be a verb: "to safe the environment" → save,
 * "you will loose it" → lose; and "loosing" before its object is "losing" (loosing the money).
 */
const verbConfusion: Rule = {
  id: 'verb-confusion',
  category: 'grammar',
  description: 'safe/loose/breath/advice/proof/choice/success after to or a modal → the verb (to safe → to save; loosing the money → losing)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      if (t.lower === 'loosing' && ['DET', 'PRON', 'NOUN'].includes(tokens[i + 1].pos)) {
        out.push(replace(t, 'losing'));
        continue;
      }
      const modal = MODALS.has(t.lower);
      if (t.lower !== 'to' && !modal) continue;
      const j = modal ? skipAdverbs(tokens, i) : i + 1;
      const word = tokens[j];
      const verb = isWord(word) ? VERB_FOR.get(word.lower) : undefined;
      // Only a verb takes an object straight after it: "to safe the environment", "will loose your job"
      // (not "the key to success in life"); after a modal any complement ("can loose weight").
      const next = tokens[j + 1];
      const objects = modal ? ['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ'] : ['DET', 'PRON'];
      if (!verb || word.text !== word.lower || !next || !objects.includes(next.pos)) continue;
      out.push(replace(word, verb));
    }
    return out;
  },
};

/** Function words that are capitalised only at a sentence start (or in a title). */
const LOWER_MID_SENTENCE = new Set(['the', 'a', 'an', 'it', 'when', 'if', 'because', 'and', 'but', 'or', 'so', 'that', 'this', 'these', 'those', 'there', 'they', 'we', 'he', 'she', 'you', 'then', 'while', 'although', 'since', 'after', 'before']);

const SUBJECT_PRONOUNS = new Set(['it', 'they', 'we', 'he', 'she', 'you', 'this', 'these', 'those', 'there']);
const SPEECH_VERBS = new Set(['say', 'says', 'said', 'ask', 'asks', 'asked', 'tell', 'tells', 'told', 'reply', 'replied', 'answer', 'answered', 'write', 'wrote', 'think', 'thought']);

/**
 * "For example, When I traveled" → when, "So It will be" → it: a function word capitalised inside a
 * sentence, between lower-case words (not in a title, a quotation or after a colon, where capitals are the writer's choice).
 */
const capitalMidSentence: Rule = {
  id: 'capital-mid-sentence',
  category: 'capitalization',
  description: 'a function word capitalised inside a sentence → lower case (For example, When I went → when I went)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    if (capitalisesSentences(text)) return out;
    // Verse and lyrics start each line with a capital: where a text capitalises such a word after a
    // comma twice or more, the capitals are its style, not slips ("it would seem, That ... sum, When").
    const afterComma = (k: number): boolean => tokens[k - 1]?.text === ',' && !tokens[k].sentenceStart && tokens[k].text === matchCase('A', tokens[k].lower) && (LOWER_MID_SENTENCE.has(tokens[k].lower) || SUBJECT_PRONOUNS.has(tokens[k].lower));
    const verse = tokens.filter((_, k) => k > 0 && afterComma(k)).length >= 2;
    for (let i = 1; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      const prev = tokens[i - 1];
      const next = tokens[i + 1];
      if (t.sentenceStart || !LOWER_MID_SENTENCE.has(t.lower) || t.text !== matchCase('A', t.lower) || t.text.length < 2 && t.lower !== 'a') continue;
      if (verse && prev.text === ',') continue;
      // Between plain lower-case words, or after a comma that follows one: not "Lord of The Rings", not after ":" or a quote.
      const before = prev.text === ',' ? tokens[i - 2] : prev;
      const plain = (w: Token | undefined): boolean => isWord(w) && (w.text === w.lower || (w.sentenceStart && w.text === matchCase('A', w.lower)));
      if (!plain(before) || !isWord(next) || !(next.text === next.lower || next.text === 'I')) continue;
      // After a content word with no comma ("Conclusion We have", "the recapitulation There is") the capital
      // most often opens a sentence whose stop a heading or a line break stood for: only after a comma or a
      // function word ("So It will") is it a slip.
      if (prev.text !== ',' && !lexicon.functionWords.has(before.lower)) continue;
      // A line break between is a heading, a list or a code comment ending where the next line begins.
      if (/["“”:\n]/.test(text.slice(before.end, t.start))) continue;
      // "the g and A tensors": a capital letter after "and"/"or" or a determiner is a symbol.
      if (t.text === 'A' && (prev.pos === 'CCONJ' || prev.pos === 'DET')) continue;
      // After a comma, a capitalised pronoun may open a sentence joined by a comma ("to learn, They
      // didn't": a full stop is the fix), and any capital may open direct speech ("he said, This is").
      if (prev.text === ',' && (SUBJECT_PRONOUNS.has(t.lower) || SPEECH_VERBS.has(before.lower))) continue;
      out.push({ start: t.start, end: t.start + 1, replacement: t.text[0].toLowerCase() });
    }
    return out;
  },
};

/** "almost people know" → most people: "almost" qualifies a quantifier ("almost all people"), never a bare plural noun. */
const almostMost: Rule = {
  id: 'almost-most',
  category: 'grammar',
  description: 'almost + bare plural noun → most (almost people know → most people know)',
  apply(_text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const noun = tokens[i + 1];
      if (tokens[i].lower !== 'almost' || !isWord(noun) || noun.text !== noun.lower || !isPluralNoun(noun, lexicon)) continue;
      if (!(noun.pos === 'NOUN' || IRREGULAR_PLURALS.has(noun.lower))) continue;
      out.push(replace(tokens[i], 'most'));
    }
    return out;
  },
};

const WEEKDAYS = new RegExp(`^(${WEEKDAY_NAMES})s?$`);

/** "We meet in Monday" → "on Monday": days take "on" (not "in Monday's game", a possessive). */
const onWeekday: Rule = {
  id: 'on-weekday',
  category: 'grammar',
  description: 'in/at + day of the week → on (in Monday → on Monday)',
  apply(_text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const day = tokens[i + 1];
      if (!['in', 'at'].includes(tokens[i].lower) || !isWord(day) || !/^\p{Lu}/u.test(day.text) || !WEEKDAYS.test(day.lower)) continue;
      // "in Friday's crash", "in Friday evening's crash": the day names a thing, not a time.
      if (["'s", '’s'].includes(tokens[i + 2]?.lower ?? '') || tokens[i + 2]?.pos === 'NOUN') continue;
      out.push(replace(tokens[i], 'on'));
    }
    return out;
  },
};

/** Set phrases with a word missing or out of place, by the words as written. */
const SET_PHRASES = new Map([
  ['a such', 'such a'],
  ['for long time', 'for a long time'],
  ['i m', "I'm"],
]);

/** "In a such situation" → such a, "for long time" → for a long time, "i m" → I'm: fixed phrases, word for word. */
const setPhrase: Rule = {
  id: 'set-phrase',
  category: 'grammar',
  description: 'a set phrase with a word missing or out of place (a such → such a; for long time → for a long time; i m → I\'m)',
  apply(text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i < tokens.length; i++) {
      for (const length of [2, 3]) {
        const words = tokens.slice(i, i + length);
        const fixed = words.length === length ? SET_PHRASES.get(words.map((t) => t.lower).join(' ')) : undefined;
        // Plain single spaces between the words, and the phrase not inside a longer one ("for long time periods").
        if (!fixed || words.some((t, k) => k > 0 && text.slice(words[k - 1].end, t.start) !== ' ')) continue;
        if (length === 3 && tokens[i + 3]?.pos === 'NOUN') continue;
        const replacement = fixed.startsWith('I') ? fixed : matchCase(words[0].text, fixed);
        out.push({ start: words[0].start, end: words[length - 1].end, replacement });
      }
    }
    return out;
  },
};

/** "THe", "NIce": Shift held over two letters; the word with one capital is a known word (not "IPhone", "TVs"). */
const doubleCapital: Rule = {
  id: 'double-capital',
  category: 'capitalization',
  description: 'two capitals opening a lower-case word → one (THe → The, in NIce → Nice)',
  apply(text, tokens, { lexicon }) {
    const out: Proposal[] = [];
    for (const t of tokens) {
      // Three letters and more; "ANd", "THe" too, but not a plural acronym ("TVs", "PCs").
      if (!isWord(t) || !/^\p{Lu}{2}\p{Ll}+$/u.test(t.text) || !lexicon.isKnown(t.lower)) continue;
      // "(RGB-MInt)": part of a label after capitals and a hyphen.
      if (/\p{Lu}[-‐]$/u.test(text.slice(Math.max(0, t.start - 2), t.start))) continue;
      if (t.text.length === 3 && !lexicon.functionWords.has(t.lower)) continue;
      out.push({ start: t.start + 1, end: t.start + 2, replacement: t.text[1].toLowerCase() });
    }
    return out;
  },
};

/** Words written in two that are one: "him self" → himself, "some thing" → something. */
const SPLIT_COMPOUNDS = new Map([
  ['my self', 'myself'], ['your self', 'yourself'], ['him self', 'himself'], ['her self', 'herself'], ['it self', 'itself'],
  ['our selves', 'ourselves'], ['your selves', 'yourselves'], ['them selves', 'themselves'], ['some thing', 'something'],
]);

/** A reflexive pronoun or "something" written as two words: one word (he hurt him self → himself). */
const splitCompound: Rule = {
  id: 'split-compound',
  category: 'spelling',
  description: 'a reflexive pronoun or "something" written in two words → one word (him self → himself, some thing → something)',
  apply(text, tokens) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const joined = SPLIT_COMPOUNDS.get(`${tokens[i].lower} ${tokens[i + 1].lower}`);
      if (!joined || text.slice(tokens[i].end, tokens[i + 1].start) !== ' ') continue;
      out.push({ start: tokens[i].start, end: tokens[i + 1].end, replacement: matchCase(tokens[i].text, joined) });
    }
    return out;
  },
};

export const RULES: Rule[] = [
  splitCompound,
  setPhrase,
  almostMost,
  verbConfusion,
  uncountablePlural,
  thirdPersonAgreement,
  pluralPronounAgreement,
  theNumberOfAgreement,
  uncountableBeAgreement,
  onWeekday,
  pluralNounAgreement,
  singularNounAgreement,
  bareSingularSubject,
  massSubjectAgreement,
  nounSubjectAgreement,
  modalBase,
  infinitiveBase,
  perfectParticiple,
  perfectBaseParticiple,
  passiveParticiple,
  modalBeAble,
  gerundSubject,
  irregularPast,
  pluralAfterQuantifier,
  singularAfterEvery,
  introductoryComma,
  commaBeforeEspecially,
  commaBeforeWhich,
  sentenceCapital,
  capitalMidSentence,
  doubleCapital,
  articleBeforeSingular,
  theBeforeSuperlative,
  toBeforeInfinitive,
  thisPlural,
  extraTo,
  relativeAgreement,
  thereAreMany,
  thereIsSingular,
  toToo,
  articleBeforePlural,
  doubledDeterminer,
  quantifierOfBarePlural,
  commaBeforeObjectClause,
  goForActivity,
  contractions,
  beAgree,
  gerundAfter,
  interestedIn,
  forAfterEase,
  pluralKindOf,
  extraPreposition,
  toBeforePlace,
  missingBe,
  pastAfterTimeClause,
  adverbBeforeVerb,
  finalPeriod,
  missingArticle,
  articleByContext,
  doubledWord,
  subjectPronounAgreement,
  fixedPhrasePreposition,
  prepositionBeforeVerb,
  prepositionChoice,
  joinedCompound,
  splitWord,
  runTogetherWords,
  // Last: a rule made for a construction wins over the general confusable-word test.
  confusableWords,
];

export function ruleEdits(text: string, tokens: Token[], rules: Rule[], ctx: PolicyContext): Edit[] {
  const out: Edit[] = [];
  for (const rule of rules) {
    for (const e of rule.apply(text, tokens, ctx)) {
      // Any rule's change of a commonly confused word into its partner needs the neighbours' consent
      // (the confusable rule itself asks more of them).
      const original = text.slice(e.start, e.end);
      if (rule.id !== 'confusable' && confusable(original, e.replacement) && !contextAllows(text, e.start, e.end, e.replacement, ctx.lm, ctx.lexicon)) continue;
      out.push({ ...e, rule: rule.id, category: rule.category });
    }
  }
  return out;
}
